// The one synthetic line every special sale carries (top-up, receivable payment, membership; 000 §2 step 2),
// checked alike by pos/special.ts and pos/membership.ts.
import type { SaleTrx } from '../../../src/api/contract/pos';
import { SYNTHETIC_ITEM_ID, SYNTHETIC_VARIANT_ID } from '../../../src/domain/transaction-rules';

const num = (v: unknown) => Number(v ?? 0);

type SaleLine = SaleTrx['details'][number];

/** The one synthetic line of a special sale: pos_item_id 1, variant 1, qty 1, not custom, not a package. */
export const isSyntheticShape = (d: SaleLine): boolean =>
  num(d.pos_item_id) === SYNTHETIC_ITEM_ID &&
  num(d.pos_item_variant_id) === SYNTHETIC_VARIANT_ID &&
  num(d.qty) === 1 &&
  Number(d.is_custom ?? 0) !== 1 &&
  Number(d.is_package ?? 0) !== 1 &&
  (d.itemMeta.pos_item_variants?.length ?? 0) === 1;

/** A special sale is sold at its amount: no modifier, discount, coupon or redeem may change it. */
export const hasPriceChanges = (trx: SaleTrx, d: SaleLine): boolean =>
  (d.pos_item_pos_item_modifiers ?? []).length > 0 ||
  (d.pos_item_discounts ?? []).length > 0 ||
  num(d.custom_discount_value) > 0 ||
  (trx.discounts ?? []).length > 0 ||
  Boolean(trx.coupon) ||
  Boolean(trx.redeem);
