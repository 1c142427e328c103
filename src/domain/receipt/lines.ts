// The receipt's item lines (000 §2 "Printed receipt page" body; 003 §9 worker names and initials):
// name, qty, amount, sub-lines (variant, modifiers, discounts, notes, workers, sellers, area) and
// package lines. Numbers come from priceTransaction; this file only words them.

import type { ItemNature, LineWorker, TrxDetail } from '../model';
import { formatMoney, formatQty, type Separators } from '../money';
import { nameInitials } from '../name-initials';
import type { PricedLine } from '../pricing';

export interface ReceiptItem {
  id: string;
  name: string;
  /** 'x2' */
  qty: string;
  /** Formatted amount; null on order lists (no prices). */
  amount: string | null;
  sub: string[];
  packages: string[];
  nature: ItemNature | null;
  category_id: number | null;
  category_name: string | null;
  /** Names that handle the line (for the order slips by WORKER). */
  workers: string[];
  printed: boolean;
}

export interface LineWording {
  separators?: Separators;
  qtyDecimalLength?: number;
  /** Print prices (false on order lists). */
  prices: boolean;
  /** Detailed template: gross prices (unit price × qty); simple: after line discounts. */
  gross: boolean;
  /** Worker names: requested (order lists, post-edit) or pos_print_worker = 1. */
  workers: boolean;
  /** Initials instead of names (pos_print_initial = 1). */
  initials: boolean;
  sellers: boolean;
  /** Secret notes are printed only on previews that ask for them (history). */
  secretNotes: boolean;
}

type Named = Pick<LineWorker, 'firstname' | 'lastname' | 'initial'> | null | undefined;

/** A worker as printed: the name, or with pos_print_initial = 1 the initial (or the name's initials). */
export const workerLabel = (w: Named, initials: boolean): string => {
  const name = [w?.firstname, w?.lastname]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  if (!initials) return name;
  return (w?.initial ?? '').trim() || nameInitials(name);
};

const pct = (n: number | null | undefined): string => `${Number(n ?? 0)}%`;

/** The line's workers with their share in multi-commission mode ('Name - 50%'). */
const lineWorkers = (line: TrxDetail, initials: boolean): { names: string[]; text: string[] } => {
  if (line.commission_workers.length > 0) {
    const names = line.commission_workers.map((s) => workerLabel(s.commission_worker, initials));
    const text = line.commission_workers.map((s, i) =>
      line.commission_workers.length > 1 ? `${names[i]} - ${pct(s.percentage)}` : names[i],
    );
    return { names: names.filter(Boolean), text: text.filter((t) => t && !t.startsWith(' - ')) };
  }
  const single = workerLabel(line.commission_worker, initials);
  return single ? { names: [single], text: [single] } : { names: [], text: [] };
};

const packageText = (
  detail: TrxDetail['pos_item_package_details'][number],
  w: LineWording,
): { text: string; workers: string[] } => {
  const parts = [`--- x${formatQty(detail.qty, w.qtyDecimalLength, w.separators)} ${detail.item_name}`];
  const variants = detail.pos_item_package_detail_variants ?? [];
  const chosen = variants.find((v) => v.is_chosen === true || Number(v.is_chosen) === 1);
  if (variants.length > 1 && chosen?.variant_name) parts.push(`(${chosen.variant_name})`);
  const shares = detail.commission_workers ?? [];
  const workers = shares.length
    ? shares.map((s) => workerLabel(s.commission_worker, w.initials))
    : detail.business_commission_worker
      ? [workerLabel(detail.business_commission_worker, w.initials)]
      : [];
  if (w.workers && workers.length) {
    const names = shares.length > 1 ? shares.map((s, i) => `${workers[i]} - ${pct(s.percentage)}`) : workers;
    parts.push(`(By ${names.join(', ')})`);
  }
  const area = (detail.service_area as { area_name?: string | null } | null | undefined)?.area_name;
  if (area) parts.push(`(Service Area - ${area})`);
  return { text: parts.join(' '), workers: workers.filter(Boolean) };
};

