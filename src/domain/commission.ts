import Big from 'big.js';
import type { CommissionWorker, PosItem, TrxDetail } from './model';
import { big, roundMoney, sumMoney } from './money';
import { RECEIPT_MESSAGES } from './texts/receipt';
import { SALE_MESSAGES } from './texts/sale';
import { type Now, normalizeTime, toWallClock } from './time-wall';

/** Default share of a worker added in multi-commission mode. */
export const DEFAULT_MULTI_COMMISSION_PERCENTAGE = 100;
/** The share of a single seller. */
export const SINGLE_SELLER_PERCENTAGE = 100;

/** Auto multi-commission: each of n workers gets floor(100/n) when auto-split is on, otherwise 100. */
export const autoMultiCommissionPercentage = (workerCount: number, autoSplit: boolean): number =>
  autoSplit ? (workerCount > 0 ? Math.floor(100 / workerCount) : 0) : DEFAULT_MULTI_COMMISSION_PERCENTAGE;

/** Shares for a list of workers chosen at once (auto multi-commission). */
export const autoMultiCommissionShares = <W>(
  workers: readonly W[],
  autoSplit: boolean,
): { commission_worker: W; percentage: number }[] => {
  const percentage = autoMultiCommissionPercentage(workers.length, autoSplit);
  return workers.map((commission_worker) => ({ commission_worker, percentage }));
};

/**
 * A seller's share: one seller 100; several sellers 100/n each when auto-split (rounded down to
 * 2 decimals so the shares never sum above 100), else 100 each.
 */
export const sellerPercentage = (sellerCount: number, autoSplit: boolean): number => {
  if (sellerCount <= 1) return SINGLE_SELLER_PERCENTAGE;
  return autoSplit ? new Big(100).div(sellerCount).round(2, Big.roundDown).toNumber() : 100;
};

export const sellerShares = <W extends object>(
  sellers: readonly W[],
  autoSplit: boolean,
): (W & { percentage: number })[] => {
  const percentage = sellerPercentage(sellers.length, autoSplit);
  return sellers.map((s) => ({ ...s, percentage }));
};

/** Remaining commission = 100 − Σ percentages. */
export const remainingCommission = (shares: readonly { percentage: number | null | undefined }[]): number =>
  new Big(100).minus(sumMoney(shares.map((s) => s.percentage ?? 0))).toNumber();

/** Auto-split applies when the configuration says so, and always for package lines and custom items. */
export const isAutoSplit = (
  autoSplitConfig: number | boolean,
  line: { is_package?: number; is_custom?: number },
): boolean =>
  Number(autoSplitConfig) === 1 ||
  autoSplitConfig === true ||
  Number(line.is_package ?? 0) === 1 ||
  Number(line.is_custom ?? 0) === 1;

/**
 * The share a worker about to join a line's multi-commission list gets unless the cashier types
 * another: what remains with auto-split, else 100. The first worker's is 100 either way.
 */
export const nextSharePercentage = (
  shares: readonly { percentage: number | null | undefined }[],
  autoSplit: boolean,
): number => (autoSplit ? Math.max(remainingCommission(shares), 0) : DEFAULT_MULTI_COMMISSION_PERCENTAGE);

/** Checks a worker being added to a line's multi-commission list; returns the message or null. */
export const validateMultiCommissionAdd = (input: {
  workerId: number | null | undefined;
  percentage: number | string | null | undefined;
  requiringWorker: boolean;
  autoSplit: boolean;
  remaining: number;
}): string | null => {
  if (input.workerId === null || input.workerId === undefined) return SALE_MESSAGES.workerRequired;
  const raw = input.percentage;
  const empty = raw === null || raw === undefined || raw === '' || Number.isNaN(Number(raw));
  if (input.requiringWorker && (empty || Number(raw) < 0)) return SALE_MESSAGES.percentageRequired;
  if (input.autoSplit && !empty && Number(raw) > input.remaining)
    return SALE_MESSAGES.percentageAboveRemaining;
  return null;
};

/** Workers who may handle an item: all, or those in the item's worker groups when it lists some. */
export const eligibleWorkers = <W extends Pick<CommissionWorker, 'business_commission_worker_group_id'>>(
  item: Pick<PosItem, 'pos_item_commission_worker_groups'>,
  workers: readonly W[],
): W[] => {
  const groups = (item.pos_item_commission_worker_groups ?? []).map((g) =>
    Number(g.business_commission_worker_group_id),
  );
  if (groups.length === 0) return [...workers];
  return workers.filter((w) => groups.includes(Number(w.business_commission_worker_group_id)));
};

type WorkerLine = Pick<
  TrxDetail,
  'commission_worker' | 'commission_workers' | 'business_commission_worker_id' | 'pos_item_package_details'
