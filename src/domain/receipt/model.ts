// The receipt as data (000 §2 "Printed receipt page"; 003 §9 receipt templates and totals order):
// header per the print flags, the body per template, totals in the specification's order,
// payments with charge lines, Change, BONUS TOP UP, Saldo Deposit, notes, footer and the optional
// order-detail page. Every number comes from priceTransaction / receiptChange.

import { isOn as on } from '../flags';
import { globalDiscountReceiptLabel, taxLabel } from '../labels';
import type { PosConfig, PosTransaction } from '../model';
import { formatMoney, type Separators, sumMoney } from '../money';
import { receiptChange } from '../payments';
import { priceTransaction, type TransactionTotals } from '../pricing';
import { RECEIPT_TEXTS as T } from '../texts/receipt';
import { formatOutletTime } from '../time-format';
import type { Now } from '../time-wall';
import { GUEST_LABEL, shortId } from '../transaction-labels';
import { discountParts } from './discount-parts';
import { filterByNature, groupByCategory, type ReceiptItem, receiptItem } from './lines';
import type { ReceiptMode } from './mode';
import { orderSlips, type ReceiptGroup } from './slips';

export interface ReceiptRow {
  label: string;
  value: string;
  strong?: boolean;
  /** An indented part of the row above it (ruling 28: the Discount line's parts). */
  sub?: boolean;
}

export interface ReceiptHeader {
  /** Logo URL when pos_print_logo = 1 and a logo exists; else the brand name prints. */
  logo: string | null;
  brand: string | null;
  outletName: string | null;
  address: string | null;
  phone: string | null;
  rows: ReceiptRow[];
  /** 'D MMM YYYY' and 'HH:mm'. */
  date: string;
  time: string;
}

export interface ReceiptSection {
  /** 'SERVICES' / 'ITEMS (RETAIL)' (detailed template) or a category name; null = no heading. */
  title: string | null;
  items: ReceiptItem[];
  /** 'Total Service' / 'Total Retail'. */
  total: ReceiptRow | null;
}

export interface ReceiptModel {
  mode: ReceiptMode;
  template: 'DETAILED' | 'SIMPLE';
  banner: string | null;
  /** Pre-settlement: when it was printed, 'D MMM YYYY HH:mm'. */
  printTime: string | null;
  header: ReceiptHeader | null;
  /** Order lists without a header still name the order. */
  slipHead: ReceiptRow[];
  sections: ReceiptSection[];
  /** True when there is no line to print ('No items yet'). */
  empty: boolean;
  totals: ReceiptRow[];
  payments: ReceiptRow[];
  change: ReceiptRow | null;
  bonus: ReceiptRow[];
  depositBalance: ReceiptRow | null;
  notes: string | null;
  footer: string | null;
  /** The large order number at the bottom (pos_print_receipt_order_number_bottom). */
  orderNoBottom: string | null;
  /** The second page (pos_print_order_detail), grouped by CATEGORY or WORKER. */
  slips: ReceiptGroup[];
  /** How many item lines print (bench and tests). */
  lineCount: number;
}

/** The configuration a receipt reads (the session's, or a sale's own cashier_configs snapshot). */
export type ReceiptConfig = Partial<PosConfig> & Record<string, unknown>;

