// The payment area's state (000 §2 "Payment area", §4 "Payments", §5 "Payments"): what remains,
// which forms show, each payment's wording. The rules are src/domain's; this file only combines them.
import {
  formatAmountInput,
  formatCurrency,
  isCreditPaymentShown,
  isDepositPaymentShown,
  isOn as on,
  type PaymentMethod,
  type PosConfig,
  type PosTransaction,
  paymentStatus,
  prefillPaymentAmount,
  restrictedCategoryIds,
  type Separators,
  unusedPaymentMethods,
} from '../../../../domain';
import { PAYMENT_TEXTS } from '../../../../domain/texts/cashier';

type PayTrx = Pick<PosTransaction, 'drv_grand_total' | 'payments' | 'trx_type' | 'customer' | 'details'>;

export interface PaymentAreaState {
  /** 'Sisa Pembayaran' with what remains, or 'Uang Kembalian' with the change. */
  headline: { label: string; amount: number };
  remaining: number;
  /** Methods not used by a payment yet; empty → 'Seluruh metode pembayaran telah terpakai.'. */
  methods: PaymentMethod[];
  /** 'Gunakan Deposit' form (hidden once a deposit payment exists: deposit_confirmed). */
  showDeposit: boolean;
  /** 'Kode Receh' (use_wallet_security_code = 1, with a deposit form or payment). */
  showReceh: boolean;
  /** 'Gunakan Piutang' form (hidden once a credit payment exists). */
  showCredit: boolean;
}

/** The configuration's method of a deposit / credit payment (payment_type on the method), if any. */
export const methodOfType = (
  methods: readonly PaymentMethod[],
  type: 'DEPOSIT' | 'CREDIT',
): PaymentMethod | null =>
  methods.find((m) => (m as { payment_type?: unknown }).payment_type === type) ?? null;

/** Methods behind 'Tambah Pembayaran Baru': the deposit and credit ones have their own forms. */
export const normalMethods = (methods: readonly PaymentMethod[]): PaymentMethod[] =>
  methods.filter((m) => {
    const type = (m as { payment_type?: unknown }).payment_type;
    return type !== 'DEPOSIT' && type !== 'CREDIT';
  });

/** Category ids a deposit may be restricted by: coupon_category_id for coupon sales. */
const lineCategoryIds = (trx: PayTrx): (number | null | undefined)[] =>
  trx.details.map((d) => {
    const id =
      trx.trx_type === 'COUPON_SALES' ? d.itemMeta.coupon_category_id : d.itemMeta.pos_item_category_id;
    return id == null ? null : Number(id);
  });

/**
 * The payment area of a sale. `grandTotal` is the one 'Selesai' checks the payments against: the domain's
 * pricing under the configuration in force (whole rupiah, ruling 22) — a draft stored with figures from
 * before is shown, pre-filled and checked with the same number. Defaults to the stored drv_grand_total.
 */
export function paymentAreaState(
  trx: PayTrx,
  config: PosConfig,
  grandTotal: number = trx.drv_grand_total ?? 0,
): PaymentAreaState {
  const status = paymentStatus(grandTotal, trx.payments);
  const hasDeposit = trx.payments.some((p) => p.payment_type === 'DEPOSIT');
  const hasCredit = trx.payments.some((p) => p.payment_type === 'CREDIT');
  const hasCustomer = !!trx.customer;
  const showDeposit =
    !hasDeposit &&
    isDepositPaymentShown({
      trx_type: trx.trx_type ?? 'NORMAL',
      subscriptionDeposit: Number(config.subscription_rules?.deposit ?? 0),
      hasCustomer,
      remaining: status.remaining,
      lineCategoryIds: lineCategoryIds(trx),
      restrictedCategoryIds: restrictedCategoryIds(config.businessWallet_restrictedPosItemCategories ?? []),
    });
  const showCredit =
    !hasCredit &&
    isCreditPaymentShown({
      pos_account_receivable: Number(config.pos_account_receivable ?? 0),
      hasCustomer,
      remaining: status.remaining,
      trx_type: trx.trx_type ?? 'NORMAL',
    });
  return {
    headline:
      status.remaining < 0
        ? { label: PAYMENT_TEXTS.change, amount: status.change }
        : { label: PAYMENT_TEXTS.remaining, amount: status.remaining },
    remaining: status.remaining,
    methods: unusedPaymentMethods(normalMethods(config.payment_method), trx.payments),
    showDeposit,
    showReceh: on(config.use_wallet_security_code) && (showDeposit || hasDeposit),
    showCredit,
  };
}

/** What the amount field shows when a method is chosen: what remains, as typed (never a fraction it did not show). */
export const paymentPrefillText = (remaining: number, separators: Separators): string => {
  const amount = prefillPaymentAmount(remaining);
  return amount > 0 ? formatAmountInput(amount, separators) : '';
};

export interface PaymentRowText {
  id: string;
  name: string;
  amount: string;
  /** '+ {charge_label|Charge} {cur} {charge}' when a charge applies. */
  charge: string | null;
  ref: string | null;
}

export function paymentRows(
  trx: Pick<PosTransaction, 'payments'>,
  currency: string,
  separators: Separators,
): PaymentRowText[] {
  return trx.payments.map((p) => ({
    id: p.local_payment_id,
    name:
      p.payment_type === 'DEPOSIT'
        ? 'Deposit'
        : p.payment_type === 'CREDIT'
          ? 'Piutang'
          : p.payment_method.payment_method_name,
    amount: formatCurrency(p.payment_amount, currency, separators),
    charge:
      Number(p.payment_charge ?? 0) > 0
        ? `+ ${p.payment_method.charge_label?.trim() || 'Charge'} ${formatCurrency(p.payment_charge, currency, separators)}`
        : null,
    ref: p.payment_ref?.trim() ? `Ref: ${p.payment_ref}` : null,
  }));
}

/** The step 4 line 'Transaksi berhasil dilakukan!' shows unless a payment's method requires the amount. */
export const showsDoneText = (trx: Pick<PosTransaction, 'payments'>): boolean =>
  !trx.payments.some((p) => on(p.payment_method.is_payment_amount_required));
