// Storage safety on the device (issue 15): the rules behind the warnings and the export file of unsynced
// sales. Pure: the time, the storage figures and the hash are passed in.
import { parseServerDateTime } from './time-wall';

/** A warning once the device's storage use reaches 80% of its quota (navigator.storage.estimate()). */
export const QUOTA_WARNING_RATIO = 0.8;

/** A warning once the oldest unsynced sale is older than 24 hours. */
export const UNSYNCED_WARNING_MS = 24 * 60 * 60 * 1000;

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

/** The share of the quota in use (0..1), or null when the browser tells neither figure. */
export function quotaShare(estimate: StorageEstimateLike | null | undefined): number | null {
  const usage = estimate?.usage;
  const quota = estimate?.quota;
  if (typeof usage !== 'number' || typeof quota !== 'number' || !(quota > 0) || !(usage >= 0)) return null;
  return usage / quota;
}

export const isQuotaWarning = (estimate: StorageEstimateLike | null | undefined): boolean =>
  (quotaShare(estimate) ?? 0) >= QUOTA_WARNING_RATIO;

export interface UnsyncedSaleTime {
  local_trx_id: string;
  /** "YYYY-MM-DD HH:mm:ss" WIB: when the sale was completed (trx_local_end_time). */
  trx_local_end_time?: string | null;
}

/** The oldest completion time (epoch ms) among the unsynced sales; null when none has a readable time. */
export function oldestUnsyncedAt(sales: readonly UnsyncedSaleTime[]): number | null {
  let oldest: number | null = null;
  for (const sale of sales) {
    const at = sale.trx_local_end_time ? parseServerDateTime(sale.trx_local_end_time) : Number.NaN;
    if (!Number.isNaN(at) && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/** True when some unsynced sale was completed more than 24 hours before now. */
export function isUnsyncedTooOld(sales: readonly UnsyncedSaleTime[], now: Date): boolean {
  const oldest = oldestUnsyncedAt(sales);
  return oldest !== null && now.getTime() - oldest > UNSYNCED_WARNING_MS;
}

// ---- the export file -------------------------------------------------------------------------------------

export const EXPORT_FORMAT = 'serambi-unsynced-sales';
export const EXPORT_VERSION = 1;

/** One unsynced sale as the sync would post it, with its events from the device's log (for the audit). */
export interface ExportedSale {
  local_trx_id: string;
  /** The sync payload: the `trxs[0]` of POST cashier/pos-trx {is_offline: 1, …}. */
  trx: Record<string, unknown> & { local_trx_id: string };
  events: readonly unknown[];
}

export interface ExportBody {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** "YYYY-MM-DD HH:mm:ss" WIB. */
  exported_at: string;
  business_id: number | null;
  outlet_id: number;
  outlet_name: string | null;
  cashier_name: string | null;
  sales: ExportedSale[];
}

export interface ExportFile extends ExportBody {
  /** SHA-256 (hex) of the canonical JSON of everything else. */
  checksum: string;
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type Hash = (text: string) => string;

export function buildExport(body: Omit<ExportBody, 'format' | 'version'>, hash: Hash): ExportFile {
  const full: ExportBody = { format: EXPORT_FORMAT, version: EXPORT_VERSION, ...body };
  return { ...full, checksum: hash(canonicalJson(full)) };
}

export type ImportProblem = 'notExport' | 'version' | 'altered' | 'otherOutlet' | 'empty';

export type ImportCheck = { ok: true; file: ExportFile } | { ok: false; problem: ImportProblem };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const isSale = (v: unknown): v is ExportedSale =>
  isRecord(v) &&
  typeof v.local_trx_id === 'string' &&
  v.local_trx_id !== '' &&
  isRecord(v.trx) &&
  v.trx.local_trx_id === v.local_trx_id &&
  Array.isArray(v.events);

/**
 * Reads an export file for the signed-in outlet: not our file, a newer version, altered (the checksum does
 * not match), another outlet's, or no sale in it. Nothing in a file that fails is used.
 */
export function checkImport(text: string, outlet_id: number | null, hash: Hash): ImportCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notExport' };
  }
  if (!isRecord(parsed) || parsed.format !== EXPORT_FORMAT) return { ok: false, problem: 'notExport' };
  if (parsed.version !== EXPORT_VERSION) return { ok: false, problem: 'version' };
  const { checksum, ...body } = parsed;
  if (typeof checksum !== 'string' || hash(canonicalJson(body)) !== checksum)
    return { ok: false, problem: 'altered' };
  if (!Array.isArray(body.sales) || !body.sales.every(isSale) || typeof body.outlet_id !== 'number')
    return { ok: false, problem: 'notExport' };
  if (body.outlet_id !== outlet_id) return { ok: false, problem: 'otherOutlet' };
  if (body.sales.length === 0) return { ok: false, problem: 'empty' };
  return { ok: true, file: parsed as unknown as ExportFile };
}

/** The file's name: serambi-belum-sync-{outlet}-{YYYYMMDD-HHmmss}.json. */
export const exportFileName = (file: Pick<ExportBody, 'outlet_id' | 'exported_at'>): string =>
  `serambi-belum-sync-${file.outlet_id}-${file.exported_at.replace(/[-:]/g, '').replace(' ', '-')}.json`;

// ---- what a recovery could not bring back ---------------------------------------------------------------

export interface KnownUnsyncedSale {
  local_trx_id: string;
  order_no?: number | null;
  drv_grand_total?: number | null;
  trx_local_end_time?: string | null;
}

export interface LostSale extends KnownUnsyncedSale {
  /** In the last export file made on this device: it can be imported from there. */
  in_export: boolean;
}

/**
 * After the local database was lost: the sales known to have been unsynced that the server does not hold
 * are lost on this device (unless an export file holds them). A sale the server could not be asked about
 * counts as not held (the cashier checks it).
 */
export function lostSales(
  known: readonly KnownUnsyncedSale[],
  serverHolds: ReadonlySet<string>,
  exported: ReadonlySet<string>,
): LostSale[] {
  return known
    .filter((s) => !serverHolds.has(s.local_trx_id))
    .map((s) => ({ ...s, in_export: exported.has(s.local_trx_id) }));
}
