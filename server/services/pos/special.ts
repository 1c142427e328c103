// Issue 14: the special sales a POS transaction carries — 'Top Up Deposit' (ruling 15) and 'Pembayaran
// Piutang' (ruling 16) — checked and written on their ledgers inside the sale's own database transaction, so
// a refusal or a crash leaves nothing half-written and a repeat of the sale (its local_trx_id) writes nothing.
// The server derives every amount from its own ledgers and the brand's settings; the device's copy of a
// balance (account_receivable.drv_balance, deposit_amount) is never trusted.
import { sql } from 'drizzle-orm';
import type { SaleTrx } from '../../../src/api/contract/pos';
import type { TopUpDepositRewards } from '../../../src/domain/model/transaction';
import { formatMoney } from '../../../src/domain/money';
import { sumOfPaymentType } from '../../../src/domain/payment-check';
import { type TopUpRewardRule, topUpRewardRuleFor } from '../../../src/domain/special-sale';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { RECEIVABLE_LINE_NAME, syntheticLine, TOP_UP_LINE_NAME } from '../../../src/domain/transaction-rules';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { formatLocalDateTime } from '../../lib/clock';
import { forbidden, invalid } from '../../lib/errors';
import { outletToday } from '../customer-lookup';
import type { AuthContext } from '../sessions';
import { countedMembershipRow } from './membership';
import { hasPriceChanges, isSyntheticShape } from './special-line';

const num = (v: unknown) => Number(v ?? 0);

/** The entry types the special sales write (a void adds each with '_void' and the opposite sign). */
export const SPECIAL_ENTRY = {
  walletTopUp: 'top_up',
  walletTopUpBonus: 'top_up_bonus',
  pointTopUpBonus: 'top_up_bonus',
  couponTopUpBonus: 'top_up_bonus',
  receivablePayment: 'receivable_payment',
} as const;
/** coupon_users.source of a coupon given by a top-up reward rule. */
export const TOP_UP_COUPON_SOURCE = 'top_up';

export type SpecialKind = 'TOP_UP_DEPOSIT' | 'ACCOUNT_RECEIVABLE';
export const isSpecialKind = (t: unknown): t is SpecialKind =>
  t === 'TOP_UP_DEPOSIT' || t === 'ACCOUNT_RECEIVABLE';

const asRules = (v: unknown): TopUpRewardRule[] =>
  Array.isArray(v)
    ? v.flatMap((r) => {
        if (!r || typeof r !== 'object') return [];
        const o = r as Record<string, unknown>;
        const id = o.coupon_reward_id;
        return [
          {
            top_up_reward_rule_id: num(o.top_up_reward_rule_id),
            min_top_up_amount: num(o.min_top_up_amount),
            deposit_reward_amount: Math.max(0, Math.floor(num(o.deposit_reward_amount))),
            coupon_reward_id: id === null || id === undefined || id === '' ? null : num(id),
            coupon_reward_qty: Math.max(0, Math.floor(num(o.coupon_reward_qty))),
            point_reward_amount: Math.max(0, num(o.point_reward_amount)),
            point_reward_name: typeof o.point_reward_name === 'string' ? o.point_reward_name : null,
          },
        ];
      })
    : [];

/**
 * The shape a special sale must have, checked before it is priced (a 400 naming the field): one synthetic
 * line (pos_item_id 1, variant 1, qty 1, 000 §3) of a positive whole amount with nothing on it, no discounts,
 * coupon or redeem; a customer; a top-up never paid from the deposit (000 §5 Deposit: hidden for a top-up), a
 * receivable payment never on credit (000 §5 Credit) and naming its receivable. The role flag of the kind
 * (000 §6 Special transactions) is the session's. Answers the sale as the server prices it: the synthetic
 * line rebuilt from the amount, whatever itemMeta the device sent.
 */
