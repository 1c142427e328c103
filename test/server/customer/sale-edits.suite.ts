// The cashier's Customer Data edits (000 §2 Set Customer: Nama, Tanggal Lahir, Jenis Kelamin, Catatan,
// Notification Email) travel in the sale's customer and are stored by cashier/pos-trx; the next
// lookup answers them. Run on PGlite (sale-edits.test.ts) and PostgreSQL (sale-edits.pg.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoCustomer } from '../../../server/db/demo/types';
import { posUser } from '../../../src/api/contract/customer';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

export function saleEditsSuite(backend: Backend): void {
  let s: TestServer;
  let t: Tokens;
  let kemang: ServedConfig;
  let demo: DemoCustomer[];

  const lookup = async (type: string, value: string) => {
    const r = await call(s.app, t, {
      method: 'POST',
      url: '/cashier/pos/user?retrieve_coupon=1',
      payload: { user_identifier_type: type, user_identifier_string: value },
    });
    expect(r.statusCode, r.body).toBe(200);
    return posUser.parse(r.json().data);
  };
  const sell = async (customer: Record<string, unknown>, status = 200) => {
    const r = await submit(s.app, t, [sale(kemang, [line(kemang, RETAIL)], { customer })]);
    expect(r.statusCode, r.body).toBe(status);
  };
  const stored = async (code: string) => {
    const rows = await s.database.withConnection((c) =>
      c.query<{ flag: number; address: string | null }>(
        `SELECT user_email_notification AS flag, extra->>'notification_email' AS address
         FROM customers WHERE user_code = $1`,
        [code],
      ),
    );
    return rows[0];
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    t = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, t, 1);
    demo = demoBusiness(s.clock.now()).customers;
  });
  afterAll(async () => {
    await s?.close();
  });

  it("a known customer's edits are stored and the next lookup answers them", async () => {
    const c = demo[10];
    const before = await lookup('phone', c.user_phone);
    await sell({
      ...before,
      user_name: 'Ani Baru',
      user_birth_date: '1990-05-17',
      user_gender: before.user_gender === 1 ? 2 : 1,
      user_notes: 'Alergi parfum',
      user_email_notification: 'Ani.Struk@contoh.id',
    });
    const after = await lookup('phone', c.user_phone);
    expect(after).toMatchObject({
      user_code: c.user_code,
      user_name: 'Ani Baru',
      user_birth_date: '1990-05-17',
      user_gender: before.user_gender === 1 ? 2 : 1,
      user_notes: 'Alergi parfum',
      user_email_notification: 'ani.struk@contoh.id',
    });
    // Identifiers are not Customer Data: untouched.
    expect(after.user_phone).toBe(before.user_phone);
    expect(after.user_email).toBe(before.user_email);
    expect(await stored(c.user_code)).toEqual({ flag: 1, address: 'ani.struk@contoh.id' });

    // Clearing: no notes; no notification e-mail (the flag off, the address gone).
    await sell({ ...after, user_notes: null, user_email_notification: '' });
    const cleared = await lookup('phone', c.user_phone);
    expect(cleared.user_notes).toBeNull();
    expect(cleared.user_email_notification).toBe('');
    expect(await stored(c.user_code)).toEqual({ flag: 0, address: null });
  });

  it("the customer's own e-mail as notification address is the flag alone", async () => {
    const c = demo[13];
    const before = await lookup('phone', c.user_phone);
    expect(before.user_email_notification).toBe('');
    await sell({ ...before, user_email_notification: c.user_email.toUpperCase() });
    expect((await lookup('phone', c.user_phone)).user_email_notification).toBe(c.user_email);
    expect(await stored(c.user_code)).toEqual({ flag: 1, address: null });
  });

  it('unreadable values and a blank name change nothing; a refused sale stores no edit', async () => {
    const c = demo[11];
    const before = await lookup('phone', c.user_phone);
    await sell({
      ...before,
      user_name: '  ',
      user_birth_date: '1990-02-30',
      user_gender: 3,
      user_email_notification: 'bukan-email',
    });
    const same = await lookup('phone', c.user_phone);
    for (const k of ['user_name', 'user_birth_date', 'user_gender', 'user_email_notification'] as const)
      expect(same[k], k).toEqual(before[k]);
    for (const future of ['2999-01-01', '1920-06-01']) {
      await sell({ ...before, user_birth_date: future });
      expect((await lookup('phone', c.user_phone)).user_birth_date).toBe(before.user_birth_date);
    }

    const refused = sale(kemang, [line(kemang, RETAIL)], { customer: { ...before, user_name: 'Ditolak' } });
    const r = await submit(s.app, t, [{ ...refused, drv_grand_total: refused.drv_grand_total + 1 }]);
    expect(r.statusCode).toBe(400);
    expect((await lookup('phone', c.user_phone)).user_name).toBe(before.user_name);
  });

  it('a copy read before a newer change does not undo it (a sale synced late)', async () => {
    const c = demo[12];
    const old = await lookup('phone', c.user_phone);
    s.clock.advance(60_000);
    const fresh = await lookup('phone', c.user_phone);
    await sell({ ...fresh, user_name: 'Nama Terbaru' });
    s.clock.advance(60_000);
    // The old copy (read a minute before that edit) with its own edit: the newer edit stays.
    await sell({ ...old, user_name: 'Nama Lama', user_notes: 'Catatan lama' });
    const now = await lookup('phone', c.user_phone);
    expect(now.user_name).toBe('Nama Terbaru');
    expect(now.user_notes).toBe(fresh.user_notes);
  });

  it('a new customer is created with every Customer Data field, the notification e-mail included', async () => {
    const phone = '081299887766';
    const created = {
      user_code: null,
      user_name: 'Pelanggan Baru',
      user_phone: phone,
      user_birth_date: '1985-12-01',
      user_gender: 2,
      user_notes: 'Datang dari Instagram',
      user_email_notification: 'baru@contoh.id',
    };
    await sell(created);
    const u = await lookup('phone', phone);
    expect(u).toMatchObject({
      user_name: 'Pelanggan Baru',
      user_birth_date: '1985-12-01',
      user_gender: 2,
      user_notes: 'Datang dari Instagram',
      user_email_notification: 'baru@contoh.id',
    });
    expect(u.user_code).toMatch(/^SB\d{8}$/);
  });

  it('a "new" customer matched on a known phone only fills what the stored one lacks', async () => {
    const phone = '081211112222';
    // Known by its phone alone: the name is the phone, nothing else is set.
    await sell({ user_code: null, user_phone: phone });
    const bare = await lookup('phone', phone);
    expect(bare.user_birth_date).toBeNull();
    // Another device, offline, typed data for the same number.
    await sell({
      user_code: null,
      user_phone: phone,
      user_name: 'Budi',
      user_birth_date: '1979-03-04',
      user_notes: 'Kulit sensitif',
    });
    const filled = await lookup('phone', phone);
    expect(filled).toMatchObject({
      user_code: bare.user_code,
      user_name: 'Budi',
      user_birth_date: '1979-03-04',
      user_notes: 'Kulit sensitif',
    });
    // What it has is kept: a third copy does not replace it.
    await sell({
      user_code: null,
      user_phone: phone,
      user_name: 'Bukan Budi',
      user_birth_date: '2000-01-01',
    });
    expect(await lookup('phone', phone)).toMatchObject({ user_name: 'Budi', user_birth_date: '1979-03-04' });
  });

  it('with pos_trx_no_user_edit = 1 the sale is stored but the customer is not edited', async () => {
    const c = demo[12];
    const before = await lookup('phone', c.user_phone);
    await s.database.withConnection((conn) =>
      conn.query(
        `UPDATE outlets SET settings = settings || '{"pos_trx_no_user_edit": 1}'::jsonb WHERE business_outlet_id = 1`,
      ),
    );
    try {
      await sell({ ...before, user_name: 'Bukan Dia', user_notes: 'diubah di kasir' });
      expect(await lookup('phone', c.user_phone)).toMatchObject({
        user_name: before.user_name,
        user_notes: before.user_notes,
      });
    } finally {
      await s.database.withConnection((conn) =>
        conn.query(
          `UPDATE outlets SET settings = settings || '{"pos_trx_no_user_edit": 0}'::jsonb WHERE business_outlet_id = 1`,
        ),
      );
    }
  });
}
