import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { makeEvent } from '../../../src/events';
import { createStore, type LockManagerLike } from '../../../src/projections';
import { createCashierCommands, type SendResult } from '../../../src/projections/commands';
import { listOutbox } from '../../../src/projections/selectors';
import { freshStore } from '../helpers';
import { CASH, config, item, ok } from './fixtures';

/** navigator.locks as two tabs of one origin share it: one FIFO exclusive lock per name. */
function sharedLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** As sharedLocks, with query(): the waiting requests a tab keeping its lock (the app's lease) looks for. */
function sharedLocksWithQuery(): LockManagerLike {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  return {
    request(name, callback) {
      return new Promise((resolve, reject) => {
        const start = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              waiting.get(name)?.shift()?.();
            });
        };
        if (!held.has(name)) start();
        else waiting.set(name, [...(waiting.get(name) ?? []), start]);
      });
    },
    async query() {
      return { pending: [...waiting].flatMap(([name, q]) => q.map(() => ({ name }))) };
    },
  };
}

/** Two tabs: two stores (two Dexie connections) over one database, one shared Web Lock (or none). */
function twoTabs(locks: LockManagerLike | null = sharedLocks(), cfg = config(), lockLingerMs = 0) {
  const first = freshStore({ locks, lockLingerMs });
  const second = createStore({ dbName: first.db.name, locks, lockLingerMs });
  let n = 0;
  const commandsOf = (store: typeof first, tab: string) =>
    createCashierCommands({
      store,
      getConfig: () => cfg,
      actor: () => 7,
      newId: () => `${tab}-${++n}`,
    });
  return { first, second, a: commandsOf(first, 'a'), b: commandsOf(second, 'b') };
}

describe('two tabs selling at once', () => {
  it('without a shared lock (no Web Locks), the same sale still completes once', async () => {
    // Online-required (check_stock_availability_on_trx): both tabs read the pending sale, then
    // wait in their send until both have sent, then both commit — the second commit must fail.
    const { first, second, a, b } = twoTabs(null, config({ check_stock_availability_on_trx: 1 }));
    try {
      const { local_trx_id } = ok(await a.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
      ok(await a.addItem({ local_trx_id, item: item([25000]), pos_item_variant_id: 1, qty: 1 }));
      ok(await a.addPayment({ local_trx_id, payment_type: 'NORMAL', method: CASH, amount: 30000 }));
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothSent = new Promise<void>((resolve) => {
        release = resolve;
      });
      const send = async (): Promise<SendResult> => {
        arrived += 1;
        if (arrived === 2) release();
        await bothSent;
        return { ok: true, acceptance: { pos_sales_trx_head_id: 1, trx_id: 'T1' } };
      };
      const results = await Promise.all([a.submit({ local_trx_id, send }), b.submit({ local_trx_id, send })]);
      expect(arrived).toBe(2);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({
        ok: false,
        message: 'Transaksi sudah selesai dan tidak dapat diubah.',
      });
      const submitted = (await first.listEvents()).filter((e) => e.type === 'trx.submitted');
      expect(submitted).toHaveLength(1);
    } finally {
      second.close();
    }
  });

  it.each([
    ['each write asks the lock', 0],
    ['each tab keeps its lock between writes until the other waits (the app’s lease)', 10_000],
  ])('never lose nor duplicate a sale; the same sale is submitted once (%s)', async (_, linger) => {
    const { first, second, a, b } = twoTabs(
      linger ? sharedLocksWithQuery() : sharedLocks(),
      config(),
      linger,
    );
    try {
      const sell = async (c: typeof a) => {
        const { local_trx_id } = ok(await c.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
        ok(await c.addItem({ local_trx_id, item: item([25000]), pos_item_variant_id: 1, qty: 2 }));
        ok(await c.addPayment({ local_trx_id, payment_type: 'NORMAL', method: CASH, amount: 100000 }));
        return local_trx_id;
      };
      const ids = await Promise.all([sell(a), sell(b), sell(a), sell(b), sell(a), sell(b)]);
      // Both tabs press 'Selesai' on every sale at the same moment.
      const results = await Promise.all(
        ids.flatMap((id) => [a.submit({ local_trx_id: id }), b.submit({ local_trx_id: id })]),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(ids.length);
      const events = await first.listEvents();
      const submitted = events.filter((e) => e.type === 'trx.submitted').map((e) => e.trxId);
      expect(submitted.sort()).toEqual([...ids].sort());
      const outbox = await listOutbox(second.db);
      expect(outbox.map((t) => t.local_trx_id).sort()).toEqual([...ids].sort());
      expect(outbox.map((t) => t.order_no).sort((x, y) => Number(x) - Number(y))).toEqual([1, 2, 3, 4, 5, 6]);
      for (const t of outbox) expect(t.drv_grand_total).toBe(55500);
    } finally {
      second.close();
    }
  });
  it("a command reads the device's separators with the transaction, so another tab's change counts at once", async () => {
    const { second, a } = twoTabs();
    try {
      const { local_trx_id } = ok(await a.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
      const { local_trx_detail_id } = ok(
        await a.addItem({ local_trx_id, item: item([50000]), pos_item_variant_id: 1, qty: 1 }),
      );
      const setPrice = () => a.setCustomPrice({ local_trx_id, local_trx_detail_id, price: 40000 });
      expect(await setPrice()).toEqual({
        ok: false,
        message: SALE_MESSAGES.priceBelowOriginal('IDR', '50,000'),
      });
      // The other tab changes the device's thousand separator; this tab's next command uses it.
      await second.commit([
        makeEvent('device.settingsChanged', { thousandSeparator: '.', decimalSeparator: ',' }, { actor: 7 }),
      ]);
      expect(await setPrice()).toEqual({
        ok: false,
        message: SALE_MESSAGES.priceBelowOriginal('IDR', '50.000'),
      });
    } finally {
      second.close();
    }
  });
});
