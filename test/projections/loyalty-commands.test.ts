// Loyalty awards on the device (001 §2.3, ruling 17): saved on the log while offline, sent by the sync once
// each (a second pass, or two passes at once, send nothing again), a pass offline keeps them waiting, and
// sign-out's full pass refuses while one waits.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { LoyaltyTrx } from '../../src/api/contract/loyalty';
import { ApiError } from '../../src/api/http';
import { SYNC_MESSAGES } from '../../src/domain/texts/sync';
import { createSyncService } from '../../src/machines/sync-service';
import {
  createLoyaltyCommands,
  pendingLoyalty,
  refusedLoyalty,
} from '../../src/projections/commands/loyalty';
import { freshStore } from './helpers';

const award = (id: string): LoyaltyTrx => ({
  local_trx_id: id,
  pos_trx_code: `INV-${id}`,
  trx_amount: 100_000,
  user_identifier_type: 'phone',
  user_identifier_string: '081234567890',
  trx_time: '2026-11-27 10:00:00',
});

describe('loyalty awards on the device', () => {
  it('saved offline, then each sent once by the sync, the answers recorded', async () => {
    const store = freshStore();
    let head = 0;
    const ingest = vi.fn(async (trxs: LoyaltyTrx[]) =>
      trxs.map((t) => ({
        local_trx_id: t.local_trx_id,
        loyalty_trx_head_id: ++head,
        points: 10,
        reward_name: 'Poin',
      })),
    );
    const commands = createLoyaltyCommands({ store, api: { ingest }, actor: () => 7 });
    await commands.saveLocal(award('a'));
    await commands.saveLocal(award('b'));
    expect((await pendingLoyalty(store)).map((t) => t.local_trx_id)).toEqual(['a', 'b']);
    const [x, y] = await Promise.all([commands.sendPending(), commands.sendPending()]);
    expect(x.unsent + y.unsent).toBe(0);
    expect(ingest).toHaveBeenCalledTimes(2);
    expect(ingest.mock.calls.map((c) => [c[0][0].local_trx_id, (c as unknown[])[1]])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    await commands.sendPending();
    expect(ingest).toHaveBeenCalledTimes(2);
    expect(await pendingLoyalty(store)).toEqual([]);
    store.close();
  });

  it('an award the server refuses for good (400) is marked refused with its reason; the ones behind it are sent', async () => {
    const store = freshStore();
    const ingest = vi.fn(async (trxs: LoyaltyTrx[]) => {
      if (trxs[0].local_trx_id === 'bad')
        throw new ApiError({
          kind: 'http',
          status: 400,
          statusText: 'Bad Request',
          message: 'Customer tidak ditemukan.',
        });
      return trxs.map((t) => ({
        local_trx_id: t.local_trx_id,
        loyalty_trx_head_id: 9,
        points: 1,
        reward_name: null,
      }));
    });
    const commands = createLoyaltyCommands({ store, api: { ingest }, actor: () => 7 });
    await commands.saveLocal(award('bad'));
    await commands.saveLocal(award('good'));
    expect(await commands.sendPending()).toEqual({ sent: 1, unsent: 0 });
    expect(ingest.mock.calls.map((c) => c[0][0].local_trx_id)).toEqual(['bad', 'good']);
    expect(await refusedLoyalty(store)).toEqual([
      { trx: expect.objectContaining({ local_trx_id: 'bad' }), message: 'Customer tidak ditemukan.' },
    ]);
    // not sent again
    await commands.sendPending();
    expect(ingest).toHaveBeenCalledTimes(2);
    // a 500 is not a definite refusal: the award keeps waiting and blocks nothing it should not
    const flaky = vi.fn(async (): Promise<never> => {
      throw new ApiError({ kind: 'http', status: 500, statusText: 'Internal Server Error', message: 'x' });
    });
    const again = createLoyaltyCommands({ store, api: { ingest: flaky }, actor: () => 7 });
    await again.saveLocal(award('later'));
    expect(await again.sendPending()).toEqual({ sent: 0, unsent: 1 });
    expect(await refusedLoyalty(store)).toHaveLength(1);
    store.close();
  });

  it('offline the award keeps waiting; the sync pass goes on and sign-out refuses while it waits', async () => {
    const store = freshStore();
    const offline = vi.fn(async (): Promise<never> => {
      throw new ApiError({
        kind: 'network',
        status: 0,
        statusText: '',
        message: 'Connection failed, please try again',
      });
    });
    const commands = createLoyaltyCommands({ store, api: { ingest: offline }, actor: () => 7 });
    await commands.saveLocal(award('c'));
    expect(await commands.sendPending()).toEqual({ sent: 0, unsent: 1 });
    const sync = createSyncService({
      store,
      posApi: { sync: vi.fn() },
      sendShiftStarts: async () => ({ unsent: 0 }),
      sendLoyalty: () => commands.sendPending(),
      isOnline: () => true,
    });
    await expect(sync.run()).resolves.toMatchObject({ failed: [] });
    await expect(sync.runAll()).rejects.toThrow(SYNC_MESSAGES.offline);
    expect((await pendingLoyalty(store)).length).toBe(1);
    store.close();
  });
});
