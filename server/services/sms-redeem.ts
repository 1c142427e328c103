// Issue 24: point redemption by SMS outside a sale (001 §2.5, §4, §5, §7; rulings 13, 17, 20).
//
// - cashier/reward-redemption-item: the brand's reward items (the server's catalogue).
// - cashier/sms-redeem-reward (pos/redeem.ts sendRedeemSms) sends the code; with is_edit_user = 1 the found
//   customer's name, gender, birth date and notes are stored first (birth date 1930-01-01 to today).
// - cashier/validate-sms-redeem-reward {reward_redeem_sms_id, scancode}: wrong codes are counted first (the
//   SMS code's attempt gate, pos/redeem.ts); then, under the customer's row lock (first, as every ingest path:
//   docs/architecture.md "Lock order") and the SMS row's lock, the code is checked unspent, unexpired and
//   right, the points checked and debited (point_ledger 'redeem', ref code-use:{id}) and the code spent — so
//   the same code from two tills at once: exactly one succeeds.
// - cashier/save-sms-redeem-reward: the purchase no. kept on that use (code_uses kind 'sms', migration 0043).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { smsRedeemRequest } from '../../src/api/contract/redeem';
import { BIRTH_DATE_MIN } from '../../src/domain/customer-fields';
import { redeemSuccessText } from '../../src/domain/loyalty';
import type { RewardRedemptionItem } from '../../src/domain/model/coupon';
import { redeemPointCost } from '../../src/domain/redeem';
import { LOYALTY_OWN, LOYALTY_TEXTS } from '../../src/domain/texts/loyalty';
import { MEMBER_INFO_OWN } from '../../src/domain/texts/member-info';
import { REDEEM_TEXTS } from '../../src/domain/texts/redeem';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import { isCalendarDate } from '../../src/domain/time-wall';
import { transaction } from '../db/retry';
import { rows, type Tx } from '../db/rows';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { codeUseRef } from './loyalty';
import { resolveSaleCustomer } from './pos/customer';
import {
  gateSmsRedeemCode,
  pointBalance,
  REDEEM_POINT_ENTRY,
  rewardOf,
  type SaleRedeem,
  sendRedeemSms,
  smsCodeMatches,
} from './pos/redeem';
import type { AuthContext } from './sessions';

type Ex = Pick<Tx, 'execute'>;
type Auth = Pick<AuthContext, 'business_id' | 'business_user_id' | 'outlet_id'>;
const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** GET cashier/reward-redemption-item: the brand's reward items (one per id, the brand-wide copy first). */
export async function rewardItems(deps: AppDeps, auth: Auth): Promise<RewardRedemptionItem[]> {
  const found = rows<{ doc: unknown }>(
    await deps.database.db.execute(sql`
      SELECT DISTINCT ON (entity_id) doc FROM catalogue_entities
      WHERE business_id = ${auth.business_id} AND kind = 'reward_redemption_items'
      ORDER BY entity_id, business_outlet_id`),
  );
  return found
    .map((r) => parse(r.doc) as RewardRedemptionItem)
    .sort((a, b) => Number(a.reward_redemption_item_id) - Number(b.reward_redemption_item_id));
}

/** POST cashier/sms-redeem-reward with the customer's edits (is_edit_user = 1) stored before the code goes. */
export async function sendSmsRedeem(
  deps: AppDeps,
  auth: Auth,
  input: z.output<typeof smsRedeemRequest>,
): Promise<{ reward_redeem_sms_id: number; message: string }> {
  if (input.is_edit_user === 1) {
    const now = deps.clock.now();
    const today = formatLocalDateTime(now).slice(0, 10);
    const birth = input.user_birth_date?.trim() || null;
    if (birth !== null && (!isCalendarDate(birth) || birth < BIRTH_DATE_MIN || birth > today))
      throw invalid(MEMBER_INFO_OWN.birthDateInvalid, 'user_birth_date');
    const id = input.user_identifier_string.trim();
    await transaction(deps.database.db, async (tx) => {
      const [u] = rows<{ user_code: string }>(
        await tx.execute(sql`
          SELECT user_code FROM customers
          WHERE business_id = ${auth.business_id}
            AND (user_code = ${id.toUpperCase()} OR user_phone_canonical = customer_canonical_phone(${id}::text))
          ORDER BY customer_id LIMIT 1`),
      );
      // an unknown customer has no points: sendRedeemSms refuses it below
      if (!u) return;
      await resolveSaleCustomer(tx, {
        businessId: auth.business_id,
        customer: {
          user_code: u.user_code,
          user_name: input.user_name ?? undefined,
          user_gender: input.user_gender ?? undefined,
          user_birth_date: birth,
          user_notes: input.user_notes ?? null,
        } as never,
        lock: true,
        now,
        storeEdits: true,
      });
    });
  }
  const sent = await sendRedeemSms(deps, auth, input);
  return { ...sent, message: REDEEM_TEXTS.smsSent };
}

interface SmsRow {
  customer_id: string;
  reward_redemption_item_id: number;
  used_local_trx_id: string | null;
  expired: boolean | string;
  user_name: string | null;
}

/**
 * POST cashier/validate-sms-redeem-reward {reward_redeem_sms_id, scancode}: the code accepted once; the
 * answer is the redemption's message (001 §2.5: the success modal shows it).
 */
