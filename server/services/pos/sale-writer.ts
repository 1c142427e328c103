// The one writer of a priced sale plan (sale-plan.ts): the customer (found or created) under its lock, the
// kind's checks that need that lock (a coupon's use, a redeem's code and points, a top-up's cap, a
// receivable's remainder, a membership's period, the wallet PIN and balance), then the sale itself in one
// statement (INSERT_SALE: number, head, lines, payments, stock) and the ledgers the plan touches.
import { type SQL, sql } from 'drizzle-orm';
import type { PosTrxResult, SaleTrx } from '../../../src/api/contract/pos';
import { withDiscountKinds } from '../../../src/domain/discount-kind';
import type { MembershipPeriod } from '../../../src/domain/membership-sale';
import { TRX_STATUS } from '../../../src/domain/model/common';
import { big } from '../../../src/domain/money';
import {
  chosenVariant,
  type TransactionTotals,
  totalsToTransactionFields,
} from '../../../src/domain/pricing';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { namedStatement } from '../../db/named-params';
import { rows, type Tx } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { invalid } from '../../lib/errors';
import { outletToday } from '../customer-lookup';
import { debitWallet, openReceivable } from '../ledgers';
import type { AuthContext } from '../sessions';
import { lockCouponUse, writeCouponIssues, writeCouponUse } from './coupon';
import { resolveSaleCustomer } from './customer';
import { planMembership, writeMembership } from './membership';
import { checkRedeemUse, writeRedeem } from './redeem';
import { answerOf, storedAnswer } from './sale-answer';
import { saleBodyHash } from './sale-body';
import { HEAD_TEXT, type HeadRow, type SaleOutlet } from './sale-outlet';
import type { SalePlan } from './sale-plan';
import {
  checkReceivablePayment,
  lockReceivable,
  planTopUp,
  specialAmount,
  type TopUpPlan,
  writeReceivablePayment,
  writeTopUp,
} from './special';
import { saleStockCtes, soldUnitsJson } from './stock';
import { checkWalletSecurity } from './wallet-security';

/** What the writer stores besides the plan: who sold it, where, and how it came. */
export interface SaleWrite {
  deps: AppDeps;
  auth: AuthContext;
  outlet: SaleOutlet;
  /** the sale as the device sent it */
  trx: SaleTrx;
  plan: SalePlan;
  isOffline: boolean;
  localSyncTime: string | null;
  now: Date;
}

/**
 * Writes the plan. `ex` runs the statements; `tx` is the sale's transaction when the plan needs one
 * (plan.needsTransaction), else null: the sale is then one statement and no ledger is written.
 */
