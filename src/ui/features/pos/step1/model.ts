// What one entry of step 1's lists says (000 §2 "Pending list entry", "Completed list entry",
// "Saved transactions"): pure wording over a transaction, tested without React.
import {
  formatCurrency,
  formatOutletTime,
  formatQty,
  GUEST_LABEL,
  type Now,
  isOn as on,
  type PosConfig,
  type PosTransaction,
  posTransactionSchema,
  relativeAge,
  type Separators,
  shortId,
  sumMoney,
} from '../../../../domain';
import { customerContact } from '../customer';

export const STEP1_TEXTS = {
  newTrx: 'Transaksi Baru',
  pending: 'Transaksi Tertunda',
  completed: 'Transaksi Selesai',
  search: 'Cari transaksi..',
  saved: 'Tersimpan',
  savedTitle: 'Transaksi Tersimpan',
  empty: 'Belum ada transaksi',
  notFound: 'Transaksi tidak ditemukan',
  savedEmpty: 'Belum ada transaksi tersimpan',
  savedNotFound: 'Transaksi tersimpan tidak ditemukan',
  noContactPending: 'No Contact Information',
  noContactCompleted: 'No Information',
  view: 'Lihat Transaksi',
  void: 'Void',
  stockOut: 'Stok Keluar',
  download: 'Download',
  couponSales: 'Kirim/Jual Kupon',
  topUp: 'Top Up Deposit',
  membership: 'Jual Membership',
  receivable: 'Pembayaran Piutang',
} as const;

export interface WordingContext {
  currency: string;
  separators: Separators;
  qtyDecimalLength: number;
  now: Now;
  /** is_document_date_editable = 1 shows 'Doc. Date …'. */
  documentDateEditable: boolean;
}

type ListTrx = Pick<
  PosTransaction,
  | 'local_trx_id'
  | 'trx_name'
  | 'customer'
  | 'details'
  | 'drv_grand_total'
  | 'trx_local_start_time'
  | 'trx_local_end_time'
  | 'document_date'
  | 'trx_label'
  | 'service_area'
  | 'order_no'
  | 'trx_status_id'
>;

export interface ListEntry {
  id: string;
  /** '[VOID]' on a voided completed transaction, else ''. */
  voidMark: string;
  /** 'Order #12' on a completed transaction, else ''. */
  orderNo: string;
  /** '{SHORT ID} - trx_name'. */
  title: string;
  customer: string;
  contact: string;
  /** '{qty} Produk, Total {cur} {grand total}'. */
  summary: string;
  /** 'Dibuat {time} ({relative})' or 'Selesai {time} ({relative})'. */
  time: string;
  documentDate: string | null;
  /** trx_label, shown when there is no customer (pending list). */
  label: string | null;
  area: string | null;
}

/** A stored "YYYY-MM-DD HH:mm:ss" (WIB) time as 'DD MMM YYYY HH:mm (5 menit yang lalu)', in WIB on any device. */
export function timeWithAge(value: string | null | undefined, now: Now): string {
  if (!value) return '-';
  const at = formatOutletTime(value, 'dd MMM yyyy HH:mm');
  if (at === null) return value;
  return `${at} (${relativeAge(value, now)})`;
}

export const productCount = (trx: Pick<PosTransaction, 'details'>, qtyDecimalLength: number, s: Separators) =>
  formatQty(sumMoney(trx.details.map((d) => d.qty)), qtyDecimalLength, s);

const nameAndTitle = (trx: ListTrx) =>
  `${shortId(trx.local_trx_id)} - ${trx.trx_name && trx.trx_name.trim() !== '' ? trx.trx_name : '-'}`;

function baseEntry(trx: ListTrx, ctx: WordingContext, noContact: string) {
  return {
    id: trx.local_trx_id,
    title: nameAndTitle(trx),
    customer: trx.customer?.user_name?.trim() || GUEST_LABEL,
    contact: customerContact(trx.customer ?? null) ?? noContact,
    summary: `${productCount(trx, ctx.qtyDecimalLength, ctx.separators)} Produk, Total ${formatCurrency(
      trx.drv_grand_total ?? 0,
      ctx.currency,
      ctx.separators,
    )}`,
    documentDate: ctx.documentDateEditable && trx.document_date ? `Doc. Date ${trx.document_date}` : null,
  };
}

