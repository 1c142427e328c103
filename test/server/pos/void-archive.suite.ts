// Void, saved transactions, inventory-out and the role flags of the sales calls, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import {
  archiveDownloadResponse,
  archiveListResponse,
  inventoryOutResponse,
  posTrxVoidResponse,
} from '../../../src/api/contract/pos';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { API_MESSAGES, POS_MESSAGES } from '../../../src/domain/texts/server';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError, saleFootprint, scalar, stockOf, walletOf } from './sales.suite';

const RETAIL = 1072;
const CREAMBATH = 1005;

const receivableOf = (s: TestServer, localTrxId: string) =>
  scalar(
    s,
    `SELECT sum(l.amount)::text AS v FROM receivables r JOIN receivable_ledger l USING (account_receivable_id)
     WHERE r.local_trx_id = $1`,
    [localTrxId],
  );

export function voidArchiveSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let walletUser: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    walletUser = demoBusiness(s.clock.now()).customers[0].user_code;
  });
  afterAll(async () => {
    await s?.close();
  });

  const voidCall = (t: Tokens, id: number | string, payload: unknown) =>
    call(s.app, t, { method: 'POST', url: `/cashier/pos-trx/void/${id}`, payload: payload as object });

  describe('void', () => {
    it('reverses every ledger entry with new entries: wallet, receivable and stock back where they were', async () => {
      const wallet = await walletOf(s, walletUser);
      const conditioner = await stockOf(s, 10721);
      const krim = await stockOf(s, 10791);
      const trx = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)], {
        customer: { user_code: walletUser },
        payments: [
          { name: 'Deposit', type: 'DEPOSIT', amount: 15000 },
          { name: 'Piutang', type: 'CREDIT', amount: 50000 },
          { name: 'Cash' },
        ],
      });
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      const headId = r.json().data[0].pos_sales_trx_head_id as number;
      expect(await walletOf(s, walletUser)).toBe(wallet - 15000);
      expect(await receivableOf(s, trx.local_trx_id)).toBe(50000);
      expect(await stockOf(s, 10721)).toBeCloseTo(conditioner - 2, 4);
      const before = await saleFootprint(s);

      const v = await voidCall(owner, headId, { password: DEMO_PASSWORD, reason: 'Salah input item' });
      expect(v.statusCode, v.body).toBe(200);
      const data = posTrxVoidResponse.parse(v.json().data);
      expect(data).toMatchObject({
        pos_sales_trx_head_id: headId,
        trx_status_id: 4,
        void_reason: 'Salah input item',
      });
      expect(await walletOf(s, walletUser)).toBe(wallet);
      expect(await receivableOf(s, trx.local_trx_id)).toBe(0);
      expect(await stockOf(s, 10721)).toBeCloseTo(conditioner, 4);
      expect(await stockOf(s, 10791)).toBeCloseTo(krim, 4);
      const after = await saleFootprint(s);
      // appended, never edited: one wallet, one receivable and two stock reversals
      expect(after.wallet_ledger - before.wallet_ledger).toBe(1);
      expect(after.receivable_ledger - before.receivable_ledger).toBe(1);
      expect(after.stock_ledger - before.stock_ledger).toBe(2);
      expect(
        await scalar(
          s,
          `SELECT trx_status_id::text AS v FROM pos_sales_trx_heads WHERE pos_sales_trx_head_id = $1 AND voided_by = 1`,
          [headId],
        ),
      ).toBe(4);

      // twice: the same answer, nothing reversed again
      const again = await voidCall(owner, headId, { password: DEMO_PASSWORD, reason: 'lagi' });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(v.json().data);
      expect(await saleFootprint(s)).toEqual(after);
      // a repeat of the voided sale's submission still answers the first answer and writes nothing
      const resend = await submit(s.app, owner, [trx], 1);
      expect(resend.json().data).toEqual(r.json().data);
      expect(await saleFootprint(s)).toEqual(after);
    });

    it('two voids at once reverse once', async () => {
      const r = await submit(s.app, owner, [sale(kemang, [line(kemang, RETAIL)])]);
      const headId = r.json().data[0].pos_sales_trx_head_id as number;
      const before = await saleFootprint(s);
      const both = await Promise.all([
        voidCall(owner, headId, { password: DEMO_PASSWORD, reason: 'a' }),
        voidCall(owner, headId, { password: DEMO_PASSWORD, reason: 'b' }),
      ]);
      for (const v of both) expect(v.statusCode).toBe(200);
      expect((await saleFootprint(s)).stock_ledger - before.stock_ledger).toBe(1);
    });

    it('messages: wrong password, missing password and reason, unknown sale', async () => {
      const r = await submit(s.app, owner, [sale(kemang, [line(kemang, RETAIL)])]);
      const headId = r.json().data[0].pos_sales_trx_head_id as number;
      expectError(
        await voidCall(owner, headId, { password: 'salah', reason: 'x' }),
        400,
        POS_MESSAGES.wrongPassword,
        'password',
      );
      expectError(
        await voidCall(owner, headId, { reason: 'x' }),
        400,
        DOMAIN_MESSAGES.passwordRequired,
        'password',
      );
      expectError(
        await voidCall(owner, headId, { password: DEMO_PASSWORD, reason: '  ' }),
        400,
        POS_MESSAGES.reasonRequired,
        'reason',
      );
      expectError(
        await voidCall(owner, 99999999, { password: DEMO_PASSWORD, reason: 'x' }),
        400,
        POS_MESSAGES.trxNotFound,
      );
      expectError(
        await voidCall(owner, headId, { password: DEMO_PASSWORD, reason: 'x\u0000' }),
        400,
        API_MESSAGES.invalidInput,
        'reason',
      );
      expectError(
        await voidCall(owner, 'abc', { password: DEMO_PASSWORD, reason: 'x' }),
        400,
        POS_MESSAGES.trxNotFound,
      );
      expect(
        await scalar(
          s,
          `SELECT trx_status_id::text AS v FROM pos_sales_trx_heads WHERE pos_sales_trx_head_id = $1`,
          [headId],
        ),
      ).toBe(3);
    });

    it('refused (403) when the group does not allow void (is_void_allowed of outlet AND group)', async () => {
      const r = await submit(s.app, owner, [sale(kemang, [line(kemang, RETAIL)])]);
      const headId = r.json().data[0].pos_sales_trx_head_id as number;
      const kasir = await signIn(s.app, 'kasir@serambi.id');
      expectError(
        await voidCall(kasir, headId, { password: DEMO_PASSWORD, reason: 'x' }),
        403,
        API_MESSAGES.forbidden,
      );
      // the Menteng doctor's group and outlet allow voids, but this is a Kemang sale
      const dokter = await signIn(s.app, 'dokter@serambi.id');
      expectError(
        await voidCall(dokter, headId, { password: DEMO_PASSWORD, reason: 'x' }),
        403,
        API_MESSAGES.forbidden,
      );
    });
  });

  describe('saved transactions (archive)', () => {
    const pending = (label: string) => ({
      local_trx_id: crypto.randomUUID(),
      trx_status_id: 2,
      trx_label: label,
      details: [line(kemang, RETAIL)],
    });
    const save = (t: Tokens, trx: unknown) =>
      call(s.app, t, { method: 'POST', url: '/cashier/pos-sales-trx-archive', payload: { trx } as object });
    const list = async (t: Tokens) => {
      const r = await call(s.app, t, { method: 'GET', url: '/cashier/pos-sales-trx-archive' });
      expect(r.statusCode, r.body).toBe(200);
      return archiveListResponse.parse(r.json().data);
    };
    const download = (t: Tokens, id: string) =>
      call(s.app, t, { method: 'GET', url: `/cashier/pos-sales-trx-archive/${id}` });

    it('save, list, save again (replaces), download once', async () => {
      const trx = pending('Meja 1');
      expect((await save(owner, trx)).statusCode).toBe(200);
      expect((await save(owner, { ...trx, trx_label: 'Meja 2' })).statusCode).toBe(200);
      const saved = (await list(owner)).filter((e) => e.local_trx_id === trx.local_trx_id);
      expect(saved).toHaveLength(1);
      expect(saved[0].trx.trx_label).toBe('Meja 2');
      expect(saved[0].cashier_name).toContain('');

      const d = await download(owner, trx.local_trx_id);
      expect(d.statusCode, d.body).toBe(200);
      expect(archiveDownloadResponse.parse(d.json().data).trx).toMatchObject({ trx_label: 'Meja 2' });
      expect((await list(owner)).some((e) => e.local_trx_id === trx.local_trx_id)).toBe(false);
      // the same session's retry (a lost answer) gets it again; another device finds nothing
      expect((await download(owner, trx.local_trx_id)).json().data).toEqual(d.json().data);
      const other = await signIn(s.app, 'spv@serambi.id');
      await outletConfig(s.app, other, 1);
      expectError(
        await download(other, trx.local_trx_id),
        400,
        POS_MESSAGES.savedTrxNotFound,
        'local_trx_id',
      );
      // saving it again after the download makes a new saved copy
      expect((await save(owner, trx)).statusCode).toBe(200);
      expect((await list(owner)).filter((e) => e.local_trx_id === trx.local_trx_id)).toHaveLength(1);
    });

    it('downloads racing from two devices: exactly one gets it', async () => {
      const trx = pending('Meja 3');
      await save(owner, trx);
      const other = await signIn(s.app, 'spv@serambi.id');
      await outletConfig(s.app, other, 1);
      const [a, b] = await Promise.all([
        download(owner, trx.local_trx_id),
        download(other, trx.local_trx_id),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    });

    it('delete takes it off the list; a missing local_trx_id is refused', async () => {
      const trx = pending('Meja 4');
      await save(owner, trx);
      const del = await call(s.app, owner, {
        method: 'DELETE',
        url: `/cashier/pos-sales-trx-archive/${trx.local_trx_id}`,
      });
      expect(del.json().data).toEqual({ deleted: 1 });
      expect((await list(owner)).some((e) => e.local_trx_id === trx.local_trx_id)).toBe(false);
      expectError(
        await save(owner, { trx_label: 'x' }),
        400,
        POS_MESSAGES.localTrxIdRequired,
        'trx.local_trx_id',
      );
      expectError(await save(owner, 'x'), 400, API_MESSAGES.invalidInput);
      expectError(
        await save(owner, { local_trx_id: 'a', trx_label: 'x\u0000' }),
        400,
        API_MESSAGES.invalidInput,
        'trx.trx_label',
      );
      expectError(await download(owner, 'a%00b'), 400, API_MESSAGES.invalidInput, 'local_trx_id');
    });
  });

  describe('inventory-out', () => {
    it('answers sales and ingredients of a sale with names and units; nothing after a void', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH, 3)]);
      const r = await submit(s.app, owner, [trx]);
      const url = `/cashier/inventory/inventory-out/${trx.local_trx_id}`;
      const got = await call(s.app, owner, { method: 'GET', url });
      expect(got.statusCode, got.body).toBe(200);
      const out = inventoryOutResponse.parse(got.json().data);
      expect(out.sales).toEqual([
        { qty: 2, unit_name: 'botol', item_name: 'Makarizo Conditioner 250 ml', variant_name: 'Reguler' },
      ]);
      expect(out.ingredients).toHaveLength(1);
      expect(out.ingredients[0]).toMatchObject({
        item_name: 'Krim Creambath Ginseng 500 g',
        unit_name: 'pcs',
      });
      expect(out.ingredients[0].qty).toBeCloseTo(0.3, 4);
      expect(out.consumptions).toEqual([]);
      await voidCall(owner, r.json().data[0].pos_sales_trx_head_id, { password: DEMO_PASSWORD, reason: 'x' });
      const after = inventoryOutResponse.parse(
        (await call(s.app, owner, { method: 'GET', url })).json().data,
      );
      expect(after).toEqual({ sales: [], consumptions: [], ingredients: [] });
    });
  });

  describe('authorisation', () => {
    it('no session answers 303 on every sales call', async () => {
      for (const [method, url] of [
        ['POST', '/cashier/pos-trx'],
        ['POST', '/cashier/pos-trx/void/1'],
        ['POST', '/cashier/pos-sales-trx-archive'],
        ['GET', '/cashier/pos-sales-trx-archive'],
        ['GET', '/cashier/pos-sales-trx-archive/x'],
        ['GET', '/cashier/inventory/inventory-out/x'],
      ] as const) {
        expectError(await call(s.app, null, { method, url, payload: {} }), 303, API_MESSAGES.sessionExpired);
      }
    });

    it('a user with several outlets must choose one first (a sale without a snapshot, the saved list)', async () => {
      const t = await signIn(s.app, 'spv@serambi.id');
      const trx = sale(kemang, [line(kemang, RETAIL)], { snapshot: false });
      expectError(await submit(s.app, t, [trx]), 400, API_MESSAGES.outletNotAllowed, 'trxs.0.outlet_id');
      expectError(
        await call(s.app, t, { method: 'GET', url: '/cashier/pos-sales-trx-archive' }),
        400,
        API_MESSAGES.outletNotAllowed,
        'outlet_id',
      );
      // a sale that names its outlet in cashier_configs needs no choice
      const named = await submit(s.app, t, [sale(kemang, [line(kemang, RETAIL)])]);
      expect(named.statusCode, named.body).toBe(200);
    });

    it('role flags: CASHIER_SYSTEM, SAVE_TRANSACTION, POS_SHOW_STOCK_OUT', async () => {
      await s.database.withConnection((c) =>
        c.query(
          `UPDATE user_groups SET auth_role_accesses = auth_role_accesses
             || '{"CASHIER_SYSTEM":0,"SAVE_TRANSACTION":0,"POS_SHOW_STOCK_OUT":0}'::jsonb
           WHERE business_user_group_id = 3`,
        ),
      );
      const dokter = await signIn(s.app, 'dokter@serambi.id');
      const menteng = await outletConfig(s.app, dokter, 2);
      const item = menteng.pos_items.find((i) => i.pos_item_id > 1)!;
      expectError(
        await submit(s.app, dokter, [sale(menteng, [line(menteng, item.pos_item_id)])]),
        403,
        API_MESSAGES.forbidden,
      );
      expectError(
        await call(s.app, dokter, {
          method: 'POST',
          url: '/cashier/pos-trx/void/1',
          payload: { password: 'x', reason: 'x' },
        }),
        403,
        API_MESSAGES.forbidden,
      );
      expectError(
        await call(s.app, dokter, {
          method: 'POST',
          url: '/cashier/pos-sales-trx-archive',
          payload: { trx: { local_trx_id: 'a' } },
        }),
        403,
        API_MESSAGES.forbidden,
      );
      expectError(
        await call(s.app, dokter, { method: 'GET', url: '/cashier/pos-sales-trx-archive' }),
        403,
        API_MESSAGES.forbidden,
      );
      // the download and the delete of one saved transaction are cashier calls too
      for (const method of ['GET', 'DELETE'] as const)
        expectError(
          await call(s.app, dokter, { method, url: '/cashier/pos-sales-trx-archive/a' }),
          403,
          API_MESSAGES.forbidden,
        );
      expectError(
        await call(s.app, dokter, { method: 'GET', url: '/cashier/inventory/inventory-out/a' }),
        403,
        API_MESSAGES.forbidden,
      );
    });
  });
}
