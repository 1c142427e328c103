import { isEmailAddress } from './customer-fields';
import {
  type Customer,
  type Payment,
  type PaymentMethod,
  POS_LINK_TYPES,
  type PosItem,
  type PosTransaction,
  type PromoLink,
} from './model';
import { formatMoney, type Separators } from './money';
import { isCashMethod } from './payments';
import { SALE_MESSAGES } from './texts/sale';
import { datePart, type Now, toWallClock } from './time-wall';
import type { ValidationMessage } from './validation-item';

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(String(v ?? '').trim()));

export type GlobalDiscountType = 'promo' | 'percentage' | 'value';

/** 'Apply Global Discount': type, then promo / percentage (0–100, not empty) / nominal. */
export const validateGlobalDiscount = (input: {
  type: GlobalDiscountType | null | undefined | '';
  promoId?: number | null;
  percent?: unknown;
  nominal?: unknown;
}): ValidationMessage => {
  if (!input.type) return SALE_MESSAGES.discountTypeRequired;
  if (input.type === 'promo')
    return input.promoId === null || input.promoId === undefined ? SALE_MESSAGES.promoRequired : null;
  if (input.type === 'percentage') {
    const p = num(input.percent);
    return isBlank(input.percent) || !Number.isFinite(p) || p <= 0 || p > 100
      ? SALE_MESSAGES.discountPercentRequired
      : null;
  }
  const n = num(input.nominal);
  return isBlank(input.nominal) || !Number.isFinite(n) || n <= 0
    ? SALE_MESSAGES.discountNominalRequired
    : null;
};

type ContinueTrx = Pick<
  PosTransaction,
  'trx_type' | 'customer' | 'details' | 'account_receivable' | 'membership_item'
>;

/** The first line's variant price: the amount of a top-up or receivable-payment line. */
export const syntheticLineAmount = (trx: Pick<PosTransaction, 'details'>): number =>
  num(trx.details[0]?.itemMeta.pos_item_variants?.[0]?.variant_price ?? 0) || 0;

/** 'Continue' from step 2 to payment, per transaction kind. */
export const validateContinueToPayment = (
  trx: ContinueTrx,
  ctx: { currency: string; maxWalletBalance?: number | null; separators?: Separators },
): ValidationMessage => {
  switch (trx.trx_type) {
    case 'COUPON_SALES':
      if (!trx.customer) return SALE_MESSAGES.couponSalesNoCustomer;
      return trx.details.length === 0 ? SALE_MESSAGES.couponSalesNoCoupon : null;
    case 'TOP_UP_DEPOSIT': {
      if (!trx.customer) return SALE_MESSAGES.topUpNoCustomer;
      const amount = syntheticLineAmount(trx);
      if (!(amount > 0)) return SALE_MESSAGES.topUpNoAmount;
      const max = ctx.maxWalletBalance;
      if (max !== null && max !== undefined && max > 0 && amount > max)
        return SALE_MESSAGES.topUpAboveMax(ctx.currency, formatMoney(max, ctx.separators));
      return null;
    }
    case 'ACCOUNT_RECEIVABLE': {
      if (!trx.customer) return SALE_MESSAGES.receivableNoCustomer;
      if (!trx.account_receivable) return SALE_MESSAGES.receivableNoTransaction;
      const amount = syntheticLineAmount(trx);
      if (!(amount > 0)) return SALE_MESSAGES.receivableNoAmount;
      return amount > num(trx.account_receivable.drv_balance) ? SALE_MESSAGES.receivableAboveBalance : null;
    }
    case 'MEMBERSHIP_SALES':
      if (!trx.customer) return SALE_MESSAGES.membershipNoCustomer;
      return trx.membership_item ? null : SALE_MESSAGES.membershipNotChosen;
    default:
      return trx.details.length === 0 ? SALE_MESSAGES.salesNoItem : null;
  }
};

/** A normal payment: method, non-zero amount, non-Cash not above the remaining, reference. */
export const validateNormalPayment = (input: {
  method:
    | Pick<PaymentMethod, 'payment_method_name' | 'is_reference_required' | 'reference_min_length'>
    | null
    | undefined;
  amount: unknown;
  remaining: number;
  reference?: string | null;
}): ValidationMessage => {
  if (!input.method) return SALE_MESSAGES.paymentMethodRequired;
  const amount = num(input.amount);
  if (isBlank(input.amount) || !Number.isFinite(amount) || amount === 0)
    return SALE_MESSAGES.paymentAmountZero;
  if (!isCashMethod(input.method) && amount > input.remaining) return SALE_MESSAGES.paymentAboveRemaining;
  if (Number(input.method.is_reference_required ?? 0) === 1) {
    const ref = (input.reference ?? '').trim();
    if (ref === '' || ref.length < Number(input.method.reference_min_length ?? 0))
      return SALE_MESSAGES.paymentReferenceRequired;
  }
  return null;
};