export interface ReceiptOptions {
  mode: ReceiptMode;
  /** The print time of a pre-settlement bill. */
  now?: Now;
  separators?: Separators;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
/** 'D MMM YYYY' and 'HH:mm' (WIB) of a stored "YYYY-MM-DD HH:mm:ss" (or ISO) time; empty when missing. */
export const receiptDateTime = (value: string | null | undefined): { date: string; time: string } => {
  const date = value ? formatOutletTime(value, 'd MMM yyyy', 'en') : null;
  if (date === null || !value) return { date: '', time: '' };
  return { date, time: formatOutletTime(value, 'HH:mm', 'en') ?? '' };
};

/** The session's configuration overlaid with the sale's own snapshot (cashier_configs) when it has one. */
export const receiptConfig = (
  config: ReceiptConfig | null | undefined,
  trx: Pick<PosTransaction, 'cashier_configs'>,
): ReceiptConfig => ({ ...(config ?? {}), ...((trx.cashier_configs ?? {}) as ReceiptConfig) });

/** 'area name - category' (category 0 or unknown: 'Lainnya', 003 §9). */
const areaText = (trx: PosTransaction, config: ReceiptConfig): string | null => {
  const area = trx.service_area;
  if (!area?.area_name) return null;
  const categoryId = Number(area.pos_areaCategory_id ?? 0);
  const category =
    text(area.areaCategory_name) ||
    (config.area_category ?? []).find((c) => Number(c.pos_areaCategory_id) === categoryId)
      ?.areaCategory_name ||
    'Lainnya';
  return `${area.area_name} - ${category}`;
};

/** The date the receipt prints: document_date when pos_print_date is DOCUMENT_DATE or it is set, else the end time. */
const printedDate = (trx: PosTransaction, config: ReceiptConfig): string | null => {
  if (config.pos_print_date === 'DOCUMENT_DATE' || text(trx.document_date))
    return text(trx.document_date) || trx.trx_local_end_time || trx.trx_local_start_time;
  return trx.trx_local_end_time || trx.trx_local_start_time;
};

/** The logo the receipt prints (pos_print_logo and a brand logo), else null: a printer may load it ahead. */
export const receiptLogo = (config: Pick<ReceiptConfig, 'pos_print_logo' | 'brand_logo'>): string | null =>
  on(config.pos_print_logo) ? text(config.brand_logo) || null : null;

const buildHeader = (trx: PosTransaction, config: ReceiptConfig): ReceiptHeader => {
  const logo = receiptLogo(config);
  const customer = trx.customer;
  const rows: ReceiptRow[] = [
    {
      label: T.customer,
      value: text(customer?.user_name) || text(config.pos_print_label_if_no_user_identifier) || GUEST_LABEL,
    },
  ];
  if (on(config.pos_print_user_identifier) && text(customer?.user_identifier_string))
    rows.push({ label: T.customerId, value: text(customer?.user_identifier_string) });
  if (text(config.cashier_name)) rows.push({ label: T.cashier, value: text(config.cashier_name) });
  rows.push({ label: T.receiptNumber, value: shortId(trx.local_trx_id) });
  if (on(config.pos_print_receipt_order_number_top) && trx.order_no)
    rows.push({ label: T.orderNo, value: String(trx.order_no) });
  const area = areaText(trx, config);
  if (area) rows.push({ label: T.area, value: area });
  const { date, time } = receiptDateTime(printedDate(trx, config));
  return {
    logo,
    brand: logo ? null : text(config.brand_name) || null,
    outletName: on(config.pos_print_outlet_name) ? text(config.outlet_name) || null : null,
    address: on(config.pos_print_address) ? text(config.outlet_address) || null : null,
    phone: text(config.outlet_phone) || null,
    rows,
    date,
    time,
  };
};

/** 'D MMM YYYY' of an outlet date 'YYYY-MM-DD'. */
const receiptDay = (date: string): string => formatOutletTime(`${date} 00:00:00`, 'd MMM yyyy', 'en') ?? date;

/** A membership sale's period as its line prints it ('Berlaku 27 Nov 2026 s/d 25 May 2027'); null without one. */
export const membershipValidity = (
  trx: Pick<PosTransaction, 'trx_type' | 'membership_period'>,
): string | null => {
  const p = trx.membership_period;
  if (trx.trx_type !== 'MEMBERSHIP_SALES' || !p?.start_date || !p.end_date) return null;
  return T.membershipValid(receiptDay(p.start_date), receiptDay(p.end_date));
};

/** The stored drv_* totals of a completed sale over the per-line pricing. */
const storedTotals = (trx: PosTransaction, priced: TransactionTotals): TransactionTotals => ({
  ...priced,
  drv_gross_total: Number(trx.drv_gross_total),
  drv_subtotal: Number(trx.drv_subtotal),
  item_discount_total: Number(trx.drv_gross_total) - Number(trx.drv_subtotal),
  drv_total_discount_nominal: Number(trx.drv_total_discount_nominal),
  drv_total_service_charge: Number(trx.drv_total_service_charge),
  drv_total_additional_charge: Number(trx.drv_total_additional_charge),
  drv_tax: Number(trx.drv_tax),
  drv_grand_total: Number(trx.drv_grand_total),
});

/** Builds the receipt of a transaction in one mode. */
export const buildReceipt = (
  trx: PosTransaction,
  config: ReceiptConfig,
  options: ReceiptOptions,
): ReceiptModel => {
  const { mode, separators } = options;
  const money = (v: number) => formatMoney(v, separators);
  const template = text(config.receipt_template).toUpperCase() === 'DETAILED' ? 'DETAILED' : 'SIMPLE';
  const priced = priceTransaction(trx, {
    tax: config.tax ?? null,
    service_charge: config.service_charge ?? [],
    additional_charge: config.additional_charge ?? [],
  });
  // A completed (or void) sale prints the totals it was stored with — the server priced them at
  // ingest — even when the configuration at hand has other charges; lines are priced per line.
  const totals = Number(trx.trx_status_id) >= 3 ? storedTotals(trx, priced) : priced;
  const byId = new Map(totals.lines.map((l) => [l.local_trx_detail_id, l]));
  const isSale = trx.trx_type === 'NORMAL';
  const detailed = template === 'DETAILED' && isSale;
  const wording = {
    separators,
    qtyDecimalLength: Number(config.qty_decimal_length ?? 0),
    prices: mode.prices,
    gross: detailed,
    workers: mode.forceWorkers || on(config.pos_print_worker),
    initials: on(config.pos_print_initial),
    sellers: mode.forceWorkers || on(config.pos_print_seller),
    secretNotes: mode.secretNotes === true,
  };
  const lines = mode.onlyUnprinted ? trx.details.filter((l) => !l.last_printed_at) : trx.details;
  const items = lines.map((l) => receiptItem(l, byId.get(l.local_trx_detail_id), wording));
  // ruling 28: a membership sale's line says how long the membership is valid (the server's period)
  const validity = membershipValidity(trx);
  if (validity && items[0]) items[0] = { ...items[0], sub: [...items[0].sub, validity] };

  let sections: ReceiptSection[];
  if (!mode.prices) sections = groupByCategory(items).map((g) => ({ ...g, total: null }));
  else if (detailed) {
    const service = filterByNature(items, false);
    const retail = filterByNature(items, true);
    const natureTotal = (nature: 'SERVICE' | 'RETAIL') =>
      money(
        totals.lines
          .filter((l) => (l.item_nature === 'RETAIL') === (nature === 'RETAIL'))
          .reduce((s, l) => s + l.gross_total, 0),
      );
    sections = [
      ...(service.length
        ? [
            {
              title: T.services,
              items: service,
              total: { label: T.totalService, value: natureTotal('SERVICE') },
            },
          ]
        : []),
      ...(retail.length
        ? [{ title: T.retail, items: retail, total: { label: T.totalRetail, value: natureTotal('RETAIL') } }]
        : []),
    ];
  } else sections = items.length ? [{ title: null, items, total: null }] : [];

  const rows: ReceiptRow[] = [];
  if (mode.prices) {
    if (detailed) {
      rows.push({ label: T.subtotal, value: money(totals.drv_gross_total) });
      const parts = discountParts(trx, totals);
      const discount = sumMoney(parts.map((p) => p.amount)).toNumber();
      if (discount > 0) {
        rows.push({ label: T.discount, value: `-${money(discount)}` });
        for (const p of parts) rows.push({ label: p.label, value: `-${money(p.amount)}`, sub: true });
      }
    } else {
      rows.push({ label: T.subtotal, value: money(totals.drv_subtotal) });
      if (totals.drv_total_discount_nominal > 0) {
        const source = totals.global_discount_source;
        const percent =
          source === 'coupon'
            ? trx.coupon?.coupon_item?.discount_percentage
            : source === 'redeem'
              ? trx.redeem?.redeem_item?.discount_percentage
              : source === 'member'
                ? trx.customer?.discount_level?.reward_value
                : null;
        const label =
          globalDiscountReceiptLabel(source, percent, trx.trx_type) ??
          (trx.discounts[0]?.discount_name?.trim() || T.discount);
        rows.push({ label, value: `-${money(totals.drv_total_discount_nominal)}` });
      }
    }
    if (totals.drv_total_service_charge > 0)
      rows.push({ label: T.serviceCharge, value: money(totals.drv_total_service_charge) });
    if (totals.drv_total_additional_charge > 0)
      rows.push({ label: T.additionalCharge, value: money(totals.drv_total_additional_charge) });
    if (totals.drv_tax > 0)
      rows.push({ label: taxLabel(Number(config.tax?.tax_percent ?? 0)), value: money(totals.drv_tax) });
    rows.push({ label: T.total, value: money(totals.drv_grand_total), strong: true });
  }

  const payments: ReceiptRow[] = [];
  let change: ReceiptRow | null = null;
  if (mode.payments) {
    for (const p of trx.payments) {
      payments.push({ label: p.payment_method.payment_method_name, value: money(p.payment_amount) });
      if (Number(p.payment_charge ?? 0) > 0)
        payments.push({
          label: text(p.payment_method.charge_label) || `Charge ${p.payment_method.payment_method_name}`,
          value: money(p.payment_charge),
        });
    }
    const c = receiptChange(totals.drv_grand_total, trx.payments);
    if (c !== null) change = { label: T.change, value: money(c) };
  }

  const bonus: ReceiptRow[] = [];
  const rewards = trx.top_up_deposit_rewards;
  if (mode.payments && trx.trx_type === 'TOP_UP_DEPOSIT' && rewards) {
    if (Number(rewards.deposit_reward_amount ?? 0) > 0)
      bonus.push({ label: T.bonusDeposit, value: money(Number(rewards.deposit_reward_amount)) });
    if (Number(rewards.coupon_reward_amount ?? 0) > 0)
      bonus.push({ label: T.bonusCoupon, value: String(rewards.coupon_reward_amount) });
    if (Number(rewards.point_reward_amount ?? 0) > 0)
      bonus.push({
        label: T.bonusPoint,
        value: `${rewards.point_reward_amount} ${text(rewards.point_reward_name)}`.trim(),
      });
  }

  const depositPaid = trx.payments.some((p) => p.payment_type === 'DEPOSIT');
  const depositBalance =
    mode.depositBalance &&
    on(config.print_deposit_balance_on_receipt) &&
    (trx.trx_type === 'TOP_UP_DEPOSIT' || depositPaid) &&
    trx.deposit_balance !== null &&
    trx.deposit_balance !== undefined
      ? { label: T.depositBalance, value: money(Number(trx.deposit_balance)) }
      : null;

  const slipHead: ReceiptRow[] = mode.headerFooter
    ? []
    : [
        { label: T.receiptNumber, value: shortId(trx.local_trx_id) },
        ...(trx.order_no ? [{ label: T.orderNo, value: String(trx.order_no) }] : []),
      ];

  return {
    mode,
    template,
    banner: mode.banner,
    printTime: mode.printTime && options.now ? receiptPrintTime(options.now) : null,
    header: mode.headerFooter ? buildHeader(trx, config) : null,
    slipHead,
    sections,
    empty: items.length === 0,
    totals: rows,
    payments,
    change,
    bonus,
    depositBalance,
    notes: mode.headerFooter ? text(trx.trx_notes) || null : null,
    footer: mode.headerFooter ? text(config.receipt_footer) || null : null,
    orderNoBottom:
      mode.headerFooter && on(config.pos_print_receipt_order_number_bottom) && trx.order_no
        ? String(trx.order_no)
        : null,
    slips:
      mode.orderSlips && on(config.pos_print_order_detail) && items.length
        ? orderSlips(trx.details, config, wording)
        : [],
    lineCount: items.length,
  };
};

/** 'D MMM YYYY HH:mm' of the wall clock (pre-settlement print time). */
export const receiptPrintTime = (now: Now): string => formatOutletTime(now, 'd MMM yyyy HH:mm', 'en') ?? '';

/**
 * Whether the printed receipt waits for the server's answer to the sale (issue 29: 'Selesai' → paper):
 * only the membership's validity, the top-up's bonus and a printed 'Saldo Deposit' come from that answer;
 * every other receipt prints from the device's own record as soon as the sale is stored.
 */
export const receiptAwaitsServerAnswer = (
  trx: Pick<PosTransaction, 'trx_type' | 'payments'>,
  config: Pick<ReceiptConfig, 'print_deposit_balance_on_receipt'>,
): boolean =>
  trx.trx_type === 'MEMBERSHIP_SALES' ||
  trx.trx_type === 'TOP_UP_DEPOSIT' ||
  (on(config.print_deposit_balance_on_receipt) && trx.payments.some((p) => p.payment_type === 'DEPOSIT'));
