// Issue 28: the batch sync (POST cashier/pos-trx-batch) beside the spec's one-sale call, run on PGlite
// (batch.test.ts) and PostgreSQL (batch.pg.test.ts): each sale by the one-sale path, answered on its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saleMix } from '../../../bench/sale-mix';
import { demoBusiness } from '../../../server/db/demo';
import { POS_TRX_BATCH_MAX, posTrxBatchResponse } from '../../../src/api/contract/pos';
import { API_MESSAGES, POS_MESSAGES } from '../../../src/domain/texts/server';
import { secondBrand } from '../auth-matrix/matrix.suite';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from './fixtures';
import { expectError, saleFootprint, scalar } from './sales.suite';

const CREAMBATH = 1005;

export function batchSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;

  const batch = (t: Tokens, trxs: unknown[], extra: Record<string, unknown> = {}) =>
    call(s.app, t, {
      method: 'POST',
      url: '/cashier/pos-trx-batch',
      payload: { is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs, ...extra },
    });
  const heads = (id: string) =>
    scalar(s, `SELECT count(*)::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`, [id]);

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers each sale in order as the one-sale call would; a refused sale gets its own answer and the others are stored', async () => {
    const good1 = sale(kemang, [line(kemang, RETAIL)]);
    const bad = { ...sale(kemang, [line(kemang, RETAIL)]), drv_grand_total: 1 };
    const malformed = { ...sale(kemang, [line(kemang, CREAMBATH)]), trx_status_id: 'x' };
    const good2 = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)]);
    const r = await batch(owner, [good1, bad, malformed, good2]);
    expect(r.statusCode, r.body).toBe(200);
    const answers = posTrxBatchResponse.parse(r.json().data);
    expect(answers.map((a) => [a.status, a.local_trx_id])).toEqual([
      ['success', good1.local_trx_id],
      ['refused', bad.local_trx_id],
      ['refused', malformed.local_trx_id],
      ['success', good2.local_trx_id],
    ]);
    // the refusals are the one-sale call's, field without the trxs.{i} prefix
    const alone = await submit(s.app, owner, [bad], 1);
    expectError(alone, 400, 'Total transaksi tidak sesuai (drv_grand_total).', 'trxs.0.drv_grand_total');
    expect(answers[1]).toEqual({
      status: 'refused',
      local_trx_id: bad.local_trx_id,
      http_status: 400,
      message: 'Total transaksi tidak sesuai (drv_grand_total).',
      field: 'drv_grand_total',
    });
    expect(answers[2]).toMatchObject({ http_status: 400, message: API_MESSAGES.invalidInput });
    expect(await heads(good1.local_trx_id)).toBe(1);
    expect(await heads(good2.local_trx_id)).toBe(1);
    expect(await heads(bad.local_trx_id)).toBe(0);
    expect(await heads(malformed.local_trx_id)).toBe(0);
    // numbered one after the other, recorded as offline, like the one-sale sync
    const [a, , , d] = answers as { trx_id: string }[];
    expect(Number(d.trx_id.split('-').pop()) - Number(a.trx_id.split('-').pop())).toBe(1);
    expect(
      await scalar(s, `SELECT is_offline::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`, [
        good2.local_trx_id,
      ]),
    ).toBe(1);
  });

  it('a repeated batch is answered from storage and doubles nothing; a sale stored by the one-sale call too', async () => {
    const one = sale(kemang, [line(kemang, RETAIL)]);
    const viaSingle = sale(kemang, [line(kemang, CREAMBATH)]);
    const first = await submit(s.app, owner, [viaSingle], 1);
    expect(first.statusCode, first.body).toBe(200);
    const r1 = await batch(owner, [one, viaSingle]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().data[1]).toEqual(first.json().data[0]);
    const before = await saleFootprint(s);
    s.clock.advance(60_000);
    // the same batch again, and the same sale twice in one batch (the second is the writer's twin)
    const r2 = await batch(owner, [one, viaSingle]);
    expect(r2.json().data).toEqual(r1.json().data);
    const fresh = sale(kemang, [line(kemang, RETAIL)]);
    const r3 = await batch(owner, [fresh, fresh]);
    expect(r3.statusCode, r3.body).toBe(200);
    expect(r3.json().data[1]).toEqual(r3.json().data[0]);
    expect(r3.json().data[0].status).toBe('success');
    const after = await saleFootprint(s);
    expect(after.pos_sales_trx_heads).toBe(before.pos_sales_trx_heads + 1);
    expect(await heads(fresh.local_trx_id)).toBe(1);
    // and the one-sale call answers the batch's sale with the batch's answer
    const single = await submit(s.app, owner, [one], 1);
    expect(single.json().data[0]).toEqual(r1.json().data[0]);
    // a changed repeat is refused alone, as repeatDiffers
    const changed = { ...one, trx_notes: 'diubah' };
    const r4 = await batch(owner, [changed, sale(kemang, [line(kemang, RETAIL)])]);
    expect(r4.json().data.map((a: { status: string }) => a.status)).toEqual(['refused', 'success']);
    expect(r4.json().data[0].message).toBe(POS_MESSAGES.repeatDiffers);
  });

  it('a varied batch is priced from ONE catalogue read exactly as each sale alone would be', async () => {
    const customer = demoBusiness(s.clock.now()).customers[1].user_code;
    const mix = saleMix({ line, sale }, kemang, 12, customer);
    const twins = mix.map((m) => ({ ...m, local_trx_id: randomUUID() }));
    const r = await batch(owner, mix);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.map((a: { status: string }) => a.status)).toEqual(mix.map(() => 'success'));
    for (const t of twins) expect((await submit(s.app, owner, [t], 1)).statusCode).toBe(200);
    const stored = async (id: string) =>
      (
        await s.database.query<{ total: string; lines: string }>(
          `SELECT h.drv_grand_total::text AS total, (SELECT count(*) FROM pos_sales_trx_details d
             WHERE d.pos_sales_trx_head_id = h.pos_sales_trx_head_id)::text AS lines
           FROM pos_sales_trx_heads h WHERE local_trx_id = $1`,
          [id],
        )
      )[0];
    for (const [k, m] of mix.entries())
      expect(await stored(m.local_trx_id)).toEqual(await stored(twins[k].local_trx_id));
  });

  it('the sales of one statement are written in ONE statement, row for row as one by one, numbered in order around a sale that writes alone', async () => {
    const customer = demoBusiness(s.clock.now()).customers[1].user_code;
    const mix = saleMix({ line, sale }, kemang, 10, customer);
    // a customer given by phone is created with its sale: that sale writes in its own transaction
    const phone = `0813${String(Date.now()).slice(-8)}`;
    const alone = sale(kemang, [line(kemang, RETAIL)], {
      customer: { user_code: null, user_name: 'Pelanggan Batch', user_phone: phone },
    });
    const trxs = [...mix.slice(0, 5), alone, ...mix.slice(5)];
    const named: string[] = [];
    const query = s.database.query.bind(s.database);
    s.database.query = ((text: string, params: unknown[], name?: string) => {
      if (name) named.push(name);
      return query(text, params, name);
    }) as typeof s.database.query;
    let r: Awaited<ReturnType<typeof batch>>;
    try {
      r = await batch(owner, trxs);
    } finally {
      s.database.query = query;
    }
    expect(r.statusCode, r.body).toBe(200);
    const answers = posTrxBatchResponse.parse(r.json().data);
    expect(answers.map((a) => a.status)).toEqual(trxs.map(() => 'success'));
    // the five before the lone sale in one statement, the five after it in another; none one by one
    expect(named.filter((n) => n === 'pos_insert_sales')).toHaveLength(2);
    expect(named.filter((n) => n === 'pos_insert_sale')).toHaveLength(0);
    // numbered one after the other in the batch's order
    const numbers = answers.map((a) => Number((a as { trx_id: string }).trx_id.split('-').pop()));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    // each stored exactly as the one-sale call stores its twin: head, lines, payments, stock moves
    const twins = mix.map((m) => ({ ...m, local_trx_id: randomUUID() }));
    for (const t of twins) expect((await submit(s.app, owner, [t], 1)).statusCode).toBe(200);
    const stored = async (id: string) =>
      (
        await s.database.query<{ v: string }>(
          `SELECT json_build_object(
             'head', (SELECT to_jsonb(h) - '{pos_sales_trx_head_id,local_trx_id,trx_id,search_text,created_at,body_hash,trx}'::text[]
                || jsonb_build_object('trx', h.trx - 'local_trx_id') FROM pos_sales_trx_heads h WHERE h.local_trx_id = $1),
             'details', (SELECT jsonb_agg(to_jsonb(d) - '{pos_sales_trx_detail_id,pos_sales_trx_head_id}'::text[] ORDER BY d.line_no)
                FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id) WHERE h.local_trx_id = $1),
             'payments', (SELECT jsonb_agg(to_jsonb(p) - '{pos_sales_trx_payment_id,pos_sales_trx_head_id}'::text[] ORDER BY p.local_payment_id)
                FROM pos_sales_trx_payments p JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id) WHERE h.local_trx_id = $1),
             'stock', (SELECT jsonb_agg(to_jsonb(l) - '{entry_id,ref_local_trx_id,created_at}'::text[]
                ORDER BY l.pos_item_variant_id, l.entry_type, l.qty) FROM stock_ledger l WHERE l.ref_local_trx_id = $1)
           )::text AS v`,
          [id],
        )
      )[0].v;
    let moves = 0;
    for (const [k, m] of mix.entries()) {
      const mine = await stored(m.local_trx_id);
      expect(mine).toEqual(await stored(twins[k].local_trx_id));
      moves += (JSON.parse(mine).stock ?? []).length;
    }
    // the mix moves stock (retail units and the services' recipes) and names a customer on some sales
    expect(moves).toBeGreaterThan(10);
    expect(await heads(alone.local_trx_id)).toBe(1);
  });

  it('concurrent copies of one batch store each sale once and all get the same answers', async () => {
    const trxs = [sale(kemang, [line(kemang, RETAIL)]), sale(kemang, [line(kemang, CREAMBATH)])];
    const answers = await Promise.all(Array.from({ length: 4 }, () => batch(owner, trxs)));
    for (const r of answers) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toEqual(answers[0].json().data);
    }
    for (const t of trxs) expect(await heads(t.local_trx_id)).toBe(1);
  });

  it('session, flag and outlet once: 303 without a session, 403 without CASHIER_SYSTEM; another brand cannot take a sale', async () => {
    const trx = sale(kemang, [line(kemang, RETAIL)]);
    const none = await s.app.inject({
      method: 'POST',
      url: '/cashier/pos-trx-batch',
      payload: { trxs: [trx] },
    });
    expect(none.statusCode).toBe(303);
    const noFlag = await userWithFlags(s, 9_601, { CASHIER_SYSTEM: 0, TRX_HISTORY: 1 }, { outletIds: [1] });
    await outletConfig(s.app, noFlag, 1).catch(() => undefined);
    expectError(await batch(noFlag, [trx]), 403, API_MESSAGES.forbidden);
    expect(await heads(trx.local_trx_id)).toBe(0);
    // brand 2 names Kemang's stored sale: refused as unknown, nothing changes; its own new sale is its own
    const stored = await batch(owner, [trx]);
    expect(stored.json().data[0].status).toBe('success');
    const brand2 = await secondBrand(s);
    await outletConfig(s.app, brand2, 901);
    const before = await saleFootprint(s);
    const r = await batch(brand2, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data[0]).toMatchObject({
      status: 'refused',
      http_status: 400,
      message: POS_MESSAGES.trxNotFound,
      field: 'local_trx_id',
    });
    expect(await saleFootprint(s)).toEqual(before);
    // kasir works in Kemang only: a snapshot naming Menteng stays in the session's outlet, as one by one
    const kasir = await signIn(s.app, 'kasir@serambi.id');
    await outletConfig(s.app, kasir, 1);
    const claimed = sale(kemang, [line(kemang, RETAIL)]);
    (claimed.cashier_configs as Record<string, unknown>).business_outlet_id = 2;
    const k = await batch(kasir, [claimed]);
    expect(k.json().data[0].trx_id).toMatch(/^KMG-/);
  });

  it('bounds: 1 to POS_TRX_BATCH_MAX sales, an object body, never a 500', async () => {
    expectError(await batch(owner, []), 400, POS_MESSAGES.trxsRequired, 'trxs');
    const many = Array.from({ length: POS_TRX_BATCH_MAX + 1 }, () => ({ local_trx_id: randomUUID() }));
    expectError(await batch(owner, many), 400, API_MESSAGES.invalidInput, 'trxs');
    const odd = await batch(owner, [null, 7, 'x', { local_trx_id: '' }]);
    expect(odd.statusCode, odd.body).toBe(200);
    expect(
      odd.json().data.map((a: { status: string; http_status: number }) => [a.status, a.http_status]),
    ).toEqual([
      ['refused', 400],
      ['refused', 400],
      ['refused', 400],
      ['refused', 400],
    ]);
    const notObject = await call(s.app, owner, {
      method: 'POST',
      url: '/cashier/pos-trx-batch',
      payload: [1],
    });
    expect(notObject.statusCode).toBe(400);
  });
}