export async function writeSale(ex: Pick<Tx, 'execute'>, tx: Tx | null, w: SaleWrite): Promise<PosTrxResult> {
  const { deps, auth, outlet, trx, plan, now } = w;
  const { sale, checked, redeem, membership, couponSale, usedCoupon, special } = plan;
  const twin = () => storedAnswer(ex, trx, auth.business_id, outlet.pricing);
  const customer = await resolveSaleCustomer(ex, {
    businessId: auth.business_id,
    customer: trx.customer,
    // a membership's period is read and extended under the customer's lock too
    lock: plan.touchesWallet || membership !== null || redeem !== null,
    now,
    storeEdits: !outlet.no_user_edit,
  });
  if (!customer && membership) throw invalid(DOMAIN_MESSAGES.membershipNoCustomer, 'customer');
  if (!customer && (plan.touchesWallet || plan.opensReceivable))
    throw invalid(POS_MESSAGES.customerRequiredForPayment, 'customer');
  if (!customer && couponSale) throw invalid(DOMAIN_MESSAGES.couponSalesNoCustomer, 'customer');
  const today = outletToday(now).date;
  if (usedCoupon) {
    // the coupon's row locked first: a second till using the same coupon waits here, then sees it used
    await lockCouponUse(ex, {
      couponUserId: usedCoupon.coupon_user_id,
      customerId: customer?.customer_id ?? null,
      today,
    });
    // a twin of this sale that committed while this one waited is the answer (never a second use)
    if (!special) {
      const first = await twin();
      if (first) return first;
    }
  }
  if (redeem) {
    // after the customer's lock: a twin that committed meanwhile is the answer; else the code and the points
    const first = special ? null : await twin();
    if (first) return first;
    if (!customer) throw invalid(DOMAIN_MESSAGES.promoCustomerRequired, 'customer');
    await checkRedeemUse(ex, redeem, {
      customerId: customer.customer_id,
      code: trx.redeem?.redeem_code ?? null,
      now,
    });
  }
  let topUpPlan: TopUpPlan | null = null;
  const receivableId = Number(trx.account_receivable?.account_receivable_id);
  if (special && customer) {
    if (special === 'ACCOUNT_RECEIVABLE')
      await lockReceivable(ex, { customerId: customer.customer_id, accountReceivableId: receivableId });
    // After the customer's (top-up) or the receivable's lock: a twin of this sale that committed while this
    // one waited is the answer, never a second entry nor a refusal of what the twin already did.
    const first = await twin();
    if (first) return first;
    // checked before anything is written: a refusal (max_balance, not a member, beyond the receivable)
    // leaves nothing behind
    if (special === 'TOP_UP_DEPOSIT')
      topUpPlan = await planTopUp(ex, {
        businessId: auth.business_id,
        customerId: customer.customer_id,
        amount: plan.topUp,
        now,
      });
    else await checkReceivablePayment(ex, { accountReceivableId: receivableId, amount: specialAmount(sale) });
  }
  let period: MembershipPeriod | null = null;
  if (membership && customer) {
    // after the customer's lock: a twin committed while this one waited is the answer (no second period)
    const first = await twin();
    if (first) return first;
    period = await planMembership(ex, { customerId: customer.customer_id, membership, now });
  }
  let depositBalance: number | null = null;
  if (customer) {
    const balance = customer.wallet_balance + (topUpPlan?.credited ?? 0);
    if (checked.payments.deposit > 0) {
      // the NFC card and the 'Kode Receh' (wallet-security.ts)
      await checkWalletSecurity(ex as Tx, {
        businessId: auth.business_id,
        customer,
        outlet,
        nfc_code: trx.nfc_code,
        receh_code: trx.receh_code,
        now,
      });
      if (checked.payments.deposit > balance + 0.005)
        throw invalid(POS_MESSAGES.insufficientDeposit, 'payments');
    }
    // the ledger's own figure (whole rupiah since ruling 22; older balances may carry cents)
    depositBalance = big(balance).minus(checked.payments.deposit).toNumber();
  }
  const t = checked.totals;
  const values: InsertSaleValues = {
    outlet_id: outlet.business_outlet_id,
    trx_date: plan.trxDate,
    local_trx_id: trx.local_trx_id,
    business_id: auth.business_id,
    business_user_id: auth.business_user_id,
    session_id: auth.session_id,
    trx_id_prefix: `${outlet.code}-${plan.trxDate}-`,
    trx_type: trx.trx_type,
    trx_status_id: TRX_STATUS.COMPLETED,
    is_offline: w.isOffline ? 1 : 0,
    customer_id: customer?.customer_id ?? null,
    user_code: customer?.user_code ?? null,
    order_no: trx.order_no ?? null,
    local_shift_id: trx.local_shift_id ?? null,
    trx_time: plan.trxTime.toISOString(),
    local_sync_time: w.localSyncTime,
    drv_gross_total: t.drv_gross_total,
    drv_subtotal: t.drv_subtotal,
    drv_total_discount_nominal: t.drv_total_discount_nominal,
    drv_total_service_charge: t.drv_total_service_charge,
    drv_total_additional_charge: t.drv_total_additional_charge,
    drv_tax: t.drv_tax,
    drv_grand_total: t.drv_grand_total,
    drv_qty: t.drv_qty,
    deposit_balance: depositBalance,
    // the device's document, as posted (post-edit and adoption compare with it), less the wallet PIN and the NFC
    // card code, which are checked above and never stored (issue 11, ruling 20); its prices and discounts were
    // checked against the catalogue, its other figures bounded (storable.ts), and its totals are the server's
    // (issue 23 item 5: a drv_qty of -1 is not kept)
    trx: JSON.stringify({
      ...trx,
      ...totalsToTransactionFields(t),
      receh_code: undefined,
      nfc_code: undefined,
    }),
    now: now.toISOString(),
    details: JSON.stringify(detailRows(sale, t)),
    payments: JSON.stringify(paymentRows(trx)),
    sold: soldUnitsJson(sale.details),
    body_hash: saleBodyHash(trx),
    catalogue_version: plan.catalogueVersion,
  };
  const params = INSERT_SALE.values(values);
  const [head] = tx
    ? rows<HeadRow>(await tx.execute(withParams(INSERT_SALE.text, params)))
    : await deps.database.query<HeadRow>(INSERT_SALE.text, params, 'pos_insert_sale');
  if (!head) throw new Error('the sale was not stored');
  if (!tx) return answerOf(head);
  const entry = { localTrxId: trx.local_trx_id, now };
  if (customer && redeem) await writeRedeem(tx, redeem, { ...entry, customerId: customer.customer_id });
  if (customer && topUpPlan) await writeTopUp(tx, topUpPlan, { ...entry, customerId: customer.customer_id });
  if (customer && couponSale)
    await writeCouponIssues(tx, couponSale.issues, { ...entry, customerId: customer.customer_id, today });
  if (usedCoupon) await writeCouponUse(tx, { ...entry, couponUserId: usedCoupon.coupon_user_id });
  if (customer && membership && period)
    await writeMembership(tx, period, { ...entry, customerId: customer.customer_id, membership });
  if (customer && special === 'ACCOUNT_RECEIVABLE')
    await writeReceivablePayment(tx, {
      ...entry,
      accountReceivableId: receivableId,
      amount: specialAmount(sale),
    });
  if (customer && checked.payments.deposit > 0)
    await debitWallet(tx, { ...entry, customerId: customer.customer_id, amount: checked.payments.deposit });
  if (customer && plan.opensReceivable) {
    const credit = trx.payments.find((p) => p.payment_type === 'CREDIT');
    await openReceivable(tx, {
      ...entry,
      customerId: customer.customer_id,
      outletId: outlet.business_outlet_id,
      trxId: head.trx_id,
      trxTime: plan.trxTime,
      amount: checked.payments.credit,
      reference: credit?.payment_ref?.trim() || null,
    });
  }
  return {
    ...answerOf(head),
    top_up_deposit_rewards: topUpPlan?.rewards ?? null,
    // ruling 28: the receipt prints the period the server granted
    ...(period ? { membership_period: { start_date: period.start_date, end_date: period.end_date } } : {}),
  };
}

