// Issue 14: reward redemption inside a sale (000 §2 redeem dialog, §3, §7 redeem scan / SMS redeem / resend /
// agent lists; rulings 13, 17, 20). The server issues and verifies the codes (QR codes, SMS codes kept as a
// hash, agent transactions) and, when the sale is ingested, debits the reward's points on point_ledger inside
// the sale's own database transaction with the customer's row locked: exactly once per local_trx_id, and of two
// sales spending the same last points one is refused ('Redeem tidak valid.'). The reward, its link and its
// points are the server's catalogue's (reward_redemption_items), never the device's copy.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SaleTrx } from '../../../src/api/contract/pos';
import type { QrRedeemData, RedeemItem } from '../../../src/domain/model';
import { canonicalPhone } from '../../../src/domain/pos/phone';
import {
  type RewardLike,
  redeemItemOf,
  redeemLinesIssue,
  redeemPointCost,
  SMS_REDEEM_CODE_TTL_MS,
  smsResendSecondsLeft,
} from '../../../src/domain/redeem';
import { REDEEM_OWN } from '../../../src/domain/texts/redeem';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { transaction } from '../../db/retry';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { invalid, ServiceError } from '../../lib/errors';
import { ATTEMPT_POLICIES, ATTEMPT_WINDOW_MS } from '../attempt-limiter';
import type { AuthContext } from '../sessions';

type Ex = Pick<Tx, 'execute'>;
const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** point_ledger.entry_type of a redemption's debit (a void adds 'redeem_void', ledgers.ts). */
export const REDEEM_POINT_ENTRY = 'redeem';

const refused = (field = 'redeem') => invalid(SALE_MESSAGES.redeemInvalid, field);

/** The brand's reward (catalogue reward_redemption_items), or null. */
export async function rewardOf(ex: Ex, businessId: number, rewardId: number): Promise<RewardLike | null> {
  if (!Number.isSafeInteger(rewardId) || rewardId <= 0) return null;
  const [r] = rows<{ doc: unknown }>(
    await ex.execute(sql`
      SELECT doc FROM catalogue_entities
      WHERE business_id = ${businessId} AND kind = 'reward_redemption_items' AND entity_id = ${String(rewardId)}
      ORDER BY business_outlet_id LIMIT 1`),
  );
  return r ? (parse(r.doc) as RewardLike) : null;
}

