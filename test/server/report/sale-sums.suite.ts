// Each sale's own figures kept for the sales report's totals and the omzet recap (migrations 0080, 0082,
// report_sale_sums), on PGlite
// (sale-sums.test.ts) and PostgreSQL (sale-sums.pg.test.ts). After every path that writes a sale — the demo's seed,
// a sale of both natures with a line discount, three sales of one batch statement, a credit sale, a receivable payment, a void through its route and a
// worker change through the receipt edit — each sale's row equals the sums this test computes itself, in plain
// code, from the stored heads and lines, and the daily and detail reports' totals (read from those rows) equal the
// old computation over the lines, for each nature.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { storedTrxResponse } from '../../../src/api/contract/receipt';
import { salesTrxReportResponse } from '../../../src/api/contract/report';
import { formatOutletStamp } from '../../../src/domain/time-wall';
import { syntheticLine } from '../../../src/domain/transaction-rules';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

type Row = Record<string, unknown>;
type Doc = Record<string, unknown>;
const CREAMBATH = 1005; // a service
const POTONG_WANITA = 1001; // a service that allows a custom discount (up to 20 %)
/** numeric text → integer hundredths (amounts have 2 decimals, quantities 4: ten-thousandths for those) */
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const tenThousandths = (v: unknown) => Math.round(Number(v ?? 0) * 10_000);
const floorCents = (c: number) => Math.floor(c / 100);

