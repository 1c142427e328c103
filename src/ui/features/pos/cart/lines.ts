// What the on-screen cart shows (000 §2 "On-screen cart"): one row per line with its sub-lines,
// package lines and the summary. Numbers come from src/domain's pricing; this file only words them.
import {
  formatMoney,
  formatQty,
  globalDiscountReceiptLabel,
  type PosTransaction,
  type PricedLine,
  type Separators,
  shortId,
  type TransactionTotals,
  type TrxDetail,
  taxLabel,
} from '../../../../domain';

export interface CartRow {
  id: string;
  name: string;
  /** 'x2' */
  qtyText: string;
  /** The line total (after line discounts), formatted. */
  subtotalText: string;
  subLines: string[];
  packageLines: string[];
  line: TrxDetail;
}

export interface CartWording {
  separators?: Separators;
  qtyDecimalLength?: number;
  /** Multi-commission mode shows ' - P%' after each worker. */
  multiCommission: boolean;
  /** 'S. Notes' shows only when secret_notes = 1. */
  showSecretNotes: boolean;
}

type Worker = { firstname?: string | null; lastname?: string | null } | null | undefined;

export const workerName = (w: Worker): string =>
  [w?.firstname, w?.lastname]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');

const pct = (n: number | null | undefined): string => `${Number(n ?? 0)}%`;

const areaText = (area: { area_name?: string | null } | null | undefined): string | null =>
  area?.area_name ? area.area_name : null;

/** 'Handled by' text: the single worker, or each worker with ' - P%' in multi mode. */
const handledBy = (line: TrxDetail, multi: boolean): string | null => {
  if (multi && line.commission_workers.length > 0)
    return line.commission_workers
      .map((s) => `${workerName(s.commission_worker)} - ${pct(s.percentage)}`)
      .join(', ');
  const single = workerName(line.commission_worker);
  if (single) return single;
  if (line.commission_workers.length > 0)
    return line.commission_workers.map((s) => workerName(s.commission_worker)).join(', ');
  return null;
};

/** '--- x{qty} {name} ({variant}) (By worker[ - P%]) (Service Area - area)'; the variant only when there are several. */
export const packageLineText = (
  detail: TrxDetail['pos_item_package_details'][number],
  wording: Pick<CartWording, 'multiCommission' | 'qtyDecimalLength' | 'separators'>,
): string => {
  const parts = [
    `--- x${formatQty(detail.qty, wording.qtyDecimalLength, wording.separators)} ${detail.item_name}`,
  ];
  const variants = detail.pos_item_package_detail_variants ?? [];
  if (variants.length > 1) {
    const chosen = variants.find((v) => v.is_chosen === true || Number(v.is_chosen) === 1);
    if (chosen?.variant_name) parts.push(`(${chosen.variant_name})`);
  }
  const shares = detail.commission_workers ?? [];
  if (shares.length > 0) {
    const names = shares.map((s) =>
      wording.multiCommission
        ? `${workerName(s.commission_worker)} - ${pct(s.percentage)}`
        : workerName(s.commission_worker),
    );
    parts.push(`(By ${names.join(', ')})`);
  } else if (detail.business_commission_worker) {
    parts.push(`(By ${workerName(detail.business_commission_worker)})`);
  }
  const area = areaText(detail.service_area as { area_name?: string | null } | null | undefined);
  if (area) parts.push(`(Service Area - ${area})`);
  return parts.join(' ');
};

/** The sub-lines of a cart row, in the specification's order. */
export const subLinesOf = (
  line: TrxDetail,
  priced: PricedLine | undefined,
  wording: CartWording,
): string[] => {
  const money = (v: number) => formatMoney(v, wording.separators);
  const out: string[] = [];
  const variant = line.itemMeta.pos_item_variants.find(
    (v) => v.pos_item_variant_id === line.pos_item_variant_id,
  );
  if (variant?.variant_name) out.push(`${variant.variant_name} @ (${money(variant.variant_price)})`);
  for (const m of line.pos_item_pos_item_modifiers)
    for (const o of m.pos_item_modifier_options)
      out.push(`${m.modifier_name}: ${o.option_name} @ (${money(o.option_price)})`);
  if (priced && priced.discount_total > 0) {
    const amount = `(-${money(priced.discount_total)})`;
    switch (priced.discount_source) {
      case 'coupon':
        out.push(`Coupon Disc. ${amount}`);
        break;
      case 'redeem':
        out.push(`Redeem Disc. ${amount}`);
        break;
      case 'custom':
        out.push(
          line.custom_discount_type === 'percentage'
            ? `C. Disc ${pct(line.custom_discount_value)} ${amount}`
            : `C. Disc ${money(Number(line.custom_discount_value ?? 0))} ${amount}`,
        );
        break;
      case 'defined':
        for (const d of line.pos_item_discounts)
          out.push(`${d.discount_name?.trim() || 'Discount'} ${amount}`);
        break;
    }
  }
  if (line.notes?.trim()) out.push(`Notes: ${line.notes.trim()}`);
  if (wording.showSecretNotes && line.secret_notes?.trim()) out.push(`S. Notes: ${line.secret_notes.trim()}`);
  const handled = handledBy(line, wording.multiCommission);
  if (handled) out.push(`Handled by ${handled}`);
  if (line.item_sellers.length > 0)
    out.push(
      `Sold by ${line.item_sellers
        .map((s) =>
          line.item_sellers.length > 1 ? `${workerName(s)} - ${pct(s.percentage)}` : workerName(s),
        )
        .join(', ')}`,
    );
  const area = areaText(line.service_area);
  if (area) out.push(`Service Area: ${area}`);
  return out;
};

