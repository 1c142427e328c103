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
import { retryOnConflict } from '../../db/retry';
import { rows, type Tx } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { invalid } from '../../lib/errors';
import { outletToday } from '../customer-lookup';
import { debitWallet, openReceivable } from '../ledgers';
import type { AuthContext } from '../sessions';
import { lockCouponUse, writeCouponIssues, writeCouponUse } from './coupon';
import { resolveSaleCustomer, type SaleCustomer } from './customer';
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
import { oneSaleSold, saleStockCtes, soldUnitsJson } from './stock';
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
  const prepared = await prepareSale(ex, w);
  if ('answer' in prepared) return prepared.answer;
  return insertPrepared(tx, w, prepared);
}

/**
 * A sale of one statement (no ledger, no transaction: plan.needsTransaction false) as the values of its
 * statement, everything before it done (the customer found, its edits stored): a batch writes several such
 * sales in ONE statement (sale-batch-insert.ts), which stores each exactly as INSERT_SALE would.
 */
export async function oneStatementSale(ex: Pick<Tx, 'execute'>, w: SaleWrite): Promise<InsertSaleValues> {
  if (w.plan.needsTransaction) throw new Error('a sale that needs a transaction is not one statement');
  const prepared = await prepareSale(ex, w);
  if ('answer' in prepared) throw new Error('a sale of one statement has no twin to wait for');
  return prepared.values;
}

interface Prepared {
  values: InsertSaleValues;
  customer: SaleCustomer | null;
  topUpPlan: TopUpPlan | null;
  period: MembershipPeriod | null;
  receivableId: number;
  today: string;
}

/** Everything before the sale's statement: the customer and the kind's checks under its lock, the values. */
async function prepareSale(
  ex: Pick<Tx, 'execute'>,
  w: SaleWrite,
): Promise<Prepared | { answer: PosTrxResult }> {
  const { auth, outlet, trx, plan, now } = w;
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
      if (first) return { answer: first };
    }
  }
  if (redeem) {
    // after the customer's lock: a twin that committed meanwhile is the answer; else the code and the points
    const first = special ? null : await twin();
    if (first) return { answer: first };
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
    if (first) return { answer: first };
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
    if (first) return { answer: first };
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
  return { values, customer, topUpPlan, period, receivableId, today };
}

/** The sale's statement, then (in its transaction) the ledgers its plan touches. */
async function insertPrepared(tx: Tx | null, w: SaleWrite, prepared: Prepared): Promise<PosTrxResult> {
  const { deps, outlet, trx, plan, now } = w;
  const { sale, usedCoupon, redeem, membership, couponSale, special, checked } = plan;
  const { values, customer, topUpPlan, period, receivableId, today } = prepared;
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
export type InsertSaleValues = Record<(typeof INSERT_SALE_PARAMS)[number], unknown>;

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
  ${saleStockCtes({
    businessId: ':business_id::int',
    outletId: ':outlet_id::int',
    sold: oneSaleSold({ localTrxId: ':local_trx_id::text', now: ':now::timestamptz', sold: ':sold' }),
  })}
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

/** The values of INSERT_SALE that are one JSON document each (spliced into a batch's array as they are). */
const DOCUMENTS = ['trx', 'details', 'payments', 'sold'] as const;

/**
 * The sales of one statement (oneStatementSale) of ONE outlet and brand as the one parameter of
 * INSERT_SALES: a JSON array of each sale's values in order, its documents spliced in as the JSON text they
 * already are (never parsed and written again).
 */
export function heldSalesJson(held: readonly InsertSaleValues[]): string {
  return `[${held
    .map((v) => {
      const scalars: Record<string, unknown> = {};
      for (const k of INSERT_SALE_PARAMS)
        if (!(DOCUMENTS as readonly string[]).includes(k)) scalars[k] = v[k] ?? null;
      const docs = DOCUMENTS.map((k) => `,"${k}":${v[k] as string}`).join('');
      return `${JSON.stringify(scalars).slice(0, -1)}${docs}}`;
    })
    .join(',')}]`;
}

/**
 * Issue 28: several sales of one statement each in ONE statement, stored exactly as INSERT_SALE stores each
 * (the same columns, lines, payments and stock moves), in the array's order: the outlet's counter is raised
 * once per (outlet, day) by the number of its sales, and each sale takes its number in that order. A stored
 * twin of any of them refuses the whole statement (the head's unique local_trx_id), and then none is written:
 * the caller writes them one by one (sale-batch.ts). Constant text: prepared once per connection.
 */
