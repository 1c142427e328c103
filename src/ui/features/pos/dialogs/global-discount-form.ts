// Apply Global Discount (000 §2 "Cashier dialogs", §5 "Global discount", §6 ALLOW_PROMO /
// DISCOUNT_TRANSACTION): which types the cashier may choose, the form's state, what Apply sends.
import {
  clampDiscountPercent,
  type GlobalDiscountType,
  type PosItemDiscount,
  type PromoContext,
  type TrxStates,
  validateGlobalDiscount,
  validGlobalPromos,
} from '../../../../domain';
import type { GlobalDiscountInput } from '../../../../projections/commands';

export const DISCOUNT_APPLIED = 'Discount successfully applied!';

/** A coupon, redeem or member discount that outranks the cashier's choice (outrankingGlobalDiscount). */
export interface Outranking {
  source: 'coupon' | 'redeem' | 'member';
  percent: number;
}

const outrankingLabel = (o: Outranking): string =>
  o.source === 'member'
    ? `Member Discount ${o.percent}%`
    : `${o.source === 'coupon' ? 'Kupon' : 'Redeem'} ${o.percent}%`;

/**
 * Our texts (the spec has none; issue 10): 000 §5 takes the first global discount that applies, so a
 * promo chosen while a coupon, redeem or member discount applies is kept but not used. The dialog
 * says so before Apply, and Apply says so instead of 'Discount successfully applied!'.
 */
export const OUTRANKED_TEXTS = {
  notice: (o: Outranking) =>
    `${outrankingLabel(o)} berlaku untuk transaksi ini dan didahulukan: diskon yang dipilih di sini disimpan, tetapi tidak dipakai.`,
  applied: (o: Outranking) => `Diskon disimpan, tetapi tidak dipakai: ${outrankingLabel(o)} didahulukan.`,
} as const;
export const NO_VALID_PROMO = 'No valid promo.';
export const PICK_PROMO_LABEL = 'Pilih Promo';

export interface DiscountTypeOption {
  value: GlobalDiscountType;
  label: string;
}

/** Promo needs ALLOW_PROMO; percentage and nominal need DISCOUNT_TRANSACTION. */
export const discountTypeOptions = (
  flags: { ALLOW_PROMO: boolean; DISCOUNT_TRANSACTION: boolean },
  currency: string,
): DiscountTypeOption[] => [
  ...(flags.ALLOW_PROMO ? [{ value: 'promo' as const, label: 'Promo' }] : []),
  ...(flags.DISCOUNT_TRANSACTION
    ? [
        { value: 'percentage' as const, label: 'Persentase (%)' },
        { value: 'value' as const, label: `Nominal (${currency})` },
      ]
    : []),
];

/** The 'Discount' action shows with (DISCOUNT_TRANSACTION or ALLOW_PROMO) and pos_discount_on_transaction = 1. */
export const canOpenGlobalDiscount = (flags: {
  ALLOW_PROMO: boolean;
  DISCOUNT_TRANSACTION: boolean;
  pos_discount_on_transaction: boolean;
}): boolean => (flags.ALLOW_PROMO || flags.DISCOUNT_TRANSACTION) && flags.pos_discount_on_transaction;

export interface GlobalDiscountForm {
  type: GlobalDiscountType | null;
  promoId: number | null;
  /** The percentage input's value (0–100, 2 decimals); '' while empty. */
  percent: number | '';
  nominal: number;
  nominalText: string;
}

/**
 * The form opens on the transaction's states when that type is allowed, else on the first allowed
 * type (none when no type is allowed).
 */
export const initialForm = (
  states: Partial<TrxStates> | null | undefined,
  allowed: readonly DiscountTypeOption[],
): GlobalDiscountForm => {
  const wanted = states?.globalDiscountType ?? 'promo';
  const type = allowed.some((o) => o.value === wanted) ? wanted : (allowed[0]?.value ?? null);
  const same = type === wanted;
  const percent =
    same && states?.globalDiscountPercent ? clampDiscountPercent(states.globalDiscountPercent) : 0;
  return {
    type,
    promoId: same ? (states?.globalDiscountItemId ?? null) : null,
    percent: percent > 0 ? percent : '',
    nominal: same ? (states?.globalDiscountNominal ?? 0) : 0,
    nominalText: same ? (states?.globalDiscountNominalText ?? '') : '',
  };
};

/** Switching type: promo zeroes percent and nominal; percentage clears promo and nominal; value clears promo and percent. */
export const switchType = (form: GlobalDiscountForm, type: GlobalDiscountType): GlobalDiscountForm => {
  if (type === 'promo') return { ...form, type, percent: '', nominal: 0, nominalText: '' };
  if (type === 'percentage') return { ...form, type, promoId: null, nominal: 0, nominalText: '' };
  return { ...form, type, promoId: null, percent: '' };
};

/** 'Pilih Promo': the valid 'basic' discounts of the catalogue (and of the server's discount list). */
export const promoOptions = (
  catalogue: readonly PosItemDiscount[],
  fromServer: readonly PosItemDiscount[] | null,
  ctx: PromoContext,
): PosItemDiscount[] => {
  const byId = new Map<number, PosItemDiscount>();
  for (const d of [...catalogue, ...(fromServer ?? [])]) byId.set(Number(d.pos_item_discount_id), d);
  return validGlobalPromos([...byId.values()], ctx);
};

/** Apply: the spec's message when the form is incomplete, else the command's input. */
export const toCommandInput = (
  form: GlobalDiscountForm,
  promos: readonly PosItemDiscount[],
): { ok: false; message: string } | { ok: true; input: GlobalDiscountInput } => {
  const message = validateGlobalDiscount({
    type: form.type,
    promoId: form.promoId,
    percent: form.percent,
    nominal: form.nominalText === '' ? '' : form.nominal,
  });
  if (message) return { ok: false, message };
  if (form.type === 'promo') {
    const promo = promos.find((p) => Number(p.pos_item_discount_id) === form.promoId) ?? null;
    if (!promo) return { ok: false, message: validateGlobalDiscount({ type: 'promo', promoId: null }) ?? '' };
    return { ok: true, input: { type: 'promo', promo } };
  }
  if (form.type === 'percentage')
    return { ok: true, input: { type: 'percentage', percent: clampDiscountPercent(Number(form.percent)) } };
  return { ok: true, input: { type: 'value', nominal: form.nominal, nominalText: form.nominalText } };
};
