import type { Payment, PaymentMethod } from './model';
import { big, MONEY_DECIMALS, roundMoney, sumMoney } from './money';

export const CASH_METHOD_NAME = 'Cash';

/** Same method when table_name and table_id are equal. */
export const isSamePaymentMethod = (
  a: Pick<PaymentMethod, 'table_name' | 'table_id'>,
  b: Pick<PaymentMethod, 'table_name' | 'table_id'>,
): boolean => a.table_name === b.table_name && Number(a.table_id) === Number(b.table_id);

export const isCashMethod = (m: Pick<PaymentMethod, 'payment_method_name'>): boolean =>
  m.payment_method_name === CASH_METHOD_NAME;

export const isCashPayment = (p: { payment_method: Pick<PaymentMethod, 'payment_method_name'> }): boolean =>
  isCashMethod(p.payment_method);

/**
 * Charge to the customer: amount × charge_percentage / 100 + charge_value, when is_charge_to_customer = 1;
 * whole rupiah, half up (ruling 22). `decimals` reads a charge recorded before that ruling.
 */
export const paymentCharge = (
  amount: number,
  method: Pick<PaymentMethod, 'is_charge_to_customer' | 'charge_percentage' | 'charge_value'>,
  decimals: number = MONEY_DECIMALS,
): number => {
  if (Number(method.is_charge_to_customer ?? 0) !== 1) return 0;
  return roundMoney(
    big(amount)
      .times(big(method.charge_percentage ?? 0))
      .div(100)
      .plus(big(method.charge_value ?? 0)),
    decimals,
  );
};

export interface PaymentStatus {
  /** Σ payment_amount. */
  paid: number;
  /** Σ payment_charge. */
  charges: number;
  /** drv_grand_total − paid ('Sisa Pembayaran' when > 0). */
  remaining: number;
  /** 'Uang Kembalian': paid − grand total when a Cash payment exists and more was paid, else 0. */
  change: number;
  hasCash: boolean;
}

export const paymentStatus = (
  grandTotal: number,
  payments: readonly Pick<Payment, 'payment_amount' | 'payment_charge' | 'payment_method'>[],
): PaymentStatus => {
  const paid = sumMoney(payments.map((p) => p.payment_amount));
  const remaining = big(grandTotal).minus(paid);
  const hasCash = payments.some(isCashPayment);
  return {
    paid: paid.toNumber(),
    charges: sumMoney(payments.map((p) => p.payment_charge ?? 0)).toNumber(),
    remaining: remaining.toNumber(),
    change: hasCash && remaining.lt(0) ? remaining.neg().toNumber() : 0,
    hasCash,
  };
};

/** Change on the receipt: only when a 'Cash' payment exists, payments − drv_grand_total. */
export const receiptChange = (
  grandTotal: number,
  payments: readonly Pick<Payment, 'payment_amount' | 'payment_method'>[],
): number | null => {
  if (!payments.some(isCashPayment)) return null;
  return sumMoney(payments.map((p) => p.payment_amount))
    .minus(big(grandTotal))
    .toNumber();
};

/** The amount a newly chosen method is pre-filled with: what remains (never negative). */
export const prefillPaymentAmount = (remaining: number): number => Math.max(remaining, 0);

/** Default deposit amount: min(balance, remaining), never negative. */
export const defaultDepositAmount = (balance: number, remaining: number): number =>
  Math.max(0, Math.min(Number(balance) || 0, remaining));

export interface DepositVisibility {
  trx_type: string;
  subscriptionDeposit: number;
  hasCustomer: boolean;
  remaining: number;
  /** Category ids of the lines (coupon_category_id for coupon sales). */
  lineCategoryIds: readonly (number | null | undefined)[];
  restrictedCategoryIds: readonly number[];
}

/** 'Gunakan Deposit' is hidden for a top-up, without the deposit rule, a customer, a remainder, or with a restricted category. */
export const isDepositPaymentShown = (v: DepositVisibility): boolean =>
  v.trx_type !== 'TOP_UP_DEPOSIT' &&
  Number(v.subscriptionDeposit) === 1 &&
  v.hasCustomer &&
  v.remaining > 0 &&
  !v.lineCategoryIds.some(
    (c) => c !== null && c !== undefined && v.restrictedCategoryIds.includes(Number(c)),
  );

/** 'Gunakan Piutang' shows when pos_account_receivable = 1, a customer is set, something remains and it is not a receivable payment. */
export const isCreditPaymentShown = (v: {
  pos_account_receivable: number;
  hasCustomer: boolean;
  remaining: number;
  trx_type: string;
}): boolean =>
  Number(v.pos_account_receivable) === 1 &&
  v.hasCustomer &&
  v.remaining > 0 &&
  v.trx_type !== 'ACCOUNT_RECEIVABLE';

/** Restricted category ids from businessWallet_restrictedPosItemCategories (ids or objects). */
export const restrictedCategoryIds = (list: readonly unknown[]): number[] =>
  list.flatMap((e) => {
    if (typeof e === 'number') return [e];
    if (e && typeof e === 'object' && 'pos_item_category_id' in e)
      return [Number((e as { pos_item_category_id: unknown }).pos_item_category_id)];
    return [];
  });
