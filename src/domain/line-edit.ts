import type { Variant } from './model';

/**
 * Setting a custom price on one variant: it is marked custom_price with original_price kept and
 * variant_price set; the other variants revert. Entering the original price resets it.
 */
export const setCustomPrice = <V extends Variant>(
  variants: readonly V[],
  variantId: number,
  price: number,
): V[] =>
  variants.map((v) => {
    const original = v.custom_price ? Number(v.original_price ?? v.variant_price) : Number(v.variant_price);
    const reverted = { ...v, variant_price: original, custom_price: false, original_price: original };
    if (v.pos_item_variant_id !== variantId) return reverted;
    if (price === original) return reverted;
    return { ...v, variant_price: price, custom_price: true, original_price: original };
  });

/** 'Kembalikan ke Harga Asli': every variant back to its original price. */
export const restoreOriginalPrices = <V extends Variant>(variants: readonly V[]): V[] =>
  variants.map((v) =>
    v.custom_price
      ? { ...v, variant_price: Number(v.original_price ?? v.variant_price), custom_price: false }
      : v,
  );

/** last_printed_at after an edit: reset to null when the qty changed, else kept. */
export const lastPrintedAfterEdit = (
  previous: { qty: number; last_printed_at?: string | null },
  nextQty: number,
): string | null => (previous.qty !== nextQty ? null : (previous.last_printed_at ?? null));

/** The marker a line added through the transaction's coupon or redeem carries (TrxDetail.coupon / .redeem). */
export interface LineOriginMarker {
  coupon?: { pos_item_id?: number | null } | null;
  redeem?: { pos_item_id?: number | null } | null;
}

/** True when the line was added through a coupon or a redeem (it carries the marker). */
export const hasLineOriginMarker = (line: LineOriginMarker): boolean => !!line.coupon || !!line.redeem;

/**
 * Adding an item merges into an existing line with the same item and variant (never for packages).
 * A line added through a coupon or a redeem carries its marker and never merges, neither into a
 * catalogue line of the same item nor a catalogue line into it: merging would move the coupon or
 * redeem discount onto units it does not cover (or drop it), and removing the coupon would then
 * remove units that were bought from the catalogue.
 */
export const findMergeableLine = <
  L extends {
    pos_item_id: number;
    pos_item_variant_id: number;
    is_package?: number | null;
  } & LineOriginMarker,
>(
  lines: readonly L[],
  candidate: {
    pos_item_id: number;
    pos_item_variant_id: number;
    is_package?: number | null;
  } & LineOriginMarker,
): L | undefined =>
  Number(candidate.is_package ?? 0) === 1 || hasLineOriginMarker(candidate)
    ? undefined
    : lines.find(
        (l) =>
          Number(l.is_package ?? 0) !== 1 &&
          !hasLineOriginMarker(l) &&
          l.pos_item_id === candidate.pos_item_id &&
          l.pos_item_variant_id === candidate.pos_item_variant_id,
      );
