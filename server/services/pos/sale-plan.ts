// A sale as the server prices it, before anything is written: one pricer per sale kind (000 §3, ruling 8) —
// a NORMAL sale from the server's catalogue with the cashier's role flags (sale-pricing.ts, its coupon and
// redeem the server's), a top-up or receivable payment as its one synthetic line (special.ts), a coupon sale
// from the brand's coupons (coupon.ts), a membership sale from the catalogue's membership (membership.ts) —
// then the one check every kind passes (sale-check.ts). The writer (sale-writer.ts) stores the plan.
import type { SaleTrx } from '../../../src/api/contract/pos';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import type { AppDeps } from '../../deps';
import { formatLocalDateTime, parseLocalDateTime } from '../../lib/clock';
import { invalid } from '../../lib/errors';
import type { AuthContext } from '../sessions';
import { couponOfSale, couponSaleFromCatalogue, loadCouponCatalogue, type UsedCoupon } from './coupon';
import { withServerMemberLevel } from './member-discount';
import { type CatalogueMembership, membershipSale } from './membership';
import { resolveSaleRedeem, type SaleRedeem, withServerRedeem } from './redeem';
import { type CheckedSale, checkSale, checkSaleKind, pricingConfigFor } from './sale-check';
import type { SaleOutlet } from './sale-outlet';
import { type CatalogueReader, priceSaleFromCatalogue } from './sale-pricing';
import { checkSaleWorkers } from './sale-workers';
import { isSpecialKind, type SpecialKind, specialAmount, specialSale } from './special';

/** What a pricer reads. */
export interface PlanInput {
  deps: AppDeps;
  auth: AuthContext;
  outletId: number;
  outlet: SaleOutlet;
  trx: SaleTrx;
  now: Date;
  /** the sale's time (saleTime) */
  trxTime: Date;
  redeem: SaleRedeem | null;
  /** a NORMAL sale's catalogue read (default its own statement; a batch sync shares one, sale-batch.ts) */
  catalogueReader?: CatalogueReader;
}

/** A sale priced by its kind's pricer: the lines to store and what else the kind writes. */
interface Priced {
  sale: SaleTrx;
  /** the catalogue version a NORMAL sale was priced at (null: the current catalogue, or another kind) */
  catalogueVersion: number | null;
  /** a NORMAL sale's coupon, as the server holds it */
  usedCoupon: UsedCoupon | null;
  /** a coupon sale's issues */
  couponSale: ReturnType<typeof couponSaleFromCatalogue> | null;
  /** a membership sale's membership */
  membership: CatalogueMembership | null;
  special: SpecialKind | null;
}

const NOTHING_ELSE = {
  catalogueVersion: null,
  usedCoupon: null,
  couponSale: null,
  membership: null,
  special: null,
};

/** A NORMAL sale: the server's catalogue, its member discount and redeem reward, then its coupon. */
async function priceNormal({
  deps,
  auth,
  outletId,
  outlet,
  trx,
  now,
  trxTime,
  redeem,
  catalogueReader,
}: PlanInput): Promise<Priced> {
  const priced = await priceSaleFromCatalogue(deps.database, {
    businessId: auth.business_id,
    businessUserId: auth.business_user_id,
    flags: auth.auth_role_accesses,
    outlet,
    // the member discount is the server's (member-discount.ts), like the redeem's reward
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
    catalogueReader,
  });
  // a coupon used in the sale: its link is the server's (priced with it), its lines what the link allows
  const { sale, used } = await couponOfSale(deps.database, {
    businessId: auth.business_id,
    sale: priced.sale,
  });
  return { ...NOTHING_ELSE, sale, catalogueVersion: priced.catalogueVersion, usedCoupon: used };
}

/** A top-up or a receivable payment: its one synthetic line. */
async function priceSpecial({ auth, trx }: PlanInput, special: SpecialKind): Promise<Priced> {
  return { ...NOTHING_ELSE, sale: specialSale(trx, auth), special };
}

/** A coupon sale: the brand's coupons, each line issuing coupon_user rows. */
async function priceCouponSale({ deps, auth, trx }: PlanInput): Promise<Priced> {
  const couponSale = couponSaleFromCatalogue(
    trx,
    await loadCouponCatalogue(deps.database, auth.business_id),
    {
      flags: auth.auth_role_accesses,
    },
  );
  return { ...NOTHING_ELSE, sale: couponSale.sale, couponSale };
}

/** A membership sale: its one synthetic line at the catalogue membership's price. */
async function priceMembershipSale({ deps, auth, trx }: PlanInput): Promise<Priced> {
  const sold = await membershipSale(deps.database.db, trx, auth);
  return { ...NOTHING_ELSE, sale: sold.sale, membership: sold.membership };
}

