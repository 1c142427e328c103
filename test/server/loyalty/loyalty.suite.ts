// Issue 24 (001 §2.3–2.6, §7; rulings 13, 17, 18, 20): the loyalty screens' calls on PGlite and PostgreSQL —
// the point award stored once per local_trx_id (sent again, and twice at once: one row, one ledger entry),
// its points by the brand's earn rule; a QR redeem code and a coupon QR used outside a sale, each once (the
// same code from two tills at once: exactly one succeeds), the purchase no. kept; bad input a 400 naming the
// field, never a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_OWN, LOYALTY_TEXTS } from '../../../src/domain/texts/loyalty';
import { MEMBER_INFO_OWN } from '../../../src/domain/texts/member-info';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { outletConfig } from '../pos/fixtures';
import { expectError } from '../pos/sales.suite';

export function loyaltySuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, owner, 1);
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
  const customerWith = async (pts: number) => {
    const code = `LY${randomUUID().slice(0, 8).toUpperCase()}`;
    const c = await one<{ id: string }>(
      `INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email_notification, is_signed_up, extra, created_at, updated_at)
       VALUES (1, $1, 'Pelanggan Loyalty', NULL, 0, 1, '{}', now(), now()) RETURNING customer_id AS id`,
      [code],
    );
    if (pts > 0)
      await s.database.query(
        `INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, created_at)
         VALUES ($1, 'opening', $2, 'Poin Serambi', now())`,
        [c.id, pts],
      );
    return { code, id: Number(c.id) };
  };
  const post = (url: string, payload: Record<string, unknown>) =>
    call(s.app, owner, { method: 'POST', url, payload });

  const award = (userCode: string, extra: Record<string, unknown> = {}) => ({
    local_trx_id: randomUUID(),
    pos_trx_code: 'INV-001',
    trx_amount: 255_000,
    user_identifier_type: 'qr',
    user_identifier_string: userCode,
    user_code: userCode,
    user_name: 'Pelanggan Loyalty',
    user_gender: 2,
    trx_time: '2026-11-27 10:00:00',
    ...extra,
  });
  const ingest = (trxs: unknown[], is_offline = 0) => post('/cashier/loyalty-trx', { is_offline, trxs });

  describe('point award (cashier/loyalty-trx)', () => {
    it('stores the award with its loyalty_trx_head_id and the earn rule’s points (255,000 → 25 at 10,000 a point)', async () => {
      const c = await customerWith(0);
      const r = await ingest([award(c.code)]);
      expect(r.statusCode, r.body).toBe(200);
      const [a] = r.json().data;
      expect(a.loyalty_trx_head_id).toBeGreaterThan(0);
      expect(a.points).toBe(25);
      expect(a.reward_name).toBe('Poin Serambi');
      expect(await points(c.code)).toBe(25);
    });

    it('an offline award sent again, and twice at once, is stored once with one ledger entry', async () => {
      const c = await customerWith(0);
      const t = award(c.code);
      const first = await ingest([t], 1);
      expect(first.statusCode, first.body).toBe(200);
      const again = await ingest([t], 1);
      expect(again.json().data[0].loyalty_trx_head_id).toBe(first.json().data[0].loyalty_trx_head_id);
      const t2 = award(c.code);
      const [x, y] = await Promise.all([ingest([t2], 1), ingest([t2], 1)]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      expect(x.json().data[0].loyalty_trx_head_id).toBe(y.json().data[0].loyalty_trx_head_id);
      const n = await one<{ n: string }>(
        `SELECT count(*)::text AS n FROM loyalty_trxs WHERE local_trx_id = ANY($1)`,
        [[t.local_trx_id, t2.local_trx_id]],
      );
      expect(Number(n.n)).toBe(2);
      expect(await points(c.code)).toBe(50);
    });

    it('a new customer by phone is created and awarded; an unknown QR code is refused', async () => {
      const phone = `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const r = await ingest([
        award('', {
          user_code: null,
          user_identifier_type: 'phone',
          user_identifier_string: phone,
          trx_amount: 30_000,
        }),
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const c = await one<{ user_code: string }>(
        `SELECT user_code FROM customers WHERE user_phone_canonical = customer_canonical_phone($1)`,
        [phone],
      );
      expect(await points(c.user_code)).toBe(3);
      expectError(await ingest([award('TIDAKADA', { user_code: null })]), 400, 'Customer tidak ditemukan.');
    });

    it('bad input: an 8 KB purchase no., no amount, a wrong identifier type — 400 naming the field', async () => {
      const c = await customerWith(0);
      const big = await ingest([award(c.code, { pos_trx_code: 'x'.repeat(8192) })]);
      expect(big.statusCode).toBe(400);
      expect(big.json().error.field).toBe('trxs.0.pos_trx_code');
      expectError(
        await ingest([award(c.code, { trx_amount: 0 })]),
        400,
        LOYALTY_OWN.amountRequired,
        'trxs.0.trx_amount',
      );
      const t = await ingest([award(c.code, { user_identifier_type: 'nik' })]);
      expect(t.statusCode).toBe(400);
      expect(t.json().error.field).toBe('trxs.0.user_identifier_type');
      expect(await points(c.code)).toBe(0);
    });
  });

  describe('QR redeem outside a sale (cashier/reward/redeem, save-redeem)', () => {
    const issue = async (customerId: number, rewardId = 901) => {
      const scancode = `RDM-LY-${randomUUID().slice(0, 8)}`;
      await s.database.query(
        `INSERT INTO reward_redeem_codes (business_id, scancode, customer_id, reward_redemption_item_id, qty, created_at)
         VALUES (1, $1, $2, $3, 1, now())`,
        [scancode, customerId, rewardId],
      );
      return scancode;
    };

    it('preview → confirm debits the points once and spends the code; the purchase no. is kept', async () => {
      const c = await customerWith(5000);
      const code = await issue(c.id);
      const p = await call(s.app, owner, { method: 'GET', url: `/cashier/reward/preview?scancode=${code}` });
      expect(p.statusCode, p.body).toBe(200);
      const cost = p.json().data.details[0].drv_total_point as number;
      const r = await post('/cashier/reward/redeem', { scancode: code });
      expect(r.statusCode, r.body).toBe(200);
      expect(await points(c.code)).toBe(5000 - cost);
      const saved = await post('/cashier/reward/save-redeem', { scancode: code, pos_trx_code: 'INV-RDM-1' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.message).toBe(LOYALTY_TEXTS.trxSuccessText);
      const u = await one<{ pos_trx_code: string }>(
        'SELECT pos_trx_code FROM code_uses WHERE scancode = $1',
        [code],
      );
      expect(u.pos_trx_code).toBe('INV-RDM-1');
      expectError(
        await post('/cashier/reward/redeem', { scancode: code }),
        400,
        LOYALTY_OWN.codeUsed,
        'scancode',
      );
      // the spent code is no longer previewed
      const again = await call(s.app, owner, {
        method: 'GET',
        url: `/cashier/reward/preview?scancode=${code}`,
      });
      expect(again.statusCode).toBe(400);
    });

    it('the same code from two tills at once: exactly one succeeds, the points debited once', async () => {
      const c = await customerWith(5000);
      const code = await issue(c.id);
      const before = await points(c.code);
      const results = await Promise.all([
        post('/cashier/reward/redeem', { scancode: code }),
        post('/cashier/reward/redeem', { scancode: code }),
        post('/cashier/reward/redeem', { scancode: code }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const spent = before - (await points(c.code));
      expect(spent).toBeGreaterThan(0);
      const n = await one<{ n: string }>(`SELECT count(*)::text AS n FROM code_uses WHERE scancode = $1`, [
        code,
      ]);
      expect(Number(n.n)).toBe(1);
    });

    it('points that do not cover the reward: refused, nothing spent', async () => {
      const c = await customerWith(0);
      const code = await issue(c.id);
      expectError(
        await post('/cashier/reward/redeem', { scancode: code }),
        400,
        SALE_MESSAGES.redeemInvalid,
        'scancode',
      );
      const r = await one<{ used: string | null }>(
        'SELECT used_local_trx_id AS used FROM reward_redeem_codes WHERE scancode = $1',
        [code],
      );
      expect(r.used).toBeNull();
    });

    it('a purchase no. of 8 KB is refused naming the field; one for a code never used is refused', async () => {
      const big = await post('/cashier/reward/save-redeem', {
        scancode: 'RDM-X',
        pos_trx_code: 'x'.repeat(8192),
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.field).toBe('pos_trx_code');
      expectError(
        await post('/cashier/reward/save-redeem', { scancode: 'RDM-NEVER', pos_trx_code: 'INV-1' }),
        400,
        SALE_MESSAGES.redeemInvalid,
        'scancode',
      );
    });
  });

  describe('coupon use by QR (cashier/coupon/redeem/preview, cashier/reward/redeem kind coupon)', () => {
    const give = async (customerId: number, qty: number, couponId = 801) => {
      const cu = await one<{ id: string }>(
        `INSERT INTO coupon_users (customer_id, coupon_id, start_date, expired_date, source, created_at)
         VALUES ($1, $2, current_date - 1, current_date + 30, 'test', now()) RETURNING coupon_user_id AS id`,
        [customerId, couponId],
      );
      await s.database.query(
        `INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, created_at) VALUES ($1, 'test', $2, now())`,
        [cu.id, qty],
      );
      return Number(cu.id);
    };
    const left = async (id: number) =>
      Number(
        (
          await one<{ n: string }>(
            'SELECT coalesce(sum(qty), 0)::text AS n FROM coupon_user_ledger WHERE coupon_user_id = $1',
            [id],
          )
        ).n,
      );

    it('the preview names the customer and the coupon; the confirm uses one; the purchase no. is kept', async () => {
      const c = await customerWith(0);
      const id = await give(c.id, 2);
      const p = await post('/cashier/coupon/redeem/preview', { qr_code: String(id) });
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json().data.user_code).toBe(c.code);
      expect(p.json().data.details[0].coupon_name).toBeTruthy();
      const r = await post('/cashier/reward/redeem', { scancode: String(id), kind: 'coupon' });
      expect(r.statusCode, r.body).toBe(200);
      expect(await left(id)).toBe(1);
      const saved = await post('/cashier/reward/save-redeem', {
        scancode: String(id),
        pos_trx_code: 'INV-KPN-1',
        kind: 'coupon',
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('the cashier’s coupon QR call names an agent’s code and answers the held coupon; user coupons lists the usable ones', async () => {
      const c = await customerWith(0);
      const id = await give(c.id, 2);
      const agentCode = `AGT-LY-${randomUUID().slice(0, 8)}`;
      await s.database.query(
        `INSERT INTO coupon_agent_transactions (business_id, customer_id, pos_trx_code, agent_code, trx_id, coupon_user_id, created_at)
         VALUES (1, $1, $2, 'SHOPEE', 'SHP-1', $3, now())`,
        [c.id, agentCode, id],
      );
      const p = await post('/cashier/coupon/redeem/preview', { qr_code: agentCode });
      expect(p.statusCode, p.body).toBe(200);
      const d = p.json().data;
      expect(d.scancode).toBe(String(id));
      expect(d.user_code).toBe(c.code);
      expect(d.details[0]).toMatchObject({ coupon_user_id: id, coupon_id: 801, qty: 2 });
      expect(d.details[0].coupon_detail.coupon_item).toBeTruthy();
      const spent = await give(c.id, 1);
      await s.database.query(
        `INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, created_at) VALUES ($1, 'test', -1, now())`,
        [spent],
      );
      const list = await post('/cashier/coupon/direct-redeem/preview', { user_code: c.code.toLowerCase() });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.details.map((h: { coupon_user_id: number }) => h.coupon_user_id)).toEqual([id]);
      expect(list.json().data.details[0].coupon_detail).toBeTruthy();
      expectError(
        await post('/cashier/coupon/direct-redeem/preview', { user_code: 'TIDAKADA' }),
        400,
        'Customer tidak ditemukan.',
        'user_code',
      );
      const big = await post('/cashier/coupon/direct-redeem/preview', { user_code: 'x'.repeat(8192) });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.field).toBe('user_code');
      // the agent's code used by QR outside a sale: one coupon spent
      const r = await post('/cashier/reward/redeem', { scancode: d.scancode, kind: 'coupon' });
      expect(r.statusCode, r.body).toBe(200);
      expect(await left(id)).toBe(1);
    });

    it('the last coupon from two tills at once: exactly one succeeds; then the preview refuses it', async () => {
      const c = await customerWith(0);
      const id = await give(c.id, 1);
      const [a, b] = await Promise.all([
        post('/cashier/reward/redeem', { scancode: String(id), kind: 'coupon' }),
        post('/cashier/reward/redeem', { scancode: String(id), kind: 'coupon' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      expectError(a.statusCode === 400 ? a : b, 400, SALE_MESSAGES.couponInvalid, 'scancode');
      expect(await left(id)).toBe(0);
      expectError(
        await post('/cashier/coupon/redeem/preview', { qr_code: String(id) }),
        400,
        SALE_MESSAGES.couponInvalid,
      );
      expectError(
        await post('/cashier/coupon/redeem/preview', { qr_code: 'abc' }),
        400,
        SALE_MESSAGES.couponInvalid,
      );
    });
  });

  describe('redeem by SMS outside a sale (reward items, send, validate, save)', () => {
    const withPhone = async (pts: number) => {
      const c = await customerWith(pts);
      const phone = `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      await s.database.query('UPDATE customers SET user_phone = $1 WHERE customer_id = $2', [phone, c.id]);
      return { ...c, phone };
    };
    const lastCode = async (phone: string) => {
      const m = await one<{ message: string }>(
        `SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY created_at DESC, message DESC LIMIT 1`,
        [phone],
      );
      return /: (\d{6})\./.exec(m.message)?.[1] ?? '';
    };

    it('lists the reward items with images; send stores the edits, validate debits once, save keeps the purchase no.', async () => {
      const items = await call(s.app, owner, { method: 'GET', url: '/cashier/reward-redemption-item' });
      expect(items.statusCode, items.body).toBe(200);
      const list = items.json().data as { reward_redemption_item_id: number; image_url: string | null }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((r) => r.image_url)).toBe(true);
      const c = await withPhone(5000);
      const sent = await post('/cashier/sms-redeem-reward', {
        user_identifier_string: c.phone,
        reward_redemption_item_id: 901,
        user_name: 'Nama Baru SMS',
        user_gender: 'Female',
        user_birth_date: '1990-05-06',
        user_notes: 'catatan sms',
        is_edit_user: 1,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const smsId = sent.json().data.reward_redeem_sms_id as number;
      const edited = await one<{ user_name: string; user_gender: number; b: string; user_notes: string }>(
        'SELECT user_name, user_gender, user_birth_date::text AS b, user_notes FROM customers WHERE customer_id = $1',
        [c.id],
      );
      expect(edited).toMatchObject({
        user_name: 'Nama Baru SMS',
        user_gender: 2,
        b: '1990-05-06',
        user_notes: 'catatan sms',
      });
      const code = await lastCode(c.phone);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '000001' : '000000';
      expectError(
        await post('/cashier/validate-sms-redeem-reward', { reward_redeem_sms_id: smsId, scancode: wrong }),
        400,
        SALE_MESSAGES.redeemInvalid,
        'scancode',
      );
      const before = await points(c.code);
      const ok = await post('/cashier/validate-sms-redeem-reward', {
        reward_redeem_sms_id: smsId,
        scancode: code,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.message).toContain('Nama Baru SMS telah berhasil menukarkan');
      expect(await points(c.code)).toBeLessThan(before);
      const saved = await post('/cashier/save-sms-redeem-reward', {
        reward_redeem_sms_id: smsId,
        scancode: code,
        pos_trx_code: 'INV-SMS-1',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.message).toBe(LOYALTY_TEXTS.trxSuccessText);
      const u = await one<{ pos_trx_code: string }>(
        `SELECT pos_trx_code FROM code_uses WHERE kind = 'sms' AND scancode = $1`,
        [String(smsId)],
      );
      expect(u.pos_trx_code).toBe('INV-SMS-1');
      expectError(
        await post('/cashier/validate-sms-redeem-reward', { reward_redeem_sms_id: smsId, scancode: code }),
        400,
        LOYALTY_OWN.codeUsed,
        'scancode',
      );
    });

    it('the same SMS code from two tills at once: exactly one succeeds, the points debited once', async () => {
      const c = await withPhone(5000);
      const sent = await post('/cashier/sms-redeem-reward', {
        user_identifier_string: c.phone,
        reward_redemption_item_id: 901,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const smsId = sent.json().data.reward_redeem_sms_id as number;
      const code = await lastCode(c.phone);
      const before = await points(c.code);
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          post('/cashier/validate-sms-redeem-reward', { reward_redeem_sms_id: smsId, scancode: code }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const n = await one<{ n: string; p: string }>(
        `SELECT count(*)::text AS n, (SELECT count(*) FROM point_ledger l JOIN code_uses u ON l.ref_local_trx_id = 'code-use:' || u.code_use_id
           WHERE u.kind = 'sms' AND u.scancode = $1)::text AS p
         FROM code_uses WHERE kind = 'sms' AND scancode = $1`,
        [String(smsId)],
      );
      expect([Number(n.n), Number(n.p)]).toEqual([1, 1]);
      expect(before - (await points(c.code))).toBeGreaterThan(0);
    });

    it('bad input: a birth date before 1930, an 8 KB purchase no., an unknown SMS id — 400 naming the field, nothing saved', async () => {
      const c = await withPhone(5000);
      expectError(
        await post('/cashier/sms-redeem-reward', {
          user_identifier_string: c.phone,
          reward_redemption_item_id: 901,
          user_name: 'Tidak Tersimpan',
          user_birth_date: '1920-01-01',
          is_edit_user: 1,
        }),
        400,
        MEMBER_INFO_OWN.birthDateInvalid,
        'user_birth_date',
      );
      const row = await one<{ user_name: string; n: string }>(
        `SELECT user_name, (SELECT count(*) FROM reward_redeem_sms WHERE customer_id = $1)::text AS n FROM customers WHERE customer_id = $1`,
        [c.id],
      );
      expect(row).toEqual({ user_name: 'Pelanggan Loyalty', n: '0' });
      const big = await post('/cashier/save-sms-redeem-reward', {
        reward_redeem_sms_id: 1,
        scancode: '123456',
        pos_trx_code: 'x'.repeat(8192),
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.field).toBe('pos_trx_code');
      expectError(
        await post('/cashier/validate-sms-redeem-reward', {
          reward_redeem_sms_id: 2_000_000_000,
          scancode: '1',
        }),
        400,
        SALE_MESSAGES.redeemInvalid,
        'reward_redeem_sms_id',
      );
      const g = await post('/cashier/sms-redeem-reward', {
        user_identifier_string: c.phone,
        reward_redemption_item_id: 901,
        user_gender: 'X',
      });
      expect(g.statusCode).toBe(400);
      expect(g.json().error.field).toBe('user_gender');
    });
  });
}