export function specialSale(trx: SaleTrx, auth: Pick<AuthContext, 'auth_role_accesses'>): SaleTrx {
  const kind = trx.trx_type as SpecialKind;
  const flag = kind === 'TOP_UP_DEPOSIT' ? 'TOP_UP_DEPOSIT' : 'ACCOUNT_RECEIVABLE_PAYMENT';
  if (Number(auth.auth_role_accesses[flag] ?? 0) !== 1) throw forbidden();
  const noCustomer =
    kind === 'TOP_UP_DEPOSIT' ? DOMAIN_MESSAGES.topUpNoCustomer : DOMAIN_MESSAGES.receivableNoCustomer;
  if (!trx.customer?.user_code?.trim()) throw invalid(noCustomer, 'customer');
  const noAmount =
    kind === 'TOP_UP_DEPOSIT' ? DOMAIN_MESSAGES.topUpNoAmount : DOMAIN_MESSAGES.receivableNoAmount;
  if (trx.details.length !== 1) throw invalid(noAmount, 'details');
  const d = trx.details[0];
  const variant = d.itemMeta.pos_item_variants?.[0];
  const amount = num(variant?.variant_price);
  if (!isSyntheticShape(d)) throw invalid(POS_MESSAGES.specialLineInvalid, 'details.0');
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw invalid(noAmount, 'details.0.itemMeta.pos_item_variants');
  if (hasPriceChanges(trx, d)) throw invalid(POS_MESSAGES.specialLineInvalid, 'details.0');
  if (kind === 'TOP_UP_DEPOSIT' && sumOfPaymentType(trx.payments, 'DEPOSIT') > 0)
    throw invalid(POS_MESSAGES.topUpByDeposit, 'payments');
  if (kind === 'ACCOUNT_RECEIVABLE') {
    if (sumOfPaymentType(trx.payments, 'CREDIT') > 0)
      throw invalid(POS_MESSAGES.receivableByCredit, 'payments');
    const id = num(trx.account_receivable?.account_receivable_id);
    if (!Number.isSafeInteger(id) || id <= 0)
      throw invalid(DOMAIN_MESSAGES.receivableNoTransaction, 'account_receivable');
  }
  const line = syntheticLine({
    local_trx_detail_id: d.local_trx_detail_id,
    name: kind === 'TOP_UP_DEPOSIT' ? TOP_UP_LINE_NAME : RECEIVABLE_LINE_NAME,
    amount,
    local_created_at: d.local_created_at ?? null,
  });
  // the device's sellers, notes and print marks stay; what prices the line is the server's
  return { ...trx, details: [{ ...d, ...line, item_sellers: d.item_sellers ?? [], notes: d.notes ?? null }] };
}

/** The amount of a special sale (its one line's price), as specialSale checked it. */
export const specialAmount = (sale: SaleTrx): number =>
  num(sale.details[0]?.itemMeta.pos_item_variants?.[0]?.variant_price);

interface BrandWallet {
  currency_code: string;
  max_balance: number | null;
  rules: TopUpRewardRule[];
}

async function brandWallet(tx: Pick<Tx, 'execute'>, businessId: number): Promise<BrandWallet> {
  const [b] = rows<{ currency_code: string; max_balance: string | null; rules: unknown }>(
    await tx.execute(sql`
      SELECT currency_code, settings->'business_wallet'->>'max_balance' AS max_balance,
        settings->'top_up_reward_rules' AS rules
      FROM businesses WHERE business_id = ${businessId}`),
  );
  const rules = typeof b?.rules === 'string' ? JSON.parse(b.rules) : b?.rules;
  const max = b?.max_balance == null || b.max_balance === '' ? null : Number(b.max_balance);
  return {
    currency_code: b?.currency_code ?? 'IDR',
    max_balance: max !== null && Number.isFinite(max) && max > 0 ? max : null,
    rules: asRules(rules),
  };
}