>;

/** A line has its worker: the single worker, or at least one in the multi list (per the scheme). */
export const lineHasWorker = (line: WorkerLine, multi: boolean): boolean =>
  multi
    ? (line.commission_workers ?? []).length > 0
    : !!line.commission_worker || (line.business_commission_worker_id ?? 0) > 0;

type PackageDetailLike = NonNullable<TrxDetail['pos_item_package_details']>[number];
const packageDetailHasWorker = (d: PackageDetailLike): boolean =>
  !!d.business_commission_worker || (d.commission_workers ?? []).length > 0;

export interface CommissionSettings {
  is_pos_commission_scheme: number;
  is_pos_multicommission_scheme: number;
  pos_item_requiring_worker: number;
  commission_worker: readonly CommissionWorker[];
}

/**
 * The item modal's soft check (commission scheme on, normal transaction, item not
 * no_commission): returns the confirm question to ask, or null when nothing is missing.
 */
export const missingWorkerPrompt = (
  line: WorkerLine & { itemMeta: Pick<PosItem, 'no_commission' | 'is_package'> },
  settings: Pick<CommissionSettings, 'is_pos_commission_scheme' | 'is_pos_multicommission_scheme'>,
  trxType: string,
): string | null => {
  if (Number(settings.is_pos_commission_scheme) !== 1 || trxType !== 'NORMAL') return null;
  // 000 §5 Item modal: the item's no_commission is a precondition of both prompts, packages included.
  if (Number(line.itemMeta.no_commission) === 1) return null;
  if (Number(line.itemMeta.is_package) === 1) {
    const missing = (line.pos_item_package_details ?? []).some(
      (d) => Number(d.no_commission ?? 0) === 0 && !packageDetailHasWorker(d),
    );
    return missing ? SALE_MESSAGES.packageWorkerMissingConfirm : null;
  }
  return lineHasWorker(line, Number(settings.is_pos_multicommission_scheme) === 1)
    ? null
    : SALE_MESSAGES.workerMissingConfirm;
};

/**
 * The submit check's message naming the lines it means (issue 10): the spec's text, then the names,
 * e.g. 'Ada barang / service yang belum memiliki pekerja: Creambath, Paket Spa (Lulur)'.
 */
export const workersMissingMessage = (names: readonly string[]): string =>
  names.length ? `${SALE_MESSAGES.workersMissing}: ${names.join(', ')}` : SALE_MESSAGES.workersMissing;

/**
 * The lines the submit check refuses, by name: with the commission scheme on, workers required and
 * configured, on a sales transaction, every commissionable line with eligible workers and every package
 * detail with no_commission = 0 needs a worker (a package names its details).
 */
export const linesMissingWorkers = (
  lines: readonly (WorkerLine & {
    itemMeta: Pick<PosItem, 'no_commission' | 'pos_item_commission_worker_groups'> & {
      item_name?: string | null;
    };
  })[],
  settings: CommissionSettings,
  trxType: string,
): string[] => {
  if (
    Number(settings.is_pos_commission_scheme) !== 1 ||
    Number(settings.pos_item_requiring_worker) !== 1 ||
    settings.commission_worker.length === 0 ||
    trxType !== 'NORMAL'
  )
    return [];
  const multi = Number(settings.is_pos_multicommission_scheme) === 1;
  const names: string[] = [];
  for (const line of lines) {
    const name = line.itemMeta.item_name?.trim() || '-';
    const needsLineWorker =
      Number(line.itemMeta.no_commission) !== 1 &&
      eligibleWorkers(line.itemMeta, settings.commission_worker).length > 0;
    if (needsLineWorker && (line.pos_item_package_details ?? []).length === 0 && !lineHasWorker(line, multi))
      names.push(name);
    const details = (line.pos_item_package_details ?? []).filter(
      (d) => Number(d.no_commission ?? 0) === 0 && !packageDetailHasWorker(d),
    );
    if (details.length) names.push(`${name} (${details.map((d) => d.item_name).join(', ')})`);
  }
  return names;
};

/**
 * The submit check (linesMissingWorkers): 'Ada barang / service yang belum memiliki pekerja' followed by
 * the lines it means, or null.
 */
export const submitWorkerCheck = (
  lines: Parameters<typeof linesMissingWorkers>[0],
  settings: CommissionSettings,
  trxType: string,
): string | null => {
  const names = linesMissingWorkers(lines, settings, trxType);
  return names.length ? workersMissingMessage(names) : null;
};

/** The worker fields of a line: what a workers-only edit sets (issue 10; post-edit uses the same fields). */
export type LineWorkers = WorkerLine;

