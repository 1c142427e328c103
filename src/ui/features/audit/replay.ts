// Issue 15: the auditor's replay — each stored event of a transaction, described, with the cart after it as
// the device's own reducer (src/projections/transactions.ts) computes it. Pure.
import type { AuditEvent, AuditFlag, AuditTrxSummary } from '../../../api/contract/audit';
import { DEFAULT_SEPARATORS, type Separators } from '../../../domain/money';
import { type TransactionRecord, upcast } from '../../../events';
import { reduceTransaction } from '../../../projections/transactions';
import { formatRupiah } from '../../components/format';

export interface ReplayStep {
  index: number;
  event: AuditEvent;
  /** What happened, in the auditor's words. */
  label: string;
  /** Reason, item, amount … when the event carries them. */
  detail: string;
  /** The cart after this step (undefined: the transaction is gone from the device, e.g. deleted). */
  state: TransactionRecord | undefined;
  /** The step could not be replayed (an unknown event type or a payload the reducer refuses). */
  error: string | null;
}

type Any = Record<string, unknown>;
const itemName = (line: Any | undefined) =>
  String((line?.itemMeta as Any | undefined)?.item_name ?? line?.item_name ?? line?.pos_item_id ?? '');

export const STEP_LABELS: Record<string, string> = {
  'trx.started': 'Transaksi dimulai',
  'trx.lineAdded': 'Item ditambah',
  'trx.lineChanged': 'Item diubah',
  'trx.lineRemoved': 'Item dihapus',
  'trx.discountsChanged': 'Diskon diubah',
  'trx.memberDiscountRemoved': 'Diskon member dihapus',
  'trx.customerSet': 'Pelanggan dipilih',
  'trx.paymentAdded': 'Pembayaran ditambah',
  'trx.paymentRemoved': 'Pembayaran dihapus',
  'trx.printed': 'Dicetak',
  'trx.reset': 'Transaksi direset',
  'trx.submitted': 'Transaksi disubmit',
  'trx.serverAccepted': 'Diterima server',
  'trx.syncFailed': 'Sync gagal',
  'trx.voided': 'Transaksi di-void',
  'trx.deleted': 'Transaksi dihapus',
  'trx.archived': 'Transaksi disimpan',
  'trx.discarded': 'Transaksi kosong dibuang',
  'trx.workersEdited': 'Pekerja diubah (post-edit)',
  'trx.lineWorkersSet': 'Pekerja diisi',
  // issue 22 item 4: every transaction event in a person's words (the code stays on hover)
  'trx.couponSet': 'Kupon dipasang',
  'trx.labelSet': 'Label diubah',
  'trx.documentDateSet': 'Tanggal dokumen diubah',
  'trx.tagsSet': 'Tag diubah',
  'trx.appointmentEdited': 'Appointment diubah',
  'trx.notesSet': 'Catatan diubah',
  'trx.serviceAreaSet': 'Area layanan dipilih',
  'trx.recehCodeSet': 'Kode receh diisi',
  'trx.accountReceivableSet': 'Piutang diisi',
  'trx.redeemSet': 'Redeem dipasang',
  'trx.redeemRemoved': 'Redeem dihapus',
  'trx.redeemCodeSet': 'Kode redeem diisi',
  'trx.membershipItemSet': 'Membership dipilih',
  'trx.stockOutRecorded': 'Stok keluar dicatat',
  'trx.checkedOut': 'Appointment jadi penjualan',
  'trx.submissionUnconfirmed': 'Submit belum terkonfirmasi',
  'trx.adoptedFromServer': 'Diambil dari server',
  'trx.downloaded': 'Diunduh dari transaksi tersimpan',
  // issue 27: 'Change Value' on the maintenance page (/backdoor)
  'trx.corrected': 'Dikoreksi lewat halaman maintenance',
};

/** 000 §4 Transaction status, in the cashier screen's words (the code stays on hover). */
export const STATUS_NAMES: Record<number, string> = {
  1: 'Appointment',
  2: 'Tertunda',
  3: 'Selesai',
  4: 'Void',
};
export const statusName = (id: number | null | undefined) =>
  id === null || id === undefined ? '-' : (STATUS_NAMES[id] ?? String(id));

/** What each finding means, in the auditor's words (the code stays on hover). */
export const FLAG_NAMES: Record<AuditFlag, string> = {
  altered: 'isi diubah',
  gap: 'ada yang hilang',
  broken: 'sambungan putus',
  reordered: 'urutan berubah',
  outlet: 'dari outlet yang tidak berhak',
  actor: 'atas nama pengguna lain',
  claimed: 'ID dipakai bisnis lain',
};

/** Who allowed it: the supervisor the device recorded (pin-validation's answer), when it did. */
const approvedBy = (p: Any) => {
  const s = p.supervisor as Any | undefined;
  return s && typeof s.supervisor_name === 'string' && s.supervisor_name
    ? ` · Disetujui: ${s.supervisor_name}`
    : '';
};

/** A name for a user id (the auditor page passes the day's cashiers). */
export type NameOf = (business_user_id: number) => string;