/** Is the customer a member today (outlet time): the top-up form's condition (000 §2). */
async function isMember(tx: Pick<Tx, 'execute'>, customerId: number, now: Date): Promise<boolean> {
  const { start } = outletToday(now);
  const [r] = rows<{ member: boolean }>(
    await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM customer_memberships WHERE customer_id = ${customerId}
        AND valid_from <= ${now.toISOString()}::timestamptz
        AND (valid_until IS NULL OR valid_until >= ${start.toISOString()}::timestamptz)
        AND ${countedMembershipRow}) AS member`),
  );
  return r?.member === true || String(r?.member) === 't';
}

/** A coupon's validity in days from the catalogue (coupons document validity_days; default 30). */
async function couponValidityDays(
  tx: Pick<Tx, 'execute'>,
  businessId: number,
  couponId: number,
): Promise<number | null> {
  const [c] = rows<{ days: string | null }>(
    await tx.execute(sql`
      SELECT doc->>'validity_days' AS days FROM catalogue_entities
      WHERE business_id = ${businessId} AND kind = 'coupons' AND entity_id = ${String(couponId)}
      ORDER BY business_outlet_id LIMIT 1`),
  );
  if (!c) return null;
  const days = Number(c.days);
  return Number.isSafeInteger(days) && days > 0 ? days : 30;
}

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** What a top-up earns, checked before anything is written (planTopUp), written after the sale (writeTopUp). */
export interface TopUpPlan {
  amount: number;
  rule: TopUpRewardRule | null;
  /** the coupon's validity in days (null: no coupon given) */
  couponDays: number | null;
  rewards: TopUpDepositRewards;
  /** what the wallet gains: the amount and the bonus deposit */
  credited: number;
}

/**
 * A top-up (ruling 15), checked inside the sale's transaction with the customer's row locked: refused beyond
 * business_wallet.max_balance ('Total top up tidak boleh melebihi {currency} {max}!') and for a customer who
 * is not a member ('Customer tidak terdaftar sebagai member, …'); else the reward rule it reaches gives the
 * bonus deposit, that rule's coupons (validity from the coupon) and points: top_up_deposit_rewards.
 */
export async function planTopUp(
  tx: Pick<Tx, 'execute'>,
  input: { businessId: number; customerId: number; amount: number; now: Date },
): Promise<TopUpPlan> {
  const brand = await brandWallet(tx, input.businessId);
  if (brand.max_balance !== null && input.amount > brand.max_balance)
    throw invalid(
      DOMAIN_MESSAGES.topUpAboveMax(brand.currency_code, formatMoney(brand.max_balance)),
      'details.0',
    );
  if (!(await isMember(tx, input.customerId, input.now)))
    throw invalid(DOMAIN_MESSAGES.topUpCustomerNotMember, 'customer');
  const rule = topUpRewardRuleFor(brand.rules, input.amount);
  const couponDays =
    rule?.coupon_reward_id != null && rule.coupon_reward_qty > 0
      ? await couponValidityDays(tx, input.businessId, rule.coupon_reward_id)
      : null;
  const bonus = rule?.deposit_reward_amount ?? 0;
  return {
    amount: input.amount,
    rule,
    couponDays,
    rewards: {
      deposit_reward_amount: bonus,
      coupon_reward_amount: couponDays === null ? 0 : (rule?.coupon_reward_qty ?? 0),
      point_reward_amount: rule?.point_reward_amount ?? 0,
      // named only with points given (the stored answer reads it from the point entry)
      point_reward_name: (rule?.point_reward_amount ?? 0) > 0 ? (rule?.point_reward_name ?? null) : null,
    },
    credited: input.amount + bonus,
  };
}

/** The top-up's ledger entries, after the sale's head (its unique local_trx_id keeps them once). */
export async function writeTopUp(
  tx: Pick<Tx, 'execute'>,
  plan: TopUpPlan,
  input: { customerId: number; localTrxId: string; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  const wallet = (type: string, amount: number) =>
    tx.execute(sql`
      INSERT INTO wallet_ledger (customer_id, entry_type, amount, ref_local_trx_id, created_at)
      VALUES (${input.customerId}, ${type}, ${String(amount)}::numeric, ${input.localTrxId}, ${at}::timestamptz)`);
  await wallet(SPECIAL_ENTRY.walletTopUp, plan.amount);
  const r = plan.rewards;
  if (num(r.deposit_reward_amount) > 0)
    await wallet(SPECIAL_ENTRY.walletTopUpBonus, num(r.deposit_reward_amount));
  if (plan.rule?.coupon_reward_id != null && plan.couponDays !== null && num(r.coupon_reward_amount) > 0) {
    const today = formatLocalDateTime(input.now).slice(0, 10);
    const [cu] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO coupon_users (customer_id, coupon_id, start_date, expired_date, source, ref_local_trx_id, created_at)
        VALUES (${input.customerId}, ${plan.rule.coupon_reward_id}, ${today}::date,
          ${addDays(today, plan.couponDays - 1)}::date, ${TOP_UP_COUPON_SOURCE}, ${input.localTrxId}, ${at}::timestamptz)
        RETURNING coupon_user_id AS id`),
    );
    await tx.execute(sql`
      INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, ref_local_trx_id, created_at)
      VALUES (${cu.id}, ${SPECIAL_ENTRY.couponTopUpBonus}, ${num(r.coupon_reward_amount)}, ${input.localTrxId},
        ${at}::timestamptz)`);
  }
  if (num(r.point_reward_amount) > 0)
    await tx.execute(sql`
      INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
      VALUES (${input.customerId}, ${SPECIAL_ENTRY.pointTopUpBonus}, ${String(num(r.point_reward_amount))}::numeric,
        ${r.point_reward_name ?? null}, ${input.localTrxId}, ${at}::timestamptz)`);
}