/** The sale's pricer by its kind. */
function pricerOf(trx: SaleTrx): (input: PlanInput) => Promise<Priced> {
  if (trx.trx_type === 'MEMBERSHIP_SALES') return priceMembershipSale;
  if (isSpecialKind(trx.trx_type)) {
    const special = trx.trx_type;
    return (input) => priceSpecial(input, special);
  }
  if (trx.trx_type === 'COUPON_SALES') return priceCouponSale;
  return priceNormal;
}

/** The priced plan of one sale: what the writer stores, and which ledgers it touches. */
export interface SalePlan extends Priced {
  trxTime: Date;
  /** the outlet day of trx_id, YYYYMMDD */
  trxDate: string;
  redeem: SaleRedeem | null;
  checked: CheckedSale;
  /** a top-up's amount (0 for any other sale) */
  topUp: number;
  touchesWallet: boolean;
  opensReceivable: boolean;
  /** a customer given by phone or e-mail may be created with the sale */
  mayCreateCustomer: boolean;
  touchesCoupons: boolean;
  /** one statement will not do: the sale writes a ledger, a customer or a membership period too */
  needsTransaction: boolean;
}

/** The sale's time: trx_time, else trx_local_end_time ("YYYY-MM-DD HH:mm:ss", WIB), else the server's now. */
export function saleTime(trx: SaleTrx, now: Date): Date {
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
 * How far a till's clock may run ahead of the server's (issue 23 item 4; docs/decisions.md): a sale timed
 * later than the server's now plus this is refused, and so is one timed before its outlet was created less
 * this. An offline sale synced days later is within the bounds (its time is past, after the outlet's creation).
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 60 * 60_000;

/** The sale's times the server reads or keeps (trx_time is stored; the start time travels in the document). */
const SALE_TIMES = ['trx_time', 'trx_local_end_time', 'trx_local_start_time'] as const;

/**
 * Refuses (400 'Data tidak valid.' naming the field) a sale time before its outlet existed or after the
 * server's now, each widened by the clock-skew allowance: a sale dated 1999 or 2099 would fall outside every
 * settlement, history and shift. A time not in the stored format is the contract's to refuse (or, for the
 * start time the device keeps for itself, not read).
 */
export function checkSaleTimes(trx: SaleTrx, bounds: { outletCreatedAt: Date; now: Date }): void {
  const earliest = bounds.outletCreatedAt.getTime() - CLOCK_SKEW_ALLOWANCE_MS;
  const latest = bounds.now.getTime() + CLOCK_SKEW_ALLOWANCE_MS;
  for (const field of SALE_TIMES) {
    const text = trx[field]?.trim();
    if (!text) continue;
    let at: number;
    try {
      at = parseLocalDateTime(text).getTime();
    } catch {
      continue;
    }
    if (!(at >= earliest && at <= latest)) throw invalid(API_MESSAGES.invalidInput, field);
  }
}

/** Prices the sale by its kind and checks it (nothing is written). */
export async function planSale(input: Omit<PlanInput, 'trxTime' | 'redeem'>): Promise<SalePlan> {
  const { deps, auth, outletId, outlet, trx, now } = input;
  checkSaleKind(trx);
  checkSaleTimes(trx, { outletCreatedAt: outlet.created_at, now });
  const trxTime = saleTime(trx, now);
  // a redeem is priced with the server's reward (redeem.ts), whatever redeem_item the device sent
  const redeem = await resolveSaleRedeem(deps.database.db, { businessId: auth.business_id, outletId, trx });
  const pricer = pricerOf(trx);
  const priced = await pricer({ ...input, trxTime, redeem });
  // the sellers of a sale not priced through the catalogue (a catalogue-priced sale's are checked there)
  if (pricer !== priceNormal)
    await checkSaleWorkers(deps.database, { businessId: auth.business_id, outletId, trx: priced.sale });
  const checked = checkSale(
    withServerRedeem(priced.sale, redeem),
    pricingConfigFor(trx, outlet.pricing),
    outlet,
  );
  const topUp = priced.special === 'TOP_UP_DEPOSIT' ? specialAmount(priced.sale) : 0;
  const touchesWallet = checked.payments.deposit > 0 || topUp > 0;
  const opensReceivable = checked.payments.credit > 0;
  const mayCreateCustomer = trx.customer !== null && !trx.customer.user_code?.trim();
  const touchesCoupons = priced.couponSale !== null || priced.usedCoupon !== null;
  return {
    ...priced,
    trxTime,
    trxDate: formatLocalDateTime(trxTime).slice(0, 10).replaceAll('-', ''),
    redeem,
    checked,
    topUp,
    touchesWallet,
    opensReceivable,
    mayCreateCustomer,
    touchesCoupons,
    needsTransaction:
      touchesWallet ||
      opensReceivable ||
      mayCreateCustomer ||
      priced.special !== null ||
      touchesCoupons ||
      priced.membership !== null ||
      redeem !== null,
  };
}