/** A deposit payment: non-zero and not above the remaining total. */
export const validateDepositPayment = (amount: unknown, remaining: number): ValidationMessage => {
  const a = num(amount);
  if (isBlank(amount) || !Number.isFinite(a) || a === 0) return SALE_MESSAGES.depositAmountZero;
  return a > remaining ? SALE_MESSAGES.depositAboveTotal : null;
};

/** A credit (receivable) payment: non-zero. */
export const validateCreditPayment = (amount: unknown): ValidationMessage => {
  const a = num(amount);
  return isBlank(amount) || !Number.isFinite(a) || a === 0 ? SALE_MESSAGES.creditAmountZero : null;
};

export interface SubmitContext {
  remaining: number;
  is_user_id_required: number;
  use_wallet_security_code: number;
  /** The SMS redeem code typed on the payment step (needed when the redeem is of type sms). */
  smsRedeemCode?: string | null;
  /** A stock-out record exists for the sale (defaults to: the transaction has consumptions). */
  hasStockOutRecord?: boolean;
  /** The commission check's message from submitWorkerCheck, when it failed. */
  workerCheck?: ValidationMessage;
}

type SubmitTrx = Pick<PosTransaction, 'payments' | 'customer' | 'redeem' | 'receh_code' | 'consumptions'> & {
  details: readonly { itemMeta: Pick<PosItem, 'is_stock_out_required'> }[];
};

const isNewCustomerIdentifierType = (c: Customer): boolean =>
  c.user_identifier_type === 'phone' || c.user_identifier_type === 'email';

/** 'Selesai' checks, in the specification's order. */
export const validateSubmit = (trx: SubmitTrx, ctx: SubmitContext): ValidationMessage => {
  if (ctx.remaining > 0) return SALE_MESSAGES.notPaidOff;
  if (trx.redeem?.redeem_type === 'sms' && isBlank(ctx.smsRedeemCode ?? trx.redeem.redeem_code))
    return SALE_MESSAGES.redeemCodeRequired;
  const hasDeposit = trx.payments.some((p: Pick<Payment, 'payment_type'>) => p.payment_type === 'DEPOSIT');
  if (hasDeposit && Number(ctx.use_wallet_security_code) === 1 && isBlank(trx.receh_code))
    return SALE_MESSAGES.walletCodeRequired;
  const stockOutDone = ctx.hasStockOutRecord ?? (trx.consumptions ?? []).length > 0;
  if (!stockOutDone && trx.details.some((d) => Number(d.itemMeta.is_stock_out_required ?? 0) === 1))
    return SALE_MESSAGES.stockOutMissing;
  if (Number(ctx.is_user_id_required) === 1) {
    const c = trx.customer;
    if (!c) return SALE_MESSAGES.customerDataRequired;
    if (Number(c.is_signed_up ?? 0) !== 1) {
      if (!isNewCustomerIdentifierType(c)) return SALE_MESSAGES.newCustomerIdentifierType;
      if (isBlank(c.user_identifier_string)) return SALE_MESSAGES.newCustomerIdentifierRequired;
    }
  }
  return ctx.workerCheck ?? null;
};

/** Using a coupon in a sale: a customer first, then a code. */
export const validateCouponUse = (input: {
  hasCustomer: boolean;
  code?: string | null;
  mode: 'browse' | 'qr' | 'agent';
}): ValidationMessage => {
  if (!input.hasCustomer) return SALE_MESSAGES.promoCustomerRequired;
  if (input.mode === 'qr' && isBlank(input.code)) return SALE_MESSAGES.couponCodeRequired;
  return null;
};

/** Redeeming in a sale: a customer; QR needs a code; SMS and Direct need the customer's phone. */
export const validateRedeemUse = (input: {
  customer: Pick<Customer, 'user_phone'> | null | undefined;
  type: 'qr' | 'sms' | 'direct' | 'agent';
  code?: string | null;
}): ValidationMessage => {
  if (!input.customer) return SALE_MESSAGES.promoCustomerRequired;
  if (input.type === 'qr' && isBlank(input.code)) return SALE_MESSAGES.redeemCodeRequired;
  if ((input.type === 'sms' || input.type === 'direct') && isBlank(input.customer.user_phone))
    return SALE_MESSAGES.redeemPhoneRequired;
  return null;
};

