// Member info's server calls (001 §7, issue 24): run on PGlite (member-info.test.ts) and PostgreSQL (*.pg.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { DEMO_NFC_CARD, DEMO_WALLET_CUSTOMER } from '../../../server/db/demo/customers';
import type { DemoCustomer } from '../../../server/db/demo/types';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { businesses, customerPhotos, customers } from '../../../server/db/schema';
import { billHistoryResponse, itemHistoryResponse, memberInfo } from '../../../src/api/contract/member';
import { MEMBER_INFO_OWN, MEMBER_INFO_TEXTS } from '../../../src/domain/texts/member-info';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { expectError, userWithFlags } from '../customer/fixtures';
import { type Backend, call, DEMO_PASSWORD, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../pos/fixtures';

const all = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;

export function memberInfoSuite(backend: Backend): void {
  let s: TestServer;
  let t: Tokens;
  let viewer: Tokens;
  let demo: DemoCustomer[];
  const post = (url: string, payload: Record<string, unknown>, tokens = t) =>
    call(s.app, tokens, { method: 'POST', url, payload });
  const info = async (c: DemoCustomer) => {
    const r = await post('/cashier/membership/info', {
      user_identifier_type: 'qr',
      user_identifier_string: c.user_code,
    });
    expect(r.statusCode, r.body).toBe(200);
    return memberInfo.parse(r.json().data);
  };
  const row = async (code: string) =>
    (await s.database.db.select().from(customers).where(eq(customers.user_code, code)))[0];

  beforeAll(async () => {
    s = await startTestServer(backend);
    demo = demoBusiness(s.clock.now()).customers;
    t = await userWithFlags(s, 9_301, all(), { isSupervisor: true });
    viewer = await userWithFlags(s, 9_302, all(['CUSTOMER_INFORMATION_EDIT']));
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('POST cashier/membership/info', () => {
    it('answers the profile of 001 §2.7 from the ledgers', async () => {
      const c = demo[DEMO_WALLET_CUSTOMER];
      const m = await info(c);
      expect(m.user_id).toBe(c.user_code);
      expect(m.reference_code).toBe(c.user_ref);
      expect(m.has_nfc_card).toBe(1);
      expect(m.wallets[0].drv_amount).toBe(m.deposit_amount);
      expect(m.user_photo).toBeNull();
      expect(m.account_receivable_drv_balance).toBe(
        m.account_receivables.reduce((sum, r) => sum + r.drv_balance, 0),
      );
    });

    it('refuses an unknown customer naming the identifier, and a user without CUSTOMER_INFORMATION', async () => {
      const r = await post('/cashier/membership/info', {
        user_identifier_type: 'reference',
        user_identifier_string: 'NOPE-1',
      });
      expectError(r, 400, MEMBER_INFO_TEXTS.customerMissing, 'user_identifier_string');
      const none = await userWithFlags(s, 9_303, all(['CUSTOMER_INFORMATION']));
      const f = await post(
        '/cashier/membership/info',
        { user_identifier_type: 'email', user_identifier_string: demo[0].user_email },
        none,
      );
      expect(f.statusCode).toBe(403);
    });
  });

  describe('POST cashier/user/edit', () => {
    it('stores a photo as a blob served by URL with its detected type', async () => {
      const c = demo[1];
      const r = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_name: 'Budi Baru',
        user_photo: dataUrl(PNG, 'image/jpeg'),
        journal_notes: 'catatan baru',
        is_edit_user: 1,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(MEMBER_INFO_TEXTS.editSuccess);
      const m = await info(c);
      expect(m.user_name).toBe('Budi Baru');
      expect(m.journal_notes).toBe('catatan baru');
      expect(m.user_photo).toMatch(/^\/cashier\/user\/photo\/[A-Za-z0-9_-]+$/);
      const photo = await s.app.inject({ method: 'GET', url: m.user_photo as string });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(photo.rawPayload, PNG)).toBe(0);
      // no data URL in any JSON column
      const stored = await row(c.user_code);
      expect(JSON.stringify(stored.extra)).not.toContain('data:');
      // sending the URL back keeps the photo; '' removes it
      expect(
        (await post('/cashier/user/edit', { user_id: c.user_code, user_photo: m.user_photo })).statusCode,
      ).toBe(200);
      expect((await info(c)).user_photo).toBe(m.user_photo);
      expect((await post('/cashier/user/edit', { user_id: c.user_code, user_photo: '' })).statusCode).toBe(
        200,
      );
      expect((await info(c)).user_photo).toBeNull();
      expect(
        (await s.app.inject({ method: 'GET', url: '/cashier/user/photo/not-a-token-at-all' })).statusCode,
      ).toBe(404);
    });

    it('refuses a photo that is not an image, or of 30 MB, naming user_photo, and saves nothing', async () => {
      const c = demo[2];
      const before = await row(c.user_code);
      const text = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_name: 'Tidak Tersimpan',
        user_photo: dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
      });
      expectError(text, 400, MEMBER_INFO_OWN.photoNotImage, 'user_photo');
      const big = Buffer.alloc(30 * 1024 * 1024, 0);
      PNG.copy(big);
      const huge = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_name: 'Tidak Tersimpan',
        user_photo: dataUrl(big),
      });
      expectError(huge, 400, MEMBER_INFO_OWN.photoTooLarge, 'user_photo');
      // a photo longer than the general 10,000-character bound still reaches its own check
      const jpeg = Buffer.alloc(300_000, 7);
      jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
      const fine = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_photo: dataUrl(jpeg, 'image/jpeg'),
      });
      expect(fine.statusCode, fine.body).toBe(200);
      await post('/cashier/user/edit', { user_id: c.user_code, user_photo: '' });
      await s.database.db.delete(customerPhotos).where(eq(customerPhotos.customer_id, before.customer_id));
      const junk = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_photo: 'javascript:alert(1)',
      });
      expectError(junk, 400, MEMBER_INFO_OWN.photoNotImage, 'user_photo');
      const after = await row(c.user_code);
      expect(after.user_name).toBe(before.user_name);
      expect(
        await s.database.db
          .select()
          .from(customerPhotos)
          .where(eq(customerPhotos.customer_id, after.customer_id)),
      ).toEqual([]);
    });

    it('refuses a bad NIK, a bad e-mail and a taken reference code by name, nothing half-saved', async () => {
      const c = demo[3];
      const before = await row(c.user_code);
      for (const nik of ['123', '12345678901234567', '12345678901234ab']) {
        expectError(
          await post('/cashier/user/edit', { user_id: c.user_code, nik }),
          400,
          MEMBER_INFO_OWN.nikInvalid,
          'nik',
        );
      }
      expectError(
        await post('/cashier/user/edit', {
          user_id: c.user_code,
          user_name: 'X',
          user_email_notification: 'bukan-email',
        }),
        400,
        MEMBER_INFO_OWN.emailInvalid,
        'user_email_notification',
      );
      const taken = await post('/cashier/user/edit', {
        user_id: c.user_code,
        user_name: 'Tidak Tersimpan',
        reference_code: demo[4].user_ref.toLowerCase(),
      });
      expectError(taken, 400, MEMBER_INFO_OWN.referenceTaken, 'reference_code');
      expect((await row(c.user_code)).user_name).toBe(before.user_name);
      const ok = await post('/cashier/user/edit', { user_id: c.user_code, nik: '3171234567890123' }, viewer);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await row(c.user_code)).nik).toBe('3171234567890123');
    });

    it('lets the NIK step through with CUSTOMER_INFORMATION alone; the member edit needs CUSTOMER_INFORMATION_EDIT', async () => {
      const r = await post(
        '/cashier/user/edit',
        { user_id: demo[5].user_code, user_name: 'Tanpa Hak' },
        viewer,
      );
      expect(r.statusCode).toBe(403);
      expectError(
        await post('/cashier/user/edit', { user_id: 'NOBODY', nik: '' }),
        400,
        MEMBER_INFO_TEXTS.customerMissing,
        'user_id',
      );
      expectError(
        await post('/cashier/user/edit', { user_id: demo[5].user_code, user_birth_date: '1900-01-01' }),
        400,
        MEMBER_INFO_OWN.birthDateInvalid,
        'user_birth_date',
      );
    });
  });

  describe('POST cashier/user/reference-code-generate', () => {
    it('generates a unique code only for a customer without one', async () => {
      const c = demo[6];
      expectError(
        await post('/cashier/user/reference-code-generate', { user_id: c.user_code }),
        400,
        MEMBER_INFO_OWN.referenceExists,
        'user_id',
      );
      expect(
        (await post('/cashier/user/edit', { user_id: c.user_code, reference_code: '' })).statusCode,
      ).toBe(200);
      const [a, b] = await Promise.all([
        post('/cashier/user/reference-code-generate', { user_id: c.user_code }),
        post('/cashier/user/reference-code-generate', { user_id: c.user_code }),
      ]);
      const okOnes = [a, b].filter((r) => r.statusCode === 200);
      expect(okOnes).toHaveLength(1);
      expect(okOnes[0].json().message).toBe(MEMBER_INFO_TEXTS.generated);
      const code = okOnes[0].json().data.reference_code;
      expect(code).toMatch(/^M[2-9A-HJ-NP-Z]{8}$/);
      expect((await row(c.user_code)).user_ref).toBe(code);
    });
  });

  describe('NFC card', () => {
    it('registers, tests and refuses a card bound to another customer', async () => {
      const a = demo[7];
      const b = demo[8];
      const reg = (
        user_id: string,
        code: string,
        password = DEMO_PASSWORD,
        url = '/cashier/user/new-nfc-security-code',
      ) => post(url, { user_id, nfc_security_code: code, password });
      expectError(
        await reg(a.user_code, '', DEMO_PASSWORD),
        400,
        MEMBER_INFO_TEXTS.invalidNfc,
        'nfc_security_code',
      );
      expectError(await reg(a.user_code, 'CARD-A', 'salah'), 400, 'Password salah.', 'password');
      const r = await reg(a.user_code, 'CARD-A');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(MEMBER_INFO_TEXTS.nfcSet);
      expect(JSON.stringify((await row(a.user_code)).extra)).not.toContain('CARD-A');
      const check = (user_id: string, code: string) =>
        post('/cashier/user/check-nfc-security-code', { user_id, nfc_security_code: code });
      const good = await check(a.user_code, 'CARD-A');
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().message).toBe(MEMBER_INFO_TEXTS.nfcValid);
      expectError(await check(a.user_code, 'CARD-B'), 400, MEMBER_INFO_TEXTS.invalidNfc, 'nfc_security_code');
      expectError(await check(b.user_code, 'CARD-A'), 400, MEMBER_INFO_TEXTS.invalidNfc, 'nfc_security_code');
      expectError(await reg(b.user_code, 'CARD-A'), 400, MEMBER_INFO_OWN.nfcTaken, 'nfc_security_code');
      expectError(
        await reg(b.user_code, DEMO_NFC_CARD, DEMO_PASSWORD, '/cashier/user/nfc-security-code'),
        400,
        MEMBER_INFO_OWN.nfcTaken,
        'nfc_security_code',
      );
      // a change replaces the card: the old code no longer opens
      expect(
        (await reg(a.user_code, 'CARD-A2', DEMO_PASSWORD, '/cashier/user/nfc-security-code')).statusCode,
      ).toBe(200);
      expectError(await check(a.user_code, 'CARD-A'), 400, MEMBER_INFO_TEXTS.invalidNfc);
      expect((await reg(b.user_code, 'CARD-A')).statusCode).toBe(200);
    });

    it('asks for the Ref ID on a new card when nfc_with_ref_id = 1', async () => {
      const [biz] = await s.database.db.select().from(businesses).where(eq(businesses.business_id, 1));
      await s.database.db
        .update(businesses)
        .set({ settings: { ...biz.settings, nfc_with_ref_id: 1 } })
        .where(eq(businesses.business_id, 1));
      try {
        const body = { user_id: demo[9].user_code, nfc_security_code: 'CARD-9', password: DEMO_PASSWORD };
        expectError(
          await post('/cashier/user/new-nfc-security-code', body),
          400,
          MEMBER_INFO_TEXTS.refIdRequired,
          'reference_code',
        );
        expect(
          (await post('/cashier/user/new-nfc-security-code', { ...body, reference_code: 'R9' })).statusCode,
        ).toBe(200);
      } finally {
        await s.database.db
          .update(businesses)
          .set({ settings: biz.settings })
          .where(eq(businesses.business_id, 1));
      }
    });
  });

  describe('bill and item history', () => {
    it('lists the customer sales newest first, filtered by type, within the date bounds', async () => {
      const c = demo[10];
      const config = await outletConfig(s.app, t, 1);
      const trx = sale(config, [line(config, RETAIL)], { customer: { user_code: c.user_code } });
      const sent = await submit(s.app, t, [trx]);
      expect(sent.statusCode, sent.body).toBe(200);
      const get = (url: string, tokens = t) => call(s.app, tokens, { method: 'GET', url });
      const q = `user_code=${c.user_code}&start_date=&end_date=&num_of_rows=100`;
      const bills = await get(`/cashier/member-trx-history?${q}`);
      expect(bills.statusCode, bills.body).toBe(200);
      const list = billHistoryResponse.parse(bills.json().data).trxs;
      expect(list.map((b) => b.local_trx_id)).toContain(trx.local_trx_id);
      const redeem = billHistoryResponse.parse(
        (await get(`/cashier/member-trx-history?${q}&type=coupon-sell`)).json().data,
      ).trxs;
      expect(redeem.every((b) => b.trx_type === 'COUPON_SALES')).toBe(true);
      expect(redeem.map((b) => b.local_trx_id)).not.toContain(trx.local_trx_id);
      const items = itemHistoryResponse.parse(
        (await get(`/cashier/member-item-trx-history?${q}`)).json().data,
      ).trxs;
      const mine = items.find((i) => i.local_trx_id === trx.local_trx_id);
      expect(mine?.item_trx_history_pos_sales_trx_details.length).toBeGreaterThan(0);
      expect(mine?.reference_code).toBe(c.user_ref);
      const year = Number(s.clock.now().toISOString().slice(0, 4));
      expectError(
        await get(`/cashier/member-trx-history?user_code=${c.user_code}&start_date=${year - 2}-12-31`),
        400,
        MEMBER_INFO_OWN.historyRange,
        'start_date',
      );
      expectError(
        await get(`/cashier/member-trx-history?user_code=${c.user_code}&num_of_rows=101`),
        400,
        API_MESSAGES.invalidInput,
        'num_of_rows',
      );
    });

    it('is closed when the subscription rule customer_trx_history is off', async () => {
      const [biz] = await s.database.db.select().from(businesses).where(eq(businesses.business_id, 1));
      const rules = biz.settings.subscription_rules as Record<string, unknown>;
      await s.database.db
        .update(businesses)
        .set({ settings: { ...biz.settings, subscription_rules: { ...rules, customer_trx_history: 0 } } })
        .where(eq(businesses.business_id, 1));
      try {
        const r = await call(s.app, t, {
          method: 'GET',
          url: `/cashier/member-trx-history?user_code=${demo[0].user_code}`,
        });
        expectError(r, 400, MEMBER_INFO_OWN.historyOff);
      } finally {
        await s.database.db
          .update(businesses)
          .set({ settings: biz.settings })
          .where(eq(businesses.business_id, 1));
      }
    });
  });
}
