// Issue 24: lookups by every identifier type (nik too) with their bad-input 400s, the member search by name,
// the member-activation lookup and the activation on the membership ledger. PGlite (member-search.test.ts)
// and PostgreSQL (member-search.pg.test.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoCustomer } from '../../../server/db/demo/types';
import { customerMemberships, customers } from '../../../server/db/schema';
import { posUser } from '../../../src/api/contract/customer';

import { memberSearchResponse, membershipActivationResponse } from '../../../src/api/contract/member-search';
import {
  CUSTOMER_PANEL_TEXTS,
  CUSTOMER_SEARCH_OWN,
  MEMBER_ACTIVATION_TEXTS,
} from '../../../src/domain/texts/customer-search';
import { SALE_MESSAGES as DOMAIN } from '../../../src/domain/texts/sale';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { expectError, userWithFlags } from './fixtures';

const LOOKUP = '/cashier/pos/user?retrieve_coupon=1';
const MEMBER_SEARCH = '/cashier/pos/member-search';
const ACTIVATION = '/cashier/membership/activation';
const PLATINUM = 3; // price 1,500,000, is_automatic_activation 0: needs a Purchase No.
const SILVER = 1; // price 0, automatic

export function memberSearchSuite(backend: Backend): void {
  let s: TestServer;
  let t: Tokens;
  let demo: DemoCustomer[];
  const lookup = (body: Record<string, unknown>, tokens = t) =>
    call(s.app, tokens, { method: 'POST', url: LOOKUP, payload: body });
  const members = async (keyword: string) => {
    const r = await call(s.app, t, {
      method: 'GET',
      url: `${MEMBER_SEARCH}?keyword=${encodeURIComponent(keyword)}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return memberSearchResponse.parse(r.json().data).members;
  };
  const activate = (body: Record<string, unknown>, tokens = t) =>
    call(s.app, tokens, { method: 'POST', url: ACTIVATION, payload: body });

  beforeAll(async () => {
    s = await startTestServer(backend);
    demo = demoBusiness(s.clock.now()).customers;
    t = await signIn(s.app, 'kasir@serambi.id');
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('lookup by every identifier type', () => {
    it('finds one customer by phone, qr, email, reference and nik', async () => {
      const c = demo.find((d) => d.nik) as DemoCustomer;
      for (const [type, value] of [
        ['phone', c.user_phone],
        ['qr', c.user_code],
        ['email', c.user_email],
        ['reference', c.user_ref],
        ['nik', c.nik],
      ] as const) {
        const r = await lookup({ user_identifier_type: type, user_identifier_string: value });
        expect(r.statusCode, `${type} ${r.body}`).toBe(200);
        expect(posUser.parse(r.json().data).user_code, type).toBe(c.user_code);
      }
    });

    it('an unknown NIK is not found (400), an unknown phone is a new customer', async () => {
      expectError(
        await lookup({ user_identifier_type: 'nik', user_identifier_string: '3171999999999999' }),
        400,
        DOMAIN.customerNotFound,
        'user_identifier_string',
      );
      const r = await lookup({ user_identifier_type: 'phone', user_identifier_string: '+6281999000111' });
      expect(r.statusCode).toBe(200);
      expect(posUser.parse(r.json().data).user_code).toBeNull();
    });

    it('bad input is a 400 naming the field, never a 500', async () => {
      const bad: [string, string, string][] = [
        ['nik', '12345', CUSTOMER_SEARCH_OWN.nikInvalid],
        ['nik', '317101010190000A', CUSTOMER_SEARCH_OWN.nikInvalid],
        ['phone', '+15551234567', CUSTOMER_SEARCH_OWN.phoneNotIndonesian],
        ['phone', '+620000000000', CUSTOMER_SEARCH_OWN.phoneNotIndonesian],
        ['phone', '12ab', DOMAIN.invalidPhone],
        ['email', 'bukan-email', DOMAIN.invalidEmail],
      ];
      for (const [type, value, message] of bad)
        expectError(
          await lookup({ user_identifier_type: type, user_identifier_string: value }),
          400,
          message,
          'user_identifier_string',
        );
      expectError(
        await lookup({ user_identifier_type: 'nfc', user_identifier_string: 'x' }),
        400,
        API_MESSAGES.invalidInput,
        'user_identifier_type',
      );
    });
  });

  describe('GET cashier/pos/member-search', () => {
    it('finds by a name prefix (any case), a phone in any written form, an e-mail prefix, a reference', async () => {
      const c = demo[3];
      const byName = await members(c.user_name.slice(0, 4).toUpperCase());
      expect(byName.map((m) => m.user_code)).toContain(c.user_code);
      for (const m of byName)
        expect(m.user_name.toLowerCase().startsWith(c.user_name.slice(0, 4).toLowerCase())).toBe(true);
      const hit = byName.find((m) => m.user_code === c.user_code);
      expect(hit?.user_id).toBeGreaterThan(0);
      expect(hit?.user_ref).toBe(c.user_ref);
      const digits = c.user_phone.replace(/^\+62|^0/, '');
      for (const phone of [c.user_phone, `0${digits}`, digits, digits.slice(0, 6)])
        expect(
          (await members(phone)).map((m) => m.user_code),
          phone,
        ).toContain(c.user_code);
      expect((await members(c.user_email.slice(0, 5))).map((m) => m.user_code)).toContain(c.user_code);
      expect((await members(c.user_ref.toLowerCase())).map((m) => m.user_code)).toContain(c.user_code);
      expect(await members('zzzz-tidak-ada')).toEqual([]);
      // LIKE's own characters are literal
      expect(await members('%')).toEqual([]);
    });

    it('an empty or long keyword is a 400 naming keyword', async () => {
      for (const keyword of ['', '   ', 'x'.repeat(101)]) {
        const r = await call(s.app, t, {
          method: 'GET',
          url: `${MEMBER_SEARCH}?keyword=${encodeURIComponent(keyword)}`,
        });
        expect(r.statusCode).toBe(400);
        expect(r.json().error.field).toBe('keyword');
      }
    });
  });

  describe('member activation', () => {
    it('the activation lookup takes phone, qr or email only and needs MEMBERSHIP_ACTIVATION', async () => {
      const c = demo[2];
      const body = {
        transaction_type: 'membership_activation',
        user_identifier_type: 'qr',
        user_identifier_string: c.user_code,
      };
      const r = await lookup(body);
      expect(r.statusCode, r.body).toBe(200);
      expect(posUser.parse(r.json().data).user_code).toBe(c.user_code);
      expectError(
        await lookup({ ...body, user_identifier_type: 'reference', user_identifier_string: c.user_ref }),
        400,
        API_MESSAGES.invalidInput,
        'user_identifier_type',
      );
      const onlyActivation = await userWithFlags(s, 9201, { MEMBERSHIP_ACTIVATION: 1 });
      expect((await lookup(body, onlyActivation)).statusCode).toBe(200);
      // the same user may not use the cashier's lookup
      expect(
        (await lookup({ user_identifier_type: 'qr', user_identifier_string: c.user_code }, onlyActivation))
          .statusCode,
      ).toBe(403);
      const noActivation = await userWithFlags(s, 9202, { CASHIER_SYSTEM: 1 });
      expect((await lookup(body, noActivation)).statusCode).toBe(403);
      expect((await activate({ ...body, business_membership_id: SILVER }, noActivation)).statusCode).toBe(
        403,
      );
    });

    it('Purchase No. is required when the price is above 0 and not automatic; the period lands on the ledger', async () => {
      const c = demo[4]; // no membership yet
      const body = {
        user_identifier_type: 'qr',
        user_identifier_string: c.user_code,
        business_membership_id: PLATINUM,
        is_edit_user: 0,
      };
      expectError(await activate(body), 400, MEMBER_ACTIVATION_TEXTS.purchaseNoRequired, 'pos_trx_code');
      expectError(
        await activate({ ...body, pos_trx_code: '   ' }),
        400,
        MEMBER_ACTIVATION_TEXTS.purchaseNoRequired,
        'pos_trx_code',
      );
      const r = await activate({ ...body, pos_trx_code: 'INV-0001' });
      expect(r.statusCode, r.body).toBe(200);
      const out = membershipActivationResponse.parse(r.json().data);
      expect(out.user_code).toBe(c.user_code);
      expect(out.membership_name).toBe('Platinum');
      expect(out.message).toBe(CUSTOMER_SEARCH_OWN.activated('Platinum', out.valid_until));
      const found = posUser.parse(
        (await lookup({ user_identifier_type: 'qr', user_identifier_string: c.user_code })).json().data,
      );
      expect(found.membership_name).toBe('Platinum');
      // a second activation extends the period from the day after the first one's end (ruling 19)
      const again = membershipActivationResponse.parse(
        (await activate({ ...body, pos_trx_code: 'INV-0002' })).json().data,
      );
      expect(again.valid_until > out.valid_until).toBe(true);
      // the server keeps each activation's Purchase No. on the period it wrote
      const kept = await s.database.query<{ pos_trx_code: string | null }>(
        `SELECT m.pos_trx_code FROM customer_memberships m JOIN customers c ON c.customer_id = m.customer_id
         WHERE c.user_code = $1 AND m.source = 'membership_activation' ORDER BY m.customer_membership_id`,
        [c.user_code],
      );
      expect(kept.map((k) => k.pos_trx_code)).toEqual(['INV-0001', 'INV-0002']);
    });

    it('a new phone becomes a customer with the typed fields; an automatic free membership needs no Purchase No.', async () => {
      const phone = '+6281377700011';
      const r = await activate({
        user_identifier_type: 'phone',
        user_identifier_string: phone,
        business_membership_id: SILVER,
        user_name: 'Rina Aktivasi',
        user_gender: 2,
        user_birth_date: '1990-04-05',
        user_notes: 'dari aktivasi',
        is_edit_user: 1,
      });
      expect(r.statusCode, r.body).toBe(200);
      const code = membershipActivationResponse.parse(r.json().data).user_code;
      const [row] = await s.database.db.select().from(customers).where(eq(customers.user_code, code));
      expect(row).toMatchObject({
        user_name: 'Rina Aktivasi',
        user_gender: 2,
        user_birth_date: '1990-04-05',
        user_notes: 'dari aktivasi',
      });
      const periods = await s.database.db
        .select()
        .from(customerMemberships)
        .where(eq(customerMemberships.customer_id, row.customer_id));
      expect(periods).toHaveLength(1);
      expect(periods[0].source).toBe('membership_activation');
    });

    it('is_edit_user = 0 leaves a known customer as stored; = 1 stores the edits', async () => {
      const c = demo[6];
      const base = {
        user_identifier_type: 'qr',
        user_identifier_string: c.user_code,
        business_membership_id: SILVER,
      };
      expect((await activate({ ...base, user_name: 'Tidak Disimpan', is_edit_user: 0 })).statusCode).toBe(
        200,
      );
      const nameOf = async () =>
        (await s.database.db.select().from(customers).where(eq(customers.user_code, c.user_code)))[0]
          .user_name;
      expect(await nameOf()).toBe(c.user_name);
      expect((await activate({ ...base, user_name: 'Nama Baru', is_edit_user: 1 })).statusCode).toBe(200);
      expect(await nameOf()).toBe('Nama Baru');
    });

    it('bad input: a 400 naming the field and nothing written', async () => {
      const c = demo[7];
      const ok = {
        user_identifier_type: 'qr',
        user_identifier_string: c.user_code,
        business_membership_id: PLATINUM,
        pos_trx_code: 'X1',
      };
      const [{ n: before }] = await s.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customerMemberships);
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { ...ok, business_membership_id: undefined },
          MEMBER_ACTIVATION_TEXTS.membershipType,
          'business_membership_id',
        ],
        [
          { ...ok, business_membership_id: 'abc' },
          MEMBER_ACTIVATION_TEXTS.membershipType,
          'business_membership_id',
        ],
        [
          { ...ok, business_membership_id: 999 },
          CUSTOMER_SEARCH_OWN.membershipInactive,
          'business_membership_id',
        ],
        [{ ...ok, pos_trx_code: 'x'.repeat(8192) }, CUSTOMER_SEARCH_OWN.purchaseNoTooLong, 'pos_trx_code'],
        [
          { ...ok, user_identifier_string: '' },
          MEMBER_ACTIVATION_TEXTS.customerRequired,
          'user_identifier_string',
        ],
        [
          { ...ok, user_identifier_type: 'nik' },
          MEMBER_ACTIVATION_TEXTS.customerRequired,
          'user_identifier_type',
        ],
        [
          { ...ok, user_identifier_type: 'phone', user_identifier_string: '+447700900123' },
          CUSTOMER_SEARCH_OWN.phoneNotIndonesian,
          'user_identifier_string',
        ],
        [
          { ...ok, user_identifier_type: 'email', user_identifier_string: 'a@b' },
          CUSTOMER_PANEL_TEXTS.invalidEmail,
          'user_identifier_string',
        ],
        [
          { ...ok, user_identifier_string: 'SB-TIDAK-ADA' },
          DOMAIN.customerNotFound,
          'user_identifier_string',
        ],
        [{ ...ok, user_gender: 3 }, API_MESSAGES.invalidInput, 'user_gender'],
        [{ ...ok, user_birth_date: '05-04-1990' }, API_MESSAGES.invalidInput, 'user_birth_date'],
      ];
      for (const [body, message, field] of cases) expectError(await activate(body), 400, message, field);
      const r = await call(s.app, t, {
        method: 'POST',
        url: ACTIVATION,
        payload: '[1,2]',
        headers: { 'content-type': 'application/json' },
      });
      expect(r.statusCode).toBe(400);
      const [{ n: after }] = await s.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customerMemberships);
      expect(after).toBe(before);
    });
  });
}