export function pendingEntry(trx: ListTrx, ctx: WordingContext): ListEntry {
  return {
    ...baseEntry(trx, ctx, STEP1_TEXTS.noContactPending),
    voidMark: '',
    orderNo: '',
    time: `Dibuat ${timeWithAge(trx.trx_local_start_time, ctx.now)}`,
    label: !trx.customer && trx.trx_label ? trx.trx_label : null,
    area: trx.service_area?.area_name ?? null,
  };
}

export function completedEntry(trx: ListTrx, ctx: WordingContext): ListEntry {
  return {
    ...baseEntry(trx, ctx, STEP1_TEXTS.noContactCompleted),
    voidMark: Number(trx.trx_status_id) === 4 ? '[VOID]' : '',
    orderNo: trx.order_no != null ? `Order #${trx.order_no}` : '',
    time: `Selesai ${timeWithAge(trx.trx_local_end_time, ctx.now)}`,
    label: trx.trx_label ?? null,
    area: null,
  };
}

/** A saved (archived) transaction as the server keeps it: read leniently for the list. */
export interface SavedRow {
  local_trx_id: string;
  saved_at: string;
  trx: unknown;
}

export function savedEntry(row: SavedRow, ctx: WordingContext): ListEntry {
  const parsed = posTransactionSchema.safeParse(row.trx);
  if (!parsed.success) {
    return {
      id: row.local_trx_id,
      voidMark: '',
      orderNo: '',
      title: `${shortId(row.local_trx_id)} - -`,
      customer: GUEST_LABEL,
      contact: STEP1_TEXTS.noContactPending,
      summary: '',
      time: `Dibuat ${timeWithAge(row.saved_at, ctx.now)}`,
      documentDate: null,
      label: null,
      area: null,
    };
  }
  return pendingEntry(parsed.data, ctx);
}

/** The saved list's search: over what an entry shows (short id, name, customer, contact, totals, time, label). */
export function entryMatches(entry: ListEntry, keyword: string, localTrxId?: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (k === '') return true;
  return [
    entry.title,
    entry.customer,
    entry.contact,
    entry.summary,
    entry.time,
    entry.label ?? '',
    localTrxId ?? '',
  ].some((t) => t.toLowerCase().includes(k));
}

export interface NewTrxButton {
  key: string;
  label: string;
  /** The kind started, or null for a special kind that is not built yet ('Belum tersedia'). */
  action:
    | { type: 'sales'; pos_salesType_id: number | null }
    | {
        type: 'special';
        trx_type: 'COUPON_SALES' | 'TOP_UP_DEPOSIT' | 'MEMBERSHIP_SALES' | 'ACCOUNT_RECEIVABLE';
      };
}

/**
 * 'Transaksi Baru' (000 §2 step 1): one button per sales type, then the special kinds, each
 * behind its §6 condition: the role flag plus coupon rule / deposit rule / pos_account_receivable /
 * a membership with price > 0.
 */
export function newTrxButtons(config: PosConfig): NewTrxButton[] {
  const access = config.auth_role_accesses ?? {};
  const rules = config.subscription_rules ?? { deposit: 0, coupon: 0, sms_redeem: 0 };
  const buttons: NewTrxButton[] = config.sales_type.map((s) => ({
    key: `sales-${s.pos_salesType_id}`,
    label: s.pos_salesType_name,
    action: { type: 'sales', pos_salesType_id: s.pos_salesType_id },
  }));
  if (buttons.length === 0)
    buttons.push({ key: 'sales', label: 'Penjualan', action: { type: 'sales', pos_salesType_id: null } });
  if (on(access.COUPON_SALES) && on(rules.coupon))
    buttons.push({
      key: 'coupon',
      label: STEP1_TEXTS.couponSales,
      action: { type: 'special', trx_type: 'COUPON_SALES' },
    });
  if (on(access.TOP_UP_DEPOSIT) && on(rules.deposit))
    buttons.push({
      key: 'topup',
      label: STEP1_TEXTS.topUp,
      action: { type: 'special', trx_type: 'TOP_UP_DEPOSIT' },
    });
  if (on(access.MEMBERSHIP_SALES) && config.business_memberships.some((m) => Number(m.price ?? 0) > 0))
    buttons.push({
      key: 'membership',
      label: STEP1_TEXTS.membership,
      action: { type: 'special', trx_type: 'MEMBERSHIP_SALES' },
    });
  if (on(access.ACCOUNT_RECEIVABLE_PAYMENT) && on(config.pos_account_receivable))
    buttons.push({
      key: 'receivable',
      label: STEP1_TEXTS.receivable,
      action: { type: 'special', trx_type: 'ACCOUNT_RECEIVABLE' },
    });
  return buttons;
}
