// The fault harness itself: each fault does what it says (counted by a tiny local HTTP server), and the
// judge (checks.ts) reports every kind of failure it is meant to catch — a harness that cannot fail
// proves nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../server/db/demo/prng';
import { problems } from './checks';
import { createFaultyFetch, type FaultRates, NO_FAULTS } from './faulty-fetch';
import type { Fingerprint, ScenarioResult } from './scenario';
import type { ServerControl } from './server-control';

describe('faulty fetch', () => {
  let http: Server;
  let url = '';
  let hits = 0;
  const control = { starts: 0, stops: [] as string[] };
  const fakeControl = {
    stop: async (signal?: NodeJS.Signals) => {
      control.stops.push(signal ?? 'SIGTERM');
    },
    start: async () => {
      control.starts += 1;
    },
  } as unknown as ServerControl;
  beforeAll(async () => {
    http = createServer((_req, res) => {
      hits += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'success', data: hits }));
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/cashier/pos-trx`;
  });
  afterAll(() => new Promise<void>((r) => http.close(() => r())));

  const only = (kind: keyof FaultRates) => ({ ...NO_FAULTS, [kind]: 1 });
  const post = (f: typeof fetch, timeoutMs = 5000) =>
    f(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(timeoutMs) });

  it('drops a request before the server, an answer after it, and sends a duplicate twice', async () => {
    const faulty = createFaultyFetch({ rng: createRng(1), server: fakeControl, rates: only('dropRequest') });
    hits = 0;
    await expect(post(faulty.fetchImpl)).rejects.toThrow(TypeError);
    expect(hits).toBe(0);
    faulty.setRates(only('dropAnswer'));
    await expect(post(faulty.fetchImpl)).rejects.toThrow(TypeError);
    expect(hits).toBe(1);
    faulty.setRates(only('duplicate'));
    const r = await post(faulty.fetchImpl);
    expect(r.status).toBe(200);
    await faulty.settle();
    expect(hits).toBe(3);
    faulty.setRates(NO_FAULTS);
    expect((await post(faulty.fetchImpl)).status).toBe(200);
    expect(hits).toBe(4);
    expect(faulty.stats.faults).toMatchObject({ dropRequest: 1, dropAnswer: 1, duplicate: 1, none: 1 });
  });

  it('delays a request past the client time-out: it reaches the server only afterwards', async () => {
    const faulty = createFaultyFetch({ rng: createRng(2), server: fakeControl, rates: only('delayRequest') });
    hits = 0;
    await expect(post(faulty.fetchImpl, 50)).rejects.toThrow(TypeError);
    await faulty.settle();
    expect(hits).toBe(1);
    faulty.setRates(only('delayAnswer'));
    await expect(post(faulty.fetchImpl, 50)).rejects.toThrow(TypeError);
    await faulty.settle();
    expect(hits).toBe(2);
  });

  it('restarts the server around an armed request, with its signal', async () => {
    const faulty = createFaultyFetch({ rng: createRng(3), server: fakeControl, rates: NO_FAULTS });
    faulty.armRestart('SIGKILL');
    expect(faulty.pendingRestarts()).toBe(1);
    await post(faulty.fetchImpl).catch(() => undefined);
    expect(control.stops).toEqual(['SIGKILL']);
    expect(control.starts).toBe(1);
    expect(faulty.stats.restarts).toEqual({ SIGKILL: 1 });
    expect(faulty.pendingRestarts()).toBe(0);
  });
});

describe('the judge', () => {
  const drv = {
    drv_gross_total: 100,
    drv_subtotal: 100,
    drv_total_discount_nominal: 0,
    drv_total_service_charge: 0,
    drv_total_additional_charge: 0,
    drv_tax: 11,
    drv_grand_total: 111,
    drv_qty: 1,
  };
  const fp: Fingerprint = { pos_sales_trx_heads: { rows: 1, sum: '111', hash: 'a' } };
  const clean = (): ScenarioResult => ({
    seed: 1,
    outcomes: [
      {
        local_trx_id: 'a',
        credit: 0,
        paymentsRemoved: 0,
        completed: true,
        offline: true,
        onlineRequired: false,
        submitAttempts: 1,
        refusals: [],
      },
    ],
    browser: [
      {
        local_trx_id: 'a',
        trx_status_id: 3,
        is_synced: true,
        pos_sales_trx_head_id: 5,
        trx_id: 'KMG-1',
        drv: { ...drv },
        credit: 0,
      },
    ],
    server: [
      {
        local_trx_id: 'a',
        copies: 1,
        pos_sales_trx_head_id: 5,
        trx_id: 'KMG-1',
        trx_status_id: 3,
        drv: { ...drv },
        credit: 0,
      },
    ],
    ledgerRepeats: [],
    rowRepeats: [],
    specialProblems: [],
    fingerprintBefore: fp,
    fingerprintAfter: structuredClone(fp),
    replayMismatches: [],
    syncRounds: 1,
    outboxLeft: 0,
    restartsNotDone: 0,
    batchPosts: 0,
    faults: {
      requests: 1,
      faults: {
        none: 1,
        dropRequest: 0,
        dropAnswer: 0,
        duplicate: 0,
        delayRequest: 0,
        delayAnswer: 0,
        restart: 0,
      },
      restarts: {},
      lateFailures: 0,
    },
    ms: { sales: 0, sync: 0, replay: 0, total: 0 },
  });

  it('passes a clean run', () => {
    expect(problems(clean())).toEqual([]);
  });

  it('reports a lost sale, a doubled one, a ghost, differing totals or credit, ledger repeats and a changed database', () => {
    const lost = clean();
    lost.server = [];
    expect(problems(lost)).toEqual(['completed sale a is not on the server (lost)']);
    const doubled = clean();
    doubled.server[0].copies = 2;
    expect(problems(doubled)).toEqual(['sale a is on the server 2 times']);
    const ghost = clean();
    ghost.server.push({ ...ghost.server[0], local_trx_id: 'b' });
    expect(problems(ghost)).toEqual(['server holds b, which the browser does not hold as completed']);
    const totals = clean();
    totals.server[0].drv.drv_grand_total = 110;
    expect(problems(totals)).toEqual(['sale a: drv_grand_total browser 111 ≠ server 110']);
    const receivable = clean();
    receivable.browser[0].credit = 50;
    receivable.server[0].credit = 100;
    expect(problems(receivable)).toEqual(['sale a: credit browser 50 ≠ receivable 100']);
    const ledger = clean();
    ledger.ledgerRepeats = [{ table: 'stock_ledger', ref_local_trx_id: 'a', writes: 2 }];
    expect(problems(ledger)).toEqual(['stock_ledger: sale a written by 2 ingests']);
    const periods = clean();
    periods.ledgerRepeats = [
      { table: 'customer_memberships (membership_sale)', ref_local_trx_id: 'a', writes: 2 },
    ];
    expect(problems(periods)).toEqual([
      'customer_memberships (membership_sale): sale a written by 2 ingests',
    ]);
    const half = clean();
    half.specialProblems = ['top-up a: wallet credited 0 for 111'];
    expect(problems(half)).toEqual(['top-up a: wallet credited 0 for 111']);
    const changed = clean();
    changed.fingerprintAfter.pos_sales_trx_heads.rows = 2;
    expect(problems(changed)).toHaveLength(1);
    const unsynced = clean();
    unsynced.outboxLeft = 1;
    unsynced.browser[0].is_synced = false;
    expect(problems(unsynced)).toHaveLength(2);
  });
});