const INSERT_SALES = namedStatement(
  ['sales', 'business_id', 'outlet_id'],
  `
  WITH b AS (
    SELECT x.ord, x.v, x.v->>'trx_date' AS trx_date
    FROM jsonb_array_elements(:sales::jsonb) WITH ORDINALITY AS x(v, ord)),
  k AS (SELECT trx_date, count(*)::int AS k FROM b GROUP BY trx_date),
  n AS (
    INSERT INTO pos_trx_id_counters AS c (business_outlet_id, trx_date, last_no)
    SELECT :outlet_id::int, trx_date, k FROM k ORDER BY trx_date
    ON CONFLICT (business_outlet_id, trx_date) DO UPDATE SET last_no = c.last_no + excluded.last_no
    RETURNING trx_date, last_no),
  num AS (
    SELECT b.ord, b.v, n.last_no - k.k + row_number() OVER (PARTITION BY b.trx_date ORDER BY b.ord) AS no
    FROM b JOIN n USING (trx_date) JOIN k USING (trx_date)),
  h AS (
    INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id,
      session_id, trx_id, trx_type, trx_status_id, is_offline, customer_id, user_code, order_no,
      local_shift_id, trx_time, local_sync_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
      drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty,
      deposit_balance, trx, created_at, body_hash, catalogue_version)
    SELECT v->>'local_trx_id', :business_id::int, :outlet_id::int, (v->>'business_user_id')::int,
      (v->>'session_id')::bigint,
      (v->>'trx_id_prefix') || lpad(no::text, greatest(4, length(no::text)), '0'),
      v->>'trx_type', (v->>'trx_status_id')::smallint, (v->>'is_offline')::smallint,
      (v->>'customer_id')::bigint, v->>'user_code', (v->>'order_no')::int, v->>'local_shift_id',
      (v->>'trx_time')::timestamptz, v->>'local_sync_time',
      (v->>'drv_gross_total')::numeric, (v->>'drv_subtotal')::numeric,
      (v->>'drv_total_discount_nominal')::numeric, (v->>'drv_total_service_charge')::numeric,
      (v->>'drv_total_additional_charge')::numeric, (v->>'drv_tax')::numeric,
      (v->>'drv_grand_total')::numeric, (v->>'drv_qty')::numeric, (v->>'deposit_balance')::numeric,
      v->'trx', (v->>'now')::timestamptz, v->>'body_hash', (v->>'catalogue_version')::bigint
    FROM num ORDER BY ord
    RETURNING ${HEAD_TEXT}),
  d AS (
    INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, ${names(DETAIL_SPEC)}, worker_doc, variant_cost)
    SELECT h.pos_sales_trx_head_id, x.*, line_worker_doc(l.line), line_variant_cost(l.line)
    FROM b JOIN h ON h.local_trx_id = b.v->>'local_trx_id',
      jsonb_to_recordset(b.v->'details') AS x(${typed(DETAIL_SPEC)}),
      LATERAL (SELECT b.v->'trx'->'details'->(x.line_no - 1) AS line) l),
  p AS (
    INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, ${names(PAYMENT_SPEC)})
    SELECT h.pos_sales_trx_head_id, x.*
    FROM b JOIN h ON h.local_trx_id = b.v->>'local_trx_id',
      jsonb_to_recordset(b.v->'payments') AS x(${typed(PAYMENT_SPEC)}))
  ${saleStockCtes({
    businessId: ':business_id::int',
    outletId: ':outlet_id::int',
    sold: `(SELECT b.v->>'local_trx_id' AS ref, (b.v->>'now')::timestamptz AS at, u.*
      FROM b CROSS JOIN LATERAL jsonb_to_recordset(b.v->'sold')
        AS u(pos_item_id int, pos_item_variant_id int, qty numeric, nature text)) s`,
  })}
  SELECT * FROM h`,
);

/**
 * Writes the held sales of one outlet and brand in ONE statement (INSERT_SALES), each answered as the
 * one-sale write answers it. Null when a stored twin of one of them refused the statement (nothing written).
 */
export async function insertHeldSales(
  deps: AppDeps,
  held: readonly InsertSaleValues[],
): Promise<Map<string, PosTrxResult> | null> {
  const [first] = held;
  if (!first) return new Map();
  for (const v of held)
    if (v.business_id !== first.business_id || v.outlet_id !== first.outlet_id)
      throw new Error('held sales of one statement are of one outlet');
  const params = INSERT_SALES.values({
    sales: heldSalesJson(held),
    business_id: first.business_id,
    outlet_id: first.outlet_id,
  });
  let heads: HeadRow[];
  try {
    heads = await retryOnConflict(() =>
      deps.database.query<HeadRow>(INSERT_SALES.text, params, 'pos_insert_sales'),
    );
  } catch (e) {
    if (isTwin(e)) return null;
    throw e;
  }
  const answers = new Map(heads.map((h) => [h.local_trx_id, answerOf(h)]));
  if (answers.size !== held.length) throw new Error('the held sales were not all stored');
  return answers;
}

/**
 * The head's unique local_trx_id refused the insert: a twin committed first. The whole statement (and
 * transaction) is undone, the outlet's number too, and the first answer is the answer.
 */
export function isTwin(e: unknown): boolean {
  const key = 'pos_sales_trx_heads_local_trx_id_key';
  for (let c: unknown = e; c instanceof Error; c = c.cause) {
    const { code, constraint } = c as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === key || c.message.includes(key);
  }
  return false;
}