export function saleSumsSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig & { commission_worker: Doc[] };
  let today: string;

  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const ok = async (trx: Doc) => {
    const r = await submit(s.app, owner, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data[0] as { pos_sales_trx_head_id: number };
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = (await outletConfig(s.app, owner, 1)) as typeof kemang;
    today = formatOutletStamp(s.clock.now()).slice(0, 10);
    const customer = demoBusiness(s.clock.now()).customers[1];
    const worker = kemang.commission_worker[0];
    // both natures, a discounted service line, fractional quantities
    await ok(
      sale(kemang, [
        {
          ...line(kemang, POTONG_WANITA, 1),
          commission_worker: worker,
          custom_discount_type: 'percentage',
          custom_discount_value: 15,
        },
        line(kemang, RETAIL, 3),
        line(kemang, CREAMBATH, 2),
      ]),
    );
    await ok(sale(kemang, [line(kemang, RETAIL, 1)]));
    // three sales through the batch call: written together in ONE statement (sale-writer.ts INSERT_SALES)
    const batched = await call(s.app, owner, {
      method: 'POST',
      url: '/cashier/pos-trx-batch',
      payload: {
        is_offline: 1,
        local_sync_time: '2026-11-22 10:00:00',
        trxs: [
          sale(kemang, [
            line(kemang, RETAIL, 2),
            { ...line(kemang, CREAMBATH, 1), commission_worker: worker },
          ]),
          sale(kemang, [line(kemang, CREAMBATH, 3)]),
          sale(kemang, [line(kemang, RETAIL, 5)]),
        ],
      },
    });
    expect(batched.statusCode, batched.body).toBe(200);
    expect((batched.json().data as { status: string }[]).map((a) => a.status)).toEqual([
      'success',
      'success',
      'success',
    ]);
    // a credit sale, then a receivable payment (an ACCOUNT_RECEIVABLE sale: not counted by the report)
    await ok(
      sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)], {
        customer: { user_code: customer.user_code },
        payments: [{ name: 'Piutang', type: 'CREDIT', amount: 20_000, ref: 'NOTA-80' }, { name: 'Cash' }],
      }),
    );
    const [ar] = await rows(
      `SELECT min(r.account_receivable_id)::int AS id FROM receivables r
       JOIN customers c ON c.customer_id = r.customer_id WHERE c.user_code = $1`,
      [customer.user_code],
    );
    await ok(
      sale(
        kemang,
        [
          syntheticLine({
            local_trx_detail_id: randomUUID(),
            name: 'Pembayaran Piutang',
            amount: 5_000,
          }) as unknown as Doc,
        ],
        {
          customer: { user_code: customer.user_code },
          extra: {
            trx_type: 'ACCOUNT_RECEIVABLE',
            trx_name: 'Pembayaran Piutang',
            account_receivable: { account_receivable_id: Number(ar.id), drv_balance: 1 },
          },
        },
      ),
    );
    // a sale voided through its route
    const voided = await ok(
      sale(kemang, [{ ...line(kemang, CREAMBATH, 4), commission_worker: worker }, line(kemang, RETAIL, 1)]),
    );
    const v = await call(s.app, owner, {
      method: 'POST',
      url: `/cashier/pos-trx/void/${voided.pos_sales_trx_head_id}`,
      payload: { password: DEMO_PASSWORD, reason: 'Salah input' },
    });
    expect(v.statusCode, v.body).toBe(200);
    // a sale whose worker is changed by the receipt edit
    const edited = sale(kemang, [
      { ...line(kemang, CREAMBATH), commission_worker: worker },
      line(kemang, RETAIL),
    ]);
    await ok(edited);
    const got = await call(s.app, owner, { method: 'GET', url: `/cashier/pos-trx/${edited.local_trx_id}` });
    const after = structuredClone(storedTrxResponse.parse(got.json().data)) as Doc & { details: Doc[] };
    const other = kemang.commission_worker[1];
    const session = randomUUID();
    after.details[0] = {
      ...after.details[0],
      commission_worker: other,
      business_commission_worker_id: other.business_commission_worker_id,
      edit_session_id: session,
    };
    const e = await call(s.app, owner, {
      method: 'PUT',
      url: '/cashier/pos-trx-detail',
      payload: { edit_session_id: session, input_data: after },
    });
    expect(e.statusCode, e.body).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Every stored sale with its lines, read plainly. */
  async function sales() {
    const heads = await rows('SELECT * FROM pos_sales_trx_heads ORDER BY pos_sales_trx_head_id');
    const lines = await rows('SELECT * FROM pos_sales_trx_details');
    const of = new Map<string, Row[]>();
    for (const d of lines) {
      const k = String(d.pos_sales_trx_head_id);
      of.set(k, [...(of.get(k) ?? []), d]);
    }
    return heads.map((h) => ({ h, lines: of.get(String(h.pos_sales_trx_head_id)) ?? [] }));
  }

  it('each sale’s row equals its lines’ sums after every path that writes a sale', async () => {
    const all = await sales();
    const kinds = new Set(all.map(({ h }) => `${h.trx_type}/${h.trx_status_id}`));
    // the paths above were taken: completed and voided NORMAL sales, a receivable payment
    expect([...kinds]).toEqual(expect.arrayContaining(['NORMAL/3', 'NORMAL/4', 'ACCOUNT_RECEIVABLE/3']));
    const stored = new Map(
      (await rows('SELECT *, trx_day::text AS day_text FROM report_sale_sums')).map((r) => [
        String(r.pos_sales_trx_head_id),
        r,
      ]),
    );
    const withLines = all.filter((x) => x.lines.length > 0);
    expect(stored.size).toBe(withLines.length);
    let costs = 0;
    for (const { h, lines } of withLines) {
      const retail = lines.filter((d) => d.item_nature === 'RETAIL');
      const service = lines.filter((d) => d.item_nature !== 'RETAIL');
      const sum = (ls: Row[], col: string) => ls.reduce((a, d) => a + cents(d[col]), 0);
      const lineFloors = (ls: Row[], col: string) => ls.reduce((a, d) => a + floorCents(cents(d[col])), 0);
      const qty = (ls: Row[]) => ls.reduce((a, d) => a + tenThousandths(d.qty), 0);
      const want = {
        business_outlet_id: Number(h.business_outlet_id),
        trx_time: new Date(h.trx_time as string).toISOString(),
        trx_day: formatOutletStamp(new Date(h.trx_time as string)).slice(0, 10),
        counted: Number(h.trx_status_id) === 3 && h.trx_type === 'NORMAL',
        n: lines.length,
        n_r: retail.length,
        qty: qty(lines),
        qty_r: qty(retail),
        ...Object.fromEntries(
          (
            [
              ['gross', 'gross_total'],
              ['disc', 'discount_total'],
              ['net', 'line_total'],
            ] as const
          ).flatMap(([k, col]) => [
            [`d_${k}`, floorCents(sum(lines, col))],
            [`d_${k}_r`, floorCents(sum(retail, col))],
            [`d_${k}_s`, floorCents(sum(service, col))],
          ]),
        ),
        ...Object.fromEntries(
          (
            [
              ['unit', 'unit_price'],
              ['gross', 'gross_total'],
              ['disc', 'discount_total'],
              ['net', 'line_total'],
            ] as const
          ).flatMap(([k, col]) => [
            [`l_${k}`, lineFloors(lines, col)],
            [`l_${k}_r`, lineFloors(retail, col)],
          ]),
        ),
        // the omzet recap's figures (migration 0082), exact: cents, and the cost in millionths
        o_service: service.reduce((a, d) => a + cents(d.line_total) - cents(d.global_discount_share), 0),
        o_retail: retail.reduce((a, d) => a + cents(d.line_total) - cents(d.global_discount_share), 0),
        o_cost: lines.reduce((a, d) => {
          const doc = ((h.trx as Doc).details as Doc[])[Number(d.line_no) - 1] as Doc | undefined;
          const meta = (doc?.itemMeta as Doc | undefined)?.pos_item_variants as Doc[] | undefined;
          const cost = d.variant_cost ?? (meta?.[0]?.variant_cost || 0);
          return a + Math.round(Number(d.qty) * Number(cost) * 1_000_000);
        }, 0),
      };
      const r = stored.get(String(h.pos_sales_trx_head_id));
      expect(r, `sale ${h.trx_id}`).toBeDefined();
      const got = Object.fromEntries(
        Object.keys(want).map((k) => {
          const v = r?.[k];
          if (k === 'trx_time') return [k, new Date(v as string).toISOString()];
          if (k === 'trx_day') return [k, r?.day_text];
          if (k === 'counted') return [k, v === true || v === 't'];
          if (k === 'qty' || k === 'qty_r') return [k, tenThousandths(v)];
          if (k === 'o_service' || k === 'o_retail') return [k, cents(v)];
          if (k === 'o_cost') return [k, Math.round(Number(v) * 1_000_000)];
          return [k, Number(v)];
        }),
      );
      expect(got, `sale ${h.trx_id}`).toEqual(want);
      costs += want.o_cost;
    }
    // the recap's cost is not trivially 0 (the demo's retail variants have a cost)
    expect(costs).toBeGreaterThan(0);
  });

  it('each worker’s part of a line (report_worker_parts) equals the line’s worker_parts, with its sale’s status', async () => {
    const all = await sales();
    const got = (
      await rows(`SELECT pos_sales_trx_detail_id::text AS id, o, pos_sales_trx_head_id::text AS head, line_no,
          business_outlet_id, trx_time, counted, retail, pos_item_variant_id, unit_price::text AS unit_price,
          item_name, qty::text AS qty, w, g::text AS g, d::text AS d, n::text AS n, c::text AS c
        FROM report_worker_parts ORDER BY pos_sales_trx_detail_id, o`)
    ).map((r) => ({
      ...r,
      o: Number(r.o),
      line_no: Number(r.line_no),
      business_outlet_id: Number(r.business_outlet_id),
      trx_time: new Date(r.trx_time as string).toISOString(),
      counted: r.counted === true || r.counted === 't',
      retail: r.retail === true || r.retail === 't',
      pos_item_variant_id: Number(r.pos_item_variant_id),
      unit_price: Number(r.unit_price),
      qty: Number(r.qty),
      w: Number(r.w),
      g: Number(r.g),
      d: Number(r.d),
      n: Number(r.n),
      c: Number(r.c),
    }));
    const want = all
      .flatMap(({ h, lines }) =>
        lines.flatMap((d) => {
          const parts = (
            typeof d.worker_parts === 'string' ? JSON.parse(d.worker_parts) : d.worker_parts
          ) as Row[];
          return parts.map((p) => ({
            id: String(d.pos_sales_trx_detail_id),
            o: Number(p.o),
            head: String(h.pos_sales_trx_head_id),
            line_no: Number(d.line_no),
            business_outlet_id: Number(h.business_outlet_id),
            trx_time: new Date(h.trx_time as string).toISOString(),
            counted: Number(h.trx_status_id) === 3 && h.trx_type === 'NORMAL',
            retail: d.item_nature === 'RETAIL',
            pos_item_variant_id: Number(d.pos_item_variant_id ?? 0),
            unit_price: Number(d.unit_price),
            item_name: `${d.item_name ?? ''}${d.variant_name ? ` - ${d.variant_name}` : ''}`,
            qty: Number(d.qty),
            w: Number(p.w),
            g: Number(p.g),
            d: Number(p.d),
            n: Number(p.n),
            c: Number(p.c),
          }));
        }),
      )
      .sort((a, b) => Number(a.id) - Number(b.id) || a.o - b.o);
    expect(want.some((p) => !p.counted)).toBe(true);
    expect(want.length).toBeGreaterThanOrEqual(3);
    expect(got).toEqual(want);
  });

  for (const nature of ['', 'RETAIL', 'SERVICE'])
    for (const type of ['by-transaction', 'by-transaction-detail'] as const)
      it(`${type} '${nature}': the totals, row count and net per day equal the old computation over the lines`, async () => {
        const r = await call(s.app, owner, {
          method: 'GET',
          url: `/cashier/pos-trx-detail?${new URLSearchParams({ start_date: today, end_date: today, item_nature: nature, report_type: type }).toString()}`,
        });
        expect(r.statusCode, r.body).toBe(200);
        const body = salesTrxReportResponse.parse(r.json().data);
        const counted = (await sales())
          .filter(
            ({ h }) =>
              Number(h.business_outlet_id) === 1 &&
              Number(h.trx_status_id) === 3 &&
              h.trx_type === 'NORMAL' &&
              formatOutletStamp(new Date(h.trx_time as string)).slice(0, 10) === today,
          )
          .map(({ h, lines }) => ({
            h,
            lines: lines.filter(
              (d) => !nature || (d.item_nature === 'RETAIL' ? 'RETAIL' : 'SERVICE') === nature,
            ),
          }))
          .filter((x) => x.lines.length > 0);
        expect(counted.length).toBeGreaterThan(1);
        const rowsOf =
          type === 'by-transaction'
            ? counted.map((x) => x.lines)
            : counted.flatMap((x) => x.lines.map((d) => [d]));
        const floored = (col: string) =>
          rowsOf.reduce((a, ls) => a + floorCents(ls.reduce((b, d) => b + cents(d[col]), 0)), 0);
        const qty = rowsOf.reduce((a, ls) => a + ls.reduce((b, d) => b + tenThousandths(d.qty), 0), 0);
        expect(body.row_count).toBe(rowsOf.length);
        expect(body.totals).toEqual({
          qty: Math.round(qty / 100) / 100,
          gross_total: floored('gross_total'),
          discount_total: floored('discount_total'),
          net_total: floored('line_total'),
          ...(type === 'by-transaction-detail' ? { unit_price: floored('unit_price') } : {}),
        });
        if (type === 'by-transaction')
          expect(body.by_day).toEqual([{ day: today, net: floored('line_total') }]);
      });
}
