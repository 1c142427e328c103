// Ruling 28: the DETAILED receipt keeps 003 §9's gross prices and one 'Discount' line (item plus global
// discounts); its parts follow as indented sub-lines that add up to it — each item promotion by its name
// (lines discounted by the same promotion add up under one name) and the transaction discount by its name —
// so a cashier and a customer can match the receipt with the cart.
import { globalDiscountReceiptLabel } from '../labels';
import type { PosTransaction, TrxDetail } from '../model';
import { big, sumMoney } from '../money';
import type { TransactionTotals } from '../pricing';
import { RECEIPT_TEXTS as T } from '../texts/receipt';

export interface DiscountPart {
  label: string;
  amount: number;
}

const named = (names: readonly (string | null | undefined)[]): string =>
  names
    .map((n) => (n ?? '').trim())
    .filter(Boolean)
    .join(' + ');

const percentText = (v: unknown) => `${Number(v ?? 0)}%`;

/** The name of a line's discount, by the rule that gave it (pricing's lineUnitDiscount). */
const lineDiscountName = (
  line: TrxDetail,
  source: TransactionTotals['lines'][number]['discount_source'],
): string => {
  const promos = named(line.pos_item_discounts.map((d) => d.discount_name));
  if (source === 'coupon') return 'Coupon Disc.';
  if (source === 'redeem') return 'Redeem Disc.';
  if (source === 'custom') {
    const custom =
      line.custom_discount_type === 'percentage'
        ? `C. Disc ${percentText(line.custom_discount_value)}`
        : 'C. Disc';
    return named([promos, custom]);
  }
  return promos || T.discount;
};

/** The transaction (global) discount's name: the typed coupon/redeem/member label, else the promotions' names. */
const globalDiscountName = (trx: PosTransaction, totals: TransactionTotals): string => {
  const source = totals.global_discount_source;
  const percent =
    source === 'coupon'
      ? trx.coupon?.coupon_item?.discount_percentage
      : source === 'redeem'
        ? trx.redeem?.redeem_item?.discount_percentage
        : source === 'member'
          ? trx.customer?.discount_level?.reward_value
          : null;
  return (
    globalDiscountReceiptLabel(source, percent, trx.trx_type) ??
    (named(trx.discounts.map((d) => d.discount_name)) || T.discount)
  );
};

/**
 * The parts of the Discount line: the item discounts grouped by name in line order, then the transaction
 * discount. They add up to item discounts + global discount exactly: should the lines' own pricing differ
 * from the stored item discount (a sale stored with other rounding), the last item part takes the
 * difference, or an unnamed 'Discount' part carries it.
 */
export const discountParts = (trx: PosTransaction, totals: TransactionTotals): DiscountPart[] => {
  const byId = new Map(trx.details.map((l) => [l.local_trx_detail_id, l]));
  const items = new Map<string, ReturnType<typeof big>>();
  for (const priced of totals.lines) {
    const line = byId.get(priced.local_trx_detail_id);
    if (!line || !(priced.discount_total > 0)) continue;
    const label = lineDiscountName(line, priced.discount_source);
    items.set(label, (items.get(label) ?? big(0)).plus(priced.discount_total));
  }
  const parts = [...items].map(([label, amount]) => ({ label, amount }));
  const gap = big(totals.item_discount_total).minus(sumMoney(parts.map((p) => p.amount)));
  if (!gap.eq(0)) {
    const last = parts.at(-1);
    if (last) last.amount = last.amount.plus(gap);
    else parts.push({ label: T.discount, amount: gap });
  }
  const out: DiscountPart[] = parts
    .map((p) => ({ label: p.label, amount: p.amount.toNumber() }))
    .filter((p) => p.amount !== 0);
  if (totals.drv_total_discount_nominal > 0)
    out.push({ label: globalDiscountName(trx, totals), amount: totals.drv_total_discount_nominal });
  return out;
};