const DETAIL_SPEC = [
  ['local_trx_detail_id', 'text'],
  ['line_no', 'int'],
  ['pos_item_id', 'int'],
  ['pos_item_variant_id', 'int'],
  ['item_name', 'text'],
  ['variant_name', 'text'],
  ['item_nature', 'text'],
  ['is_package', 'smallint'],
  ['is_custom', 'smallint'],
  ['qty', 'numeric'],
  ['unit_price', 'numeric'],
  ['gross_total', 'numeric'],
  ['discount_total', 'numeric'],
  ['line_total', 'numeric'],
  ['global_discount_share', 'numeric'],
  ['service_charge', 'numeric'],
  ['additional_charge', 'numeric'],
  ['item_discount_type', 'text'],
  ['business_commission_worker_id', 'int'],
] as const;
const PAYMENT_SPEC = [
  ['local_payment_id', 'text'],
  ['payment_type', 'text'],
  ['payment_method_name', 'text'],
  ['table_name', 'text'],
  ['table_id', 'int'],
  ['payment_amount', 'numeric'],
  ['payment_charge', 'numeric'],
  ['payment_ref', 'text'],
] as const;
const names = (spec: readonly (readonly [string, string])[]) => spec.map(([c]) => c).join(', ');
const typed = (spec: readonly (readonly [string, string])[]) => spec.map(([c, t]) => `${c} ${t}`).join(', ');

const INSERT_SALE_PARAMS = [
  'outlet_id',
  'trx_date',
  'local_trx_id',
  'business_id',
  'business_user_id',
  'session_id',
  'trx_id_prefix',
  'trx_type',
  'trx_status_id',
  'is_offline',
  'customer_id',
  'user_code',
  'order_no',
  'local_shift_id',
  'trx_time',
  'local_sync_time',
  'drv_gross_total',
  'drv_subtotal',
  'drv_total_discount_nominal',
  'drv_total_service_charge',
  'drv_total_additional_charge',
  'drv_tax',
  'drv_grand_total',
  'drv_qty',
  'deposit_balance',
  'trx',
  'now',
  'details',
  'payments',
  'sold',
  'body_hash',
  'catalogue_version',
] as const;
type InsertSaleValues = Record<(typeof INSERT_SALE_PARAMS)[number], unknown>;

/**
 * One statement: the number, the head, lines, payments and stock. A stored twin makes the head's unique
 * local_trx_id refuse it, and then nothing of it is written (the number neither). The outlet's counter row
 * stays locked from here to the commit only. Constant text: node-postgres prepares it once per connection.
 */