/**
 * A receivable payment (ruling 16) locks the customer's receivable first (FOR UPDATE: two payments of one
 * receivable are taken one after the other); refused when the receivable is not the customer's.
 */
export async function lockReceivable(
  tx: Pick<Tx, 'execute'>,
  input: { customerId: number; accountReceivableId: number },
): Promise<void> {
  const [ar] = rows<{ id: string }>(
    await tx.execute(sql`
      SELECT account_receivable_id AS id FROM receivables
      WHERE account_receivable_id = ${input.accountReceivableId} AND customer_id = ${input.customerId}
      FOR UPDATE`),
  );
  if (!ar) throw invalid(DOMAIN_MESSAGES.receivableNoTransaction, 'account_receivable');
}

/**
 * Then its balance is read from its ledger (a later statement than the lock: it sees every payment committed
 * before the lock was granted) and a payment beyond it refused ('Nominal pembayaran piutang tidak boleh
 * melebihi sisa piutang transaksi terpilih.'). Answers the balance left.
 */
export async function checkReceivablePayment(
  tx: Pick<Tx, 'execute'>,
  input: { accountReceivableId: number; amount: number },
): Promise<number> {
  const [b] = rows<{ balance: string }>(
    await tx.execute(sql`
      SELECT coalesce(sum(amount), 0)::text AS balance FROM receivable_ledger
      WHERE account_receivable_id = ${input.accountReceivableId}`),
  );
  const balance = Number(b?.balance ?? 0);
  if (input.amount > balance + 0.005)
    throw invalid(DOMAIN_MESSAGES.receivableAboveBalance, 'details.0.itemMeta.pos_item_variants');
  return balance - input.amount;
}

/** The payment's entry on the receivable's ledger, after the sale's head. */
export async function writeReceivablePayment(
  tx: Pick<Tx, 'execute'>,
  input: { accountReceivableId: number; amount: number; localTrxId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO receivable_ledger (account_receivable_id, entry_type, amount, ref_local_trx_id, created_at)
    VALUES (${input.accountReceivableId}, ${SPECIAL_ENTRY.receivablePayment}, ${String(-input.amount)}::numeric,
      ${input.localTrxId}, ${input.now.toISOString()}::timestamptz)`);
}

/**
 * The rewards a stored top-up earned, from the ledgers (a repeat and the stored copy answer the first
 * answer's figures): null when the sale wrote no top-up.
 */
export async function storedTopUpRewards(
  db: Pick<Tx, 'execute'>,
  localTrxId: string,
): Promise<TopUpDepositRewards | null> {
  const [r] = rows<{
    topped: boolean | string;
    bonus: string;
    coupons: string;
    points: string;
    reward_name: string | null;
  }>(
    await db.execute(sql`
      SELECT
        EXISTS (SELECT 1 FROM wallet_ledger WHERE ref_local_trx_id = ${localTrxId} AND entry_type = ${SPECIAL_ENTRY.walletTopUp}) AS topped,
        (SELECT coalesce(sum(amount), 0)::text FROM wallet_ledger
          WHERE ref_local_trx_id = ${localTrxId} AND entry_type = ${SPECIAL_ENTRY.walletTopUpBonus}) AS bonus,
        (SELECT coalesce(sum(l.qty), 0)::text FROM coupon_user_ledger l
          WHERE l.ref_local_trx_id = ${localTrxId} AND l.entry_type = ${SPECIAL_ENTRY.couponTopUpBonus}) AS coupons,
        (SELECT coalesce(sum(points), 0)::text FROM point_ledger
          WHERE ref_local_trx_id = ${localTrxId} AND entry_type = ${SPECIAL_ENTRY.pointTopUpBonus}) AS points,
        (SELECT reward_name FROM point_ledger
          WHERE ref_local_trx_id = ${localTrxId} AND entry_type = ${SPECIAL_ENTRY.pointTopUpBonus} LIMIT 1) AS reward_name`),
  );
  if (!r || !(r.topped === true || r.topped === 't')) return null;
  return {
    deposit_reward_amount: Number(r.bonus),
    coupon_reward_amount: Number(r.coupons),
    point_reward_amount: Number(r.points),
    point_reward_name: r.reward_name,
  };
}