/** One receipt line from a transaction line and its priced numbers. */
export const receiptItem = (line: TrxDetail, priced: PricedLine | undefined, w: LineWording): ReceiptItem => {
  const money = (v: number) => formatMoney(v, w.separators);
  const sub: string[] = [];
  const variant = line.itemMeta.pos_item_variants.find(
    (v) => v.pos_item_variant_id === line.pos_item_variant_id,
  );
  if (variant?.variant_name)
    sub.push(w.prices ? `${variant.variant_name} @ (${money(variant.variant_price)})` : variant.variant_name);
  for (const m of line.pos_item_pos_item_modifiers)
    for (const o of m.pos_item_modifier_options)
      sub.push(
        w.prices
          ? `${m.modifier_name}: ${o.option_name} @ (${money(o.option_price)})`
          : `${m.modifier_name}: ${o.option_name}`,
      );
  if (w.prices && priced && priced.discount_total > 0) {
    const amount = `(-${money(priced.discount_total)})`;
    if (priced.discount_source === 'coupon') sub.push(`Coupon Disc. ${amount}`);
    else if (priced.discount_source === 'redeem') sub.push(`Redeem Disc. ${amount}`);
    else if (priced.discount_source === 'custom')
      sub.push(
        line.custom_discount_type === 'percentage'
          ? `C. Disc ${pct(line.custom_discount_value)} ${amount}`
          : `C. Disc ${money(Number(line.custom_discount_value ?? 0))} ${amount}`,
      );
    else if (priced.discount_source === 'defined')
      sub.push(`${line.pos_item_discounts[0]?.discount_name?.trim() || 'Discount'} ${amount}`);
  }
  if (line.notes?.trim()) sub.push(`Notes: ${line.notes.trim()}`);
  if (w.secretNotes && line.secret_notes?.trim()) sub.push(`S. Notes: ${line.secret_notes.trim()}`);
  const workers = lineWorkers(line, w.initials);
  if (w.workers && workers.text.length) sub.push(`Handled by ${workers.text.join(', ')}`);
  if (w.sellers && line.item_sellers.length > 0) {
    const many = line.item_sellers.length > 1;
    const names = line.item_sellers.map((s) =>
      many ? `${workerLabel(s, w.initials)} - ${pct(s.percentage)}` : workerLabel(s, w.initials),
    );
    sub.push(`Sold by ${names.join(', ')}`);
  }
  if (line.service_area?.area_name) sub.push(`Service Area: ${line.service_area.area_name}`);
  const packages = line.pos_item_package_details.map((d) => packageText(d, w));
  const amount = priced ? (w.gross ? priced.gross_total : priced.line_total) : 0;
  return {
    id: line.local_trx_detail_id,
    name: line.itemMeta.item_name,
    qty: `x${formatQty(line.qty, w.qtyDecimalLength, w.separators)}`,
    amount: w.prices ? money(amount) : null,
    sub,
    packages: packages.map((p) => p.text),
    nature: line.itemMeta.item_nature ?? null,
    category_id: line.itemMeta.pos_item_category_id ?? null,
    category_name: line.itemMeta.category_name ?? null,
    workers: [...new Set([...workers.names, ...packages.flatMap((p) => p.workers)])],
    printed: !!line.last_printed_at,
  };
};

/** Lines grouped by category name in first-seen order; uncategorised under 'Lainnya' (000 §2). */
export const groupByCategory = (items: readonly ReceiptItem[]): { title: string; items: ReceiptItem[] }[] => {
  const groups = new Map<string, ReceiptItem[]>();
  for (const item of items) {
    const title = item.category_name?.trim() || 'Lainnya';
    const list = groups.get(title);
    if (list) list.push(item);
    else groups.set(title, [item]);
  }
  return [...groups].map(([title, list]) => ({ title, items: list }));
};

/** RETAIL lines, or every other line (SERVICE or no nature). */
export const filterByNature = (items: readonly ReceiptItem[], retail: boolean): ReceiptItem[] =>
  items.filter((i) => (i.nature === 'RETAIL') === retail);
