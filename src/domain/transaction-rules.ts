import type { ConfigFlags } from './flags';
import type {
  Coupon,
  Customer,
  Payment,
  PaymentMethod,
  PosItem,
  PosTransaction,
  TrxDetail,
  TrxType,
} from './model';
import { isSamePaymentMethod } from './payments';
import { SALE_MESSAGES } from './texts/sale';
import type { ValidationMessage } from './validation-item';

/** Synthetic top-up, receivable and membership lines: pos_item_id 1, pos_item_variant_id 1, qty 1. */
export const SYNTHETIC_ITEM_ID = 1;
export const SYNTHETIC_VARIANT_ID = 1;
export const TOP_UP_LINE_NAME = 'Top Up Deposit';
export const RECEIVABLE_LINE_NAME = 'Pembayaran Piutang';

/** The one line of a top-up ('Top Up Deposit'), receivable payment ('Pembayaran Piutang') or membership sale (membership_name). */
export const syntheticLine = (input: {
  local_trx_detail_id: string;
  name: string;
  amount: number;
  local_created_at?: string | null;
}): TrxDetail => ({
  local_trx_detail_id: input.local_trx_detail_id,
  pos_item_id: SYNTHETIC_ITEM_ID,
  pos_item_variant_id: SYNTHETIC_VARIANT_ID,
  package_pos_item_id: 0,
  is_package: 0,
  is_custom: 0,
  qty: 1,
  itemMeta: syntheticItem(input.name, input.amount),
  pos_item_pos_item_modifiers: [],
  pos_item_discounts: [],
  commission_workers: [],
  item_sellers: [],
  pos_item_package_details: [],
  tags: [],
  local_created_at: input.local_created_at ?? null,
  last_printed_at: null,
});

const syntheticItem = (name: string, price: number): PosItem => ({
  pos_item_id: SYNTHETIC_ITEM_ID,
  item_name: name,
  is_package: 0,
  is_custom: 0,
  is_hidden: 0,
  no_commission: 0,
  is_custom_price: 0,
  is_custom_discount: 0,
  is_stock_out_required: 0,
  pos_item_variants: [{ pos_item_variant_id: SYNTHETIC_VARIANT_ID, variant_price: price }],
});

/** The custom item template (file 003 §9): pos_item_id 1, is_custom 1, variant id 1, price 0, 0% percentage discount. */
export const customItemTemplate = (name = ''): PosItem => ({
  ...syntheticItem(name, 0),
  is_custom: 1,
});
export const CUSTOM_ITEM_DEFAULT_DISCOUNT = {
  custom_discount_type: 'percentage' as const,
  custom_discount_value: 0,
};

/** A coupon shown as an item: pos_item_id 0 and one variant id 1 priced at the coupon price. */
export const couponAsItem = (coupon: Coupon): PosItem => ({
  pos_item_id: 0,
  item_name: coupon.coupon_name,
  item_image: coupon.coupon_image ?? null,
  pos_item_category_id: coupon.coupon_category_id ?? null,
  category_name: coupon.coupon_category_name ?? null,
  is_package: 0,
  is_custom: 0,
  is_hidden: 0,
  no_commission: 0,
  is_custom_price: Number(coupon.is_custom_price ?? 0),
  is_custom_discount: Number(coupon.is_custom_discount ?? 0),
  max_custom_discount: coupon.max_custom_discount ?? null,
  is_stock_out_required: 0,
  coupon_meta: {
    coupon_id: coupon.coupon_id,
    coupon_category_id: coupon.coupon_category_id ?? null,
    pos_item_category_id: coupon.coupon_category_id ?? null,
    max_custom_discount: coupon.max_custom_discount ?? null,
  },
  pos_item_variants: [{ pos_item_variant_id: 1, variant_price: coupon.coupon_price }],
});

/** Top-up form: a customer with an identifier, who is a member. */
export const validateTopUpCustomer = (
  customer: Pick<Customer, 'user_identifier_string' | 'membership_name'> | null | undefined,
): ValidationMessage => {
  if (!customer?.user_identifier_string) return SALE_MESSAGES.topUpCustomerMissing;
  return customer.membership_name ? null : SALE_MESSAGES.topUpCustomerNotMember;
};

/** With pos_trx_no_user_edit = 1 a found user without user_code is not set: 'Data customer tidak ditemukan'. */
export const validateFoundCustomer = (
  found: Pick<Customer, 'user_code'> | null | undefined,
  posTrxNoUserEdit: number,
): ValidationMessage =>
  Number(posTrxNoUserEdit) === 1 && (!found || found.user_code === null)
    ? SALE_MESSAGES.customerNotFound
    : null;

/** Payment methods not yet used by a payment (empty → 'Seluruh metode pembayaran telah terpakai.'). */
export const unusedPaymentMethods = <M extends Pick<PaymentMethod, 'table_name' | 'table_id'>>(
  methods: readonly M[],
  payments: readonly Pick<Payment, 'payment_method'>[],
): M[] => methods.filter((m) => !payments.some((p) => isSamePaymentMethod(p.payment_method, m)));

const ONLINE_TYPES: readonly TrxType[] = [
  'TOP_UP_DEPOSIT',
  'COUPON_SALES',
  'ACCOUNT_RECEIVABLE',
  'MEMBERSHIP_SALES',
];

/**
 * Online-required submission (spec 000 §4): a redeem, a coupon, check_stock_availability_on_trx = 1,
 * a deposit payment, a top-up / coupon sale / receivable / membership type, or an item requiring stock out.
 */
export const requiresOnlineSubmission = (
  trx: Pick<PosTransaction, 'redeem' | 'coupon' | 'payments' | 'trx_type'> & {
    details: readonly { itemMeta: Pick<PosItem, 'is_stock_out_required'> }[];
  },
  config: ConfigFlags<'check_stock_availability_on_trx'>,
): boolean =>
  !!trx.redeem ||
  !!trx.coupon ||
  config.check_stock_availability_on_trx === 1 ||
  trx.payments.some((p) => p.payment_type === 'DEPOSIT') ||
  ONLINE_TYPES.includes(trx.trx_type) ||
  trx.details.some((d) => Number(d.itemMeta.is_stock_out_required ?? 0) === 1);

/** Retries of an online-required submit after a time-out (file 003 §9); the cashier's sender uses these. */
export const ONLINE_SUBMIT_RETRIES = 2;
/** Time-out of an optional-online submit (ms): after it the sale stays completed offline, in the outbox. */
export const OPTIONAL_ONLINE_SUBMIT_TIMEOUT_MS = 3000;
