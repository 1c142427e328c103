// Issue 24 (001 §2.3–2.6, §7; rulings 13, 17, 18, 20): the loyalty screens' server side.
//
// - The point award (cashier/loyalty-trx): each loyalty transaction is stored once per local_trx_id (an
//   offline award sent again, or by two tabs at once, answers the stored one), its customer found or created
//   as a sale's is, the points by the brand's earn rule written to point_ledger in the same transaction.
// - A redeem code used outside a sale (cashier/reward/redeem, kind 'reward'): under the customer's row lock
//   (first, as every ingest path: docs/architecture.md "Lock order") and then the code's row lock, the code is
//   checked unspent, the customer's points checked, the points debited and the code spent — so the same code
//   from two tills at once: one succeeds, the other is refused. kind 'coupon': the coupon QR (its code is the
//   coupon_user_id, docs/decisions.md) is used once under the coupon_users row lock (coupon.ts lockCouponUse).
// - The purchase no. (cashier/reward/save-redeem) is kept on that use.
import { sql } from 'drizzle-orm';
import type { LoyaltyIngestAnswer, LoyaltyTrx } from '../../src/api/contract/loyalty';
import { couponUserIdOf } from '../../src/domain/coupon-use';
import { type LoyaltyEarnRule, loyaltyPoints } from '../../src/domain/loyalty';
import type { Customer } from '../../src/domain/model/customer';
import { redeemPointCost } from '../../src/domain/redeem';
import { LOYALTY_OWN, LOYALTY_TEXTS } from '../../src/domain/texts/loyalty';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { transaction } from '../db/retry';
import type { Tx } from '../db/rows';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid } from '../lib/errors';
import { activeCoupons, outletToday } from './customer-lookup';
import { lockCouponUse, writeCouponUse } from './pos/coupon';
import { resolveSaleCustomer } from './pos/customer';
import { pointBalance, REDEEM_POINT_ENTRY, rewardOf } from './pos/redeem';
import type { AuthContext } from './sessions';

type Ex = Pick<Tx, 'execute'>;
type Auth = Pick<AuthContext, 'business_id' | 'business_user_id' | 'outlet_id'>;

/** point_ledger.entry_type of an award (a loyalty transaction's points). */
export const LOYALTY_POINT_ENTRY = 'loyalty_award';
/** The ref a standalone use leaves on the code and the ledgers. */
export const codeUseRef = (codeUseId: number) => `code-use:${codeUseId}`;

class Twin extends Error {}

async function earnRule(ex: Ex, businessId: number): Promise<LoyaltyEarnRule | null> {
  const [b] = rows<{ rule: unknown }>(
    await ex.execute(
      sql`SELECT settings->'loyalty_earn_rule' AS rule FROM businesses WHERE business_id = ${businessId}`,
    ),
  );
  const r = (typeof b?.rule === 'string' ? JSON.parse(b.rule) : b?.rule) as Partial<LoyaltyEarnRule> | null;
  if (!r) return null;
  return {
    reward_name: r.reward_name ?? null,
    amount_per_point: Number(r.amount_per_point ?? 0),
    points_per_amount: Number(r.points_per_amount ?? 0),
  };
}

/** The award's customer as a sale's (pos/customer.ts): by user_code, or by the identifier the cashier used. */
async function customerOfAward(ex: Ex, businessId: number, t: LoyaltyTrx, now: Date) {
  const id = t.user_identifier_string.trim();
  let userCode = t.user_code?.trim() || null;
  if (!userCode && (t.user_identifier_type === 'qr' || t.user_identifier_type === 'reference')) {
    const [found] = rows<{ user_code: string }>(
      await ex.execute(
        t.user_identifier_type === 'qr'
          ? sql`SELECT user_code FROM customers WHERE business_id = ${businessId} AND user_code = ${id.toUpperCase()}`
          : sql`SELECT user_code FROM customers WHERE business_id = ${businessId}
                AND (user_ref = ${id} OR extra->>'reference_code' = ${id}) ORDER BY customer_id LIMIT 1`,
      ),
    );
    if (!found) throw invalid(POS_MESSAGES.customerNotFound, 'user_identifier_string');
    userCode = found.user_code;
  }
  const customer = {
    user_code: userCode,
    user_name: t.user_name ?? null,
    user_phone: t.user_identifier_type === 'phone' ? id : null,
    user_email: t.user_identifier_type === 'email' ? id : null,
    user_gender: t.user_gender ?? null,
    user_birth_date: t.user_birth_date ?? null,
    user_notes: t.user_notes ?? null,
    retrieve_time: t.user_retrieve_time ?? null,
  } as unknown as Customer;
  const c = await resolveSaleCustomer(ex, { businessId, customer, lock: true, now, storeEdits: false });
  if (!c) throw invalid(LOYALTY_TEXTS.customerRequired, 'user_identifier_string');
  return c;
}

