// Journal activities of today, promos, tags, areas and the supervisor password: PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoBusiness } from '../../../server/db/demo/types';
import { authAttempts, customerActivities, customers } from '../../../server/db/schema';
import { pruneAuthAttempts } from '../../../server/services/attempt-limiter';
import { outletToday } from '../../../server/services/customer-lookup';
import {
  areaListResponse,
  customerActivityResponse,
  discountListResponse,
  pinValidationResponse,
  tagListResponse,
} from '../../../src/api/contract/customer';
import { configResponse } from '../../../src/api/contract/session';
import { SALE_MESSAGES as DOMAIN } from '../../../src/domain/texts/sale';
import { API_MESSAGES, LOOKUP_MESSAGES } from '../../../src/domain/texts/server';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { expectError, userWithFlags } from './fixtures';

const ACTIVITY = '/cashier/customer-activity';
const PIN = '/cashier/pos/pin-validation';

export function listsSuite(backend: Backend): void {
  let s: TestServer;
  let kasir: Tokens;
  let demo: DemoBusiness;

  beforeAll(async () => {
    s = await startTestServer(backend);
    demo = demoBusiness(s.clock.now());
    kasir = await signIn(s.app, 'kasir@serambi.id');
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('GET cashier/customer-activity', () => {
    const activityUrl = (type: string, value: string) =>
      `${ACTIVITY}?user_identifier_type=${type}&user_identifier_string=${encodeURIComponent(value)}`;

    it("answers today's activities (WIB) that carry notes for the cashier, oldest first", async () => {
      const c = demo.customers[0];
      const [row] = await s.database.db
        .select({ id: customers.customer_id })
        .from(customers)
        .where(eq(customers.user_code, c.user_code));
      const { start, end } = outletToday(s.clock.now());
      const at = (ms: number) => new Date(start.getTime() + ms);
      const entry = (local: string, created_at: Date, notes_for_cashier: string | null) => ({
        local_trx_id: local,
        customer_id: row.id,
        business_outlet_id: 1,
        business_user_id: 3,
        activity_notes: `catatan ${local}`,
        notes_for_cashier,
        created_at,
      });
      await s.database.db
        .insert(customerActivities)
        .values([
          entry('act-yesterday', at(-1000), 'Kemarin: jangan ditampilkan'),
          entry('act-late', new Date(end.getTime() - 1000), 'Cek alergi sebelum creambath'),
          entry('act-start', start, 'Minta stylist Maya'),
          entry('act-no-note', at(3_600_000), null),
          entry('act-blank-note', at(3_600_000), '   '),
          entry('act-tomorrow', end, 'Besok: jangan ditampilkan'),
        ]);
      const r = await call(s.app, kasir, { method: 'GET', url: activityUrl('phone', c.user_phone) });
      expect(r.statusCode, r.body).toBe(200);
      const list = customerActivityResponse.parse(r.json().data).customer_activities;
      expect(list.map((a) => a.local_trx_id)).toEqual(['act-start', 'act-late']);
      expect(list[0]).toMatchObject({
        notes_for_cashier: 'Minta stylist Maya',
        activity_notes: 'catatan act-start',
        created_at: `${outletToday(s.clock.now()).date} 00:00:00`,
        business_user_id: 3,
      });
      expect(list[1].created_at).toBe(`${outletToday(s.clock.now()).date} 23:59:59`);
    });

    it('answers none for a customer without activities or not known', async () => {
      for (const url of [
        activityUrl('qr', demo.customers[1].user_code),
        activityUrl('phone', '089999000222'),
      ]) {
        const r = await call(s.app, kasir, { method: 'GET', url });
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().data).toEqual({ customer_activities: [] });
      }
    });

    it('answers the customer-search messages', async () => {
      expectError(await call(s.app, kasir, { method: 'GET', url: ACTIVITY }), 400, DOMAIN.customerRequired);
      expectError(
        await call(s.app, kasir, { method: 'GET', url: activityUrl('phone', 'abc') }),
        400,
        DOMAIN.invalidPhone,
      );
      expectError(
        await call(s.app, kasir, { method: 'GET', url: activityUrl('email', 'x@') }),
        400,
        DOMAIN.invalidEmail,
      );
    });

    it('answers 303 without a session and 403 without CASHIER_SYSTEM or CUSTOMER_JOURNAL', async () => {
      const url = activityUrl('qr', demo.customers[0].user_code);
      expectError(await call(s.app, null, { method: 'GET', url }), 303, API_MESSAGES.sessionExpired);
      const none = await userWithFlags(s, 970, { CUSTOMER_INFORMATION: 1 });
      expectError(await call(s.app, none, { method: 'GET', url }), 403, API_MESSAGES.forbidden);
      const journal = await userWithFlags(s, 971, { CUSTOMER_JOURNAL: 1 });
      expect((await call(s.app, journal, { method: 'GET', url })).statusCode).toBe(200);
    });
  });

  describe('promos, tags and areas of the outlet', () => {
    it('GET cashier/pos/discount answers the promos the user data carries', async () => {
      const r = await call(s.app, kasir, { method: 'GET', url: '/cashier/pos/discount' });
      expect(r.statusCode, r.body).toBe(200);
      const ids = discountListResponse
        .parse(r.json().data)
        .pos_item_discounts.map((d) => d.pos_item_discount_id);
      const config = configResponse.parse(
        (await call(s.app, kasir, { method: 'GET', url: '/cashier/config' })).json().data,
      );
      expect(ids).toEqual((config.pos_item_discounts ?? []).map((d) => d.pos_item_discount_id));
      expect(ids).toEqual(demo.catalogue.pos_item_discounts.map((d) => d.pos_item_discount_id));
    });

    it('GET cashier/pos-tag answers {pos_tag_id, pos_tag_name, usage_scope}', async () => {
      const r = await call(s.app, kasir, { method: 'GET', url: '/cashier/pos-tag' });
      expect(r.statusCode, r.body).toBe(200);
      expect(tagListResponse.parse(r.json().data).tags).toEqual(demo.catalogue.tags);
    });

    it("GET cashier/pos-area answers the session outlet's areas and categories", async () => {
      const kemang = demo.outlets.find((o) => o.business_outlet_id === 1);
      const r = await call(s.app, kasir, { method: 'GET', url: '/cashier/pos-area' });
      expect(r.statusCode, r.body).toBe(200);
      const data = areaListResponse.parse(r.json().data);
      expect(data.area.map((a) => a.pos_area_id)).toEqual(kemang?.area.map((a) => a.pos_area_id));
      expect(data.area_category).toEqual(kemang?.area_category);
      const dokter = await signIn(s.app, 'dokter@serambi.id');
      const klinik = areaListResponse.parse(
        (await call(s.app, dokter, { method: 'GET', url: '/cashier/pos-area' })).json().data,
      );
      expect(klinik.area.every((a) => a.pos_area_id >= 611)).toBe(true);
    });

    it("answers 'Outlet tidak ditemukan.' before an outlet is chosen", async () => {
      const owner = await signIn(s.app, 'demo@serambi.id');
      for (const url of ['/cashier/pos/discount', '/cashier/pos-tag', '/cashier/pos-area'])
        expectError(
          await call(s.app, owner, { method: 'GET', url }),
          400,
          API_MESSAGES.outletNotAllowed,
          'outlet_id',
        );
    });

    it('answers 303 without a session and 403 without the flags', async () => {
      const none = await userWithFlags(s, 972, { CUSTOMER_INFORMATION: 1 });
      for (const url of ['/cashier/pos/discount', '/cashier/pos-tag', '/cashier/pos-area']) {
        expectError(await call(s.app, null, { method: 'GET', url }), 303, API_MESSAGES.sessionExpired);
        expectError(await call(s.app, none, { method: 'GET', url }), 403, API_MESSAGES.forbidden);
      }
      const journal = await userWithFlags(s, 973, { CUSTOMER_JOURNAL: 1 });
      expect((await call(s.app, journal, { method: 'GET', url: '/cashier/pos-tag' })).statusCode).toBe(200);
      expectError(
        await call(s.app, journal, { method: 'GET', url: '/cashier/pos/discount' }),
        403,
        API_MESSAGES.forbidden,
      );
    });
  });

  describe('POST cashier/pos/pin-validation', () => {
    const pin = (tokens: Tokens | null, password: unknown, remoteAddress = '127.0.0.1') =>
      call(s.app, tokens, { method: 'POST', url: PIN, payload: { password }, remoteAddress });

    it("accepts a supervisor's password of the outlet and names the supervisor", async () => {
      const r = await pin(kasir, DEMO_PASSWORD);
      expect(r.statusCode, r.body).toBe(200);
      const spv = demo.users.find((u) => u.email === 'spv@serambi.id');
      expect(pinValidationResponse.parse(r.json().data)).toMatchObject({
        business_user_id: spv?.business_user_id,
        supervisor_name: `${spv?.firstname} ${spv?.lastname}`,
      });
      const [attempt] = await s.database.db
        .select()
        .from(authAttempts)
        .where(and(eq(authAttempts.kind, 'supervisor_password'), eq(authAttempts.succeeded, true)));
      expect(attempt).toMatchObject({ business_outlet_id: 1, supervisor_user_id: spv?.business_user_id });
    });

    it("answers 'Password salah.' for a wrong password and 'Password harus diisi!' for none", async () => {
      expectError(await pin(kasir, 'bukan-ini'), 400, LOOKUP_MESSAGES.wrongSupervisorPassword, 'password');
      expectError(await pin(kasir, ''), 400, DOMAIN.passwordRequired, 'password');
      expectError(await pin(kasir, undefined), 400, DOMAIN.passwordRequired, 'password');
    });

    it("refuses a supervisor of another outlet and a non-supervisor's password", async () => {
      // a Menteng-only supervisor with her own password
      await userWithFlags(
        s,
        960,
        { CASHIER_SYSTEM: 1 },
        { isSupervisor: true, password: 'menteng-99', outletIds: [2] },
      );
      await userWithFlags(s, 961, { CASHIER_SYSTEM: 1 }, { password: 'kasir-lain-1' });
      expectError(await pin(kasir, 'menteng-99'), 400, LOOKUP_MESSAGES.wrongSupervisorPassword);
      expectError(await pin(kasir, 'kasir-lain-1'), 400, LOOKUP_MESSAGES.wrongSupervisorPassword);
      const dokter = await signIn(s.app, 'dokter@serambi.id');
      const r = await pin(dokter, 'menteng-99');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.business_user_id).toBe(960);
    });

    it('refuses even the right password after 5 failures within 15 minutes, then lets it through', async () => {
      const ip = '10.9.8.7';
      for (let i = 0; i < 5; i++) expect((await pin(kasir, `salah-${i}`, ip)).statusCode).toBe(400);
      expectError(await pin(kasir, DEMO_PASSWORD, ip), 429, LOOKUP_MESSAGES.pinRateLimited);
      // another address is not affected
      expect((await pin(kasir, DEMO_PASSWORD, '10.9.8.8')).statusCode).toBe(200);
      s.clock.advance(15 * 60_000 + 1000);
      expect((await pin(kasir, DEMO_PASSWORD, ip)).statusCode).toBe(200);
      const mine = and(eq(authAttempts.kind, 'supervisor_password'), eq(authAttempts.ip, ip));
      expect(await s.database.db.select().from(authAttempts).where(mine)).toHaveLength(6);
      s.clock.advance(24 * 60 * 60_000 - 60_000);
      await pruneAuthAttempts(s.app.deps);
      // the failures (a day and a minute old) are gone, the success (a minute short of a day) stays
      const left = await s.database.db.select().from(authAttempts).where(mine);
      expect(left.map((a) => a.succeeded)).toEqual([true]);
    });

    it('lets no more than 5 of a parallel burst of wrong passwords reach the check', async () => {
      const ip = '10.9.8.9';
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pin(kasir, `serbu-${i}`, ip)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
      const rows = await s.database.db
        .select()
        .from(authAttempts)
        .where(and(eq(authAttempts.kind, 'supervisor_password'), eq(authAttempts.ip, ip)));
      expect(rows).toHaveLength(5);
    });

    it("answers 'Outlet tidak ditemukan.' before an outlet is chosen, 303 and 403", async () => {
      const owner = await signIn(s.app, 'demo@serambi.id');
      expectError(await pin(owner, DEMO_PASSWORD), 400, API_MESSAGES.outletNotAllowed, 'outlet_id');
      expectError(await pin(null, DEMO_PASSWORD), 303, API_MESSAGES.sessionExpired);
      const none = await userWithFlags(s, 974, { CUSTOMER_JOURNAL: 1 });
      expectError(await pin(none, DEMO_PASSWORD), 403, API_MESSAGES.forbidden);
    });
  });
}
