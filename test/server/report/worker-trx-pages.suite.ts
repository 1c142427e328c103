// Worker activity by transaction / simple in pages (issue 27) on PGlite (worker-trx-pages.test.ts) and PostgreSQL
// (worker-trx-pages.pg.test.ts): the pages concatenated equal the spec's whole list and a computation made here from
// the stored lines and the shares this test gave (not through the server's code); the first page's per-worker row
// counts and totals equal the totals row the page computed from all rows; commission_workers reads only those;
// 'Total Commission' absent without the flag (pages, totals, CSV); bad cursor/limit are 400s; the CSV has every row.
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { workerTrxPageResponse, workerTrxResponse } from '../../../src/api/contract/report';
import { floorAmount } from '../../../src/domain/reports';
import { API_MESSAGES } from '../../../src/domain/texts/server';
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
const PATH = 'pos-sales-trx-commission-by-trx';

export function workerTrxPagesSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let noCommission: Tokens;
  let config: ServedConfig & { commission_worker: Doc[] };
  let today: string;
  let w1: Doc;
  let w2: Doc;
  const given = new Map<string, { id: number; share: number }[]>();

  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const get = (t: Tokens, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/${PATH}?${new URLSearchParams(q).toString()}` });
  const id = (w: Doc) => n(w.business_commission_worker_id);

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await userWithFlags(s, 9_801, allFlags(), { outletIds: [1, 2] });
    noCommission = await userWithFlags(
      s,
      9_802,
      allFlags([
        'WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE',
        'WORKER_ACTIVITY_TRX_COMMISSION_VALUE',
        'WORKER_ACTIVITY_ITEM_NATURE_COMMISSION_VALUE',
      ]),
    );
    config = (await outletConfig(s.app, owner, 1)) as typeof config;
    await outletConfig(s.app, noCommission, 1);
    const picked = commissionServiceAndWorkers(config);
    const service = picked.service;
    [w1, w2] = [picked.w1, picked.w2];
    const now = s.clock.now();
    today = formatOutletStamp(now).slice(0, 10);
    const at = (minutes: number) => ({
      trx_time: formatOutletStamp(new Date(now.getTime() - minutes * 60_000)),
    });
    const single = (w: Doc, qty: number): Doc => {
      const l: Doc = { ...line(config, service.pos_item_id, qty), commission_worker: w };
      given.set(String(l.local_trx_detail_id), [{ id: id(w), share: 100 }]);
      return l;
    };
    const shared = (a: Doc, b: Doc, pa: number): Doc => {
      const l: Doc = {
        ...line(config, service.pos_item_id, 1),
        commission_workers: [
          { commission_worker: a, percentage: pa },
          { commission_worker: b, percentage: 100 - pa },
        ],
      };
      given.set(String(l.local_trx_detail_id), [
        { id: id(a), share: pa },
        { id: id(b), share: 100 - pa },
      ]);
      return l;
    };
    const sold = (w: Doc, qty: number): Doc => {
      const l: Doc = { ...line(config, RETAIL, qty), item_sellers: [{ ...w, percentage: 100 }] };
      given.set(String(l.local_trx_detail_id), [{ id: id(w), share: 100 }]);
      return l;
    };
    // w2 appears first (so the workers' order is not their ids'), then both, over several sales
    const sales = [
      sale(config, [sold(w2, 3)], { extra: at(50) }),
      sale(config, [single(w1, 2), shared(w1, w2, 60)], { extra: at(40) }),
      sale(config, [shared(w2, w1, 70), sold(w2, 1)], { extra: at(30) }),
      sale(config, [single(w1, 1)], { extra: at(20) }),
      sale(config, [single(w2, 2), single(w1, 1)], { extra: at(10) }),
    ];
    const voided = sale(config, [{ ...line(config, service.pos_item_id, 5), commission_worker: w1 }], {
      extra: at(5),
    });
    for (const trx of [...sales, voided]) {
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
    }
    await rows('UPDATE pos_sales_trx_heads SET trx_status_id = 4 WHERE local_trx_id = $1', [
      voided.local_trx_id,
    ]);
    // a customer whose name a spreadsheet would run as a formula (the name is read from the sale's document)
    await rows(
      `UPDATE pos_sales_trx_heads SET trx = jsonb_set(trx, '{customer}', jsonb_build_object('user_name', $2::text))
       WHERE local_trx_id = $1`,
      [sales[1].local_trx_id, '=HYPERLINK("x"), 1'],
    );
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Every page from the first (limit rows each), concatenated. */
  async function allPages(t: Tokens, q: Record<string, string>, limit: string) {
    const pages: ReturnType<typeof workerTrxPageResponse.parse>[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const r = await get(t, { ...q, limit, ...(cursor ? { cursor } : {}) });
      expect(r.statusCode, r.body).toBe(200);
      const body = workerTrxPageResponse.parse(r.json().data);
      expect(body.rows.length).toBeLessThanOrEqual(Number(limit));
      if (i > 0) expect(body.workers).toBeUndefined();
      pages.push(body);
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    return { workers: pages[0]?.workers ?? [], rows: pages.flatMap((p) => p.rows) };
  }

  /** Per worker, in the order the lines were sold, each part computed from the stored line and the given share. */
  async function expected() {
    const lines = await rows(
      `SELECT d.*, h.trx_id, h.trx_time, h.trx->'details'->(d.line_no - 1)->'itemMeta'->'pos_item_variants'->0 AS variant
       FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
       WHERE h.trx_status_id = 3 AND h.business_outlet_id = 1
       ORDER BY h.trx_time, h.pos_sales_trx_head_id, d.line_no`,
    );
    const out: {
      worker: number;
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
      const pct = n(variant.commission_percentage);
      const base = pct > 0 ? (net * pct) / 100 : n(variant.commission_value) * n(d.qty);
      for (const sh of shares)
        out.push({
          worker: sh.id,
          trx_id: String(d.trx_id),
          qty: n(d.qty),
          net: Math.round((net * sh.share) / 100),
          gross: Math.round((n(d.gross_total) * sh.share) / 100),
          commission: Math.round((base * sh.share) / 100),
        });
    }
    return out;
  }

  const q = () => ({ start_date: today, end_date: today, report_type: 'by-transaction' });

  it('pages of 2 concatenated equal the whole list, in its order, and an independent computation', async () => {
    const whole = workerTrxResponse.parse((await get(owner, q())).json().data);
    const paged = await allPages(owner, q(), '2');
    // the workers in order of first appearance: w2 sold first
    expect(paged.workers.map((w) => w.business_commission_worker_id)).toEqual([id(w2), id(w1)]);
    expect(whole.map((w) => w.business_commission_worker_id)).toEqual([id(w2), id(w1)]);
    const regrouped = paged.workers.map((w) => ({
      business_commission_worker_id: w.business_commission_worker_id,
      firstname: w.firstname,
      lastname: w.lastname,
      initial: w.initial,
      commissions: paged.rows
        .filter((r) => r.business_commission_worker_id === w.business_commission_worker_id)
        .map(({ business_commission_worker_id: _, ...r }) => r),
    }));
    expect(regrouped).toEqual(whole);
    // rows grouped by worker, never interleaved
    const order = paged.rows.map((r) => r.business_commission_worker_id);
    expect(order).toEqual([...order].sort((a, b) => (a === id(w2) ? 0 : 1) - (b === id(w2) ? 0 : 1)));
    const want = await expected();
    for (const w of [w1, w2]) {
      const mine = want.filter((x) => x.worker === id(w));
      const got = paged.rows.filter((r) => r.business_commission_worker_id === id(w));
      expect(got.map((r) => r.trx_id)).toEqual(mine.map((x) => x.trx_id));
      expect(got.map((r) => r.net_value)).toEqual(mine.map((x) => x.net));
      expect(got.map((r) => r.gross_total)).toEqual(mine.map((x) => x.gross));
      expect(got.map((r) => r.total_commission)).toEqual(mine.map((x) => x.commission));
      expect(got.map((r) => r.qty)).toEqual(mine.map((x) => x.qty));
    }
  });

  it("the first page's row counts and totals equal the totals row of each worker's whole table", async () => {
    const whole = workerTrxResponse.parse((await get(owner, q())).json().data);
    const r = await get(owner, { ...q(), limit: '1' });
    const first = workerTrxPageResponse.parse(r.json().data);
    expect(first.rows).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const want = await expected();
    for (const w of whole) {
      const c = w.commissions;
      const money = (f: (x: (typeof c)[number]) => number) => c.reduce((a, x) => a + floorAmount(f(x)), 0);
      const got = first.workers?.find(
        (x) => x.business_commission_worker_id === w.business_commission_worker_id,
      );
      expect(got?.row_count).toBe(c.length);
      expect(got?.totals).toEqual({
        qty: Math.round(c.reduce((a, x) => a + x.qty * 100, 0)) / 100,
        gross_total: money((x) => x.gross_total),
        discount_value: money((x) => x.discount_value),
        net_value: money((x) => x.net_value),
        commission_base_value: money((x) => x.commission_base_value),
        total_commission: money((x) => x.total_commission ?? 0),
      });
      const mine = want.filter((x) => x.worker === w.business_commission_worker_id);
      expect(got?.totals.net_value).toBe(mine.reduce((a, x) => a + x.net, 0));
      expect(got?.totals.total_commission).toBe(mine.reduce((a, x) => a + x.commission, 0));
      expect(got?.totals.total_commission ?? 0).toBeGreaterThan(0);
    }
  });

  it('commission_workers reads only the workers asked for (also in the whole list)', async () => {
    const only = { ...q(), commission_workers: String(id(w1)) };
    const paged = await allPages(owner, only, '3');
    expect(paged.workers.map((w) => w.business_commission_worker_id)).toEqual([id(w1)]);
    expect(paged.rows.every((r) => r.business_commission_worker_id === id(w1))).toBe(true);
    expect(paged.rows.length).toBe((await expected()).filter((x) => x.worker === id(w1)).length);
    const whole = workerTrxResponse.parse((await get(owner, only)).json().data);
    expect(whole.map((w) => w.business_commission_worker_id)).toEqual([id(w1)]);
  });

  it("without the commission-value flag no page, total or CSV carries 'Total Commission'", async () => {
    const paged = await allPages(noCommission, q(), '2');
    expect(paged.rows.length).toBeGreaterThan(0);
    expect(paged.rows.every((r) => !('total_commission' in r))).toBe(true);
    expect(paged.workers.length).toBe(2);
    expect(paged.workers.every((w) => !('total_commission' in w.totals))).toBe(true);
    const csv = await get(noCommission, { ...q(), format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Total Commission');
    const simple = await allPages(owner, { ...q(), report_type: 'by-simple' }, '4');
    expect(simple.rows.length).toBe(paged.rows.length);
  });

  it('a bad cursor or page size is a 400 with the invalid-input message, never a 500', async () => {
    const [elsewhere] = await rows(
      'SELECT pos_sales_trx_head_id FROM pos_sales_trx_heads WHERE business_outlet_id = 2 LIMIT 1',
    );
    const other = n(elsewhere?.pos_sales_trx_head_id) || 987_654_320;
    const [mine] = await rows(
      'SELECT pos_sales_trx_head_id FROM pos_sales_trx_heads WHERE business_outlet_id = 1 LIMIT 1',
    );
    const here = n(mine?.pos_sales_trx_head_id);
    for (const [field, value] of [
      ['cursor', 'abc'],
      ['cursor', '0.1.0.5'],
      ['cursor', '12'],
      ['cursor', '987654321.1.0.5'],
      ['cursor', `${other}.1.0.${id(w1)}`],
      ['cursor', `1.1.0.${'9'.repeat(40)}`],
      // a sale of this outlet, but a line or part no integer holds (never a database error)
      ['cursor', `${here}.99999999999.0.${id(w1)}`],
      ['cursor', `${here}.1.99999999999.${id(w1)}`],
      ['limit', '0'],
      ['limit', '-1'],
      ['limit', '99999'],
      ['limit', 'x'],
      ['commission_workers', '1,,2'],
      ['format', 'xml'],
    ]) {
      const r = await get(owner, { ...q(), [field]: value });
      expect(r.statusCode, `${field}=${value}: ${r.body}`).toBe(400);
      expect(r.json().error.message, `${field}=${value}`).toBe(API_MESSAGES.invalidInput);
    }
  });

  it("the CSV has every row of the range and each worker's totals row, amounts floored, formulas neutralised", async () => {
    const r = await get(owner, { ...q(), format: 'csv' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(r.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([
      'Worker',
      'No',
      'ID Transaksi',
      'Waktu Transaksi',
      'Nama Pelanggan',
      'Item',
      'Qty',
      'Gross Sales',
      'Discount Value',
      'Net Value',
      'Commission Base Value',
      'Total Commission',
    ]);
    const paged = await allPages(owner, q(), '5');
    const body = parsed.slice(1);
    expect(body.length).toBe(paged.rows.length + paged.workers.length);
    const totals = body.filter((x) => x[1] === 'Total');
    expect(totals.map((x) => x[9])).toEqual(paged.workers.map((w) => String(w.totals.net_value)));
    const data = body.filter((x) => x[1] !== 'Total');
    expect(data.map((x) => x[2])).toEqual(paged.rows.map((x) => x.trx_id));
    expect(data.map((x) => x[9])).toEqual(paged.rows.map((x) => String(floorAmount(x.net_value))));
    expect(data.some((x) => x[4] === `'=HYPERLINK("x"), 1`)).toBe(true);
    expect(data.every((x) => !x[4].startsWith('='))).toBe(true);
  });
}