async function storedAward(
  ex: Ex,
  businessId: number,
  localTrxId: string,
): Promise<LoyaltyIngestAnswer | null> {
  const [r] = rows<{ id: string; points: string; reward_name: string | null }>(
    await ex.execute(sql`
      SELECT loyalty_trx_head_id AS id, points::text AS points, reward_name FROM loyalty_trxs
      WHERE business_id = ${businessId} AND local_trx_id = ${localTrxId}`),
  );
  return r
    ? {
        local_trx_id: localTrxId,
        loyalty_trx_head_id: Number(r.id),
        points: Number(r.points),
        reward_name: r.reward_name,
      }
    : null;
}

/** POST cashier/loyalty-trx: each award stored once per local_trx_id with its points (ruling 17). */
export async function ingestLoyalty(
  deps: AppDeps,
  auth: Auth,
  input: { is_offline: 0 | 1; trxs: LoyaltyTrx[] },
): Promise<LoyaltyIngestAnswer[]> {
  if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  const outletId = auth.outlet_id;
  const db = deps.database.db;
  const out: LoyaltyIngestAnswer[] = [];
  for (const [i, t] of input.trxs.entries()) {
    const again = await storedAward(db, auth.business_id, t.local_trx_id);
    if (again) {
      out.push(again);
      continue;
    }
    if (!(t.trx_amount > 0)) throw invalid(LOYALTY_OWN.amountRequired, `trxs.${i}.trx_amount`);
    const now = deps.clock.now();
    try {
      out.push(
        await transaction(db, async (tx) => {
          const customer = await customerOfAward(tx, auth.business_id, t, now);
          const rule = await earnRule(tx, auth.business_id);
          const points = loyaltyPoints(t.trx_amount, rule);
          const [row] = rows<{ id: string }>(
            await tx.execute(sql`
              INSERT INTO loyalty_trxs (business_id, business_outlet_id, business_user_id, local_trx_id, customer_id,
                pos_trx_code, trx_amount, points, reward_name, trx_time, is_offline, created_at)
              VALUES (${auth.business_id}, ${outletId}, ${auth.business_user_id}, ${t.local_trx_id},
                ${customer.customer_id}, ${t.pos_trx_code}, ${String(t.trx_amount)}::numeric, ${String(points)}::numeric,
                ${rule?.reward_name ?? null}, ${t.trx_time}, ${input.is_offline}, ${now.toISOString()}::timestamptz)
              ON CONFLICT (business_id, local_trx_id) DO NOTHING
              RETURNING loyalty_trx_head_id AS id`),
          );
          if (!row) throw new Twin();
          if (points > 0)
            await tx.execute(sql`
              INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
              VALUES (${customer.customer_id}, ${LOYALTY_POINT_ENTRY}, ${String(points)}::numeric,
                ${rule?.reward_name ?? null}, ${t.local_trx_id}, ${now.toISOString()}::timestamptz)`);
          return {
            local_trx_id: t.local_trx_id,
            loyalty_trx_head_id: Number(row.id),
            points,
            reward_name: rule?.reward_name ?? null,
          };
        }),
      );
    } catch (e) {
      if (!(e instanceof Twin)) throw e;
      const stored = await storedAward(db, auth.business_id, t.local_trx_id);
      if (!stored) throw e;
      out.push(stored);
    }
  }
  return out;
}

const redeemRefused = () => invalid(SALE_MESSAGES.redeemInvalid, 'scancode');
const codeUsed = () => invalid(LOYALTY_OWN.codeUsed, 'scancode');

/** Locks the customer's row first (the lock order), as a sale spending their balance does. */
async function lockCustomer(ex: Ex, customerId: number): Promise<void> {
  await ex.execute(
    sql`SELECT customer_id FROM customers WHERE customer_id = ${customerId} FOR NO KEY UPDATE`,
  );
}

async function insertUse(
  ex: Ex,
  auth: Auth,
  input: { kind: 'reward' | 'coupon'; scancode: string; customerId: number; now: Date },
): Promise<number> {
  const [u] = rows<{ id: string }>(
    await ex.execute(sql`
      INSERT INTO code_uses (business_id, kind, scancode, customer_id, business_outlet_id, business_user_id, created_at)
      VALUES (${auth.business_id}, ${input.kind}, ${input.scancode}, ${input.customerId}, ${auth.outlet_id},
        ${auth.business_user_id}, ${input.now.toISOString()}::timestamptz)
      RETURNING code_use_id AS id`),
  );
  return Number(u.id);
}