/** The customer's points of one reward name (ruling 13: the sum of the ledger). */
export async function pointBalance(ex: Ex, customerId: number, rewardName: string | null): Promise<number> {
  const [b] = rows<{ b: string }>(
    await ex.execute(sql`
      SELECT coalesce(sum(points), 0)::text AS b FROM point_ledger
      WHERE customer_id = ${customerId} AND reward_name IS NOT DISTINCT FROM ${rewardName}`),
  );
  return Number(b?.b ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// The dialog's calls

/** GET redeem scan ?scancode=: the code's preview (qr_redeem_data), refused when unknown, spent or expired. */
export async function redeemPreview(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  scancode: string,
): Promise<QrRedeemData & { scancode: string }> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const [c] = rows<{
    reward_redemption_item_id: number;
    qty: number;
    expires_at: string | null;
    used_local_trx_id: string | null;
    user_name: string;
    user_code: string;
  }>(
    await db.execute(sql`
      SELECT c.reward_redemption_item_id, c.qty, c.expires_at::text AS expires_at, c.used_local_trx_id,
        u.user_name, u.user_code
      FROM reward_redeem_codes c JOIN customers u ON u.customer_id = c.customer_id
      WHERE c.business_id = ${auth.business_id} AND c.scancode = ${scancode}`),
  );
  if (!c || c.used_local_trx_id !== null || (c.expires_at !== null && new Date(c.expires_at) < now))
    throw refused('scancode');
  const reward = await rewardOf(db, auth.business_id, Number(c.reward_redemption_item_id));
  if (!reward) throw refused('scancode');
  const qty = Number(c.qty);
  return {
    scancode,
    user_name: c.user_name,
    user_code: c.user_code,
    details: [
      {
        image_url: reward.image_url ?? null,
        qty,
        item_name: reward.item_name,
        drv_total_point: redeemPointCost(reward, qty),
        reward_name: reward.reward_name ?? null,
        reward_redemption_item: reward as never,
      },
    ],
  };
}

const codeHash = (customerId: number, code: string) =>
  createHash('sha256').update(`${customerId}:${code.trim()}`).digest('hex');
const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** The SMS the customer receives (ours: the spec does not show it). */
export const redeemSmsMessage = (itemName: string, code: string) =>
  `Kode redeem ${itemName}: ${code}. Berlaku 15 menit.`;

async function queueSms(ex: Ex, phone: string, message: string, now: Date): Promise<void> {
  await ex.execute(sql`
    INSERT INTO sms_outbox (to_phone, message, status, attempts, created_at)
    VALUES (${phone}, ${message}, 'queued', 0, ${now.toISOString()}::timestamptz)`);
}

/**
 * POST SMS redeem {user_identifier_string, reward_redemption_item_id}: a new code for the customer (found by
 * user_code, phone or e-mail) sent through the SMS outbox; refused without a phone ('Nomor HP harus diisi!'),
 * for an unknown reward or one the customer's points do not cover ('Redeem tidak valid.').
 */
export async function sendRedeemSms(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  input: { user_identifier_string: string; reward_redemption_item_id: number },
): Promise<{ reward_redeem_sms_id: number }> {
  const now = deps.clock.now();
  const id = input.user_identifier_string.trim();
  return deps.database.db.transaction(async (tx) => {
    const [u] = rows<{ customer_id: string; user_phone: string | null }>(
      await tx.execute(sql`
        SELECT customer_id, user_phone FROM customers
        WHERE business_id = ${auth.business_id}
          AND (user_code = ${id} OR user_code = ${id.toUpperCase()}
            OR user_phone_canonical = ${canonicalPhone(id)} OR lower(user_email) = ${id.toLowerCase()})
        ORDER BY customer_id LIMIT 1 FOR NO KEY UPDATE`),
    );
    if (!u) throw refused('user_identifier_string');
    if (!u.user_phone?.trim()) throw invalid(SALE_MESSAGES.redeemPhoneRequired, 'user_identifier_string');
    const customerId = Number(u.customer_id);
    const reward = await rewardOf(tx, auth.business_id, input.reward_redemption_item_id);
    if (!reward) throw refused('reward_redemption_item_id');
    if ((await pointBalance(tx, customerId, reward.reward_name ?? null)) < redeemPointCost(reward))
      throw refused('reward_redemption_item_id');
    const code = newSmsCode();
    const [row] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO reward_redeem_sms (business_id, customer_id, reward_redemption_item_id, to_phone, code_hash,
          expires_at, last_sent_at, send_count, created_at)
        VALUES (${auth.business_id}, ${customerId}, ${reward.reward_redemption_item_id}, ${u.user_phone},
          ${codeHash(customerId, code)}, ${new Date(now.getTime() + SMS_REDEEM_CODE_TTL_MS).toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, 1, ${now.toISOString()}::timestamptz)
        RETURNING reward_redeem_sms_id AS id`),
    );
    await queueSms(tx, u.user_phone, redeemSmsMessage(reward.item_name, code), now);
    return { reward_redeem_sms_id: Number(row.id) };
  });
}

/**
 * POST SMS redeem resend {reward_redeem_sms_id}: a new code (the previous one stops working) and a new expiry,
 * at most every 30 s (ruling 20); refused for an unknown, foreign or spent code.
 */
export async function resendRedeemSms(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  input: { reward_redeem_sms_id: number },
): Promise<{ reward_redeem_sms_id: number }> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const [s] = rows<{
      customer_id: string;
      to_phone: string;
      reward_redemption_item_id: number;
      last_sent_at: string;
      used_local_trx_id: string | null;
    }>(
      await tx.execute(sql`
        SELECT customer_id, to_phone, reward_redemption_item_id, last_sent_at::text AS last_sent_at, used_local_trx_id
        FROM reward_redeem_sms
        WHERE reward_redeem_sms_id = ${input.reward_redeem_sms_id} AND business_id = ${auth.business_id}
        FOR UPDATE`),
    );
    if (!s || s.used_local_trx_id !== null) throw refused('reward_redeem_sms_id');
    const left = smsResendSecondsLeft(new Date(s.last_sent_at).getTime(), now.getTime());
    if (left > 0) throw invalid(REDEEM_OWN.resendTooEarly(left), 'reward_redeem_sms_id');
    const reward = await rewardOf(tx, auth.business_id, Number(s.reward_redemption_item_id));
    if (!reward) throw refused('reward_redeem_sms_id');
    const code = newSmsCode();
    const customerId = Number(s.customer_id);
    await tx.execute(sql`
      UPDATE reward_redeem_sms SET code_hash = ${codeHash(customerId, code)},
        expires_at = ${new Date(now.getTime() + SMS_REDEEM_CODE_TTL_MS).toISOString()}::timestamptz,
        last_sent_at = ${now.toISOString()}::timestamptz, send_count = send_count + 1
      WHERE reward_redeem_sms_id = ${input.reward_redeem_sms_id}`);
    await queueSms(tx, s.to_phone, redeemSmsMessage(reward.item_name, code), now);
    return { reward_redeem_sms_id: input.reward_redeem_sms_id };
  });
}

/** An agent's reward transaction as the dialog lists it (000 §3 "Agent transaction"). */
export interface AgentRewardTransaction {
  pos_trx_code: string;
  agent_code: string;
  details: {
    trx_id: string;
    image_url: string | null;
    item_name: string;
    created_at: string;
    reward_redemption_item: RewardLike;
  }[];
}

/** GET agent reward transactions ?user_code=: the customer's agent redemptions not yet fulfilled. */
export async function agentRewardTransactions(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  userCode: string,
): Promise<AgentRewardTransaction[]> {
  const db = deps.database.db;
  const list = rows<{
    pos_trx_code: string;
    agent_code: string;
    trx_id: string;
    reward_redemption_item_id: number;
    created_at: string;
  }>(
    await db.execute(sql`
      SELECT a.pos_trx_code, a.agent_code, a.trx_id, a.reward_redemption_item_id,
        to_char(a.created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS') AS created_at
      FROM reward_agent_transactions a JOIN customers u ON u.customer_id = a.customer_id
      WHERE a.business_id = ${auth.business_id} AND u.user_code = ${userCode} AND a.fulfilled_local_trx_id IS NULL
      ORDER BY a.created_at DESC, a.reward_agent_transaction_id DESC`),
  );
  const out: AgentRewardTransaction[] = [];
  for (const a of list) {
    const reward = await rewardOf(db, auth.business_id, Number(a.reward_redemption_item_id));
    if (!reward) continue;
    out.push({
      pos_trx_code: a.pos_trx_code,
      agent_code: a.agent_code,
      details: [
        {
          trx_id: a.trx_id,
          image_url: reward.image_url ?? null,
          item_name: reward.item_name,
          created_at: a.created_at,
          reward_redemption_item: reward,
        },
      ],
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The sale

/** A sale's redeem as the server resolved it: the server's reward and what the redemption spends. */
export interface SaleRedeem {
  type: 'qr' | 'sms' | 'direct' | 'agent';
  reward: RewardLike;
  redeem_item: RedeemItem;
  /** points debited (0 for an agent's: spent on the partner's side) */
  cost: number;
  reward_name: string | null;
  /** reward_redeem_codes / reward_redeem_sms / reward_agent_transactions id (direct: null) */
  ref_id: number | null;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * Before the sale is priced: what its redeem names — the QR code's, SMS code's or agent transaction's reward,
 * or the Direct grid's (only where the outlet has direct_reward_redeem = 1) — from the server's data; lines
 * carrying the redeem marker checked (redeemLinesIssue). Null without a redeem. Refused: 'Redeem tidak valid.'.
 */
export async function resolveSaleRedeem(
  ex: Ex,
  input: { businessId: number; outletId: number; trx: SaleTrx },
): Promise<SaleRedeem | null> {
  const r = input.trx.redeem;
  if (!r) {
    if (input.trx.details.some((d) => d.redeem)) throw refused('details');
    return null;
  }
  if ((input.trx.trx_type ?? 'NORMAL') !== 'NORMAL') throw refused();
  if (!input.trx.customer) throw invalid(SALE_MESSAGES.promoCustomerRequired, 'customer');
  const code = (r.redeem_code ?? '').trim();
  let rewardId = 0;
  let refId: number | null = null;
  let qty = 1;
  if (r.redeem_type === 'qr') {
    if (!code) throw invalid(SALE_MESSAGES.redeemCodeRequired, 'redeem.redeem_code');
    const [c] = rows<{ id: string; rid: number; qty: number }>(
      await ex.execute(sql`
        SELECT reward_redeem_code_id AS id, reward_redemption_item_id AS rid, qty FROM reward_redeem_codes
        WHERE business_id = ${input.businessId} AND scancode = ${code}`),
    );
    if (!c) throw refused('redeem.redeem_code');
    [rewardId, refId, qty] = [num(c.rid), num(c.id), num(c.qty)];
  } else if (r.redeem_type === 'sms') {
    if (!code) throw invalid(SALE_MESSAGES.redeemCodeRequired, 'redeem.redeem_code');
    const smsId = num((r as { reward_redeem_sms_id?: unknown }).reward_redeem_sms_id);
    const [s] = Number.isSafeInteger(smsId)
      ? rows<{ rid: number }>(
          await ex.execute(sql`
            SELECT reward_redemption_item_id AS rid FROM reward_redeem_sms
            WHERE reward_redeem_sms_id = ${smsId} AND business_id = ${input.businessId}`),
        )
      : [];
    if (!s) throw refused('redeem.reward_redeem_sms_id');
    [rewardId, refId] = [num(s.rid), smsId];
  } else if (r.redeem_type === 'agent') {
    const [a] = rows<{ id: string; rid: number }>(
      await ex.execute(sql`
        SELECT reward_agent_transaction_id AS id, reward_redemption_item_id AS rid FROM reward_agent_transactions
        WHERE business_id = ${input.businessId} AND pos_trx_code = ${code}`),
    );
    if (!a) throw refused('redeem.redeem_code');
    [rewardId, refId] = [num(a.rid), num(a.id)];
  } else {
    const [o] = rows<{ direct: string | null }>(
      await ex.execute(sql`
        SELECT settings->>'direct_reward_redeem' AS direct FROM outlets WHERE business_outlet_id = ${input.outletId}`),
    );
    if (Number(o?.direct ?? 0) !== 1) throw refused('redeem.redeem_type');
    rewardId = num(r.redeem_item?.reward_redemption_item_id);
  }
  const reward = await rewardOf(ex, input.businessId, rewardId);
  if (!reward) throw refused('redeem.redeem_item');
  const redeem_item = redeemItemOf(reward);
  const issue = redeemLinesIssue({ redeem: { redeem_item }, details: input.trx.details });
  if (issue) throw invalid(issue, 'details');
  return {
    type: r.redeem_type,
    reward,
    redeem_item,
    cost: r.redeem_type === 'agent' ? 0 : redeemPointCost(reward, qty),
    reward_name: reward.reward_name ?? null,
    ref_id: refId,
  };
}

/** The sale with the server's redeem_item in place of the device's (what prices it). */
export const withServerRedeem = (trx: SaleTrx, plan: SaleRedeem | null): SaleTrx =>
  plan && trx.redeem ? { ...trx, redeem: { ...trx.redeem, redeem_item: plan.redeem_item } } : trx;

/**
 * Inside the sale's transaction, after the customer's row is locked (and a committed twin ruled out): the code
 * is the customer's, unspent and unexpired (the SMS code matches its hash), the agent transaction not yet
 * fulfilled, and the customer's points of the reward's name cover the cost. Locks the code's row.
 */
export async function checkRedeemUse(
  ex: Ex,
  plan: SaleRedeem,
  input: { customerId: number; code: string | null; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  if (plan.type === 'qr') {
    const [c] = rows<{ ok: boolean | string }>(
      await ex.execute(sql`
        SELECT (customer_id = ${input.customerId} AND used_local_trx_id IS NULL
          AND (expires_at IS NULL OR expires_at >= ${at}::timestamptz)) AS ok
        FROM reward_redeem_codes WHERE reward_redeem_code_id = ${plan.ref_id} FOR UPDATE`),
    );
    if (!(c?.ok === true || c?.ok === 't')) throw refused('redeem.redeem_code');
  } else if (plan.type === 'sms') {
    const [s] = rows<{ ok: boolean | string }>(
      await ex.execute(sql`
        SELECT (customer_id = ${input.customerId} AND used_local_trx_id IS NULL
          AND expires_at >= ${at}::timestamptz
          AND code_hash = ${codeHash(input.customerId, input.code ?? '')}) AS ok
        FROM reward_redeem_sms WHERE reward_redeem_sms_id = ${plan.ref_id} FOR UPDATE`),
    );
    if (!(s?.ok === true || s?.ok === 't')) throw refused('redeem.redeem_code');
  } else if (plan.type === 'agent') {
    const [a] = rows<{ ok: boolean | string }>(
      await ex.execute(sql`
        SELECT (customer_id = ${input.customerId} AND fulfilled_local_trx_id IS NULL) AS ok
        FROM reward_agent_transactions WHERE reward_agent_transaction_id = ${plan.ref_id} FOR UPDATE`),
    );
    if (!(a?.ok === true || a?.ok === 't')) throw refused('redeem.redeem_code');
  }
  if (plan.cost > 0 && (await pointBalance(ex, input.customerId, plan.reward_name)) < plan.cost)
    throw refused();
}

/**
 * An SMS redeem code on its own, before the sale's transaction (issue 23 item 7; the wallet PIN's gate,
 * wallet-security.ts, does the same): under the code's row lock the customer's wrong codes within the attempt
 * window are counted — five, and every try is refused (429), the right code too, until the window passes —
 * then the code compared; a wrong one is recorded in auth_attempts (kind 'redeem_code') and committed with
 * the lock still held, then refused. So of a burst of guesses sent at once, no more than five are tried.
 * checkRedeemUse stays the last word inside the sale's transaction.
 */
export async function gateSmsRedeemCode(
  deps: AppDeps,
  input: { businessId: number; plan: SaleRedeem; code: string | null | undefined; now: Date },
): Promise<void> {
  if (input.plan.type !== 'sms' || input.plan.ref_id === null) return;
  const smsId = input.plan.ref_id;
  const refusal = await transaction(deps.database.db, async (tx) => {
    const [s] = rows<{ customer_id: string | number; code_hash: string }>(
      await tx.execute(sql`
        SELECT customer_id, code_hash FROM reward_redeem_sms
        WHERE reward_redeem_sms_id = ${smsId} AND business_id = ${input.businessId}
        FOR UPDATE`),
    );
    if (!s) return null;
    const customerId = Number(s.customer_id);
    const subject = redeemCodeSubject(input.businessId, customerId);
    // a later statement than the lock: it sees every wrong try committed before the lock was granted
    const [wrong] = rows<{ n: string | number }>(
      await tx.execute(sql`
        SELECT count(*) AS n FROM auth_attempts
        WHERE kind = 'redeem_code' AND subject = ${subject} AND NOT succeeded
          AND attempted_at > ${new Date(input.now.getTime() - ATTEMPT_WINDOW_MS).toISOString()}::timestamptz`),
    );
    if (Number(wrong?.n ?? 0) >= ATTEMPT_POLICIES.redeem_code.perSubject) return 'rate_limited' as const;
    if (s.code_hash === codeHash(customerId, input.code ?? '')) return null;
    await tx.execute(sql`
      INSERT INTO auth_attempts (kind, subject, ip, succeeded, attempted_at)
      VALUES ('redeem_code', ${subject}, '-', false, ${input.now.toISOString()}::timestamptz)`);
    return 'wrong' as const;
  });
  if (refusal === 'rate_limited')
    throw new ServiceError('rate_limited', REDEEM_OWN.redeemCodeRateLimited, 'redeem.redeem_code');
  if (refusal === 'wrong') throw refused('redeem.redeem_code');
}

/** Whether `code` is the SMS row's current code (compared by its hash). */
export async function smsCodeMatches(
  ex: Ex,
  smsId: number,
  customerId: number,
  code: string,
): Promise<boolean> {
  const [s] = rows<{ ok: boolean | string }>(
    await ex.execute(sql`
      SELECT (code_hash = ${codeHash(customerId, code)}) AS ok FROM reward_redeem_sms
      WHERE reward_redeem_sms_id = ${smsId}`),
  );
  return s?.ok === true || s?.ok === 't';
}

/** The attempt subject of a customer's SMS redeem codes. */
const redeemCodeSubject = (businessId: number, customerId: number) => `${businessId}:${customerId}`;

/** After the sale's head: the points debit (one per sale: point_ledger's unique index) and the code spent. */
export async function writeRedeem(
  ex: Ex,
  plan: SaleRedeem,
  input: { customerId: number; localTrxId: string; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  if (plan.cost > 0)
    await ex.execute(sql`
      INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
      VALUES (${input.customerId}, ${REDEEM_POINT_ENTRY}, ${String(-plan.cost)}::numeric, ${plan.reward_name},
        ${input.localTrxId}, ${at}::timestamptz)`);
  if (plan.type === 'qr')
    await ex.execute(sql`
      UPDATE reward_redeem_codes SET used_local_trx_id = ${input.localTrxId}
      WHERE reward_redeem_code_id = ${plan.ref_id}`);
  else if (plan.type === 'sms')
    await ex.execute(sql`
      UPDATE reward_redeem_sms SET used_local_trx_id = ${input.localTrxId}
      WHERE reward_redeem_sms_id = ${plan.ref_id}`);
  else if (plan.type === 'agent')
    await ex.execute(sql`
      UPDATE reward_agent_transactions SET fulfilled_local_trx_id = ${input.localTrxId}
      WHERE reward_agent_transaction_id = ${plan.ref_id}`);
}

/**
 * A void of the sale: its points come back through reverseSaleLedgers (point_ledger 'redeem_void'); an agent
 * transaction it fulfilled may be fulfilled again. A spent QR or SMS code stays spent (the customer asks for a
 * new one; docs/decisions.md).
 */
export async function reverseRedeemUse(ex: Ex, localTrxId: string): Promise<void> {
  await ex.execute(sql`
    UPDATE reward_agent_transactions SET fulfilled_local_trx_id = NULL WHERE fulfilled_local_trx_id = ${localTrxId}`);
}
