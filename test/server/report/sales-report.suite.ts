// The sales report (002 §2.14, §6, §7) on PGlite (sales-report.test.ts) and PostgreSQL (sales-report.pg.test.ts).
// Every figure is checked against sums this test computes itself, in plain code, from the stored rows (heads and
// lines) — not from the server's query; voids, other outlets and other days are left out; SALES_REPORT is
// enforced by the server.
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { salesByProductResponse, salesTrxReportResponse } from '../../../src/api/contract/report';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

type Row = Record<string, unknown>;
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));
const n = (v: unknown) => Number(v ?? 0);

export function salesReportSuite(backend: Backend): void {
  let s: TestServer;
  let ani: Tokens;
  let menteng: Tokens;
  let noReport: Tokens;
  let config: ServedConfig;
  let today: string;
  let voidedId: string;

  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const get = (t: Tokens, path: string, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/${path}?${new URLSearchParams(q).toString()}` });

  beforeAll(async () => {
    s = await startTestServer(backend);
    ani = await userWithFlags(s, 9_601, allFlags(), { outletIds: [1, 2] });
    menteng = await userWithFlags(s, 9_602, allFlags(), { outletIds: [2] });
    noReport = await userWithFlags(s, 9_603, allFlags(['SALES_REPORT']), { outletIds: [1] });
    config = await outletConfig(s.app, ani, 1);
    const mentengConfig = await outletConfig(s.app, menteng, 2);
    await outletConfig(s.app, noReport, 1);
    const service = config.pos_items.find(
      (i) => i.item_nature === 'SERVICE' && Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0,
    );
    if (!service) throw new Error('no service item');
    const now = s.clock.now();
    today = formatOutletStamp(now).slice(0, 10);
    const at = (minutesAgo: number) => formatOutletStamp(new Date(now.getTime() - minutesAgo * 60_000));
    const inDay = { trx_time: at(1) };
    const mixed = sale(config, [line(config, service.pos_item_id, 2), line(config, RETAIL, 3)], {
      extra: inDay,
    });
    const retail = sale(config, [line(config, RETAIL, 1)], { extra: inDay });
    const serviceOnly = sale(config, [line(config, service.pos_item_id, 1)], { extra: inDay });
    const voided = sale(config, [line(config, RETAIL, 5)], { extra: inDay });
    voidedId = voided.local_trx_id;
    for (const trx of [mixed, retail, serviceOnly, voided]) {
      const r = await submit(s.app, ani, [trx]);
      expect(r.statusCode, r.body).toBe(200);
    }
    const mentengItem = mentengConfig.pos_items.find(
      (i) => Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0,
    );
    if (!mentengItem) throw new Error('no Menteng item');
    const elsewhere = sale(mentengConfig, [line(mentengConfig, mentengItem.pos_item_id, 7)], {
      extra: inDay,
    });
    expect((await submit(s.app, menteng, [elsewhere])).statusCode).toBe(200);
    await rows('UPDATE pos_sales_trx_heads SET trx_status_id = 4 WHERE local_trx_id = $1', [voidedId]);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  /** The outlet's completed NORMAL sales today with their lines, read plainly. */
  async function stored(outlet: number, nature: string) {
    const heads = (
      await rows('SELECT * FROM pos_sales_trx_heads WHERE business_outlet_id = $1', [outlet])
    ).filter(
      (h) =>
        n(h.trx_status_id) === 3 &&
        h.trx_type === 'NORMAL' &&
        formatOutletStamp(new Date(h.trx_time as string)).slice(0, 10) === today,
    );
    const lines = await rows('SELECT * FROM pos_sales_trx_details');
    const natureOf = (d: Row) => (d.item_nature === 'RETAIL' ? 'RETAIL' : 'SERVICE');
    return heads
      .map((h) => ({
        h,
        lines: lines.filter(
          (d) =>
            String(d.pos_sales_trx_head_id) === String(h.pos_sales_trx_head_id) &&
            (!nature || natureOf(d) === nature),
        ),
      }))
      .filter((x) => x.lines.length > 0);
  }

  for (const nature of ['', 'SERVICE', 'RETAIL']) {
    it(`daily (by-transaction, nature '${nature}'): one row a sale, sums of its lines`, async () => {
      const r = await get(ani, 'pos-trx-detail', {
        start_date: today,
        end_date: today,
        item_nature: nature,
        report_type: 'by-transaction',
      });
      expect(r.statusCode, r.body).toBe(200);
      const { col_def, payload } = salesTrxReportResponse.parse(r.json().data);
      expect(col_def.filter((c) => c.type === 'currency').map((c) => c.key)).toEqual([
        'gross_total',
        'discount_total',
        'net_total',
      ]);
      const expected = (await stored(1, nature)).map(({ h, lines }) => ({
        trx_id: h.trx_id,
        qty: lines.reduce((a, d) => a + n(d.qty), 0),
        gross_total: lines.reduce((a, d) => a + n(d.gross_total), 0),
        discount_total: lines.reduce((a, d) => a + n(d.discount_total), 0),
        net_total: lines.reduce((a, d) => a + n(d.line_total), 0),
      }));
      expect(expected.length).toBeGreaterThan(0);
      const got = payload.map((p) => ({
        trx_id: p.trx_id,
        qty: p.qty,
        gross_total: p.gross_total,
        discount_total: p.discount_total,
        net_total: p.net_total,
      }));
      const byId = (a: { trx_id: unknown }, b: { trx_id: unknown }) =>
        String(a.trx_id).localeCompare(String(b.trx_id));
      expect(got.sort(byId)).toEqual(expected.sort(byId));
    });
  }

  it('detail: one row a line, the void and the other outlet left out', async () => {
    const r = await get(ani, 'pos-trx-detail', {
      start_date: today,
      end_date: today,
      report_type: 'by-transaction-detail',
    });
    const { payload } = salesTrxReportResponse.parse(r.json().data);
    const expected = (await stored(1, '')).flatMap(({ lines }) => lines);
    expect(payload.length).toBe(expected.length);
    expect(payload.reduce((a, p) => a + n(p.net_total), 0)).toBe(
      expected.reduce((a, d) => a + n(d.line_total), 0),
    );
    expect(payload.some((p) => n(p.qty) === 5 || n(p.qty) === 7)).toBe(false);
  });

  /** The outlet's report rows in the report's order (time, sale, line), from the plain stored rows. */
  async function ordered(detail: boolean) {
    const sales = (await stored(1, '')).sort(
      (a, b) =>
        new Date(a.h.trx_time as string).getTime() - new Date(b.h.trx_time as string).getTime() ||
        n(a.h.pos_sales_trx_head_id) - n(b.h.pos_sales_trx_head_id),
    );
    if (!detail)
      return sales.map(({ h, lines }) => ({ key: String(h.pos_sales_trx_head_id), lines: [...lines] }));
    return sales.flatMap(({ lines }) =>
      [...lines]
        .sort((a, b) => n(a.line_no) - n(b.line_no))
        .map((d) => ({ key: String(d.pos_sales_trx_detail_id), lines: [d] })),
    );
  }

  for (const type of ['by-transaction', 'by-transaction-detail'] as const) {
    it(`${type} in pages: every row once, in order, with the whole range's totals on the first page`, async () => {
      const want = await ordered(type === 'by-transaction-detail');
      expect(want.length).toBeGreaterThan(2);
      const keys: string[] = [];
      let cursor: string | null | undefined;
      let first: ReturnType<typeof salesTrxReportResponse.parse> | undefined;
      for (let page = 0; page < 20; page++) {
        const r = await get(ani, 'pos-trx-detail', {
          start_date: today,
          end_date: today,
          report_type: type,
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        expect(r.statusCode, r.body).toBe(200);
        const body = salesTrxReportResponse.parse(r.json().data);
        first ??= body;
        if (cursor) expect(body.totals).toBeUndefined();
        expect(body.payload.length).toBeLessThanOrEqual(2);
        keys.push(...body.payload.map((p) => String(p.row_key)));
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(keys).toEqual(want.map((w) => w.key));
      // the totals: each row's amounts floored, then summed (as the totals row shows them), computed here
      const rowSum = (w: { lines: Row[] }, col: string) => w.lines.reduce((a, d) => a + n(d[col]), 0);
      const floored = (col: string) => want.reduce((a, w) => a + Math.floor(rowSum(w, col)), 0);
      expect(first?.row_count).toBe(want.length);
      expect(first?.totals).toMatchObject({
        gross_total: floored('gross_total'),
        discount_total: floored('discount_total'),
        net_total: floored('line_total'),
        qty: want.reduce((a, w) => a + rowSum(w, 'qty'), 0),
      });
      if (type === 'by-transaction')
        expect(first?.by_day).toEqual([{ day: today, net: floored('line_total') }]);
    });
  }

  it('a bad cursor or page size is a 400 naming the field: not a number, no such row, another outlet', async () => {
    const [elsewhere] = await rows(
      'SELECT pos_sales_trx_head_id FROM pos_sales_trx_heads WHERE business_outlet_id = 2',
    );
    const q = { start_date: today, end_date: today, report_type: 'by-transaction' };
    for (const [field, value] of [
      ['cursor', 'abc'],
      ['cursor', '0'],
      ['cursor', '987654321'],
      ['cursor', String(elsewhere?.pos_sales_trx_head_id)],
      ['limit', '0'],
      ['limit', '99999'],
    ]) {
      const r = await get(ani, 'pos-trx-detail', { ...q, [field]: value });
      expect(r.statusCode, `${field}=${value}`).toBe(400);
      expect(r.json().error.field).toBe(field);
    }
  });

  it('the CSV streams every row of the range from the server: floored amounts, formulas neutralised', async () => {
    const want = await ordered(true);
    // the customer's name as sold is read from the sale's document (a generated column)
    const head = want[0]?.lines[0]?.pos_sales_trx_head_id;
    const [before] = await rows(
      "SELECT trx -> 'customer' AS customer FROM pos_sales_trx_heads WHERE pos_sales_trx_head_id = $1",
      [head],
    );
    await rows(
      `UPDATE pos_sales_trx_heads SET trx = jsonb_set(trx, '{customer}', jsonb_build_object('user_name', $2::text))
       WHERE pos_sales_trx_head_id = $1`,
      [head, '=HYPERLINK("x"), 1'],
    );
    try {
      for (const type of ['by-transaction', 'by-transaction-detail'] as const) {
        const r = await get(ani, 'pos-trx-detail', {
          start_date: today,
          end_date: today,
          report_type: type,
          format: 'csv',
        });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toContain('text/csv');
        const page = salesTrxReportResponse.parse(
          (await get(ani, 'pos-trx-detail', { start_date: today, end_date: today, report_type: type })).json()
            .data,
        );
        const csv = Papa.parse<string[]>(r.body.replace(/^\uFEFF/, '').trim()).data;
        expect(csv[0]).toEqual(['No', ...page.col_def.map((c) => c.title)]);
        const body = csv.slice(1);
        expect(body.length).toBe(page.payload.length);
        body.forEach((cells, i) => {
          const p = page.payload[i] ?? {};
          expect(cells[0]).toBe(String(i + 1));
          page.col_def.forEach((c, j) => {
            const v = p[c.key];
            const want =
              c.type === 'currency'
                ? String(Math.floor(Number(v)))
                : c.type === 'qty'
                  ? String(Number(v))
                  : /^[=+\-@]/.test(String(v))
                    ? `'${v}`
                    : String(v);
            expect(cells[j + 1], `${i} ${c.key}`).toBe(want);
          });
        });
        expect(body.some((cells) => cells[3] === `'=HYPERLINK("x"), 1`)).toBe(true);
      }
    } finally {
      await rows(
        "UPDATE pos_sales_trx_heads SET trx = jsonb_set(trx, '{customer}', $2::jsonb) WHERE pos_sales_trx_head_id = $1",
        [head, JSON.stringify(before?.customer ?? null)],
      );
    }
  });

  it('by product: quantity sold per variant with its category', async () => {
    const r = await get(ani, 'pos-sales-item-summary', {
      start_date: today,
      end_date: today,
      item_nature: 'RETAIL',
    });
    expect(r.statusCode, r.body).toBe(200);
    const got = salesByProductResponse.parse(r.json().data);
    const lines = (await stored(1, 'RETAIL')).flatMap(({ lines }) => lines);
    const want = new Map<number, number>();
    for (const d of lines)
      want.set(n(d.pos_item_variant_id), (want.get(n(d.pos_item_variant_id)) ?? 0) + n(d.qty));
    expect(new Map(got.map((g) => [g.pos_item_variant_id, g.qty]))).toEqual(want);
    expect(got.every((g) => typeof g.category_name === 'string' && g.category_name.length > 0)).toBe(true);
  });

  it("answers only the session's outlet: Menteng sees its own sale, never Kemang's", async () => {
    const r = await get(menteng, 'pos-sales-item-summary', { start_date: today, end_date: today });
    const got = salesByProductResponse.parse(r.json().data);
    expect(got.reduce((a, g) => a + g.qty, 0)).toBe(7);
  });

  it('without SALES_REPORT the server refuses (403)', async () => {
    for (const path of ['pos-trx-detail', 'pos-sales-item-summary']) {
      const r = await get(noReport, path, { start_date: today, end_date: today });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(API_MESSAGES.forbidden);
    }
  });

  it('refuses bad dates and types with 400 naming the field', async () => {
    const bad = [
      { start_date: 'x', end_date: today },
      { start_date: '2026-02-30', end_date: '2026-03-01' },
      { start_date: today, end_date: '2020-01-01' },
      { start_date: '2024-01-01', end_date: '2026-01-01' },
      { start_date: today, end_date: today, item_nature: 'FOOD' },
      { start_date: today, end_date: today, report_type: 'by-product' },
    ];
    for (const q of bad) {
      const r = await get(ani, 'pos-trx-detail', q as unknown as Record<string, string>);
      expect(r.statusCode, JSON.stringify(q)).toBe(400);
    }
  });
}