/** POST cashier/reward/redeem {scancode}: a reward's QR code redeemed outside a sale, once. */
export async function confirmRedeem(
  deps: AppDeps,
  auth: Auth,
  scancode: string,
): Promise<{ scancode: string; code_use_id: number }> {
  const db = deps.database.db;
  const [c] = rows<{ id: string; customer_id: string; rid: number; qty: number }>(
    await db.execute(sql`
      SELECT reward_redeem_code_id AS id, customer_id, reward_redemption_item_id AS rid, qty FROM reward_redeem_codes
      WHERE business_id = ${auth.business_id} AND scancode = ${scancode}`),
  );
  if (!c) throw redeemRefused();
  const reward = await rewardOf(db, auth.business_id, Number(c.rid));
  if (!reward) throw redeemRefused();
  const cost = redeemPointCost(reward, Number(c.qty));
  const customerId = Number(c.customer_id);
  return transaction(db, async (tx) => {
    const now = deps.clock.now();
    await lockCustomer(tx, customerId);
    const [code] = rows<{ used: string | null; expired: boolean | string }>(
      await tx.execute(sql`
        SELECT used_local_trx_id AS used, (expires_at IS NOT NULL AND expires_at < ${now.toISOString()}::timestamptz) AS expired
        FROM reward_redeem_codes WHERE reward_redeem_code_id = ${c.id} FOR UPDATE`),
    );
    if (!code || code.expired === true || code.expired === 't') throw redeemRefused();
    if (code.used !== null) throw codeUsed();
    if (cost > 0 && (await pointBalance(tx, customerId, reward.reward_name ?? null)) < cost)
      throw redeemRefused();
    const useId = await insertUse(tx, auth, { kind: 'reward', scancode, customerId, now });
    const ref = codeUseRef(useId);
    if (cost > 0)
      await tx.execute(sql`
        INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
        VALUES (${customerId}, ${REDEEM_POINT_ENTRY}, ${String(-cost)}::numeric, ${reward.reward_name ?? null},
          ${ref}, ${now.toISOString()}::timestamptz)`);
    await tx.execute(
      sql`UPDATE reward_redeem_codes SET used_local_trx_id = ${ref} WHERE reward_redeem_code_id = ${c.id}`,
    );
    return { scancode, code_use_id: useId };
  });
}

/**
 * The held coupon a coupon code names (docs/decisions.md): an agent coupon's pos_trx_code (the code the
 * partner channel gave the customer), else its coupon_user_id in decimal — with its customer, what is left
 * and its catalogue coupon. Null when it names nothing of this brand.
 */
async function heldCoupon(ex: Ex, businessId: number, qrCode: string) {
  const code = qrCode.trim();
  const [agent] = rows<{ id: string }>(
    await ex.execute(sql`
      SELECT coupon_user_id::text AS id FROM coupon_agent_transactions
      WHERE business_id = ${businessId} AND pos_trx_code = ${code}`),
  );
  const id = agent ? Number(agent.id) : couponUserIdOf(code);
  if (id === null) return null;
  const [r] = rows<{
    customer_id: string;
    user_name: string | null;
    user_code: string;
    coupon_id: number;
    start_date: string;
    expired_date: string;
    coupon_notes: string | null;
    left: string;
    doc: unknown;
  }>(
    await ex.execute(sql`
      SELECT cu.customer_id, c.user_name, c.user_code, cu.coupon_id, cu.start_date::text AS start_date,
        cu.expired_date::text AS expired_date, cu.coupon_notes,
        (SELECT coalesce(sum(l.qty), 0) FROM coupon_user_ledger l WHERE l.coupon_user_id = cu.coupon_user_id)::text AS left,
        ce.doc
      FROM coupon_users cu
      JOIN customers c ON c.customer_id = cu.customer_id AND c.business_id = ${businessId}
      LEFT JOIN LATERAL (SELECT doc FROM catalogue_entities
        WHERE business_id = ${businessId} AND kind = 'coupons' AND entity_id = cu.coupon_id::text
        ORDER BY business_outlet_id LIMIT 1) ce ON true
      WHERE cu.coupon_user_id = ${id}`),
  );
  if (!r) return null;
  const doc = (typeof r.doc === 'string' ? JSON.parse(r.doc) : r.doc) as {
    coupon_name?: string;
    coupon_image?: string | null;
  } | null;
  return {
    coupon_user_id: id,
    customer_id: Number(r.customer_id),
    user_name: r.user_name,
    user_code: r.user_code,
    coupon_id: Number(r.coupon_id),
    start_date: r.start_date,
    expired_date: r.expired_date,
    coupon_notes: r.coupon_notes,
    left: Number(r.left),
    doc,
  };
}

/**
 * POST cashier/coupon/redeem/preview {qr_code}: the coupon preview, refused when it cannot be used today. Each
 * detail is also the held coupon (000 §7 coupon QR: details[0].coupon_detail), so the cashier's dialog applies
 * a code it did not list itself (an agent's code, a coupon the device's copy of the customer lacks).
 */
