// Issue 14: redeeming a reward inside a sale (rulings 13, 17, 20) through the redeem dialog's calls and
// cashier/pos-trx, on PGlite and PostgreSQL: the QR preview, the SMS code (outbox, 30 s resend, expiry, reuse),
// Direct and Agent; the points debited once under repeats and concurrent duplicates, from the server's own
// reward (never the device's point_amount or link); two sales spending the same last points: one refused
// ('Redeem tidak valid.'); a void gives the points back and makes an agent redemption fulfillable again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEEM_DEMO_CUSTOMER } from '../../../server/db/demo/redeem';
import { REDEEM_OWN } from '../../../src/domain/texts/redeem';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
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
import { expectError } from './sales.suite';

type Doc = Record<string, unknown>;

export function redeemSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const one = async <T extends Record<string, unknown>>(text: string, params: unknown[]) =>
    (await s.database.query<T>(text, params))[0];
  const points = async (userCode: string) =>
    Number(
      (
        await one<{ b: string }>(
          `SELECT coalesce(sum(l.points), 0)::text AS b FROM point_ledger l
           JOIN customers c ON c.customer_id = l.customer_id WHERE c.user_code = $1`,
          [userCode],
        )
      ).b,
    );
  const redeemEntries = async (localTrxId: string) =>
    Number(
      (
        await one<{ n: string }>(
          `SELECT count(*)::text AS n FROM point_ledger WHERE ref_local_trx_id = $1 AND entry_type = 'redeem'`,
          [localTrxId],
        )
      ).n,
    );
  /** A customer of ours with `pts` points (a fresh one per test: nothing else spends them). */
  const customerWith = async (pts: number, phone: string | null = '081355550000') => {
    const code = `RD${randomUUID().slice(0, 8).toUpperCase()}`;
    const [c] = await s.database.query<{ id: string }>(
      `INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email_notification, is_signed_up, extra, created_at, updated_at)
       VALUES (1, $1, 'Pelanggan Redeem', $2, 0, 1, '{}', now(), now()) RETURNING customer_id AS id`,
      [code, phone],
    );
    await s.database.query(
      `INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, created_at)
       VALUES ($1, 'opening', $2, 'Poin Serambi', now())`,
      [c.id, pts],
    );
    return code;
  };
  const reward = (id: number) =>
    (kemang as unknown as { reward_redemption_items: Doc[] }).reward_redemption_items.find(
      (r) => r.reward_redemption_item_id === id,
    ) as Doc;
  /** A sale redeeming `rewardId`: the free 'Cuci & Blow' line (901) or a bought retail line otherwise. */
  const redeemSale = (
    userCode: string,
    rewardId: number,
    redeem: { redeem_type: string; redeem_code?: string | null } & Doc,
    itemOverride: Doc = {},
  ) => {
    const r = { ...reward(rewardId), ...itemOverride };
    const lines =
      rewardId === 901
        ? [{ ...line(kemang, 1004), redeem: { pos_item_id: 1004 } }, line(kemang, 1072)]
        : [line(kemang, 1072)];
    return sale(kemang, lines, {
      customer: { user_code: userCode },
      extra: { redeem: { redeem_code: null, ...redeem, redeem_item: r } },
    });
  };
  const post = (trx: Doc) => submit(s.app, owner, [trx]);
  const ok = async (trx: Doc) => {
    const r = await post(trx);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data[0] as { pos_sales_trx_head_id: number };
  };
  const voidSale = async (headId: number) => {
    const r = await call(s.app, owner, {
      method: 'POST',
      url: `/cashier/pos-trx/void/${headId}`,
      payload: { password: DEMO_PASSWORD, reason: 'salah input' },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const lastSmsCode = async (phone: string) => {
    const m = await one<{ message: string }>(
      'SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY sms_id DESC LIMIT 1',
      [phone],
    );
    return /(\d{6})/.exec(m.message)?.[1] ?? '';
  };

  describe('QR code', () => {
    it('the preview names the customer, the reward and its points; an unknown code is refused', async () => {
      const r = await call(s.app, owner, {
        method: 'GET',
        url: '/cashier/reward/preview?scancode=RDM-KMG-0003',
      });
      expect(r.statusCode, r.body).toBe(200);
      const data = r.json().data;
      expect(data.user_code).toBe(REDEEM_DEMO_CUSTOMER);
      expect(data.details[0]).toMatchObject({ qty: 1, drv_total_point: 400, reward_name: 'Poin Serambi' });
      expect(data.details[0].reward_redemption_item.reward_redemption_item_id).toBe(904);
      const bad = await call(s.app, owner, {
        method: 'GET',
        url: '/cashier/reward/preview?scancode=TIDAK-ADA',
      });
      expectError(bad, 400, SALE_MESSAGES.redeemInvalid, 'scancode');
    });

    it("debits the server's points once (repeats write nothing), spends the code, and a void gives them back", async () => {
      const before = await points(REDEEM_DEMO_CUSTOMER);
      // the device claims the reward costs 1 point: the server's catalogue says 100
      const trx = redeemSale(
        REDEEM_DEMO_CUSTOMER,
        901,
        { redeem_type: 'qr', redeem_code: 'RDM-KMG-0001' },
        {
          point_amount: 1,
        },
      );
      const first = await ok(trx);
      const again = await ok(trx);
      expect(again).toEqual(first);
      expect(await redeemEntries(trx.local_trx_id)).toBe(1);
      expect(await points(REDEEM_DEMO_CUSTOMER)).toBe(before - 100);
      // the code is spent: its preview and another sale with it are refused, nothing written
      const preview = await call(s.app, owner, {
        method: 'GET',
        url: '/cashier/reward/preview?scancode=RDM-KMG-0001',
      });
      expectError(preview, 400, SALE_MESSAGES.redeemInvalid);
      const reuse = redeemSale(REDEEM_DEMO_CUSTOMER, 901, { redeem_type: 'qr', redeem_code: 'RDM-KMG-0001' });
      expectError(await post(reuse), 400, SALE_MESSAGES.redeemInvalid);
      expect(await points(REDEEM_DEMO_CUSTOMER)).toBe(before - 100);
      await voidSale(first.pos_sales_trx_head_id);
      expect(await points(REDEEM_DEMO_CUSTOMER)).toBe(before);
    });

    it("refuses a device's own link (a larger discount than the reward's) and another customer's code", async () => {
      const tampered = redeemSale(
        REDEEM_DEMO_CUSTOMER,
        901,
        { redeem_type: 'qr', redeem_code: 'RDM-KMG-0002' },
        { item_max_qty: 5 },
      );
      // two free units where the reward gives one
      (tampered.details as Doc[])[0].qty = 2;
      const priced = sale(kemang, tampered.details as Doc[], {
        customer: { user_code: REDEEM_DEMO_CUSTOMER },
        extra: { redeem: tampered.redeem },
      });
      expectError(await post(priced), 400, SALE_MESSAGES.qtyAboveMax(1));
      const other = await customerWith(1000);
      const foreign = redeemSale(other, 901, { redeem_type: 'qr', redeem_code: 'RDM-KMG-0002' });
      expectError(await post(foreign), 400, SALE_MESSAGES.redeemInvalid);
    });
  });

  describe('SMS code', () => {
    it('sends a code through the SMS outbox; resend waits 30 s and replaces it; reuse and expiry are refused', async () => {
      const phone = `0813${String(Date.now()).slice(-8)}`;
      const code0 = await customerWith(1000, phone);
      const send = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward',
        payload: { user_identifier_string: code0, reward_redemption_item_id: 904 },
      });
      expect(send.statusCode, send.body).toBe(200);
      const id = send.json().data.reward_redeem_sms_id as number;
      const first = await lastSmsCode(phone);
      expect(first).toMatch(/^\d{6}$/);
      const early = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward-resend',
        payload: { reward_redeem_sms_id: id },
      });
      expectError(early, 400, REDEEM_OWN.resendTooEarly(30));
      s.clock.advance(31_000);
      const resend = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward-resend',
        payload: { reward_redeem_sms_id: id },
      });
      expect(resend.statusCode, resend.body).toBe(200);
      const second = await lastSmsCode(phone);
      const smsRedeem = (code: string) =>
        redeemSale(code0, 904, { redeem_type: 'sms', redeem_code: code, reward_redeem_sms_id: id });
      if (second !== first) expectError(await post(smsRedeem(first)), 400, SALE_MESSAGES.redeemInvalid);
      const trx = smsRedeem(second);
      await ok(trx);
      await ok(trx);
      expect(await points(code0)).toBe(600);
      expectError(await post(smsRedeem(second)), 400, SALE_MESSAGES.redeemInvalid);
      // an expired code
      const send2 = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward',
        payload: { user_identifier_string: code0, reward_redemption_item_id: 901 },
      });
      const id2 = send2.json().data.reward_redeem_sms_id as number;
      const code2 = await lastSmsCode(phone);
      s.clock.advance(16 * 60_000);
      const late = redeemSale(code0, 901, {
        redeem_type: 'sms',
        redeem_code: code2,
        reward_redeem_sms_id: id2,
      });
      expectError(await post(late), 400, SALE_MESSAGES.redeemInvalid);
      expect(await points(code0)).toBe(600);
    });

    it('counts wrong codes like the wallet PIN: of a burst of guesses five are tried, then even the right code waits (issue 23 item 7)', async () => {
      const phone = `0814${String(Date.now()).slice(-8)}`;
      const code0 = await customerWith(1000, phone);
      const send = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward',
        payload: { user_identifier_string: code0, reward_redemption_item_id: 904 },
      });
      expect(send.statusCode, send.body).toBe(200);
      const id = send.json().data.reward_redeem_sms_id as number;
      const right = await lastSmsCode(phone);
      const smsRedeem = (code: string) =>
        redeemSale(code0, 904, { redeem_type: 'sms', redeem_code: code, reward_redeem_sms_id: id });
      const wrong = Array.from({ length: 12 }, (_, i) =>
        String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(wrong.map((code) => post(smsRedeem(code))));
      const refused = answers.filter((r) => r.statusCode === 400);
      const limited = answers.filter((r) => r.statusCode === 429);
      expect(refused.length + limited.length).toBe(wrong.length);
      expect(refused).toHaveLength(5);
      for (const r of refused) expectError(r, 400, SALE_MESSAGES.redeemInvalid, 'trxs.0.redeem.redeem_code');
      // a 429 names the field as the wallet PIN's does (the trxs.N prefix is for 400s)
      for (const r of limited) expectError(r, 429, REDEEM_OWN.redeemCodeRateLimited, 'redeem.redeem_code');
      // the right code after forty-odd guesses would be a found code: refused too until the window passes
      expectError(await post(smsRedeem(right)), 429, REDEEM_OWN.redeemCodeRateLimited);
      expect(await points(code0)).toBe(1000);
    });

    it('refuses a customer without a phone and a reward beyond the points', async () => {
      const noPhone = await customerWith(1000, null);
      const a = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward',
        payload: { user_identifier_string: noPhone, reward_redemption_item_id: 901 },
      });
      expectError(a, 400, SALE_MESSAGES.redeemPhoneRequired);
      const poor = await customerWith(50);
      const b = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sms-redeem-reward',
        payload: { user_identifier_string: poor, reward_redemption_item_id: 901 },
      });
      expectError(b, 400, SALE_MESSAGES.redeemInvalid);
    });
  });

  describe('Direct and the last points', () => {
    it('two sales spending the same last points: one is refused, the points never go below zero', async () => {
      const code = await customerWith(150);
      const a = redeemSale(code, 901, { redeem_type: 'direct' });
      const b = redeemSale(code, 901, { redeem_type: 'direct' });
      const [ra, rb] = await Promise.all([post(a), post(b)]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
      expectError(ra.statusCode === 400 ? ra : rb, 400, SALE_MESSAGES.redeemInvalid);
      expect(await points(code)).toBe(50);
    });

    it('two concurrent posts of one sale debit once and answer alike', async () => {
      const code = await customerWith(1000);
      const trx = redeemSale(code, 903, { redeem_type: 'direct' });
      const [a, b] = await Promise.all([post(trx), post(trx)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.json().data).toEqual(a.json().data);
      expect(await redeemEntries(trx.local_trx_id)).toBe(1);
      expect(await points(code)).toBe(700);
    });
  });

  describe('Agent', () => {
    it('lists the customer’s agent redemptions; fulfils one once without points; a void makes it fulfillable again', async () => {
      const list = async () => {
        const r = await call(s.app, owner, {
          method: 'GET',
          url: `/cashier/pos/reward-agent-redeem/transaction/list?user_code=${REDEEM_DEMO_CUSTOMER}`,
        });
        expect(r.statusCode, r.body).toBe(200);
        return (r.json().data as { pos_trx_code: string }[]).map((a) => a.pos_trx_code);
      };
      expect(await list()).toEqual(expect.arrayContaining(['AGT-TKP-0001', 'AGT-GRB-0002']));
      const before = await points(REDEEM_DEMO_CUSTOMER);
      const trx = redeemSale(REDEEM_DEMO_CUSTOMER, 902, {
        redeem_type: 'agent',
        redeem_code: 'AGT-TKP-0001',
      });
      const stored = await ok(trx);
      expect(await points(REDEEM_DEMO_CUSTOMER)).toBe(before);
      expect(await list()).not.toContain('AGT-TKP-0001');
      const again = redeemSale(REDEEM_DEMO_CUSTOMER, 902, {
        redeem_type: 'agent',
        redeem_code: 'AGT-TKP-0001',
      });
      expectError(await post(again), 400, SALE_MESSAGES.redeemInvalid);
      await voidSale(stored.pos_sales_trx_head_id);
      expect(await list()).toContain('AGT-TKP-0001');
    });
  });
}
