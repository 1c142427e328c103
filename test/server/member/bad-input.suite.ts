// Issue 24, bad input on the member side: every member / loyalty / redeem / coupon / SMS / activation call
// with wrong types, negative or huge numbers, impossible dates, another brand's customer and a missing role
// flag answers 400 or 403 with a clear message — never a 500 — and the ledgers (points, wallet, coupons,
// memberships, loyalty awards, SMS redemptions, code uses) and the customers stay exactly as they were.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEMBER_SILVER } from '../../../server/db/demo/promos';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { BRAND2, secondBrand } from '../auth-matrix/matrix.suite';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { outletConfig } from '../pos/fixtures';

const KEMANG_CUSTOMER = 'SB26000001';
const big = 'X'.repeat(8192);

interface Case {
  name: string;
  who?: 'owner' | 'brand2' | 'noCashier' | 'noActivation' | 'noMemberInfo';
  req: InjectOptions;
  /** the answer's status (an unknown or another brand's id is the spec's 'not found' / 'not valid' 400), and
   * the message when it is worth naming */
  status: 400 | 403;
  message?: string | RegExp;
}

export function badInputSuite(backend: Backend): void {
  let s: TestServer;
  const tokens = {} as Record<NonNullable<Case['who']>, Tokens>;
  let rewardItemId = 0;
  let membershipId = 0;

  beforeAll(async () => {
    s = await startTestServer(backend);
    tokens.owner = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, tokens.owner, 1);
    tokens.brand2 = await secondBrand(s);
    const all = (denied: string) =>
      Object.fromEntries(ROLE_FLAGS.map((f) => [f, f === denied ? (0 as const) : (1 as const)]));
    tokens.noCashier = await userWithFlags(s, 9_401, all('CASHIER_SYSTEM'), { outletIds: [1] });
    tokens.noActivation = await userWithFlags(s, 9_402, all('MEMBERSHIP_ACTIVATION'), { outletIds: [1] });
    tokens.noMemberInfo = await userWithFlags(s, 9_403, all('CUSTOMER_INFORMATION'), { outletIds: [1] });
    const items = await call(s.app, tokens.owner, { method: 'GET', url: '/cashier/reward-redemption-item' });
    rewardItemId = Number(items.json().data[0]?.reward_redemption_item_id);
    expect(rewardItemId).toBeGreaterThan(0);
    membershipId = MEMBER_SILVER;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Everything a refused call must leave alone. */
  const ledgers = async () =>
    (
      await s.database.query<Record<string, string>>(
        `SELECT
          (SELECT count(*) || '/' || coalesce(sum(points), 0) FROM point_ledger) AS points,
          (SELECT count(*)::text FROM wallet_ledger) AS wallet,
          (SELECT count(*)::text FROM coupon_user_ledger) AS coupons,
          (SELECT count(*)::text FROM coupon_users) AS coupon_users,
          (SELECT count(*)::text FROM customer_memberships) AS memberships,
          (SELECT count(*)::text FROM loyalty_trxs) AS awards,
          (SELECT count(*)::text FROM reward_redeem_sms) AS sms,
          (SELECT count(*)::text FROM sms_outbox) AS sms_outbox,
          (SELECT count(*)::text FROM code_uses) AS code_uses,
          (SELECT count(*)::text FROM customer_photos) AS photos,
          (SELECT md5(string_agg(c::text, ',' ORDER BY customer_id)) FROM customers c) AS customers`,
        [],
      )
    )[0];

  const award = (extra: Record<string, unknown>) => ({
    is_offline: 0,
    trxs: [
      {
        local_trx_id: randomUUID(),
        pos_trx_code: 'INV-BAD',
        trx_amount: 100_000,
        user_identifier_type: 'qr',
        user_identifier_string: KEMANG_CUSTOMER,
        user_code: KEMANG_CUSTOMER,
        trx_time: '2026-11-27 10:00:00',
        ...extra,
      },
    ],
  });
  const post = (url: string, payload: unknown): InjectOptions => ({
    method: 'POST',
    url,
    payload: payload as object,
  });
  const get = (url: string): InjectOptions => ({ method: 'GET', url });
  const activation = (extra: Record<string, unknown>) =>
    post('/cashier/membership/activation', {
      user_identifier_type: 'qr',
      user_identifier_string: KEMANG_CUSTOMER,
      business_membership_id: membershipId,
      pos_trx_code: 'INV-ACT',
      ...extra,
    });
  const sms = (extra: Record<string, unknown>) =>
    post('/cashier/sms-redeem-reward', {
      user_identifier_string: '081234567890',
      reward_redemption_item_id: rewardItemId,
      ...extra,
    });

  const cases = (): Case[] => [
    // the point award
    {
      name: 'award: negative amount',
      req: post('/cashier/loyalty-trx', award({ trx_amount: -5 })),
      status: 400,
    },
    {
      name: 'award: huge amount',
      req: post('/cashier/loyalty-trx', award({ trx_amount: 1e15 })),
      status: 400,
    },
    {
      name: 'award: amount as text',
      req: post('/cashier/loyalty-trx', award({ trx_amount: '100000' })),
      status: 400,
    },
    {
      name: 'award: NaN-like amount',
      req: post('/cashier/loyalty-trx', award({ trx_amount: null })),
      status: 400,
    },
    {
      name: 'award: impossible date',
      req: post('/cashier/loyalty-trx', award({ trx_time: '2026-02-30 10:00:00' })),
      status: 400,
    },
    {
      name: 'award: not a date',
      req: post('/cashier/loyalty-trx', award({ trx_time: 'kemarin sore' })),
      status: 400,
    },
    {
      name: 'award: impossible birth date',
      req: post('/cashier/loyalty-trx', award({ user_birth_date: '1990-13-45' })),
      status: 400,
    },
    {
      name: 'award: 8 KB purchase no.',
      req: post('/cashier/loyalty-trx', award({ pos_trx_code: big })),
      status: 400,
    },
    {
      name: 'award: trxs not a list',
      req: post('/cashier/loyalty-trx', { is_offline: 0, trxs: 'x' }),
      status: 400,
    },
    {
      name: 'award: is_offline 2',
      req: post('/cashier/loyalty-trx', { ...award({}), is_offline: 2 }),
      status: 400,
    },
    {
      name: 'award: another brand’s customer',
      req: post(
        '/cashier/loyalty-trx',
        award({ user_identifier_string: BRAND2.customer, user_code: BRAND2.customer }),
      ),
      status: 400,
    },
    {
      name: 'award: no cashier flag',
      who: 'noCashier',
      req: post('/cashier/loyalty-trx', award({})),
      status: 403,
    },
    // redeem and coupon by QR
    { name: 'redeem preview: 8 KB code', req: get(`/cashier/reward/preview?scancode=${big}`), status: 400 },
    {
      name: 'redeem preview: unknown code',
      req: get('/cashier/reward/preview?scancode=TIDAKADA1'),
      status: 400,
    },
    {
      name: 'redeem confirm: code as number',
      req: post('/cashier/reward/redeem', { scancode: 123456 }),
      status: 400,
    },
    {
      name: 'redeem confirm: unknown kind',
      req: post('/cashier/reward/redeem', { scancode: 'ABC', kind: 'gift' }),
      status: 400,
    },
    {
      name: 'redeem confirm: unknown code',
      req: post('/cashier/reward/redeem', { scancode: 'TIDAKADA1' }),
      status: 400,
    },
    {
      name: 'redeem save: 8 KB purchase no.',
      req: post('/cashier/reward/save-redeem', { scancode: 'ABC', pos_trx_code: big }),
      status: 400,
    },
    {
      name: 'redeem save: unknown code',
      req: post('/cashier/reward/save-redeem', { scancode: 'TIDAKADA1', pos_trx_code: 'INV-1' }),
      status: 400,
    },
    {
      name: 'coupon preview: empty code',
      req: post('/cashier/coupon/redeem/preview', { qr_code: '' }),
      status: 400,
    },
    {
      name: 'coupon preview: unknown code',
      req: post('/cashier/coupon/redeem/preview', { qr_code: 'TIDAKADA1' }),
      status: 400,
    },
    {
      name: 'coupon confirm: unknown code',
      req: post('/cashier/reward/redeem', { scancode: 'TIDAKADA1', kind: 'coupon' }),
      status: 400,
    },
    {
      name: 'user coupons: another brand’s customer',
      req: post('/cashier/coupon/direct-redeem/preview', { user_code: BRAND2.customer }),
      status: 400,
    },
    {
      name: 'user coupons: no cashier flag',
      who: 'noCashier',
      req: post('/cashier/coupon/direct-redeem/preview', { user_code: KEMANG_CUSTOMER }),
      status: 403,
    },
    {
      name: 'agent list: 8 KB code',
      req: get(`/cashier/pos/reward-agent-redeem/transaction/list?user_code=${big}`),
      status: 400,
    },
    // redemption by SMS
    { name: 'sms: negative item', req: sms({ reward_redemption_item_id: -1 }), status: 400 },
    { name: 'sms: huge item', req: sms({ reward_redemption_item_id: 1e12 }), status: 400 },
    {
      name: 'sms: unknown item',
      req: sms({ reward_redemption_item_id: 99_999_999 }),
      status: 400,
      message: /tidak ditemukan|tidak valid/i,
    },
    {
      name: 'sms: impossible birth date',
      req: sms({ is_edit_user: 1, user_name: 'Uji', user_birth_date: '2026-02-30' }),
      status: 400,
    },
    { name: 'sms: gender 3', req: sms({ user_gender: 3 }), status: 400 },
    {
      name: 'sms: another brand’s customer',
      req: sms({ user_identifier_string: '081299990001' }),
      status: 400,
    },
    {
      name: 'sms validate: id as text',
      req: post('/cashier/validate-sms-redeem-reward', { reward_redeem_sms_id: 'abc', scancode: '123456' }),
      status: 400,
    },
    {
      name: 'sms validate: unknown id',
      req: post('/cashier/validate-sms-redeem-reward', {
        reward_redeem_sms_id: 2_147_483_647,
        scancode: '123456',
      }),
      status: 400,
    },
    {
      name: 'sms save: 8 KB purchase no.',
      req: post('/cashier/save-sms-redeem-reward', {
        reward_redeem_sms_id: 1,
        scancode: '123456',
        pos_trx_code: big,
      }),
      status: 400,
    },
    {
      name: 'sms resend: negative id',
      req: post('/cashier/sms-redeem-reward-resend', { reward_redeem_sms_id: -4 }),
      status: 400,
    },
    {
      name: 'sms resend: unknown id',
      req: post('/cashier/sms-redeem-reward-resend', { reward_redeem_sms_id: 2_147_483_647 }),
      status: 400,
    },
    { name: 'sms: no cashier flag', who: 'noCashier', req: sms({}), status: 403 },
    // member info
    {
      name: 'member info: another brand’s customer',
      req: post('/cashier/membership/info', {
        user_identifier_type: 'qr',
        user_identifier_string: BRAND2.customer,
      }),
      status: 400,
    },
    {
      name: 'member info: unknown type',
      req: post('/cashier/membership/info', {
        user_identifier_type: 'fingerprint',
        user_identifier_string: 'x',
      }),
      status: 400,
    },
    {
      name: 'member edit: another brand’s customer',
      req: post('/cashier/user/edit', { user_id: BRAND2.customer, user_name: 'Diganti' }),
      status: 400,
    },
    {
      name: 'member edit: impossible birth date',
      req: post('/cashier/user/edit', {
        user_id: KEMANG_CUSTOMER,
        user_name: 'Uji',
        user_birth_date: '2026-02-30',
        is_edit_user: 1,
      }),
      status: 400,
    },
    {
      name: 'member edit: gender 3',
      req: post('/cashier/user/edit', { user_id: KEMANG_CUSTOMER, user_gender: 3 }),
      status: 400,
    },
    {
      name: 'member edit: NIK of 15 digits',
      req: post('/cashier/user/edit', { user_id: KEMANG_CUSTOMER, nik: '317402670197000' }),
      status: 400,
    },
    {
      name: 'member edit: photo not an image',
      req: post('/cashier/user/edit', {
        user_id: KEMANG_CUSTOMER,
        user_name: 'Uji',
        user_photo: `data:image/png;base64,${Buffer.from('bukan gambar').toString('base64')}`,
      }),
      status: 400,
    },
    {
      name: 'member edit: no member-info flag',
      who: 'noMemberInfo',
      req: post('/cashier/user/edit', { user_id: KEMANG_CUSTOMER, user_name: 'Diganti' }),
      status: 403,
    },
    {
      name: 'reference code: another brand’s customer',
      req: post('/cashier/user/reference-code-generate', { user_id: BRAND2.customer }),
      status: 400,
    },
    {
      name: 'NFC: another brand’s customer',
      req: post('/cashier/user/new-nfc-security-code', {
        user_id: BRAND2.customer,
        nfc_security_code: 'NFC-1',
        password: 'demo1234',
      }),
      status: 400,
    },
    {
      name: 'NFC check: 8 KB code',
      req: post('/cashier/user/check-nfc-security-code', {
        user_id: KEMANG_CUSTOMER,
        nfc_security_code: big,
      }),
      status: 400,
    },
    {
      name: 'bill history: impossible date',
      req: get(
        `/cashier/member-trx-history?user_code=${KEMANG_CUSTOMER}&start_date=2026-02-30&end_date=2026-03-01`,
      ),
      status: 400,
    },
    {
      name: 'bill history: negative rows',
      req: get(`/cashier/member-trx-history?user_code=${KEMANG_CUSTOMER}&num_of_rows=-1`),
      status: 400,
    },
    {
      name: 'bill history: huge rows',
      req: get(`/cashier/member-trx-history?user_code=${KEMANG_CUSTOMER}&num_of_rows=1000000000`),
      status: 400,
    },
    {
      name: 'item history: month 13',
      req: get(
        `/cashier/member-item-trx-history?user_code=${KEMANG_CUSTOMER}&start_date=2026-13-01&end_date=2026-13-02`,
      ),
      status: 400,
    },
    {
      name: 'item history: another brand’s customer',
      req: get(`/cashier/member-item-trx-history?user_code=${BRAND2.customer}`),
      status: 400,
    },
    // member activation and the lookups
    { name: 'activation: negative membership', req: activation({ business_membership_id: -1 }), status: 400 },
    {
      name: 'activation: unknown membership',
      req: activation({ business_membership_id: 99_999 }),
      status: 400,
    },
    {
      name: 'activation: impossible birth date',
      req: activation({ is_edit_user: 1, user_birth_date: '2025-02-30' }),
      status: 400,
    },
    {
      name: 'activation: not a phone',
      req: activation({ user_identifier_type: 'phone', user_identifier_string: '12ab' }),
      status: 400,
    },
    { name: 'activation: 8 KB purchase no.', req: activation({ pos_trx_code: big }), status: 400 },
    {
      name: 'activation: another brand’s customer',
      req: activation({ user_identifier_string: BRAND2.customer }),
      status: 400,
    },
    { name: 'activation: no activation flag', who: 'noActivation', req: activation({}), status: 403 },
    {
      name: 'lookup: another brand’s customer',
      req: post('/cashier/pos/user', { user_identifier_type: 'qr', user_identifier_string: BRAND2.customer }),
      status: 400,
    },
    {
      name: 'lookup: brand 2 asks for Kemang’s customer',
      who: 'brand2',
      req: post('/cashier/pos/user', { user_identifier_type: 'qr', user_identifier_string: KEMANG_CUSTOMER }),
      status: 400,
    },
    { name: 'member search: empty keyword', req: get('/cashier/pos/member-search?keyword='), status: 400 },
  ];

  it('each bad call: 400 or 403 with a message, never a 500, the ledgers unchanged', {
    timeout: 240_000,
  }, async () => {
    const problems: string[] = [];
    for (const c of cases()) {
      const before = await ledgers();
      const r = await call(s.app, tokens[c.who ?? 'owner'], c.req);
      const body = errorEnvelope.safeParse(r.json());
      const message = body.success ? body.data.error.message : '';
      if (r.statusCode !== c.status)
        problems.push(`${c.name}: ${r.statusCode} (not ${c.status}) ${r.body.slice(0, 200)}`);
      else if (
        message.length < 4 ||
        (c.message && !message.match(c.message)) ||
        // an id that is unknown, or another brand's, is named as not found / not valid
        (/unknown|brand/.test(c.name) && !/tidak ditemukan|tidak valid|tidak dapat/i.test(message))
      )
        problems.push(`${c.name}: message ${JSON.stringify(message)}`);
      const after = await ledgers();
      if (JSON.stringify(after) !== JSON.stringify(before))
        problems.push(`${c.name}: changed ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    }
    expect(problems).toEqual([]);
  });
}
