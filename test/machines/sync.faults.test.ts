// A seeded fault harness for the browser side of "nothing lost, nothing twice": sales completed
// offline in two tabs (one database, one shared Web Lock), synced by both tabs at once while the
// network drops requests, drops answers, duplicates requests, answers past the time-out and the
// server restarts mid-sync; then the whole completed list is replayed twice.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http';
import { createPosApi } from '../../src/api/pos';
import { createSyncService } from '../../src/machines/sync-service';
import { createStore, type LockManagerLike, type Store } from '../../src/projections';
import { createCashierCommands } from '../../src/projections/commands';
import { listOutbox } from '../../src/projections/selectors';
import { CASH, config, item, ok } from '../projections/commands/fixtures';
import { freshStore } from '../projections/helpers';

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

type Fault = 'ok' | 'dropRequest' | 'dropAnswer' | 'duplicate' | 'late' | 'restart';
const FAULTS: Fault[] = ['ok', 'dropRequest', 'dropAnswer', 'duplicate', 'late', 'restart'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An idempotent stand-in for cashier/pos-trx: first answer per local_trx_id, stored "rows" kept across restarts. */
function faultyServer(random: () => number, faultRate: number) {
  const rows = new Map<string, { answer: Record<string, unknown>; drv_grand_total: number }>();
  let inserts = 0;
  let head = 1000;
  const seen: Record<Fault, number> = {
    ok: 0,
    dropRequest: 0,
    dropAnswer: 0,
    duplicate: 0,
    late: 0,
    restart: 0,
  };
  const state = { faults: true, restarting: false };
  function ingest(trxs: { local_trx_id: string; drv_grand_total: number }[]) {
    return trxs.map((trx) => {
      let row = rows.get(trx.local_trx_id);
      if (!row) {
        inserts += 1;
        head += 1;
        row = {
          answer: {
            status: 'success',
            local_trx_id: trx.local_trx_id,
            pos_sales_trx_head_id: head,
            trx_id: `T-${head}`,
          },
          drv_grand_total: trx.drv_grand_total,
        };
        rows.set(trx.local_trx_id, row);
      }
      return row.answer;
    });
  }
  const reply = (data: unknown) => new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
  const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      trxs: { local_trx_id: string; drv_grand_total: number }[];
    };
    const fault: Fault = state.faults && random() < faultRate ? FAULTS[1 + Math.floor(random() * 5)] : 'ok';
    seen[fault] += 1;
    if (state.restarting || fault === 'restart') {
      // The process is down for a moment: connection refused, nothing stored.
      state.restarting = fault === 'restart' ? random() < 0.5 : false;
      throw new TypeError('connection refused');
    }
    if (fault === 'dropRequest') throw new TypeError('network down');
    if (fault === 'duplicate') ingest(body.trxs);
    if (fault === 'late') {
      // Stored after the client gave up (its time-out aborts the fetch).
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        void sleep(40).then(() => ingest(body.trxs));
      });
    }
    const answers = ingest(body.trxs);
    if (fault === 'dropAnswer') throw new TypeError('connection reset');
    return reply(answers);
  }) as typeof fetch;
  return {
    fetchImpl,
    rows,
    state,
    inserts: () => inserts,
    seen,
    dump: () => JSON.stringify([...rows.entries()].sort(([a], [b]) => a.localeCompare(b))),
  };
}

async function completedOffline(store: Store, tab: string, count: number, random: () => number) {
  let n = 0;
  const commands = createCashierCommands({
    store,
    getConfig: () => config(),
    actor: () => 7,
    newId: () => `${tab}-${++n}-${Math.floor(random() * 1e9)}`,
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { local_trx_id } = ok(await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
    const price = 10000 * (1 + Math.floor(random() * 20));
    ok(
      await commands.addItem({
        local_trx_id,
        item: item([price]),
        pos_item_variant_id: 1,
        qty: 1 + Math.floor(random() * 3),
      }),
    );
    ok(await commands.addPayment({ local_trx_id, payment_type: 'NORMAL', method: CASH, amount: price * 10 }));
    ok(await commands.submit({ local_trx_id }));
    ids.push(local_trx_id);
  }
  return ids;
}

describe.each([11, 23, 37, 41, 59])('seed %i: two tabs sync through a faulty network', (seed) => {
  it('every completed sale reaches the server once, with the browser totals; a double replay changes nothing', async () => {
    const random = prng(seed);
    const locks = sharedLocks();
    const tabA = freshStore({ locks });
    const tabB = createStore({ dbName: tabA.db.name, locks });
    try {
      const server = faultyServer(random, 0.5);
      const client = createApiClient({
        baseUrl: '',
        fetchImpl: server.fetchImpl,
        getAuth: () => null,
        defaultTimeoutMs: 15,
      });
      // one sale per request: this fake server has the spec's call only (the batch call's faults: test/fault)
      const one = { isOnline: () => true, actor: () => 7, batch: 0 } as const;
      const syncA = createSyncService({ store: tabA, client, ...one });
      const syncB = createSyncService({ store: tabB, client, ...one });
      const ids = [
        ...(await completedOffline(tabA, 'a', 4 + Math.floor(random() * 4), random)),
        ...(await completedOffline(tabB, 'b', 4 + Math.floor(random() * 4), random)),
      ];

      let rounds = 0;
      while ((await listOutbox(tabA.db)).length > 0) {
        rounds += 1;
        // Faults for most of the run; the network heals eventually.
        if (rounds > 40) server.state.faults = false;
        expect(rounds).toBeLessThan(60);
        await Promise.all([syncA.run(), syncB.run()]);
      }
      await sleep(50); // let late requests land
      // The run was not a quiet one: faults happened and the answers of stored sales were lost.
      expect(server.seen.ok).toBeGreaterThan(0);
      expect(server.seen.dropAnswer + server.seen.late).toBeGreaterThan(0);
      expect(server.seen.dropRequest + server.seen.restart).toBeGreaterThan(0);

      expect(server.rows.size).toBe(ids.length);
      expect(server.inserts()).toBe(ids.length);
      const events = await tabA.listEvents();
      for (const id of ids) {
        const row = await tabA.db.transactions.get(id);
        const stored = server.rows.get(id);
        expect(row?.is_synced).toBe(true);
        expect(row?.pos_sales_trx_head_id).toBe(stored?.answer.pos_sales_trx_head_id);
        expect(stored?.drv_grand_total).toBe(row?.drv_grand_total);
        // The answer is recorded once, however often the sale was posted.
        expect(events.filter((e) => e.type === 'trx.serverAccepted' && e.trxId === id)).toHaveLength(1);
      }

      // Replay every completed sale twice: the server answers the first answers and stores nothing new.
      server.state.faults = false;
      const before = server.dump();
      const api = createPosApi(client);
      for (let pass = 0; pass < 2; pass++) {
        for (const id of ids) {
          const row = await tabA.db.transactions.get(id);
          const answer = await api.sync({ ...row, local_trx_id: id }, '2026-11-22 12:00:00');
          expect(answer.pos_sales_trx_head_id).toBe(row?.pos_sales_trx_head_id);
        }
      }
      expect(server.dump()).toBe(before);
      expect(server.inserts()).toBe(ids.length);
    } finally {
      tabB.close();
    }
  }, 30_000);
});
