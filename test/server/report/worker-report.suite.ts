// Worker activity (002 §2.15, §6, §7; ruling 21) on PGlite (worker-report.test.ts) and PostgreSQL
// (worker-report.pg.test.ts). The figures are checked against sums this test computes itself from the shares it
// gave each worker and the stored line figures — not through the server's code: a single worker at 100, two
// workers at 60/40, a seller on a no_commission retail line, a void and another outlet's sale left out. The type
// flags and the commission-value flags are enforced by the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import {
  workerProductResponse,
  workerSummaryResponse,
  workerTrxResponse,
} from '../../../src/api/contract/report';
import { formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';
import { commissionServiceAndWorkers } from './worker-fixtures';

type Row = Record<string, unknown>;
type Doc = Record<string, unknown>;
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));
const n = (v: unknown) => Number(v ?? 0);

export function workerReportSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let noCommission: Tokens;
  let simpleOnly: Tokens;
  let config: ServedConfig & { commission_worker: Doc[] };
  let today: string;
  let w1: Doc;
  let w2: Doc;
  /** the shares this test gave: local_trx_detail_id → [{worker, share, earns}] */
  const given = new Map<string, { id: number; share: number; earns: boolean }[]>();

  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const get = (t: Tokens, path: string, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/${path}?${new URLSearchParams(q).toString()}` });

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await userWithFlags(s, 9_701, allFlags(), { outletIds: [1, 2] });
    noCommission = await userWithFlags(
      s,
      9_702,
      allFlags([
        'WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE',
        'WORKER_ACTIVITY_TRX_COMMISSION_VALUE',
        'WORKER_ACTIVITY_ITEM_NATURE_COMMISSION_VALUE',
      ]),
    );
    simpleOnly = await userWithFlags(
      s,
      9_703,
      allFlags(['WORKER_ACTIVITY_SUMMARY', 'WORKER_ACTIVITY_ITEM_NATURE', 'WORKER_ACTIVITY_TRX']),
    );
    config = (await outletConfig(s.app, owner, 1)) as typeof config;
    await outletConfig(s.app, noCommission, 1);
    await outletConfig(s.app, simpleOnly, 1);
    const picked = commissionServiceAndWorkers(config);
    const service = picked.service;
    [w1, w2] = [picked.w1, picked.w2];
    const now = s.clock.now();
    today = formatOutletStamp(now).slice(0, 10);
    const inDay = { trx_time: formatOutletStamp(new Date(now.getTime() - 60_000)) };
    const single: Doc = { ...line(config, service.pos_item_id, 2), commission_worker: w1 };
    given.set(String(single.local_trx_detail_id), [
      { id: n(w1.business_commission_worker_id), share: 100, earns: true },
    ]);
    const shared: Doc = {
      ...line(config, service.pos_item_id, 1),
      commission_workers: [
        { commission_worker: w1, percentage: 60 },
        { commission_worker: w2, percentage: 40 },
      ],
    };
    given.set(String(shared.local_trx_detail_id), [
      { id: n(w1.business_commission_worker_id), share: 60, earns: true },
      { id: n(w2.business_commission_worker_id), share: 40, earns: true },
    ]);
    const sold: Doc = { ...line(config, RETAIL, 3), item_sellers: [{ ...w2, percentage: 100 }] };
    given.set(String(sold.local_trx_detail_id), [
      { id: n(w2.business_commission_worker_id), share: 100, earns: true },
    ]);
    const voided = sale(config, [{ ...line(config, service.pos_item_id, 5), commission_worker: w1 }], {
      extra: inDay,
    });
    for (const trx of [
      sale(config, [single], { extra: inDay }),
      sale(config, [shared, sold], { extra: inDay }),
      voided,
    ]) {
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
    }
    await rows('UPDATE pos_sales_trx_heads SET trx_status_id = 4 WHERE local_trx_id = $1', [
      voided.local_trx_id,
    ]);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Per worker per stored line: the expected figures, from the stored line and the share this test gave. */
  async function expected() {
    const lines = await rows(
      `SELECT d.*, h.trx_id, h.trx->'details'->(d.line_no - 1)->'itemMeta'->'pos_item_variants'->0 AS variant
       FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
       WHERE h.trx_status_id = 3 AND h.business_outlet_id = 1`,
    );
    const out: {
      worker: number;
      nature: string;
      trx_id: string;
      qty: number;
      net: number;
      gross: number;
      commission: number;
    }[] = [];
    for (const d of lines) {
      const shares = given.get(String(d.local_trx_detail_id));
      if (!shares) continue;
      const variant = (typeof d.variant === 'string' ? JSON.parse(d.variant) : d.variant) as Row;
      const net = n(d.line_total) - n(d.global_discount_share);
      for (const sh of shares) {
        const pct = n(variant.commission_percentage);
        const base = pct > 0 ? (net * pct) / 100 : n(variant.commission_value) * n(d.qty);
        out.push({
          worker: sh.id,
          nature: d.item_nature === 'RETAIL' ? 'RETAIL' : 'SERVICE',
          trx_id: String(d.trx_id),
          qty: n(d.qty),
          net: Math.round((net * sh.share) / 100),
          gross: Math.round((n(d.gross_total) * sh.share) / 100),
          commission: sh.earns ? Math.round((base * sh.share) / 100) : 0,
        });
      }
    }
    return out;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('summary: retail and service net values and the commission per worker equal an independent sum', async () => {
    const r = await get(owner, 'pos-sales-trx-commission-summary', { start_date: today, end_date: today });
    expect(r.statusCode, r.body).toBe(200);
    const got = workerSummaryResponse.parse(r.json().data);
    const want = await expected();
    for (const w of [w1, w2]) {
      const id = n(w.business_commission_worker_id);
      const mine = want.filter((x) => x.worker === id);
      const row = got.find((g) => g.business_commission_worker_id === id);
      expect(row?.firstname).toBe(w.firstname);
      expect(row?.service_net_value).toBe(sum(mine.filter((x) => x.nature === 'SERVICE').map((x) => x.net)));
      expect(row?.retail_net_value).toBe(sum(mine.filter((x) => x.nature === 'RETAIL').map((x) => x.net)));
      expect(row?.total_commission).toBe(sum(mine.map((x) => x.commission)));
      expect(row?.total_commission ?? 0).toBeGreaterThan(0);
    }
    // a worker of the outlet with no activity is listed at 0
    expect(got.length).toBeGreaterThanOrEqual(config.commission_worker.length);
  });

  it('by transaction: one row per line a worker is on; by product: per variant of the product type', async () => {
    const want = await expected();
    const r = await get(owner, 'pos-sales-trx-commission-by-trx', {
      start_date: today,
      end_date: today,
      report_type: 'by-transaction',
    });
    const got = workerTrxResponse.parse(r.json().data);
    for (const w of [w1, w2]) {
      const id = n(w.business_commission_worker_id);
      const mine = want.filter((x) => x.worker === id);
      const rowsOf = got.find((g) => g.business_commission_worker_id === id)?.commissions ?? [];
      expect(rowsOf.map((c) => c.net_value).sort()).toEqual(mine.map((x) => x.net).sort());
      expect(sum(rowsOf.map((c) => c.gross_total))).toBe(sum(mine.map((x) => x.gross)));
      expect(sum(rowsOf.map((c) => c.total_commission ?? 0))).toBe(sum(mine.map((x) => x.commission)));
      expect(rowsOf.every((c) => c.net_value === c.commission_base_value)).toBe(true);
    }
    const p = await get(owner, 'pos-sales-trx-commission', {
      start_date: today,
      end_date: today,
      item_nature: 'RETAIL',
    });
    const byProduct = workerProductResponse.parse(p.json().data);
    const w2Retail = want.filter(
      (x) => x.worker === n(w2.business_commission_worker_id) && x.nature === 'RETAIL',
    );
    const w2Rows = byProduct.find(
      (g) => g.business_commission_worker_id === n(w2.business_commission_worker_id),
    );
    expect(w2Rows?.commissions.map((c) => c.qty)).toEqual([3]);
    expect(w2Rows?.commissions[0].net_value).toBe(sum(w2Retail.map((x) => x.net)));
    expect(w2Rows?.commissions[0].total_commission).toBe(sum(w2Retail.map((x) => x.commission)));
    // w1 sold no retail
    expect(
      byProduct.some((g) => g.business_commission_worker_id === n(w1.business_commission_worker_id)),
    ).toBe(false);
  });

  it('without the commission-value flags the answers carry no Total Commission', async () => {
    const q = { start_date: today, end_date: today };
    const sum1 = workerSummaryResponse.parse(
      (await get(noCommission, 'pos-sales-trx-commission-summary', q)).json().data,
    );
    expect(sum1.length).toBeGreaterThan(0);
    expect(sum1.every((r) => !('total_commission' in r))).toBe(true);
    const trx = workerTrxResponse.parse(
      (await get(noCommission, 'pos-sales-trx-commission-by-trx', q)).json().data,
    );
    expect(trx.flatMap((w) => w.commissions).every((c) => !('total_commission' in c))).toBe(true);
    const prod = workerProductResponse.parse(
      (await get(noCommission, 'pos-sales-trx-commission', { ...q, item_nature: 'SERVICE' })).json().data,
    );
    expect(prod.flatMap((w) => w.commissions).length).toBeGreaterThan(0);
    expect(prod.flatMap((w) => w.commissions).every((c) => !('total_commission' in c))).toBe(true);
  });

  it('each report type needs its own flag: the simple-format role gets by-transaction rows but no summary or product', async () => {
    const q = { start_date: today, end_date: today };
    expect((await get(simpleOnly, 'pos-sales-trx-commission-summary', q)).statusCode).toBe(403);
    expect(
      (await get(simpleOnly, 'pos-sales-trx-commission', { ...q, item_nature: 'SERVICE' })).statusCode,
    ).toBe(403);
    const r = await get(simpleOnly, 'pos-sales-trx-commission-by-trx', { ...q, report_type: 'by-simple' });
    expect(r.statusCode, r.body).toBe(200);
    const rowsOf = workerTrxResponse.parse(r.json().data).flatMap((w) => w.commissions);
    expect(rowsOf.length).toBeGreaterThan(0);
    expect(rowsOf.every((c) => !('total_commission' in c))).toBe(true);
  });

  it('refuses bad input with 400', async () => {
    for (const q of [
      { start_date: 'x', end_date: today },
      { start_date: today, end_date: today, item_nature: 'FOOD' },
      { start_date: today, end_date: today, report_type: 'nope' },
    ]) {
      const r = await get(owner, 'pos-sales-trx-commission-by-trx', q as unknown as Record<string, string>);
      expect(r.statusCode, JSON.stringify(q)).toBe(400);
    }
  });
}
