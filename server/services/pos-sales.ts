import { type SQL, sql } from 'drizzle-orm';
import { POS_MESSAGES, type PosTrxResult, type SaleTrx } from '../../src/api/contract/pos';
import { withDiscountKinds } from '../../src/domain/discount-kind';
import type { MembershipPeriod } from '../../src/domain/membership-sale';
import { MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/messages';
import { TRX_STATUS } from '../../src/domain/model/common';
import { big, LEGACY_MONEY_DECIMALS } from '../../src/domain/money';
import { MONEY_TOLERANCE } from '../../src/domain/payment-check';
import {
  chosenVariant,
  type PricingConfig,
  priceTransaction,
  type TransactionTotals,
} from '../../src/domain/pricing';
import { retryOnConflict } from '../db/retry';
import type { AppDeps } from '../deps';
import { formatLocalDateTime, parseLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { outletToday } from './customer-lookup';
import { debitWallet, openReceivable, type Tx } from './ledgers';
import {
  couponOfSale,
  couponSaleFromCatalogue,
  loadCouponCatalogue,
  lockCouponUse,
  writeCouponIssues,
  writeCouponUse,
} from './pos-coupon';
import { resolveSaleCustomer } from './pos-customer';
import { withServerMemberLevel } from './pos-member-discount';
import { type CatalogueMembership, membershipSale, planMembership, writeMembership } from './pos-membership';
import { checkRedeemUse, resolveSaleRedeem, withServerRedeem, writeRedeem } from './pos-redeem';
import { saleBodyHash } from './pos-sale-body';
import { checkSale, checkSaleKind, pricingConfigFor } from './pos-sale-check';
import { HEAD_COLUMNS, HEAD_TEXT, type HeadRow, loadSaleContext, type SaleContext } from './pos-sale-outlet';
import { priceSaleFromCatalogue } from './pos-sale-pricing';
import { checkSaleWorkers } from './pos-sale-workers';
import {
  checkReceivablePayment,
  isSpecialKind,
  lockReceivable,
  planTopUp,
  specialAmount,
  specialSale,
  storedTopUpRewards,
  type TopUpPlan,
  writeReceivablePayment,
  writeTopUp,
} from './pos-special';
import { saleStockCtes, soldUnitsJson } from './pos-stock';
import {
  checkWalletSecurity,
  gateWalletCode,
  recordWrongWalletCode,
  WrongWalletCode,
} from './pos-wallet-security';
import { storedMembershipPeriod } from './receipt-sales';
import type { AuthContext } from './sessions';

export { loadSaleOutlet, loadSaleRequest, type SaleOutlet, saleOutletIds } from './pos-sale-outlet';

const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The answer for a stored sale: the same every time it is asked (a repeat gets the first answer). */
function answerOf(h: HeadRow): PosTrxResult {
  const created = formatLocalDateTime(new Date(h.created_at));
  return {
    status: 'success',
    local_trx_id: h.local_trx_id,
    pos_sales_trx_head_id: Number(h.pos_sales_trx_head_id),
    trx_id: h.trx_id,
    deposit_balance: h.deposit_balance === null ? null : Number(h.deposit_balance),
    top_up_deposit_rewards: null,
    user_code: h.user_code,
    created_at: created,
    sync_time: created,
  };
}

const sameFigure = (a: unknown, b: unknown) => Math.abs(Number(a) - Number(b)) <= MONEY_TOLERANCE;

/**
 * A sale stored before ruling 22 (figures to 2 decimals) sent again priced to whole rupiah (a pending
 * sale re-submitted after the update) is the same sale when its pricing to 2 decimals gives the stored
 * grand total.
 */
const isLegacyRepeat = (h: HeadRow, trx: SaleTrx, pricing: PricingConfig): boolean =>
  sameFigure(
    priceTransaction(trx, pricingConfigFor(trx, pricing), { moneyDecimals: LEGACY_MONEY_DECIMALS })
      .drv_grand_total,
    h.drv_grand_total,
  );

/** A repeat's answer: the first one, for the same brand and the same sale only. */
function repeatAnswer(h: HeadRow, trx: SaleTrx, businessId: number, pricing: PricingConfig): PosTrxResult {
  // another brand's device cannot read (or overwrite) a sale by guessing its uuid
  if (Number(h.business_id) !== businessId) throw invalid(POS_MESSAGES.trxNotFound, 'local_trx_id');
  // A repeat is the same sale again; a changed one (edited after a lost answer) must not be
  // acknowledged as if the server held it.
  for (const field of ['drv_grand_total', 'drv_qty'] as const) {
    if (trx[field] == null || sameFigure(trx[field], h[field])) continue;
    if (field === 'drv_grand_total' && isLegacyRepeat(h, trx, pricing)) continue;
    throw invalid(POS_MESSAGES.repeatDiffers, field);
  }
  // the same totals are not the same sale: payments, customer, notes … must be the first body's too
  if (h.body_hash !== null && h.body_hash !== undefined && h.body_hash !== saleBodyHash(trx))
    throw invalid(POS_MESSAGES.repeatDiffers);
  return answerOf(h);
}

/** A repeat's answer carries the rewards its top-up earned (read back from the ledgers, ruling 13). */
async function withStoredRewards(db: Pick<Tx, 'execute'>, answer: PosTrxResult): Promise<PosTrxResult> {
  // and a membership sale's period (ruling 28), as the first answer gave it
  const period = await storedMembershipPeriod(db, answer.local_trx_id);
  return {
    ...answer,
    top_up_deposit_rewards: await storedTopUpRewards(db, answer.local_trx_id),
    ...(period ? { membership_period: period } : {}),
  };
}

async function storedAnswer(
  db: Pick<Tx, 'execute'>,
  trx: SaleTrx,
  businessId: number,
  pricing: PricingConfig,
) {
  const [h] = rows<HeadRow>(
    await db.execute(
      sql`SELECT ${HEAD_COLUMNS} FROM pos_sales_trx_heads WHERE local_trx_id = ${trx.local_trx_id}`,
    ),
  );
  return h ? withStoredRewards(db, repeatAnswer(h, trx, businessId, pricing)) : null;
}

/**
 * The head's unique local_trx_id refused the insert: a twin committed first. The whole statement (and
 * transaction) is undone, the outlet's number too, and the first answer is the answer.
 */
function isTwin(e: unknown): boolean {
  const key = 'pos_sales_trx_heads_local_trx_id_key';
  for (let c: unknown = e; c instanceof Error; c = c.cause) {
    const { code, constraint } = c as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === key || c.message.includes(key);
  }
  return false;
}

function saleTime(trx: SaleTrx, now: Date): Date {
  for (const t of [trx.trx_time, trx.trx_local_end_time]) {
    if (!t) continue;
    try {
      return parseLocalDateTime(t);
    } catch {
      // not the stored format: try the next, else the server's time
    }
  }
  return now;
}

/**
 * Ingests one completed sale (submit or sync), exactly once per local_trx_id: the repeat of a stored sale
 * answers the first answer and writes nothing. Totals are recomputed with the domain's pricing; the sale,
 * its lines and payments, a new customer, the wallet debit, the receivable and the stock moves are written
 * atomically, so a refusal or a crash leaves nothing behind: one statement when the sale writes nothing
 * else (a guest or a known customer, no wallet, no credit — most sales), else one database transaction.
 */
export async function ingestSale(
  deps: AppDeps,
  auth: AuthContext,
  outletId: number,
  trx: SaleTrx,
  isOffline: boolean,
  localSyncTime: string | null,
  /** read ahead with the session (loadSaleRequest), for this sale in this outlet */
  preloaded: SaleContext | null = null,
): Promise<PosTrxResult> {
  const db = deps.database.db;
  const { outlet, stored } = preloaded ?? (await loadSaleContext(deps.database, outletId, trx.local_trx_id));
  if (stored) return withStoredRewards(db, repeatAnswer(stored, trx, auth.business_id, outlet.pricing));
  const now = deps.clock.now();
  const trxTime = saleTime(trx, now);
  checkSaleKind(trx);
  // a top-up or receivable payment is its one synthetic line (pos-special.ts); other sales are priced from
  // the server's catalogue with the cashier's role flags (pos-sale-pricing.ts), not the device's copy
  const special = isSpecialKind(trx.trx_type) ? trx.trx_type : null;
  // a redeem is priced with the server's reward (pos-redeem.ts), whatever redeem_item the device sent
  const redeem = await resolveSaleRedeem(db, { businessId: auth.business_id, outletId, trx });
  // a coupon sale sells the brand's coupons (pos-coupon.ts), each line issuing coupon_user rows
  const couponSale =
    trx.trx_type === 'COUPON_SALES'
      ? couponSaleFromCatalogue(trx, await loadCouponCatalogue(deps.database, auth.business_id), {
          flags: auth.auth_role_accesses,
        })
      : null;
  // a membership sale is its one synthetic line priced by the catalogue's membership (pos-membership.ts)
  const sold = trx.trx_type === 'MEMBERSHIP_SALES' ? await membershipSale(db, trx, auth) : null;
  const membership: CatalogueMembership | null = sold?.membership ?? null;
  const priced = sold
    ? { sale: sold.sale, catalogueVersion: null }
    : special
      ? { sale: specialSale(trx, auth), catalogueVersion: null }
      : couponSale
        ? { sale: couponSale.sale, catalogueVersion: null }
        : await priceSaleFromCatalogue(deps.database, {
            businessId: auth.business_id,
            businessUserId: auth.business_user_id,
            flags: auth.auth_role_accesses,
            outlet,
            // the member discount is the server's (pos-member-discount.ts), like the redeem's reward
            trx: withServerRedeem(
              await withServerMemberLevel(deps.database, {
                businessId: auth.business_id,
                outletId,
                trx,
                at: trxTime,
              }),
              redeem,
            ),
            at: formatLocalDateTime(trxTime),
            now,
          });
  // a coupon used in the sale: its link is the server's (priced with it), its lines what the link allows
  const { sale, used: usedCoupon } =
    special || couponSale || sold
      ? { sale: priced.sale, used: null }
      : await couponOfSale(deps.database, { businessId: auth.business_id, sale: priced.sale });
  const { catalogueVersion } = priced;
  // the sellers of a sale not priced through the catalogue (a catalogue-priced sale's are checked there)
  if (sold || special || couponSale)
    await checkSaleWorkers(deps.database, { businessId: auth.business_id, outletId, trx: sale });
  const checked = checkSale(withServerRedeem(sale, redeem), pricingConfigFor(trx, outlet.pricing), outlet);
  const trxDate = formatLocalDateTime(trxTime).slice(0, 10).replaceAll('-', '');
  const topUp = special === 'TOP_UP_DEPOSIT' ? specialAmount(sale) : 0;
  const touchesWallet = checked.payments.deposit > 0 || topUp > 0;
  const opensReceivable = checked.payments.credit > 0;
  // a customer given by phone or e-mail may be created with the sale
  const mayCreateCustomer = trx.customer !== null && !trx.customer.user_code?.trim();
  const touchesCoupons = couponSale !== null || usedCoupon !== null;

  /** ledger writes: only with `tx` (the sale's transaction), never on the one-statement path */
  const write = async (ex: Pick<Tx, 'execute'>, tx: Tx | null): Promise<PosTrxResult> => {
    const customer = await resolveSaleCustomer(ex, {
      businessId: auth.business_id,
      customer: trx.customer,
      // a membership's period is read and extended under the customer's lock too
      lock: touchesWallet || membership !== null || redeem !== null,
      now,
      storeEdits: !outlet.no_user_edit,
    });
    if (!customer && membership) throw invalid(DOMAIN_MESSAGES.membershipNoCustomer, 'customer');
    if (!customer && (touchesWallet || opensReceivable))
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
        const twin = await storedAnswer(ex, trx, auth.business_id, outlet.pricing);
        if (twin) return twin;
      }
    }
    if (redeem) {
      // after the customer's lock: a twin that committed meanwhile is the answer; else the code and the points
      const twin = special ? null : await storedAnswer(ex, trx, auth.business_id, outlet.pricing);
      if (twin) return twin;
      if (!customer) throw invalid(DOMAIN_MESSAGES.promoCustomerRequired, 'customer');
      await checkRedeemUse(ex, redeem, {
        customerId: customer.customer_id,
        code: trx.redeem?.redeem_code ?? null,
        now,
      });
    }
    let depositBalance: number | null = null;
    let topUpPlan: TopUpPlan | null = null;
    const receivableId = Number(trx.account_receivable?.account_receivable_id);
    if (special && customer) {
      if (special === 'ACCOUNT_RECEIVABLE')
        await lockReceivable(ex, { customerId: customer.customer_id, accountReceivableId: receivableId });
      // After the customer's (top-up) or the receivable's lock: a twin of this sale that committed while this
      // one waited is the answer, never a second entry nor a refusal of what the twin already did.
      const twin = await storedAnswer(ex, trx, auth.business_id, outlet.pricing);
      if (twin) return twin;
      // checked before anything is written: a refusal (max_balance, not a member, beyond the receivable)
      // leaves nothing behind
      if (special === 'TOP_UP_DEPOSIT')
        topUpPlan = await planTopUp(ex, {
          businessId: auth.business_id,
          customerId: customer.customer_id,
          amount: topUp,
          now,
        });
      else
        await checkReceivablePayment(ex, { accountReceivableId: receivableId, amount: specialAmount(sale) });
    }
    let period: MembershipPeriod | null = null;
    if (membership && customer) {
      // after the customer's lock: a twin committed while this one waited is the answer (no second period)
      const twin = await storedAnswer(ex, trx, auth.business_id, outlet.pricing);
      if (twin) return twin;
      period = await planMembership(ex, { customerId: customer.customer_id, membership, now });
    }
    const credited = topUpPlan?.credited ?? 0;
    if (customer) {
      const balance = customer.wallet_balance + credited;
      if (checked.payments.deposit > 0) {
        // the NFC card and the 'Kode Receh' (pos-wallet-security.ts)
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
    // in the order of INSERT_SALE's $1…$32
    const params: unknown[] = [
      outlet.business_outlet_id,
      trxDate,
      trx.local_trx_id,
      auth.business_id,
      auth.business_user_id,
      auth.session_id,
      `${outlet.code}-${trxDate}-`,
      trx.trx_type,
      TRX_STATUS.COMPLETED,
      isOffline ? 1 : 0,
      customer?.customer_id ?? null,
      customer?.user_code ?? null,
      trx.order_no ?? null,
      trx.local_shift_id ?? null,
      trxTime.toISOString(),
      localSyncTime,
      t.drv_gross_total,
      t.drv_subtotal,
      t.drv_total_discount_nominal,
      t.drv_total_service_charge,
      t.drv_total_additional_charge,
      t.drv_tax,
      t.drv_grand_total,
      t.drv_qty,
      depositBalance,
      // the device's document, as posted (post-edit and adoption compare with it), less the wallet PIN and the NFC
      // card code, which are checked above and never stored (issue 11, ruling 20); its prices and discounts were
      // checked against the catalogue
      JSON.stringify({ ...trx, receh_code: undefined, nfc_code: undefined }),
      now.toISOString(),
      JSON.stringify(detailRows(sale, t)),
      JSON.stringify(paymentRows(trx)),
      soldUnitsJson(sale.details),
      saleBodyHash(trx),
      catalogueVersion,
    ];
    const [head] = tx
      ? rows<HeadRow>(await tx.execute(withParams(INSERT_SALE, params)))
      : await deps.database.query<HeadRow>(INSERT_SALE, params, 'pos_insert_sale');
    if (!head) throw new Error('the sale was not stored');
    if (!tx) return answerOf(head);
    if (customer && redeem)
      await writeRedeem(tx, redeem, { customerId: customer.customer_id, localTrxId: trx.local_trx_id, now });
    if (customer && topUpPlan)
      await writeTopUp(tx, topUpPlan, {
        customerId: customer.customer_id,
        localTrxId: trx.local_trx_id,
        now,
      });
    if (customer && couponSale)
      await writeCouponIssues(tx, couponSale.issues, {
        customerId: customer.customer_id,
        localTrxId: trx.local_trx_id,
        now,
        today,
      });
    if (usedCoupon)
      await writeCouponUse(tx, {
        couponUserId: usedCoupon.coupon_user_id,
        localTrxId: trx.local_trx_id,
        now,
      });
    if (customer && membership && period)
      await writeMembership(tx, period, {
        customerId: customer.customer_id,
        membership,
        localTrxId: trx.local_trx_id,
        now,
      });
    if (customer && special === 'ACCOUNT_RECEIVABLE')
      await writeReceivablePayment(tx, {
        accountReceivableId: receivableId,
        amount: specialAmount(sale),
        localTrxId: trx.local_trx_id,
        now,
      });
    if (customer && checked.payments.deposit > 0)
      await debitWallet(tx, {
        customerId: customer.customer_id,
        amount: checked.payments.deposit,
        localTrxId: trx.local_trx_id,
        now,
      });
    if (customer && opensReceivable) {
      const credit = trx.payments.find((p) => p.payment_type === 'CREDIT');
      await openReceivable(tx, {
        customerId: customer.customer_id,
        outletId: outlet.business_outlet_id,
        localTrxId: trx.local_trx_id,
        trxId: head.trx_id,
        trxTime,
        amount: checked.payments.credit,
        reference: credit?.payment_ref?.trim() || null,
        now,
      });
    }
    return {
      ...answerOf(head),
      top_up_deposit_rewards: topUpPlan?.rewards ?? null,
      // ruling 28: the receipt prints the period the server granted
      ...(period ? { membership_period: { start_date: period.start_date, end_date: period.end_date } } : {}),
    };
  };

  // the 'Kode Receh' first, on its own: a wrong try is counted (committed) under the customer's lock, so a
  // burst of wrong PINs sent at once never gets past five (pos-wallet-security.ts)
  const payerCode = trx.customer?.user_code?.trim();
  if (checked.payments.deposit > 0 && payerCode)
    await gateWalletCode(deps, {
      businessId: auth.business_id,
      userCode: payerCode,
      outlet,
      nfc_code: trx.nfc_code,
      receh_code: trx.receh_code,
      now,
    });

  try {
    // a deadlock or serialization failure undid all of it: the whole of it runs again (lock order and
    // retry: docs/architecture.md)
    return await retryOnConflict(() =>
      touchesWallet ||
      opensReceivable ||
      mayCreateCustomer ||
      special ||
      touchesCoupons ||
      membership ||
      redeem
        ? db.transaction((tx) => write(tx, tx))
        : write(db, null),
    );
  } catch (e) {
    // a wrong PIN counts towards the customer's limit (the sale itself wrote nothing)
    if (e instanceof WrongWalletCode) await recordWrongWalletCode(deps, e.subject, now);
    if (isTwin(e)) {
      const first = await storedAnswer(db, trx, auth.business_id, outlet.pricing);
      if (first) return first;
    }
    throw e;
  }
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

/**
 * One statement: the number, the head, lines, payments and stock. A stored twin makes the head's unique
 * local_trx_id refuse it, and then nothing of it is written (the number neither). The outlet's counter row
 * stays locked from here to the commit only. Constant text: node-postgres prepares it once per connection.
 */
const INSERT_SALE = `
  WITH n AS (
    INSERT INTO pos_trx_id_counters (business_outlet_id, trx_date, last_no)
    VALUES ($1::int, $2::text, 1)
    ON CONFLICT (business_outlet_id, trx_date) DO UPDATE SET last_no = pos_trx_id_counters.last_no + 1
    RETURNING last_no),
  h AS (
    INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id,
      session_id, trx_id, trx_type, trx_status_id, is_offline, customer_id, user_code, order_no,
      local_shift_id, trx_time, local_sync_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
      drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty,
      deposit_balance, trx, created_at, body_hash, catalogue_version)
    SELECT $3::text, $4::int, $1::int, $5::int, $6::bigint,
      $7::text || lpad(n.last_no::text, greatest(4, length(n.last_no::text)), '0'),
      $8::text, $9::smallint, $10::smallint, $11::bigint, $12::text, $13::int, $14::text,
      $15::timestamptz, $16::text, $17::numeric, $18::numeric, $19::numeric, $20::numeric, $21::numeric,
      $22::numeric, $23::numeric, $24::numeric, $25::numeric, $26::jsonb, $27::timestamptz,
      $31::text, $32::bigint
    FROM n
    RETURNING ${HEAD_TEXT}),
  d AS (
    INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, ${names(DETAIL_SPEC)})
    SELECT h.pos_sales_trx_head_id, x.* FROM h, jsonb_to_recordset($28::jsonb) AS x(${typed(DETAIL_SPEC)})),
  p AS (
    INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, ${names(PAYMENT_SPEC)})
    SELECT h.pos_sales_trx_head_id, x.* FROM h, jsonb_to_recordset($29::jsonb) AS x(${typed(PAYMENT_SPEC)}))
  ${saleStockCtes({ businessId: '$4::int', outletId: '$1::int', localTrxId: '$3::text', now: '$27::timestamptz', sold: '$30' })}
  SELECT * FROM h`;

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

/** Prefixes a refusal's field with the transaction's place in the request (trxs.{i}.…). */
export function inTrx(e: unknown, index: number): unknown {
  if (!(e instanceof ServiceError) || e.kind !== 'invalid') return e;
  return invalid(e.message, e.field ? `trxs.${index}.${e.field}` : `trxs.${index}`);
}