const INSERT_SALE = namedStatement(
  INSERT_SALE_PARAMS,
  `
  WITH n AS (
    INSERT INTO pos_trx_id_counters (business_outlet_id, trx_date, last_no)
    VALUES (:outlet_id::int, :trx_date::text, 1)
    ON CONFLICT (business_outlet_id, trx_date) DO UPDATE SET last_no = pos_trx_id_counters.last_no + 1
    RETURNING last_no),
  h AS (
    INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id,
      session_id, trx_id, trx_type, trx_status_id, is_offline, customer_id, user_code, order_no,
      local_shift_id, trx_time, local_sync_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
      drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty,
      deposit_balance, trx, created_at, body_hash, catalogue_version)
    SELECT :local_trx_id::text, :business_id::int, :outlet_id::int, :business_user_id::int, :session_id::bigint,
      :trx_id_prefix::text || lpad(n.last_no::text, greatest(4, length(n.last_no::text)), '0'),
      :trx_type::text, :trx_status_id::smallint, :is_offline::smallint, :customer_id::bigint, :user_code::text,
      :order_no::int, :local_shift_id::text, :trx_time::timestamptz, :local_sync_time::text,
      :drv_gross_total::numeric, :drv_subtotal::numeric, :drv_total_discount_nominal::numeric,
      :drv_total_service_charge::numeric, :drv_total_additional_charge::numeric, :drv_tax::numeric,
      :drv_grand_total::numeric, :drv_qty::numeric, :deposit_balance::numeric, :trx::jsonb, :now::timestamptz,
      :body_hash::text, :catalogue_version::bigint
    FROM n
    RETURNING ${HEAD_TEXT}),
  d AS (
    INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, ${names(DETAIL_SPEC)}, worker_doc, variant_cost)
    SELECT h.pos_sales_trx_head_id, x.*, line_worker_doc(l.line), line_variant_cost(l.line)
    FROM h, jsonb_to_recordset(:details::jsonb) AS x(${typed(DETAIL_SPEC)}),
      LATERAL (SELECT (:trx::jsonb) -> 'details' -> (x.line_no - 1) AS line) l),
  p AS (
    INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, ${names(PAYMENT_SPEC)})
    SELECT h.pos_sales_trx_head_id, x.* FROM h, jsonb_to_recordset(:payments::jsonb) AS x(${typed(PAYMENT_SPEC)}))
  ${saleStockCtes({ businessId: ':business_id::int', outletId: ':outlet_id::int', localTrxId: ':local_trx_id::text', now: ':now::timestamptz', sold: ':sold' })}
  SELECT * FROM h`,
);

/** The same statement through the query builder (inside the sale's transaction): $n → the nth value. */
function withParams(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql``,
  );
}

type Row<S extends readonly (readonly [string, string])[]> = Record<S[number][0], unknown>;

/** The relational lines: the server's own pricing of each, and the discount label recorded at submit. */
function detailRows(trx: SaleTrx, totals: TransactionTotals): Row<typeof DETAIL_SPEC>[] {
  return withDiscountKinds(trx).details.map((d, i) => {
    const priced = totals.lines[i];
    return {
      local_trx_detail_id: d.local_trx_detail_id,
      line_no: i + 1,
      pos_item_id: d.pos_item_id,
      pos_item_variant_id: d.pos_item_variant_id,
      item_name: d.itemMeta.item_name ?? null,
      variant_name: chosenVariant(d)?.variant_name ?? null,
      item_nature: d.itemMeta.item_nature ?? null,
      is_package: Number(d.is_package) === 1 ? 1 : 0,
      is_custom: Number(d.is_custom) === 1 ? 1 : 0,
      qty: d.qty,
      unit_price: priced.unit_price,
      gross_total: priced.gross_total,
      discount_total: priced.discount_total,
      line_total: priced.line_total,
      global_discount_share: priced.global_discount_share,
      service_charge: priced.service_charge,
      additional_charge: priced.additional_charge,
      item_discount_type: d.item_discount_type ?? null,
      business_commission_worker_id:
        d.business_commission_worker_id ?? d.commission_worker?.business_commission_worker_id ?? null,
    };
  });
}

function paymentRows(trx: SaleTrx): Row<typeof PAYMENT_SPEC>[] {
  return trx.payments.map((p) => ({
    local_payment_id: p.local_payment_id,
    payment_type: p.payment_type,
    payment_method_name: p.payment_method.payment_method_name,
    table_name: p.payment_method.table_name,
    table_id: p.payment_method.table_id,
    payment_amount: p.payment_amount,
    payment_charge: p.payment_charge ?? 0,
    payment_ref: p.payment_ref ?? null,
  }));
}
