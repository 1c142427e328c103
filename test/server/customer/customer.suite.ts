// Customer lookup, balance and keyword search: run on PGlite (customer.test.ts) and PostgreSQL (*.pg.test.ts).
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoCustomer } from '../../../server/db/demo/types';
import {
  couponUserLedger,
  couponUsers,
  customers,
  receivableLedger,
  receivables,
  walletLedger,
} from '../../../server/db/schema';
import { posUser, USER_SEARCH_LIMIT, userSearchResponse } from '../../../src/api/contract/customer';
import { MESSAGES } from '../../../src/api/contract/envelope';
import { MESSAGES as DOMAIN } from '../../../src/domain/messages';
import { canonicalPhone } from '../../../src/domain/pos/phone';
import { CUSTOMER_SEARCH_OWN } from '../../../src/domain/texts/customer-search';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { expectError, userWithFlags } from './fixtures';

const POS_USER = '/cashier/pos/user?retrieve_coupon=1';
const BALANCE = '/cashier/pos/user';
const SEARCH = '/cashier/pos/user-search';

export function customerSuite(backend: Backend): void {
  let s: TestServer;
  let t: Tokens;
  let demo: DemoCustomer[];
  const customerIdOf = async (code: string) => {
    const [row] = await s.database.db
      .select({ id: customers.customer_id })
      .from(customers)
      .where(eq(customers.user_code, code));
    return row.id;
  };
  const lookup = (type: string, value: string, url = POS_USER) =>
    call(s.app, t, {
      method: 'POST',
      url,
      payload: { user_identifier_type: type, user_identifier_string: value },
    });
  const found = async (type: string, value: string, url = POS_USER) => {
    const r = await lookup(type, value, url);
    expect(r.statusCode, r.body).toBe(200);
    return posUser.parse(r.json().data);
  };
  const search = async (keyword: string) => {
    const r = await call(s.app, t, {
      method: 'GET',
      url: `${SEARCH}?keyword=${encodeURIComponent(keyword)}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return userSearchResponse.parse(r.json().data).users;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    demo = demoBusiness(s.clock.now()).customers;
    t = await signIn(s.app, 'kasir@serambi.id');
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('POST cashier/pos/user', () => {
    it('finds one customer by +62…, 62…, 08… and 8… alike', async () => {
      for (const c of [demo[0], demo[1]]) {
        const digits = c.user_phone.replace(/^\+62|^0/, '');
        for (const variant of [`+62${digits}`, `62${digits}`, `0${digits}`, digits]) {
          const u = await found('phone', variant);
          expect(u.user_code, variant).toBe(c.user_code);
          expect(u.user_identifier_string).toBe(variant);
        }
      }
    });

    it('answers the customer fields of 000 §3', async () => {
      const c = demo[0];
      const u = await found('email', c.user_email.toUpperCase());
      expect(u).toMatchObject({
        user_code: c.user_code,
        user_name: c.user_name,
        user_ref: c.user_ref,
        user_email: c.user_email,
        user_birth_date: c.user_birth_date,
        user_gender: c.user_gender,
        user_identifier_type: 'email',
        is_signed_up: 1,
      });
      expect(u.retrieve_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await found('qr', c.user_code)).user_code).toBe(c.user_code);
      expect((await found('search', c.user_code.toLowerCase())).user_code).toBe(c.user_code);
      expect((await found('reference', c.user_ref.toLowerCase())).user_code).toBe(c.user_code);
    });

    it('answers a new customer for an unknown phone or e-mail', async () => {
      const p = await found('phone', '089999000111');
      expect(p).toMatchObject({
        user_code: null,
        user_phone: '+6289999000111',
        user_identifier_type: 'phone',
        user_identifier_string: '089999000111',
        account_receivables: [],
        active_coupons: [],
        deposit_amount: 0,
        is_signed_up: 0,
        membership_name: null,
      });
      const e = await found('email', 'baru@contoh.co.id');
      expect(e).toMatchObject({ user_code: null, user_email: 'baru@contoh.co.id', user_phone: null });
    });

    it('refuses an unknown QR code or reference (no new customer from those)', async () => {
      expectError(await lookup('qr', 'SB99999999'), 400, DOMAIN.customerNotFound, 'user_identifier_string');
      expectError(await lookup('reference', 'REF-9999'), 400, DOMAIN.customerNotFound);
    });

    it('answers every validation message of 000 §5', async () => {
      const post = (payload: unknown) =>
        call(s.app, t, { method: 'POST', url: POS_USER, payload: payload as object });
      expectError(await post({}), 400, DOMAIN.customerRequired, 'user_identifier_type');
      expectError(
        await post({ user_identifier_type: 'phone' }),
        400,
        DOMAIN.customerRequired,
        'user_identifier_string',
      );
      expectError(await lookup('phone', '   '), 400, DOMAIN.customerRequired, 'user_identifier_string');
      expectError(await lookup('phone', '0812-34'), 400, DOMAIN.invalidPhone, 'user_identifier_string');
      expectError(await lookup('phone', '12345678'), 400, DOMAIN.invalidPhone);
      expectError(await lookup('email', 'ayu@contoh'), 400, DOMAIN.invalidEmail, 'user_identifier_string');
      // issue 24: 'nik' is a type now (001 §2.2); a NIK that is not 16 digits names the value
      expectError(await lookup('nik', '3174'), 400, CUSTOMER_SEARCH_OWN.nikInvalid, 'user_identifier_string');
      expectError(await lookup('nfc', '3174'), 400, MESSAGES.invalidInput, 'user_identifier_type');
      expectError(await post([1, 2]), 400, MESSAGES.invalidInput);
      expectError(
        await call(s.app, t, { method: 'POST', url: '/cashier/pos/user?retrieve_coupon=2', payload: {} }),
        400,
        MESSAGES.invalidInput,
        'retrieve_coupon',
      );
    });

    it('derives the deposit balance from the wallet ledger (the balance call too)', async () => {
      const c = demo[0];
      expect(c.opening_wallet_balance).toBeGreaterThan(0);
      expect((await found('qr', c.user_code, BALANCE)).deposit_amount).toBe(c.opening_wallet_balance);
      await s.database.db.insert(walletLedger).values({
        customer_id: await customerIdOf(c.user_code),
        entry_type: 'payment',
        amount: '-12500',
        ref_local_trx_id: 'trx-wallet-1',
        created_at: s.clock.now(),
      });
      expect((await found('qr', c.user_code, BALANCE)).deposit_amount).toBe(c.opening_wallet_balance - 12500);
      expect((await found('qr', demo[1].user_code, BALANCE)).deposit_amount).toBe(0);
    });

    it('lists open receivables with drv_balance from their ledger; a paid one drops out', async () => {
      const c = demo[8];
      expect(c.receivables).toHaveLength(2);
      let u = await found('qr', c.user_code);
      expect(u.account_receivables.map((a) => a.local_trx_id).sort()).toEqual(
        c.receivables.map((r) => r.local_trx_id).sort(),
      );
      const [first, second] = c.receivables;
      const arOf = async (local: string) => {
        const [row] = await s.database.db
          .select({ id: receivables.account_receivable_id })
          .from(receivables)
          .where(eq(receivables.local_trx_id, local));
        return row.id;
      };
      await s.database.db.insert(receivableLedger).values([
        {
          account_receivable_id: await arOf(first.local_trx_id),
          entry_type: 'payment',
          amount: String(-first.amount),
          ref_local_trx_id: 'ar-pay-1',
          created_at: s.clock.now(),
        },
        {
          account_receivable_id: await arOf(second.local_trx_id),
          entry_type: 'payment',
          amount: '-5000',
          ref_local_trx_id: 'ar-pay-2',
          created_at: s.clock.now(),
        },
      ]);
      u = await found('qr', c.user_code);
      expect(u.account_receivables).toHaveLength(1);
      expect(u.account_receivables[0]).toMatchObject({
        local_trx_id: second.local_trx_id,
        trx_id: second.trx_id,
        trx_time: second.trx_time,
        payment_method_reference: second.payment_method_reference,
        drv_balance: second.amount - 5000,
        business_outlet_id: 1,
      });
    });

    it('lists coupons not expired with some left; coupon_detail only with retrieve_coupon=1', async () => {
      const c = demo[0];
      const held = c.coupons.find((cp) => cp.coupon_id === 801);
      expect(held).toBeDefined();
      const u = await found('qr', c.user_code);
      const coupon = u.active_coupons.find((a) => a.coupon_id === 801);
      expect(coupon).toMatchObject({ qty: held?.qty, expired_date: held?.expired_date });
      expect(coupon?.coupon_detail?.coupon_id).toBe(801);
      expect((await found('qr', c.user_code, BALANCE)).active_coupons[0].coupon_detail).toBeUndefined();
      // customer 7 holds only an expired coupon
      const expired = demo[7];
      expect(expired.coupons.map((cp) => cp.coupon_id)).toContain(802);
      expect((await found('qr', expired.user_code)).active_coupons.map((a) => a.coupon_id)).not.toContain(
        802,
      );
      // using every one of them removes the coupon from the list
      await s.database.db.insert(couponUserLedger).values({
        coupon_user_id: coupon?.coupon_user_id ?? 0,
        entry_type: 'use',
        qty: -(held?.qty ?? 0),
        ref_local_trx_id: 'trx-coupon-1',
        created_at: s.clock.now(),
      });
      const after = await found('qr', c.user_code);
      expect(after.active_coupons.map((a) => a.coupon_user_id)).not.toContain(coupon?.coupon_user_id);
      const [row] = await s.database.db
        .select({ id: couponUsers.coupon_user_id })
        .from(couponUsers)
        .where(eq(couponUsers.coupon_user_id, coupon?.coupon_user_id ?? 0));
      expect(row).toBeDefined();
    });

    it('names the membership and its discount level; a lapsed one gives none', async () => {
      expect(await found('qr', demo[3].user_code)).toMatchObject({
        membership_name: 'Platinum',
        discount_level: { reward_value: 15 },
      });
      expect(await found('qr', demo[5].user_code)).toMatchObject({
        membership_name: 'Gold',
        discount_level: { reward_value: 10 },
      });
      expect(await found('qr', demo[45].user_code)).toMatchObject({
        membership_name: null,
        discount_level: null,
      });
    });
  });

  it('the database canonicalises phones as src/domain does', async () => {
    const samples = fc.sample(fc.stringMatching(/^[+ ]?[0-9 -]{0,16}$/), { numRuns: 60, seed: 404 });
    samples.push('', '+62', '0', '62', '0062812', '8', '+62 812-3456-7890');
    const got = await s.database.withConnection((conn) =>
      conn.query<{ c: string | null }>(
        'SELECT customer_canonical_phone(x) AS c FROM unnest($1::text[]) AS x',
        [samples],
      ),
    );
    expect(got.map((r) => r.c)).toEqual(samples.map((v) => canonicalPhone(v)));
  });

  describe('GET cashier/pos/user-search', () => {
    it('matches name, e-mail, code, reference and phone, case-insensitive', async () => {
      const byName = await search('aYu');
      const names = byName.map((u) => u.user_name);
      expect(names).toEqual(
        expect.arrayContaining(['Ayu Lestari', 'Putu Ayu Wulandari', 'Sekar Ayu Pramesti']),
      );
      for (const u of byName)
        expect(
          `${u.user_name} ${u.user_email} ${u.user_code} ${u.user_ref} ${u.user_phone}`.toLowerCase(),
        ).toContain('ayu');
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect((await search(demo[10].user_code.toLowerCase())).map((u) => u.user_code)).toEqual([
        demo[10].user_code,
      ]);
      expect((await search(demo[12].user_ref)).map((u) => u.user_code)).toContain(demo[12].user_code);
      const digits = demo[0].user_phone.replace(/^\+62/, '');
      expect((await search(`0${digits}`)).map((u) => u.user_code)).toEqual([demo[0].user_code]);
      expect((await search(digits.slice(3, 9))).map((u) => u.user_code)).toContain(demo[0].user_code);
      expect(await search('%')).toEqual([]);
      expect(await search('\u0001')).toEqual([]);
      expect(await search(`${demo[0].user_name}${demo[0].user_phone.slice(0, 3)}`)).toEqual([]);
    });

    it("marks customers with open receivables ('$$')", async () => {
      const withAr = (await search(demo[2].user_code))[0];
      expect(withAr.has_account_receivable).toBe(1);
      expect((await search(demo[4].user_code))[0].has_account_receivable).toBe(0);
    });

    it('answers at most 50', async () => {
      const now = s.clock.now();
      await s.database.db.insert(customers).values(
        Array.from({ length: USER_SEARCH_LIMIT + 10 }, (_, i) => ({
          business_id: 1,
          user_code: `LIMIT${String(i).padStart(3, '0')}`,
          user_name: `Batas Uji ${i}`,
          user_email_notification: 0,
          is_signed_up: 1,
          extra: {},
          created_at: now,
          updated_at: now,
        })),
      );
      expect(await search('batas uji')).toHaveLength(USER_SEARCH_LIMIT);
    });

    it("answers 'Kata kunci pencarian harus diisi.' for an empty keyword", async () => {
      expectError(
        await call(s.app, t, { method: 'GET', url: SEARCH }),
        400,
        DOMAIN.keywordRequired,
        'keyword',
      );
      expectError(
        await call(s.app, t, { method: 'GET', url: `${SEARCH}?keyword=%20` }),
        400,
        DOMAIN.keywordRequired,
      );
    });
  });

  describe('session and roles', () => {
    it('answers 303 without a session', async () => {
      expectError(
        await call(s.app, null, { method: 'POST', url: POS_USER, payload: {} }),
        303,
        MESSAGES.sessionExpired,
      );
      expectError(
        await call(s.app, null, { method: 'GET', url: `${SEARCH}?keyword=a` }),
        303,
        MESSAGES.sessionExpired,
      );
    });

    it('answers 403 without CASHIER_SYSTEM or CUSTOMER_INFORMATION; either one is enough', async () => {
      const none = await userWithFlags(s, 980, { REPORT: 1, CUSTOMER_JOURNAL: 1 });
      const payload = { user_identifier_type: 'qr', user_identifier_string: demo[0].user_code };
      expectError(
        await call(s.app, none, { method: 'POST', url: POS_USER, payload }),
        403,
        MESSAGES.forbidden,
      );
      expectError(
        await call(s.app, none, { method: 'GET', url: `${SEARCH}?keyword=a` }),
        403,
        MESSAGES.forbidden,
      );
      const info = await userWithFlags(s, 981, { CUSTOMER_INFORMATION: 1 });
      expect((await call(s.app, info, { method: 'POST', url: POS_USER, payload })).statusCode).toBe(200);
    });
  });
}