export async function couponPreview(deps: AppDeps, auth: Auth, qrCode: string) {
  const db = deps.database.db;
  const held = await heldCoupon(db, auth.business_id, qrCode);
  if (!held?.doc) throw invalid(SALE_MESSAGES.couponInvalid, 'qr_code');
  const today = formatLocalDateTime(deps.clock.now()).slice(0, 10);
  // the use's own check, without its lock: a preview of a used-up or expired coupon is refused at once
  await transaction(db, async (tx) => {
    try {
      await lockCouponUse(tx, { couponUserId: held.coupon_user_id, customerId: held.customer_id, today });
    } catch {
      throw invalid(SALE_MESSAGES.couponInvalid, 'qr_code');
    }
  });
  return {
    scancode: String(held.coupon_user_id),
    user_name: held.user_name,
    user_code: held.user_code,
    details: [
      {
        coupon_image: held.doc.coupon_image ?? null,
        coupon_name: held.doc.coupon_name ?? '',
        coupon_user_id: held.coupon_user_id,
        coupon_id: held.coupon_id,
        qty: held.left,
        start_date: held.start_date,
        expired_date: held.expired_date,
        coupon_notes: held.coupon_notes,
        coupon_detail: held.doc as Record<string, unknown>,
      },
    ],
  };
}

/**
 * POST cashier/coupon/direct-redeem/preview {user_code} (000 §7 user coupons): the customer's coupons usable
 * by the outlet's date, each with its catalogue coupon — the dialog's browse list, straight from the ledger.
 */
export async function userCoupons(deps: AppDeps, auth: Auth, userCode: string) {
  const [c] = rows<{ id: string }>(
    await deps.database.db.execute(sql`
      SELECT customer_id AS id FROM customers
      WHERE business_id = ${auth.business_id}
        AND (user_code = ${userCode.trim()} OR user_code = ${userCode.trim().toUpperCase()})
      ORDER BY customer_id LIMIT 1`),
  );
  if (!c) throw invalid(POS_MESSAGES.customerNotFound, 'user_code');
  const today = outletToday(deps.clock.now()).date;
  const held = await activeCoupons(deps, auth.business_id, Number(c.id), today, true);
  return { details: held.filter((h) => !h.start_date || h.start_date.slice(0, 10) <= today) };
}

/** POST cashier/reward/redeem {scancode, kind: 'coupon'}: the coupon used once (coupon_user_ledger −1). */
export async function confirmCoupon(
  deps: AppDeps,
  auth: Auth,
  scancode: string,
): Promise<{ scancode: string; code_use_id: number }> {
  const db = deps.database.db;
  const held = await heldCoupon(db, auth.business_id, scancode);
  if (!held) throw invalid(SALE_MESSAGES.couponInvalid, 'scancode');
  return transaction(db, async (tx) => {
    const now = deps.clock.now();
    const today = formatLocalDateTime(now).slice(0, 10);
    await lockCustomer(tx, held.customer_id);
    try {
      await lockCouponUse(tx, { couponUserId: held.coupon_user_id, customerId: held.customer_id, today });
    } catch {
      throw invalid(SALE_MESSAGES.couponInvalid, 'scancode');
    }
    const useId = await insertUse(tx, auth, {
      kind: 'coupon',
      scancode: String(held.coupon_user_id),
      customerId: held.customer_id,
      now,
    });
    await writeCouponUse(tx, { couponUserId: held.coupon_user_id, localTrxId: codeUseRef(useId), now });
    return { scancode: String(held.coupon_user_id), code_use_id: useId };
  });
}

/** POST cashier/reward/save-redeem {scancode, pos_trx_code}: the purchase no. of this code's last use. */
export async function saveRedeemPurchaseNo(
  deps: AppDeps,
  auth: Auth,
  input: { scancode: string; pos_trx_code: string; kind?: 'reward' | 'coupon' },
): Promise<{ message: string }> {
  const kind = input.kind ?? 'reward';
  const scancode =
    kind === 'coupon' ? String(couponUserIdOf(input.scancode) ?? input.scancode) : input.scancode;
  const updated = rows<{ id: string }>(
    await deps.database.db.execute(sql`
      UPDATE code_uses SET pos_trx_code = ${input.pos_trx_code}
      WHERE code_use_id = (SELECT max(code_use_id) FROM code_uses
        WHERE business_id = ${auth.business_id} AND kind = ${kind} AND scancode = ${scancode})
      RETURNING code_use_id AS id`),
  );
  if (updated.length === 0)
    throw invalid(kind === 'coupon' ? SALE_MESSAGES.couponInvalid : SALE_MESSAGES.redeemInvalid, 'scancode');
  return { message: LOYALTY_TEXTS.trxSuccessText };
}