/**
 * A workers-only edit's check: every worker named (single, multi list, package details) is one of the
 * outlet's commission workers eligible for the item (the item's worker groups), and every share is
 * between 0 and 100 — with auto-split the shares together not above 100 (the item dialog's rule).
 */
export const validateLineWorkers = (
  workers: LineWorkers,
  item: Pick<PosItem, 'pos_item_commission_worker_groups'>,
  settings: Pick<CommissionSettings, 'commission_worker'>,
  autoSplit: boolean,
): string | null => {
  const allowed = new Set(
    eligibleWorkers(item, settings.commission_worker).map((w) => Number(w.business_commission_worker_id)),
  );
  const known = new Set(settings.commission_worker.map((w) => Number(w.business_commission_worker_id)));
  const lineIds = workerIdsOfLine({ ...workers, pos_item_package_details: [] });
  const detailIds = workerIdsOfLine({
    commission_workers: [],
    pos_item_package_details: workers.pos_item_package_details ?? [],
  });
  if (lineIds.some((id) => !allowed.has(id)) || detailIds.some((id) => !known.has(id)))
    return RECEIPT_MESSAGES.workerNotFound;
  const shareLists = [
    workers.commission_workers ?? [],
    ...(workers.pos_item_package_details ?? []).map((d) => d.commission_workers ?? []),
  ];
  for (const shares of shareLists) {
    const bad = shares.some((s) => {
      const p = Number(s.percentage);
      return !Number.isFinite(p) || p < 0 || p > 100;
    });
    if (bad || (autoSplit && remainingCommission(shares) < 0)) return SALE_MESSAGES.percentageAboveRemaining;
  }
  return null;
};

/** Every worker id assigned on a line: single, multi list, package details. */
export const workerIdsOfLine = (line: WorkerLine): number[] => {
  const ids: number[] = [];
  if (line.commission_worker) ids.push(Number(line.commission_worker.business_commission_worker_id));
  if (line.business_commission_worker_id) ids.push(Number(line.business_commission_worker_id));
  for (const s of line.commission_workers ?? [])
    ids.push(Number(s.commission_worker.business_commission_worker_id));
  for (const d of line.pos_item_package_details ?? []) {
    if (d.business_commission_worker)
      ids.push(Number(d.business_commission_worker.business_commission_worker_id));
    for (const s of d.commission_workers ?? [])
      ids.push(Number(s.commission_worker.business_commission_worker_id));
  }
  return ids;
};

export type WorkerDisplayStatus =
  | { kind: 'available' }
  | { kind: 'booked'; time: string }
  | { kind: 'working' };

/**
 * Available by default; 'Booked - {time}' when an appointment for the worker starts after now
 * (the earliest one); 'Working' (which wins) when the worker is on any line of a status-2 transaction.
 */
export const workerDisplayStatus = (
  workerId: number,
  ctx: {
    now: Now;
    appointments: readonly { business_commission_worker_id?: number | null; start_time: string }[];
    openTransactions: readonly { trx_status_id?: number | null; details: readonly WorkerLine[] }[];
  },
): WorkerDisplayStatus => {
  const working = ctx.openTransactions.some(
    (t) =>
      Number(t.trx_status_id ?? 2) === 2 &&
      t.details.some((l) => workerIdsOfLine(l).includes(Number(workerId))),
  );
  if (working) return { kind: 'working' };
  const nowStamp = toWallClock(ctx.now).stamp;
  const upcoming = ctx.appointments
    .filter((a) => Number(a.business_commission_worker_id) === Number(workerId))
    .map((a) => toWallClock(a.start_time).stamp)
    .filter((s) => s > nowStamp)
    .sort();
  if (upcoming.length > 0) return { kind: 'booked', time: normalizeTime(upcoming[0].slice(11)).slice(0, 5) };
  return { kind: 'available' };
};

/** The label shown next to a worker: 'Available', 'Booked - {time}' or 'Working'. */
export const workerDisplayLabel = (status: WorkerDisplayStatus): string =>
  status.kind === 'working' ? 'Working' : status.kind === 'booked' ? `Booked - ${status.time}` : 'Available';

/**
 * A worker's commission on a line (ruling 21): the line's net value (line total minus its
 * global discount share) × commission_percentage/100 (or commission_value per unit × qty) × share/100.
 */
export const workerCommission = (input: {
  netValue: number;
  qty: number;
  commission_percentage?: number | null;
  commission_value?: number | null;
  sharePercentage: number;
}): number => {
  const share = big(input.sharePercentage).div(100);
  const pct = big(input.commission_percentage ?? 0);
  const base = pct.gt(0)
    ? big(input.netValue).times(pct).div(100)
    : big(input.commission_value ?? 0).times(big(input.qty));
  return roundMoney(base.times(share));
};