type LinkTarget = Partial<Pick<PromoLink, 'pos_item_id' | 'pos_item_category_id'>> & {
  pos_link_type?: string | null;
};

const isSet = (v: number | null | undefined): boolean => v !== null && v !== undefined;

/**
 * A resolved coupon or redeem can be applied in a sale when its pos_link_type is item (naming the
 * item), item_category (naming the category) or discount; anything else discounts nothing.
 */
const isUsableLink = (link: LinkTarget | null | undefined): boolean => {
  if (!link || !(POS_LINK_TYPES as readonly (string | null | undefined)[]).includes(link.pos_link_type))
    return false;
  if (link.pos_link_type === 'item') return isSet(link.pos_item_id);
  if (link.pos_link_type === 'item_category') return isSet(link.pos_item_category_id);
  return true;
};

/**
 * The coupon dialog's step 1 → 2 (000 §4–5): what the QR code, the customer's coupon list or an
 * agent transaction resolved to. 'Kupon tidak valid.' when nothing came back, its link cannot be
 * applied, or its expired_date (a whole day) has passed.
 */
export const validateCouponLookup = (
  found: { coupon_detail?: LinkTarget | null; expired_date?: string | null } | null | undefined,
  now: Now,
): ValidationMessage => {
  if (!found || !isUsableLink(found.coupon_detail)) return SALE_MESSAGES.couponInvalid;
  const expiry = datePart(found.expired_date);
  return expiry !== null && toWallClock(now).date > expiry ? SALE_MESSAGES.couponInvalid : null;
};

/**
 * The redeem dialog's step 1 → 2: the reward_redemption_item the QR scan, the SMS/Direct grid or
 * an agent transaction resolved to. 'Redeem tidak valid.' when nothing came back or its link
 * cannot be applied.
 */
export const validateRedeemLookup = (rewardItem: LinkTarget | null | undefined): ValidationMessage =>
  isUsableLink(rewardItem) ? null : SALE_MESSAGES.redeemInvalid;

/** Receipt sending by SMS or messaging app: phone required, digits only. */
export const validateReceiptPhone = (phone: string | null | undefined): ValidationMessage => {
  const p = (phone ?? '').trim();
  if (p === '') return SALE_MESSAGES.receiptPhoneRequired;
  return /^\d+$/.test(p) ? null : SALE_MESSAGES.receiptPhoneDigitsOnly;
};

/** Receipt sending by e-mail: required. */
export const validateReceiptEmail = (email: string | null | undefined): ValidationMessage =>
  (email ?? '').trim() === '' ? SALE_MESSAGES.receiptEmailRequired : null;

/** Minimum length of an NFC card code; shorter input is ignored. */
export const NFC_CODE_MIN_LENGTH = 10;
/** The NFC reader's input, or null when it is too short to be a card. */
export const acceptNfcInput = (input: string): string | null =>
  input.trim().length >= NFC_CODE_MIN_LENGTH ? input.trim() : null;

/** Customer search in the cashier: type and value, phone (+ then 9–15 digits), e-mail. */
export const validateCustomerSearch = (
  type: string | null | undefined,
  value: string | null | undefined,
): ValidationMessage => {
  const v = (value ?? '').trim();
  if (!type) return SALE_MESSAGES.customerRequired;
  if (type === 'search') return v === '' ? SALE_MESSAGES.keywordRequired : null;
  if (v === '') return SALE_MESSAGES.customerRequired;
  if (type === 'phone') return /^\+?\d{9,15}$/.test(v) ? null : SALE_MESSAGES.invalidPhone;
  if (type === 'email') return isEmailAddress(v) ? null : SALE_MESSAGES.invalidEmail;
  return null;
};

/** Starting a shift while one is active is refused. */
export const validateShiftStart = (hasActiveShift: boolean): ValidationMessage =>
  hasActiveShift ? SALE_MESSAGES.shiftAlreadyActive : null;

/** A shift expense needs a name and an amount. */
export const validateExpense = (name: string, amount: unknown): ValidationMessage => {
  if (name.trim() === '') return SALE_MESSAGES.expenseNameRequired;
  return isBlank(amount) || !(num(amount) > 0) ? SALE_MESSAGES.expenseAmountRequired : null;
};
