// Cashier settlement (002 §2.11, §3 "Settlement data", §7, §9): which period and grouping each
// settlement type asks for, the bounds the server enforces on a period, and the pure step from the
// server's aggregate rows to the settlement data (amounts floored to whole units, 002 §1). The server
// and the tests share it; time comes in as an argument.
import { big } from './money';
import { SETTLEMENT_SCOPE_TEXTS } from './texts/settlement';
import { formatOutletStamp, isOutletStamp, type Now, parseServerDateTime, toWallClock } from './time-wall';

/** 002 §9: the settlement types of /settlement/{settlement_type}. */
export const SETTLEMENT_TYPES = ['signed-in', 'today', 'today-by-outlet'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
export const SETTLEMENT_GROUP_BY = ['user', 'outlet'] as const;
export type SettlementGroupBy = (typeof SETTLEMENT_GROUP_BY)[number];

/** The longest period one settlement may cover (ours: a month of sales; docs/decisions.md). */
export const SETTLEMENT_MAX_DAYS = 31;

/**
 * Which group_by a settlement type sends (002 §7 leaves it open; docs/api.md): today-by-outlet → outlet
 * (every cashier of the outlet), today and signed-in (any other value) → user (the signed-in cashier).
 */
export const settlementGroupBy = (type: string): SettlementGroupBy =>
  type === 'today-by-outlet' ? 'outlet' : 'user';

/**
 * Who a settlement printout covers (issue 22 item 7): the outlet's (today-by-outlet, every cashier of the
 * outlet) names the outlet under its heading and says 'Semua kasir' where the others name the signed-in
 * cashier, so the two printouts of today cannot be taken for each other.
 */
export function settlementScope(
  type: string,
  names: { outlet: string; cashier: string },
): { scope: string | null; cashier: string } {
  if (settlementGroupBy(type) !== 'outlet') return { scope: null, cashier: names.cashier };
  return { scope: SETTLEMENT_SCOPE_TEXTS.outlet(names.outlet), cashier: SETTLEMENT_SCOPE_TEXTS.allCashiers };
}

/**
 * The period (002 §2.11): today 00:00:00 (WIB) for today and today-by-outlet; the stored sign-in time for
 * any other value (signed-in), today's start when none is stored; the end is now. "YYYY-MM-DD HH:mm:ss".
 */
export function settlementPeriod(
  type: string,
  signedInAt: string | null | undefined,
  now: Now,
): { start_datetime: string; end_datetime: string } {
  const wall = toWallClock(now);
  const todayStart = `${wall.date} 00:00:00`;
  let start = todayStart;
  if (type !== 'today' && type !== 'today-by-outlet' && signedInAt) {
    const at = parseServerDateTime(signedInAt);
    if (!Number.isNaN(at)) start = formatOutletStamp(at);
  }
  // a sign-in stored "after" now (a device clock ahead) never makes an empty, refused period
  if (start > wall.stamp) start = wall.stamp;
  return { start_datetime: start, end_datetime: wall.stamp };
}

export type PeriodProblem = 'start' | 'end' | 'order' | 'span';

/** The server's check of a requested period: both WIB stamps, start ≤ end, at most SETTLEMENT_MAX_DAYS. */
export function checkSettlementPeriod(
  start: string,
  end: string,
): { ok: true; start: Date; end: Date } | { ok: false; problem: PeriodProblem } {
  if (!isOutletStamp(start)) return { ok: false, problem: 'start' };
  if (!isOutletStamp(end)) return { ok: false, problem: 'end' };
  const from = parseServerDateTime(start);
  const to = parseServerDateTime(end);
  if (from > to) return { ok: false, problem: 'order' };
  if (to - from > SETTLEMENT_MAX_DAYS * 24 * 3600_000) return { ok: false, problem: 'span' };
  return { ok: true, start: new Date(from), end: new Date(to) };
}

// --- the data (002 §3 "Settlement data") --------------------------------------------------------------

export interface SettlementItemRow {
  pos_item_id: number;
  pos_item_variant_id: number;
  item_name: string;
  variant_name: string;
  qty: number;
  variant_price: number;
  gross_total_sum: number;
}

export interface SettlementCountRow {
  trx_count: number;
  drv_gross_total: number;
}

export interface SettlementTrxSummary {
  drv_gross_total: number;
  /** Item (line) discounts. */
  discount_value: number;
  /** Transaction (global) discounts. */
  trx_discount_value: number;
  drv_tax_value: number;
  drv_service_charge_value: number;
  drv_additional_charge_value: number;
  drv_grand_total: number;
}

export interface SettlementPaymentRow {
  payment_method_name: string;
  trx_count: number;
  /** Σ payments with the method; cash net of the change given (002 §2.11). */
  payment_after_change_sum: number;
}

export interface SettlementData {
  service_item_summary: SettlementItemRow[];
  retail_item_summary: SettlementItemRow[];
  item_summary: SettlementItemRow[];
  coupon_summary: SettlementItemRow[];
  top_up_deposit_summary: SettlementCountRow;
  membership_summary: SettlementCountRow;
  account_receivable_summary: SettlementCountRow;
  service_trx_summary: SettlementTrxSummary;
  retail_trx_summary: SettlementTrxSummary;
  trx_summary: SettlementTrxSummary;
  payment_summary: SettlementPaymentRow[];
}

/** What the server's aggregate query answers (numbers may come as numeric text). */
type Num = number | string | null | undefined;
export interface SettlementItemAggregate {
  trx_type: string;
  /** 'RETAIL', or 'SERVICE' for every other line (a line without a nature counts as a service). */
  nature: string;
  pos_item_id: Num;
  pos_item_variant_id: Num;
  item_name: string | null;
  variant_name: string | null;
  variant_price: Num;
  qty: Num;
  gross_total_sum: Num;
}
export interface SettlementTypeAggregate {
  trx_type: string;
  trx_count: Num;
  drv_gross_total: Num;
}
/** NORMAL sales: the whole, and the service part of each figure (the retail part is the rest). */
export type SettlementSplitAggregate = Record<`${'total' | 'service'}_${keyof SettlementTrxSummary}`, Num>;
export interface SettlementPaymentAggregate {
  payment_method_name: string;
  trx_count: Num;
  payment_after_change_sum: Num;
}
export interface SettlementAggregates {
  items: readonly SettlementItemAggregate[];
  types: readonly SettlementTypeAggregate[];
  split: SettlementSplitAggregate | null;
  payments: readonly SettlementPaymentAggregate[];
}

/** An amount floored to whole units (002 §1). */
export const floorAmount = (v: Num): number =>
  v === null || v === undefined ? 0 : big(v).round(0, 0).toNumber();
const num = (v: Num): number => (v === null || v === undefined ? 0 : Number(v));

export const TRX_SUMMARY_KEYS = [
  'drv_gross_total',
  'discount_value',
  'trx_discount_value',
  'drv_tax_value',
  'drv_service_charge_value',
  'drv_additional_charge_value',
  'drv_grand_total',
] as const satisfies readonly (keyof SettlementTrxSummary)[];

const itemKey = (r: SettlementItemRow) =>
  JSON.stringify([r.pos_item_id, r.pos_item_variant_id, r.item_name, r.variant_name, r.variant_price]);

/** Rows of the same item, variant and price summed into one; sorted by name, then variant. */
function mergeItems(rows: readonly SettlementItemAggregate[]): SettlementItemRow[] {
  const by = new Map<
    string,
    { row: SettlementItemRow; qty: ReturnType<typeof big>; gross: ReturnType<typeof big> }
  >();
  for (const a of rows) {
    const row: SettlementItemRow = {
      pos_item_id: num(a.pos_item_id),
      pos_item_variant_id: num(a.pos_item_variant_id),
      item_name: a.item_name ?? '',
      variant_name: a.variant_name ?? '',
      qty: 0,
      variant_price: floorAmount(a.variant_price),
      gross_total_sum: 0,
    };
    const key = itemKey(row);
    const seen = by.get(key) ?? { row, qty: big(0), gross: big(0) };
    seen.qty = seen.qty.plus(big(a.qty ?? 0));
    seen.gross = seen.gross.plus(big(a.gross_total_sum ?? 0));
    by.set(key, seen);
  }
  return [...by.values()]
    .map(({ row, qty, gross }) => ({
      ...row,
      qty: qty.toNumber(),
      gross_total_sum: floorAmount(gross.toString()),
    }))
    .sort(
      (a, b) =>
        a.item_name.localeCompare(b.item_name) ||
        a.variant_name.localeCompare(b.variant_name) ||
        a.variant_price - b.variant_price ||
        a.pos_item_variant_id - b.pos_item_variant_id,
    );
}

function countRow(types: readonly SettlementTypeAggregate[], trxType: string): SettlementCountRow {
  const rows = types.filter((t) => t.trx_type === trxType);
  return {
    trx_count: rows.reduce((n, r) => n + num(r.trx_count), 0),
    drv_gross_total: floorAmount(
      rows.reduce((s, r) => s.plus(big(r.drv_gross_total ?? 0)), big(0)).toString(),
    ),
  };
}

/**
 * The settlement data from the server's aggregates. trx_summary is every NORMAL sale; service_trx_summary
 * its service part and retail_trx_summary the rest, so service + retail = trx_summary in every figure
 * (the retail figure is the floored whole less the floored service part; docs/decisions.md).
 */
export function buildSettlement(a: SettlementAggregates): SettlementData {
  const normal = a.items.filter((i) => i.trx_type === 'NORMAL');
  const total = {} as SettlementTrxSummary;
  const service = {} as SettlementTrxSummary;
  const retail = {} as SettlementTrxSummary;
  for (const k of TRX_SUMMARY_KEYS) {
    total[k] = floorAmount(a.split?.[`total_${k}`]);
    service[k] = floorAmount(a.split?.[`service_${k}`]);
    retail[k] = total[k] - service[k];
  }
  return {
    service_item_summary: mergeItems(normal.filter((i) => i.nature !== 'RETAIL')),
    retail_item_summary: mergeItems(normal.filter((i) => i.nature === 'RETAIL')),
    item_summary: mergeItems(normal),
    coupon_summary: mergeItems(a.items.filter((i) => i.trx_type === 'COUPON_SALES')),
    top_up_deposit_summary: countRow(a.types, 'TOP_UP_DEPOSIT'),
    membership_summary: countRow(a.types, 'MEMBERSHIP_SALES'),
    account_receivable_summary: countRow(a.types, 'ACCOUNT_RECEIVABLE'),
    service_trx_summary: service,
    retail_trx_summary: retail,
    trx_summary: total,
    payment_summary: a.payments
      .map((p) => ({
        payment_method_name: p.payment_method_name,
        trx_count: num(p.trx_count),
        payment_after_change_sum: floorAmount(p.payment_after_change_sum),
      }))
      .sort((x, y) => x.payment_method_name.localeCompare(y.payment_method_name)),
  };
}

/** Whether the outlet's receipt template splits service and retail (003 §9: the DETAILED template). */
export const isSplitTemplate = (receiptTemplate: unknown): boolean =>
  String(receiptTemplate ?? '').toUpperCase() === 'DETAILED';
