// The worker activity report's rules (002 §2.15, §6, §9; ruling 21): the report types and the permission each
// needs, who earns on a stored sale line and with what share, and each worker's figures for the line (gross,
// discount, net = commission base, commission). Pure: the server feeds it the stored lines, the tests feed it
// their own rows.
import { workerCommission } from './commission';
import { big, roundMoney } from './money';

/** 002 §9: worker report types. */
export const WORKER_REPORT_TYPES = ['summary', 'by-product', 'by-transaction', 'by-simple'] as const;
export type WorkerReportType = (typeof WORKER_REPORT_TYPES)[number];
export const isWorkerReportType = (v: unknown): v is WorkerReportType =>
  typeof v === 'string' && (WORKER_REPORT_TYPES as readonly string[]).includes(v);

/** 002 §6: the flag that allows each report type. */
export const WORKER_TYPE_FLAG: Record<WorkerReportType, string> = {
  summary: 'WORKER_ACTIVITY_SUMMARY',
  'by-product': 'WORKER_ACTIVITY_ITEM_NATURE',
  'by-transaction': 'WORKER_ACTIVITY_TRX',
  'by-simple': 'WORKER_ACTIVITY_TRX_SIMPLE',
};
/** 002 §6: the flag that shows 'Total Commission' in each type (the simple format never shows it). */
export const WORKER_COMMISSION_FLAG: Record<WorkerReportType, string | null> = {
  summary: 'WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE',
  'by-product': 'WORKER_ACTIVITY_ITEM_NATURE_COMMISSION_VALUE',
  'by-transaction': 'WORKER_ACTIVITY_TRX_COMMISSION_VALUE',
  'by-simple': null,
};

type Flags = Readonly<Record<string, unknown>>;
const on = (flags: Flags, f: string) => Number(flags[f]) === 1;
/** The report types the role may ask for, in the form's order. */
export const allowedWorkerTypes = (flags: Flags): WorkerReportType[] =>
  WORKER_REPORT_TYPES.filter((t) => on(flags, 'WORKER_ACTIVITY') && on(flags, WORKER_TYPE_FLAG[t]));
/** Whether the role sees 'Total Commission' in a report type. */
export const showsCommission = (flags: Flags, type: WorkerReportType): boolean => {
  const f = WORKER_COMMISSION_FLAG[type];
  return f !== null && on(flags, f);
};

/** 002 §2.15: a worker's checkbox label 'firstname lastname (initial)'. */
export const workerCheckboxLabel = (w: {
  firstname?: string | null;
  lastname?: string | null;
  initial?: string | null;
}): string => {
  const name = [w.firstname, w.lastname].filter((s) => s && String(s).trim()).join(' ');
  return w.initial ? `${name} (${w.initial})` : name;
};

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);
const idOf = (w: unknown): number | null => {
  const v = isDoc(w) ? w.business_commission_worker_id : w;
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/** One worker's part in a line: its share (percent of the line) and whether it earns commission on it. */
export interface WorkerShare {
  worker_id: number;
  share: number;
  earns: boolean;
}

/**
 * Who is on a stored line (its document as the server keeps it) and with what share (ruling 21;
 * docs/decisions.md): the multi-commission list at its percentages, else the single worker at 100; each seller
 * at its percentage; a package's details' workers share the line evenly among the details that have one
 * (a detail's multi list splits its part by percentage). The line's own workers earn nothing on an item with
 * no_commission = 1 (its sellers still do, ruling 24); they still count in the net values.
 */
export function lineWorkerShares(line: Doc): WorkerShare[] {
  const meta = isDoc(line.itemMeta) ? line.itemMeta : {};
  const lineEarns = Number(meta.no_commission ?? 0) !== 1;
  const out: WorkerShare[] = [];
  const push = (worker_id: number | null, share: number, earns: boolean) => {
    if (worker_id !== null && Number.isFinite(share) && share > 0) out.push({ worker_id, share, earns });
  };
  const details = Array.isArray(line.pos_item_package_details)
    ? line.pos_item_package_details.filter(isDoc)
    : [];
  if (details.length > 0) {
    const staffed = details.filter(
      (d) =>
        Number(d.no_commission ?? 0) !== 1 &&
        (idOf(d.business_commission_worker) !== null ||
          (Array.isArray(d.commission_workers) && d.commission_workers.length > 0)),
    );
    for (const d of staffed) {
      const part = 100 / staffed.length;
      const shares = Array.isArray(d.commission_workers) ? d.commission_workers.filter(isDoc) : [];
      if (shares.length > 0)
        for (const s of shares)
          push(idOf(s.commission_worker), (part * Number(s.percentage ?? 0)) / 100, true);
      else push(idOf(d.business_commission_worker), part, true);
    }
  } else {
    const shares = Array.isArray(line.commission_workers) ? line.commission_workers.filter(isDoc) : [];
    if (shares.length > 0)
      for (const s of shares) push(idOf(s.commission_worker), Number(s.percentage ?? 0), lineEarns);
    else push(idOf(line.commission_worker) ?? idOf(line.business_commission_worker_id), 100, lineEarns);
  }
  const sellers = Array.isArray(line.item_sellers) ? line.item_sellers.filter(isDoc) : [];
  for (const s of sellers) push(idOf(s), Number(s.percentage ?? 0), true);
  return out;
}

/** A stored line's figures (pos_sales_trx_details) with its document. */
export interface StoredLine {
  doc: Doc;
  qty: number;
  gross_total: number;
  discount_total: number;
  line_total: number;
  global_discount_share: number;
}

/** A worker's figures on one line. */
export interface WorkerLineFigures {
  worker_id: number;
  gross_total: number;
  discount_value: number;
  net_value: number;
  commission_base_value: number;
  total_commission: number;
}

/**
 * Each worker's figures on a line: its share of the line's gross, of its discounts (item and the line's part
 * of the global discount) and of its net value (line total − global discount share, the commission base);
 * commission = the variant's commission_percentage of the net (or commission_value × qty) × share (ruling 21).
 * Whole rupiah, half up, where computed (ruling 22).
 */
export function lineWorkerFigures(line: StoredLine): WorkerLineFigures[] {
  const meta = isDoc(line.doc.itemMeta) ? line.doc.itemMeta : {};
  const variant =
    Array.isArray(meta.pos_item_variants) && isDoc(meta.pos_item_variants[0])
      ? meta.pos_item_variants[0]
      : {};
  const net = big(line.line_total).minus(big(line.global_discount_share));
  const discount = big(line.discount_total).plus(big(line.global_discount_share));
  return lineWorkerShares(line.doc).map((s) => {
    const part = (v: ReturnType<typeof big>) => roundMoney(v.times(s.share).div(100));
    return {
      worker_id: s.worker_id,
      gross_total: part(big(line.gross_total)),
      discount_value: part(discount),
      net_value: part(net),
      commission_base_value: part(net),
      total_commission: s.earns
        ? workerCommission({
            netValue: net.toNumber(),
            qty: line.qty,
            commission_percentage: Number(variant.commission_percentage ?? 0),
            commission_value: Number(variant.commission_value ?? 0),
            sharePercentage: s.share,
          })
        : 0,
    };
  });
}