function describe(event: AuditEvent, nameOf: NameOf, separators: Separators): string {
  const p = (event.payload ?? {}) as Any;
  const rupiah = (n: unknown) => formatRupiah(n, 'IDR', separators);
  switch (event.type) {
    case 'trx.lineAdded':
      return `${itemName(p.line as Any)} × ${(p.line as Any)?.qty ?? ''}`;
    case 'trx.lineChanged': {
      const log = p.log as Any | null;
      const qty = log
        ? ` (${log.initial_qty ?? ''} → ${log.modified_qty ?? (p.line as Any)?.qty ?? ''})`
        : '';
      return `${itemName(p.line as Any)}${qty}${log?.deleteReason ? ` · Alasan: ${log.deleteReason}` : ''}${approvedBy(p)}`;
    }
    case 'trx.lineRemoved': {
      const log = (p.log ?? {}) as Any;
      return `${itemName(log)} × ${log.qty ?? ''} · ${log.actionType ?? ''}${log.deleteReason ? ` · Alasan: ${log.deleteReason}` : ''}${approvedBy(p)}`;
    }
    case 'trx.deleted': {
      const details = (((p.trx as Any | undefined)?.deleted_details ?? []) as Any[]).filter(
        (d) => d.actionType === 'DELETE_TRX',
      );
      const reason = details.find((d) => d.deleteReason)?.deleteReason;
      return `${reason ? `Alasan: ${reason}` : ''}${approvedBy(p)}`.replace(/^ · /, '');
    }
    case 'trx.paymentAdded': {
      const pay = (p.payment ?? {}) as Any;
      return `${(pay.payment_method as Any)?.payment_method_name ?? pay.payment_type ?? ''} ${rupiah(pay.payment_amount)}`;
    }
    case 'trx.voided':
      // 000 §4 Void: the server checked the password of the user who voided (the event's actor)
      return `Alasan: ${p.reason ?? ''} · Disetujui: ${
        typeof event.actor === 'number' ? nameOf(event.actor) : 'Perangkat'
      }`;
    case 'trx.submitted':
      return `No. ${p.order_no ?? ''} · ${rupiah((p.totals as Any)?.drv_grand_total)}`;
    case 'trx.printed':
      return String(p.last_printed_at ?? '');
    case 'trx.syncFailed':
      return String(p.message ?? '');
    case 'trx.corrected':
      return `Field: ${((p.changed ?? []) as unknown[]).map(String).join(', ')}`;
    case 'trx.workersEdited':
    case 'trx.lineWorkersSet':
      return `Baris ${String(p.local_trx_detail_id ?? '').slice(-6)}`;
    default:
      return '';
  }
}

/** Replays the events in order through the device's transaction reducer; amounts with the device's separators. */
export function replay(
  events: readonly AuditEvent[],
  nameOf: NameOf = String,
  separators: Separators = DEFAULT_SEPARATORS,
): ReplayStep[] {
  let state: TransactionRecord | undefined;
  return events.map((event, index) => {
    let error: string | null = null;
    try {
      const stored = upcast({ ...event, seq: index + 1 });
      // an upload that cannot speak for the sale (issue 23 item 2) is shown, never applied to its cart
      if (!event.flags.includes('outlet')) state = reduceTransaction(state, stored);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    return {
      index,
      event,
      label: STEP_LABELS[event.type] ?? event.type,
      detail: describe(event, nameOf, separators),
      state,
      error,
    };
  });
}

export interface AuditFilters {
  deletedLines: boolean;
  voids: boolean;
  /** Only transactions with a discount above this percent (null: no such filter). */
  discountAbove: number | null;
  deletedBeforeSubmit: boolean;
}

export const NO_FILTERS: AuditFilters = {
  deletedLines: false,
  voids: false,
  discountAbove: null,
  deletedBeforeSubmit: false,
};

/** Keeps the transactions every chosen filter matches. */
export function filterTrxs(trxs: readonly AuditTrxSummary[], f: AuditFilters): AuditTrxSummary[] {
  return trxs.filter(
    (t) =>
      (!f.deletedLines || t.deleted_lines > 0) &&
      (!f.voids || t.voided) &&
      (f.discountAbove === null || t.max_discount_percent > f.discountAbove) &&
      (!f.deletedBeforeSubmit || t.deleted_before_submit),
  );
}

const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The day's (filtered) transactions as CSV. */
export function trxsCsv(trxs: readonly AuditTrxSummary[], cashierName: (id: number) => string): string {
  const head = [
    'local_trx_id',
    'order_no',
    'first_at',
    'last_at',
    'kasir',
    'events',
    'deleted_lines',
    'payments_removed',
    'voided',
    'void_reason',
    'max_discount_percent',
    'deleted_before_submit',
    'reprints',
    'worker_edits',
    'drv_grand_total',
    'chain_flagged',
  ];
  const rows = trxs.map((t) => [
    t.local_trx_id,
    t.order_no,
    t.first_at,
    t.last_at,
    t.cashier_ids.map(cashierName).join(' / '),
    t.events,
    t.deleted_lines,
    t.payments_removed,
    t.voided ? 1 : 0,
    t.void_reason,
    t.max_discount_percent,
    t.deleted_before_submit ? 1 : 0,
    t.reprints,
    t.worker_edits,
    t.drv_grand_total,
    t.flagged ? 1 : 0,
  ]);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n');
}