export async function validateSmsRedeem(
  deps: AppDeps,
  auth: Auth,
  input: { reward_redeem_sms_id: number; scancode: string },
): Promise<{ message: string }> {
  const db = deps.database.db;
  const smsId = input.reward_redeem_sms_id;
  const [head] = rows<{ customer_id: string; rid: number }>(
    await db.execute(sql`
      SELECT customer_id, reward_redemption_item_id AS rid FROM reward_redeem_sms
      WHERE reward_redeem_sms_id = ${smsId} AND business_id = ${auth.business_id}`),
  );
  if (!head) throw invalid(SALE_MESSAGES.redeemInvalid, 'reward_redeem_sms_id');
  const reward = await rewardOf(db, auth.business_id, Number(head.rid));
  if (!reward) throw invalid(SALE_MESSAGES.redeemInvalid, 'reward_redeem_sms_id');
  const now = deps.clock.now();
  const plan = { type: 'sms', ref_id: smsId } as SaleRedeem;
  try {
    await gateSmsRedeemCode(deps, { businessId: auth.business_id, plan, code: input.scancode, now });
  } catch (e) {
    if (e instanceof ServiceError) throw new ServiceError(e.kind, e.message, 'scancode');
    throw e;
  }
  const cost = redeemPointCost(reward);
  const customerId = Number(head.customer_id);
  return transaction(db, async (tx) => {
    const at = deps.clock.now();
    await tx.execute(
      sql`SELECT customer_id FROM customers WHERE customer_id = ${customerId} FOR NO KEY UPDATE`,
    );
    const [s] = rows<SmsRow>(
      await tx.execute(sql`
        SELECT s.customer_id, s.reward_redemption_item_id, s.used_local_trx_id,
          (s.expires_at < ${at.toISOString()}::timestamptz) AS expired, c.user_name
        FROM reward_redeem_sms s JOIN customers c ON c.customer_id = s.customer_id
        WHERE s.reward_redeem_sms_id = ${smsId} FOR UPDATE OF s`),
    );
    if (!s) throw invalid(SALE_MESSAGES.redeemInvalid, 'reward_redeem_sms_id');
    if (s.used_local_trx_id !== null) throw invalid(LOYALTY_OWN.codeUsed, 'scancode');
    if (s.expired === true || s.expired === 't') throw invalid(SALE_MESSAGES.redeemInvalid, 'scancode');
    if (!(await smsCodeMatches(tx, smsId, customerId, input.scancode)))
      throw invalid(SALE_MESSAGES.redeemInvalid, 'scancode');
    if (cost > 0 && (await pointBalance(tx, customerId, reward.reward_name ?? null)) < cost)
      throw invalid(SALE_MESSAGES.redeemInvalid, 'reward_redeem_sms_id');
    const useId = await insertSmsUse(tx, auth, { smsId, customerId, now: at });
    const ref = codeUseRef(useId);
    if (cost > 0)
      await tx.execute(sql`
        INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
        VALUES (${customerId}, ${REDEEM_POINT_ENTRY}, ${String(-cost)}::numeric, ${reward.reward_name ?? null},
          ${ref}, ${at.toISOString()}::timestamptz)`);
    await tx.execute(
      sql`UPDATE reward_redeem_sms SET used_local_trx_id = ${ref} WHERE reward_redeem_sms_id = ${smsId}`,
    );
    return {
      message: redeemSuccessText({
        scancode: input.scancode.trim(),
        user_name: s.user_name,
        details: [
          {
            item_name: reward.item_name,
            drv_total_point: cost,
            reward_name: reward.reward_name ?? null,
          },
        ],
      } as never),
    };
  });
}

async function insertSmsUse(
  ex: Ex,
  auth: Auth,
  input: { smsId: number; customerId: number; now: Date },
): Promise<number> {
  const [u] = rows<{ id: string }>(
    await ex.execute(sql`
      INSERT INTO code_uses (business_id, kind, scancode, customer_id, business_outlet_id, business_user_id, created_at)
      VALUES (${auth.business_id}, 'sms', ${String(input.smsId)}, ${input.customerId}, ${auth.outlet_id},
        ${auth.business_user_id}, ${input.now.toISOString()}::timestamptz)
      RETURNING code_use_id AS id`),
  );
  return Number(u.id);
}

/** POST cashier/save-sms-redeem-reward {reward_redeem_sms_id, scancode, pos_trx_code}: the purchase no. */
export async function saveSmsRedeemPurchaseNo(
  deps: AppDeps,
  auth: Auth,
  input: { reward_redeem_sms_id: number; scancode: string; pos_trx_code: string },
): Promise<{ message: string }> {
  const db = deps.database.db;
  const [s] = rows<{ customer_id: string }>(
    await db.execute(sql`
      SELECT customer_id FROM reward_redeem_sms
      WHERE reward_redeem_sms_id = ${input.reward_redeem_sms_id} AND business_id = ${auth.business_id}
        AND used_local_trx_id IS NOT NULL`),
  );
  // the code itself names the redemption: a wrong one saves nothing
  if (!s || !(await smsCodeMatches(db, input.reward_redeem_sms_id, Number(s.customer_id), input.scancode)))
    throw invalid(SALE_MESSAGES.redeemInvalid, 'scancode');
  const updated = rows<{ id: string }>(
    await db.execute(sql`
      UPDATE code_uses SET pos_trx_code = ${input.pos_trx_code}
      WHERE business_id = ${auth.business_id} AND kind = 'sms' AND scancode = ${String(input.reward_redeem_sms_id)}
      RETURNING code_use_id AS id`),
  );
  if (updated.length === 0) throw invalid(SALE_MESSAGES.redeemInvalid, 'scancode');
  return { message: LOYALTY_TEXTS.trxSuccessText };
}
