// A saved transaction and a sign-out copy belong to the outlet and brand that sent them first (issue 11
// item 5): another outlet or brand that knows the local_trx_id cannot take them over. Run on PGlite
// (ownership.test.ts) and on PostgreSQL (ownership.pg.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveListResponse } from '../../../src/api/contract/pos';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { outletConfig } from './fixtures';
import { expectError } from './sales.suite';

/** A second brand (99) with one outlet (99) and one owner (other@brand.id, the demo password). */
export async function addSecondBrand(s: TestServer): Promise<void> {
  await s.database.withConnection((c) =>
    c.exec(`
      INSERT INTO businesses (business_id, brand_name, business_slug, currency_code, qty_decimal_length, settings, created_at)
        SELECT 99, 'Brand Lain', 'brand-lain', currency_code, qty_decimal_length, settings, created_at
        FROM businesses WHERE business_id = 1;
      INSERT INTO outlets (business_outlet_id, business_id, outlet_name, settings, created_at)
        SELECT 99, 99, 'Outlet Lain', settings, created_at FROM outlets WHERE business_outlet_id = 1;
      INSERT INTO user_groups (business_user_group_id, business_id, group_name, auth_role_accesses, is_void_allowed)
        SELECT 99, 99, g.group_name, g.auth_role_accesses, g.is_void_allowed FROM user_groups g
        JOIN business_users u ON u.business_user_group_id = g.business_user_group_id
        WHERE u.email = 'demo@serambi.id';
      INSERT INTO business_users (business_user_id, business_id, email, password_hash, firstname, business_user_group_id, created_at)
        SELECT 99, 99, 'other@brand.id', password_hash, 'Lain', 99, created_at FROM business_users
        WHERE email = 'demo@serambi.id';
      INSERT INTO business_user_outlets (business_user_id, business_outlet_id) VALUES (99, 99);`),
  );
}

export function ownershipSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens; // Kemang (outlet 1)
  let colleague: Tokens; // another cashier of Kemang
  let otherOutlet: Tokens; // Menteng (outlet 2), same brand
  let otherBrand: Tokens; // brand 99

  beforeAll(async () => {
    s = await startTestServer(backend);
    await addSecondBrand(s);
    owner = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, owner, 1);
    colleague = await signIn(s.app, 'spv@serambi.id');
    await outletConfig(s.app, colleague, 1);
    otherOutlet = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, otherOutlet, 2);
    otherBrand = await signIn(s.app, 'other@brand.id');
    await outletConfig(s.app, otherBrand, 99);
  });
  afterAll(async () => {
    await s?.close();
  });

  const save = (t: Tokens, trx: unknown) =>
    call(s.app, t, { method: 'POST', url: '/cashier/pos-sales-trx-archive', payload: { trx } as object });
  const list = async (t: Tokens) =>
    archiveListResponse.parse(
      (await call(s.app, t, { method: 'GET', url: '/cashier/pos-sales-trx-archive' })).json().data,
    );
  const pending = (label: string) => ({
    local_trx_id: crypto.randomUUID(),
    trx_status_id: 2,
    trx_label: label,
  });

  it("a saved transaction: the outlet's cashiers may save it again; another outlet or brand is refused and changes nothing", async () => {
    const trx = pending('Meja 7');
    expect((await save(owner, trx)).statusCode).toBe(200);
    // a colleague of the same outlet updates it (the outlet's list is shared)
    expect((await save(colleague, { ...trx, trx_label: 'Meja 8' })).statusCode).toBe(200);
    for (const thief of [otherOutlet, otherBrand])
      expectError(
        await save(thief, { ...trx, trx_label: 'diambil' }),
        400,
        POS_MESSAGES.trxOfAnotherOutlet,
        'trx.local_trx_id',
      );
    const mine = (await list(owner)).filter((e) => e.local_trx_id === trx.local_trx_id);
    expect(mine).toHaveLength(1);
    expect(mine[0].trx.trx_label).toBe('Meja 8');
    for (const thief of [otherOutlet, otherBrand])
      expect((await list(thief)).some((e) => e.local_trx_id === trx.local_trx_id)).toBe(false);

    // once downloaded, another outlet still cannot start a copy of its own under that id
    expect(
      (await call(s.app, owner, { method: 'GET', url: `/cashier/pos-sales-trx-archive/${trx.local_trx_id}` }))
        .statusCode,
    ).toBe(200);
    expectError(await save(otherBrand, trx), 400, POS_MESSAGES.trxOfAnotherOutlet, 'trx.local_trx_id');
    expect((await save(owner, trx)).statusCode).toBe(200);
  });

  it("deleting a saved transaction: another outlet is refused, another brand answered as for an unknown id (issue 23 item 8), and it stays on the owner's list; the owner's delete is harmless twice", async () => {
    const trx = pending('Meja 9');
    expect((await save(owner, trx)).statusCode).toBe(200);
    const removeId = (t: Tokens, id: string) =>
      call(s.app, t, { method: 'DELETE', url: `/cashier/pos-sales-trx-archive/${id}` });
    const remove = (t: Tokens) => removeId(t, trx.local_trx_id);
    expectError(await remove(otherOutlet), 400, POS_MESSAGES.trxOfAnotherOutlet, 'local_trx_id');
    // another brand learns nothing: the same answer as for an id nobody saved
    const unknown = await removeId(otherBrand, crypto.randomUUID());
    const foreign = await remove(otherBrand);
    expect(foreign.statusCode).toBe(unknown.statusCode);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json().data).toEqual({ deleted: 0 });
    expect((await list(owner)).some((e) => e.local_trx_id === trx.local_trx_id)).toBe(true);
    for (const attempt of [1, 2]) {
      const res = await remove(colleague);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.deleted).toBe(attempt === 1 ? 1 : 0);
    }
    expect((await list(owner)).some((e) => e.local_trx_id === trx.local_trx_id)).toBe(false);
  });

  it("a sign-out copy of a pending transaction: another outlet or brand cannot replace it; the outlet's cashiers may", async () => {
    const id = crypto.randomUUID();
    const signOut = (t: Tokens, label: string) =>
      call(s.app, t, {
        method: 'POST',
        url: '/cashier/pos/auth/sign-out',
        payload: {
          configs: {},
          deletedTrxs: [],
          pendingTrxs: [{ local_trx_id: id, trx_status_id: 2, trx_label: label }],
        },
      });
    const stored = async () => {
      const [r] = await s.database.query<{ label: string; outlet_id: number }>(
        `SELECT trx->>'trx_label' AS label, outlet_id FROM sign_out_trxs WHERE local_trx_id = $1 AND kind = 'pending'`,
        [id],
      );
      return r;
    };
    expect((await signOut(owner, 'asli')).statusCode).toBe(200);
    for (const thief of [otherOutlet, otherBrand])
      expectError(
        await signOut(thief, 'diambil'),
        400,
        POS_MESSAGES.trxOfAnotherOutlet,
        'pendingTrxs.0.local_trx_id',
      );
    expect(await stored()).toEqual({ label: 'asli', outlet_id: 1 });
    // the refused sign-out changed nothing: those sessions still work
    expect((await call(s.app, otherBrand, { method: 'GET', url: '/cashier/config' })).statusCode).toBe(200);
    expect((await signOut(colleague, 'ganti kasir')).statusCode).toBe(200);
    expect((await stored())?.label).toBe('ganti kasir');
  });
}
