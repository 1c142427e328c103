// Issue 28 (tap → line in one frame): a command shows the row it planned before its commit
// (src/projections/pending.ts) — exactly the row the projection then stores — and a failed commit
// takes it back; money-critical (strict) events are never shown before they are durable.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionRecord } from '../../../src/events';
import { createCashierCommands } from '../../../src/projections/commands';
import { COMMITTED_KEEP_MS, createPendingRows, pickShown } from '../../../src/projections/pending';
import { freshStore, nodeSha256 } from '../helpers';
import { CASH, config, harness, item, ok, startSale } from './fixtures';

describe('a command shows its planned row before the commit', () => {
  it('the line is shown while IndexedDB does not have it yet, and the stored row is the same', async () => {
    const h = harness();
    const id = await startSale(h);
    const pending = h.commands.pending;
    if (!pending) throw new Error('no pending rows');
    const seen: { lines: number; stored: number | undefined; committed: boolean }[] = [];
    const stop = pending.subscribe(() => {
      const entry = pending.get(id);
      if (entry)
        seen.push({ lines: entry.row.details.length, stored: undefined, committed: entry.committed });
    });
    const stored = h.store.getTransaction(id);
    const added = ok(
      await h.commands.addItem({ local_trx_id: id, item: item([25000]), pos_item_variant_id: 1, qty: 2 }),
    );
    stop();
    expect((await stored)?.details).toHaveLength(0);
    // shown first (not committed), then marked committed
    expect(seen.map((s) => [s.lines, s.committed])).toEqual([
      [1, false],
      [1, true],
    ]);
    const row = await h.store.getTransaction(id);
    const shown = pending.get(id)?.row;
    expect(shown?.details[0].local_trx_detail_id).toBe(added.local_trx_detail_id);
    expect(shown).toEqual(row);
  });

  it('a refused command shows nothing', async () => {
    const h = harness();
    const id = await startSale(h);
    const shows: number[] = [];
    h.commands.pending?.subscribe(() => shows.push(1));
    const r = await h.commands.addItem({
      local_trx_id: id,
      item: item([25000]),
      pos_item_variant_id: 1,
      qty: 0,
    });
    expect(r.ok).toBe(false);
    expect(shows).toEqual([]);
    expect(h.commands.pending?.get(id)).toBeUndefined();
  });

  it('a failed commit takes the shown line back, and nothing is stored', async () => {
    let failing = false;
    const store = freshStore({
      digest: (text) => {
        if (failing) throw new Error('disk full');
        return nodeSha256(text);
      },
    });
    const cfg = config();
    const commands = createCashierCommands({ store, getConfig: () => cfg, actor: () => 7 });
    const started = await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 1 });
    if (!started.ok) throw new Error(started.message);
    const id = started.local_trx_id;
    const lines: (number | null)[] = [];
    commands.pending?.subscribe(() => lines.push(commands.pending?.get(id)?.row.details.length ?? null));
    failing = true;
    await expect(
      commands.addItem({ local_trx_id: id, item: item([25000]), pos_item_variant_id: 1, qty: 1 }),
    ).rejects.toThrow('disk full');
    // shown, then taken back
    expect(lines).toEqual([1, null]);
    expect(commands.pending?.get(id)).toBeUndefined();
    expect((await store.getTransaction(id))?.details).toHaveLength(0);
    expect(await store.listEvents()).toHaveLength(1);
  });

  it('a payment (a strict event) is not shown before it is durable', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([25000]), pos_item_variant_id: 1, qty: 1 }));
    const shows: number[] = [];
    h.commands.pending?.subscribe(() => shows.push(1));
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 25000 }),
    );
    expect(shows).toEqual([]);
  });
});

describe('pickShown: the planned row, then the live read', () => {
  const row = (n: number) =>
    ({ local_trx_id: 't', details: Array(n).fill({}) }) as unknown as TransactionRecord;
  const pending = createPendingRows();

  it('shows the planned row while the commit runs, whatever the read says', () => {
    const token = pending.show('t', row(2));
    const entry = pending.get('t');
    expect(pickShown(entry, row(1), null).row?.details).toHaveLength(2);
    expect(pickShown(entry, row(0), null).row?.details).toHaveLength(2);
    pending.drop('t', token);
    expect(pickShown(pending.get('t'), row(1), null).row?.details).toHaveLength(1);
  });

  it('after the commit, keeps it until the read changes, then the read is shown and the row is stale', () => {
    const before = row(1);
    const after = row(2);
    const token = pending.show('t', row(2));
    pending.committed('t', token);
    const entry = pending.get('t');
    const first = pickShown(entry, before, null);
    expect(first.row?.details).toHaveLength(2);
    expect(first.stale).toBe(false);
    const again = pickShown(entry, before, first.seen);
    expect(again.row?.details).toHaveLength(2);
    const next = pickShown(entry, after, again.seen);
    expect(next.row).toBe(after);
    expect(next.stale).toBe(true);
  });
});

describe('a committed row does not outlive its commit', () => {
  it('is dropped COMMITTED_KEEP_MS after the commit, even when no screen looks', async () => {
    vi.useFakeTimers();
    try {
      const pending = createPendingRows();
      const token = pending.show('t', { local_trx_id: 't', details: [] } as unknown as TransactionRecord);
      pending.committed('t', token);
      expect(pending.get('t')?.committed).toBe(true);
      vi.advanceTimersByTime(COMMITTED_KEEP_MS);
      expect(pending.get('t')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
