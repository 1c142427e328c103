// Transaction history (issue 12, server): GET cashier/pos-trx-history (one WIB day of the session
// outlet, newest first, paged, searched) and GET cashier/pos-trx-history/{local_trx_id}. Run on PGlite
// (history.test.ts) and PostgreSQL (history.pg.test.ts). Sales go in through the real ingest.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { trxHistoryResponse } from '../../../src/api/contract/history';
import { storedTrxResponse } from '../../../src/api/contract/receipt';
import { HISTORY_SEARCH_SEPARATOR, historySearchText, outletDate } from '../../../src/domain/history';
import { HISTORY_MESSAGES } from '../../../src/domain/texts/history';
import { RECEIPT_MESSAGES } from '../../../src/domain/texts/receipt';
import { addDays, formatOutletStamp } from '../../../src/domain/time';
import { shortId } from '../../../src/domain/transaction-labels';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

type Doc = Record<string, unknown>;
const CUSTOMER = 'SB26000001';
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

export function historySuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let menteng: Tokens;
  let kemang: ServedConfig;
  let today: string;
  let customerName: string;
  /** Kemang's sales of today, oldest first. */
  const sales: (Doc & { local_trx_id: string })[] = [];
  let yesterdayId: string;
  let mentengId: string;

  const list = (t: Tokens, query: Record<string, string | number>) =>
    call(s.app, t, {
      method: 'GET',
      url: `/cashier/pos-trx-history?${new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, String(v)]),
      ).toString()}`,
    });
  const page = async (t: Tokens, query: Record<string, string | number>) => {
    const r = await list(t, { start_date: today, end_date: today, num_of_rows: 10, start_row: 0, ...query });
    expect(r.statusCode, r.body).toBe(200);
    return trxHistoryResponse.parse(r.json().data);
  };
  const refused = (r: { statusCode: number; json(): unknown }, message: string, field?: string) => {
    expect(r.statusCode).toBe(400);
    const body = errorEnvelope.parse(r.json());
    expect(body.error.message).toBe(message);
    if (field) expect(body.error.field).toBe(field);
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    // 10:00 WIB: every sale below lies on today's outlet day
    const now = s.clock.now();
    today = outletDate(now);
    s.clock.set(new Date(`${today}T10:00:00+07:00`));
    owner = await signIn(s.app, 'demo@serambi.id');
    menteng = await userWithFlags(s, 9_601, allFlags(), { outletIds: [2] });
    kemang = await outletConfig(s.app, owner, 1);
    const [c] = await s.database.query<{ user_name: string }>(
      'SELECT user_name FROM customers WHERE user_code = $1',
      [CUSTOMER],
    );
    customerName = c.user_name;
    for (let i = 0; i < 23; i++) {
      const minute = String(i).padStart(2, '0');
      const trx = sale(kemang, [line(kemang, RETAIL)], {
        customer: i === 7 ? { user_code: CUSTOMER, user_name: customerName } : null,
        extra: {
          trx_local_start_time: `${today} 08:${minute}:00`,
          trx_local_end_time: `${today} 08:${minute}:30`,
          order_no: 100 + i,
          trx_label: i === 3 ? 'Meja Melati' : null,
          trx_notes: i === 5 ? 'Rambut diwarnai Kuning' : null,
        },
      });
      sales.push(trx);
    }
    const r = await submit(s.app, owner, sales);
    expect(r.statusCode, r.body).toBe(200);
    // a void sale stays listed (completed and void)
    await s.database.query('UPDATE pos_sales_trx_heads SET trx_status_id = 4 WHERE local_trx_id = $1', [
      sales[2].local_trx_id,
    ]);
    const yesterday = addDays(today, -1);
    const old = sale(kemang, [line(kemang, RETAIL)], {
      extra: { trx_local_end_time: `${yesterday} 20:00:00`, trx_local_start_time: `${yesterday} 19:50:00` },
    });
    yesterdayId = old.local_trx_id;
    expect((await submit(s.app, owner, [old])).statusCode).toBe(200);
    const mentengConfig = await outletConfig(s.app, menteng, 2);
    const mentengItem = (mentengConfig.pos_items as Doc[]).find((i) => i.item_nature === 'RETAIL') as Doc;
    const other = sale(mentengConfig, [line(mentengConfig, Number(mentengItem.pos_item_id))], {
      extra: { trx_local_end_time: `${today} 09:00:00`, trx_local_start_time: `${today} 08:59:00` },
    });
    mentengId = other.local_trx_id;
    const m = await submit(s.app, menteng, [other]);
    expect(m.statusCode, m.body).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it("lists the outlet's day newest first, completed and void, with what the cards and the preview need", async () => {
    const p = await page(owner, {});
    expect(p.total_trx_count).toBe(23);
    expect(p.trxs.map((t) => t.local_trx_id)).toEqual(
      [...sales]
        .reverse()
        .slice(0, 10)
        .map((t) => t.local_trx_id),
    );
    const first = p.trxs[0];
    expect(first.trx_id).toMatch(/\S/);
    expect(first.order_no).toBe(122);
    expect(first.details.length).toBe(1);
    expect(first.payments.length).toBe(1);
    expect(first.drv_grand_total).toBe(sales[22].drv_grand_total);
    const all = await page(owner, { num_of_rows: 50 });
    expect(all.trxs.find((t) => t.local_trx_id === sales[2].local_trx_id)?.trx_status_id).toBe(4);
    expect(all.trxs.find((t) => t.local_trx_id === sales[7].local_trx_id)?.customer?.user_name).toBe(
      customerName,
    );
    // neither Menteng's sale nor yesterday's
    const ids = all.trxs.map((t) => t.local_trx_id);
    expect(ids).not.toContain(mentengId);
    expect(ids).not.toContain(yesterdayId);
  });

  it('pages through every sale once, in order; past the end is an empty page with the count', async () => {
    const seen: string[] = [];
    for (let start = 0; start < 30; start += 10) {
      const p = await page(owner, { start_row: start });
      expect(p.total_trx_count).toBe(23);
      seen.push(...p.trxs.map((t) => t.local_trx_id));
    }
    expect(seen).toEqual([...sales].reverse().map((t) => t.local_trx_id));
    const beyond = await page(owner, { start_row: 40 });
    expect(beyond).toEqual({ trxs: [], total_trx_count: 23 });
  });

  it('finds a sale by short id (either case), trx_id, order no, customer name, label and notes', async () => {
    const target = sales[11];
    const only = async (term: string) => {
      const p = await page(owner, { search_term: term });
      return p.trxs.map((t) => t.local_trx_id);
    };
    expect(await only(shortId(target.local_trx_id))).toContain(target.local_trx_id);
    expect(await only(shortId(target.local_trx_id).toLowerCase())).toContain(target.local_trx_id);
    const stored = (await page(owner, { num_of_rows: 50 })).trxs.find(
      (t) => t.local_trx_id === target.local_trx_id,
    );
    expect(await only(stored?.trx_id ?? '?')).toEqual([target.local_trx_id]);
    expect(await only('111')).toContain(target.local_trx_id);
    expect(await only(customerName.toUpperCase())).toEqual([sales[7].local_trx_id]);
    expect(await only('  meja melati ')).toEqual([sales[3].local_trx_id]);
    expect(await only('kuning')).toEqual([sales[5].local_trx_id]);
    expect(await page(owner, { search_term: 'tidak-ada-yang-cocok' })).toEqual({
      trxs: [],
      total_trx_count: 0,
    });
    // LIKE's wildcards are plain characters here
    expect((await page(owner, { search_term: '%' })).total_trx_count).toBe(0);
  });

  it("the database's search text is the domain's rule, and a search returns exactly the sales whose text holds the term", async () => {
    const stored = await s.database.query<Doc>(
      `SELECT local_trx_id, trx_id, order_no, trx, search_text FROM pos_sales_trx_heads
       WHERE business_outlet_id = 1 AND trx_time >= $1::timestamptz`,
      [new Date(`${today}T00:00:00+07:00`).toISOString()],
    );
    const texts = new Map<string, string>();
    for (const r of stored) {
      const trx = (typeof r.trx === 'string' ? JSON.parse(r.trx) : r.trx) as Doc;
      const expected = historySearchText({
        trx_id: String(r.trx_id),
        local_trx_id: String(r.local_trx_id),
        order_no: r.order_no as number | null,
        customer_name: (trx.customer as Doc | null)?.user_name as string | undefined,
        trx_label: trx.trx_label as string | null,
        trx_notes: trx.trx_notes as string | null,
      });
      expect(r.search_text).toBe(expected);
      texts.set(String(r.local_trx_id), expected);
    }
    const pool = [...texts.values()].join('');
    await fc.assert(
      fc.asyncProperty(fc.nat(pool.length - 1), fc.integer({ min: 1, max: 6 }), async (at, len) => {
        const term = pool
          .slice(at, at + len)
          .split(HISTORY_SEARCH_SEPARATOR)
          .join('')
          .trim();
        if (!term) return;
        const p = await page(owner, { search_term: term, num_of_rows: 50 });
        const want = [...texts].filter(([, t]) => t.includes(term.toLowerCase())).map(([id]) => id);
        expect(new Set(p.trxs.map((t) => t.local_trx_id))).toEqual(new Set(want));
        expect(p.total_trx_count).toBe(want.length);
      }),
      { numRuns: 25, seed: 12 },
    );
  });

  it('another day within the window lists that day', async () => {
    const p = await page(owner, { start_date: addDays(today, -1), end_date: addDays(today, -1) });
    expect(p.trxs.map((t) => t.local_trx_id)).toEqual([yesterdayId]);
  });

  it("another outlet's user sees only their outlet", async () => {
    const p = await page(menteng, {});
    expect(p.trxs.map((t) => t.local_trx_id)).toEqual([mentengId]);
  });

  it('refuses dates older than 40 days, in the future, two different days, other page sizes and bad rows', async () => {
    const q = (over: Record<string, string | number>) =>
      list(owner, { start_date: today, end_date: today, num_of_rows: 10, start_row: 0, ...over });
    const d40 = addDays(today, -40);
    expect((await q({ start_date: d40, end_date: d40 })).statusCode).toBe(200);
    const d41 = addDays(today, -41);
    refused(await q({ start_date: d41, end_date: d41 }), HISTORY_MESSAGES.dateOutOfRange, 'start_date');
    const tomorrow = addDays(today, 1);
    refused(await q({ start_date: tomorrow, end_date: tomorrow }), HISTORY_MESSAGES.dateOutOfRange);
    refused(await q({ end_date: addDays(today, -1) }), HISTORY_MESSAGES.oneDay, 'end_date');
    refused(await q({ start_date: '2026-02-30', end_date: '2026-02-30' }), HISTORY_MESSAGES.dateOutOfRange);
    refused(await q({ start_date: 'kemarin' }), 'Data tidak valid.', 'start_date');
    for (const n of [0, 5, 15, 51, 100, '1e1', 'sepuluh', -10])
      refused(await q({ num_of_rows: n }), HISTORY_MESSAGES.pageSize, 'num_of_rows');
    for (const n of [-1, '1.5', 'x', 2_000_000])
      refused(await q({ start_row: n }), HISTORY_MESSAGES.startRow, 'start_row');
    const missing = await list(owner, {});
    expect(missing.statusCode).toBe(400);
    // the window follows the server's clock, not the device's
    s.clock.set(new Date(`${addDays(today, 1)}T10:00:00+07:00`));
    try {
      refused(await q({ start_date: d40, end_date: d40 }), HISTORY_MESSAGES.dateOutOfRange);
      expect((await q({ start_date: tomorrow, end_date: tomorrow })).statusCode).toBe(200);
    } finally {
      s.clock.set(new Date(`${today}T10:00:00+07:00`));
    }
  });

  it('TRX_HISTORY is required (the list and the copy)', async () => {
    const lacking = await userWithFlags(s, 9_602, allFlags(['TRX_HISTORY']), { outletIds: [1] });
    expect(
      (await list(lacking, { start_date: today, end_date: today, num_of_rows: 10, start_row: 0 })).statusCode,
    ).toBe(403);
    const one = await call(s.app, lacking, {
      method: 'GET',
      url: `/cashier/pos-trx-history/${sales[0].local_trx_id}`,
    });
    expect(one.statusCode).toBe(403);
    // a history-only user (no cashier flag) opens the copy
    const historyOnly = await userWithFlags(
      s,
      9_603,
      Object.fromEntries(ROLE_FLAGS.map((f) => [f, f === 'TRX_HISTORY' ? (1 as const) : (0 as const)])),
      { outletIds: [1] },
    );
    const copy = await call(s.app, historyOnly, {
      method: 'GET',
      url: `/cashier/pos-trx-history/${sales[0].local_trx_id}`,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(storedTrxResponse.parse(copy.json().data).local_trx_id).toBe(sales[0].local_trx_id);
  });

  it("the copy of another outlet's sale reads as missing", async () => {
    const r = await call(s.app, menteng, {
      method: 'GET',
      url: `/cashier/pos-trx-history/${sales[0].local_trx_id}`,
    });
    refused(r, RECEIPT_MESSAGES.trxNotFound, 'local_trx_id');
    const none = await call(s.app, owner, { method: 'GET', url: '/cashier/pos-trx-history/tidak-ada' });
    refused(none, RECEIPT_MESSAGES.trxNotFound);
  });

  it('end times read as WIB: a sale at 23:30 WIB is on that day, not the next (UTC) one', async () => {
    const late = sale(kemang, [line(kemang, RETAIL)], {
      extra: {
        trx_local_start_time: `${addDays(today, -2)} 23:20:00`,
        trx_local_end_time: `${addDays(today, -2)} 23:30:00`,
      },
    });
    expect((await submit(s.app, owner, [late])).statusCode).toBe(200);
    const day = addDays(today, -2);
    const p = await page(owner, { start_date: day, end_date: day });
    expect(p.trxs.map((t) => t.local_trx_id)).toEqual([late.local_trx_id]);
    expect(formatOutletStamp(new Date(`${day}T23:30:00+07:00`))).toBe(`${day} 23:30:00`);
  });
}