/** The cart's rows, newest line last (the order of details). */
export const cartRows = (
  trx: Pick<PosTransaction, 'details'>,
  totals: Pick<TransactionTotals, 'lines'> | null,
  wording: CartWording,
): CartRow[] => {
  const byId = new Map((totals?.lines ?? []).map((l) => [l.local_trx_detail_id, l]));
  return trx.details.map((line) => {
    const priced = byId.get(line.local_trx_detail_id);
    return {
      id: line.local_trx_detail_id,
      name: line.itemMeta.item_name,
      qtyText: `x${formatQty(line.qty, wording.qtyDecimalLength, wording.separators)}`,
      subtotalText: formatMoney(priced?.line_total ?? 0, wording.separators),
      subLines: subLinesOf(line, priced, wording),
      packageLines: line.pos_item_package_details.map((d) => packageLineText(d, wording)),
      line,
    };
  });
};

/** A receivable payment's line: 'Transaksi {short id}', trx_id, trx_time. */
export const receivableLines = (trx: Pick<PosTransaction, 'account_receivable'>): string[] => {
  const ar = trx.account_receivable;
  if (!ar) return [];
  return [`Transaksi ${shortId(ar.local_trx_id ?? '')}`, ar.trx_id ?? '', ar.trx_time ?? ''].filter(Boolean);
};

export type SummaryRow =
  | { kind: 'amount'; label: string; value: string; strong?: boolean }
  /** The global or member discount, removable by 'hapus'. */
  | { kind: 'discount'; label: string; value: string; removable: 'global' | 'member' | null };

/**
 * The summary under the cart: Subtotal, the global discount (with 'hapus' for a promo/custom or
 * member discount; coupon/redeem discounts go with their banners), charges, tax and TOTAL.
 */
export const summaryRows = (
  trx: Pick<PosTransaction, 'trx_type' | 'discounts' | 'customer'>,
  totals: TransactionTotals,
  config: { tax?: { tax_percent?: number | null } | null },
  separators?: Separators,
): SummaryRow[] => {
  const money = (v: number) => formatMoney(v, separators);
  const rows: SummaryRow[] = [{ kind: 'amount', label: 'Subtotal', value: money(totals.drv_subtotal) }];
  if (totals.drv_total_discount_nominal > 0) {
    const source = totals.global_discount_source;
    const percent =
      source === 'member'
        ? trx.customer?.discount_level?.reward_value
        : source === 'promo'
          ? trx.discounts[0]?.deduction_value
          : null;
    const label =
      globalDiscountReceiptLabel(source, percent, trx.trx_type) ??
      (trx.discounts[0]?.discount_name?.trim() || 'Discount');
    rows.push({
      kind: 'discount',
      label,
      value: `-${money(totals.drv_total_discount_nominal)}`,
      removable: source === 'promo' ? 'global' : source === 'member' ? 'member' : null,
    });
  }
  if (totals.drv_total_service_charge > 0)
    rows.push({ kind: 'amount', label: 'Service Charge', value: money(totals.drv_total_service_charge) });
  if (totals.drv_total_additional_charge > 0)
    rows.push({
      kind: 'amount',
      label: 'Additional Charge',
      value: money(totals.drv_total_additional_charge),
    });
  if (totals.drv_tax > 0)
    rows.push({
      kind: 'amount',
      label: taxLabel(Number(config.tax?.tax_percent ?? 0)),
      value: money(totals.drv_tax),
    });
  rows.push({ kind: 'amount', label: 'TOTAL', value: money(totals.drv_grand_total), strong: true });
  return rows;
};
