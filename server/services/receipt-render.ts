import { shortId } from '../../src/domain/helpers';
import { globalDiscountReceiptLabel, taxLabel } from '../../src/domain/labels';
import type { PosTransaction } from '../../src/domain/model';
import { formatMoney, formatQty } from '../../src/domain/money';
import { receiptChange } from '../../src/domain/payments';
import { chosenVariant, type TransactionTotals } from '../../src/domain/pricing';

type Doc = Record<string, unknown>;

/** One row of the receipt: a label and an amount text (or none for headings). */
export interface ReceiptRow {
  label: string;
  amount: string;
}

/** The digital receipt as rows: header, lines, totals in the spec's order (003 §9), payments, Change. */
export interface ReceiptDocument {
  subject: string;
  header: string[];
  lines: { name: string; detail: string[]; amount: string }[];
  totals: ReceiptRow[];
  payments: ReceiptRow[];
  footer: string | null;
  url: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const on = (v: unknown) => Number(v) === 1;

function workerName(w: unknown, initials: boolean): string {
  if (!w || typeof w !== 'object') return '';
  const d = w as Doc;
  if (initials && text(d.initial)) return text(d.initial);
  return `${text(d.firstname)} ${text(d.lastname)}`.trim();
}

/** 'Handled by' names of a line (single worker or multi with percentages), as pos_print_worker asks. */
function handledBy(line: PosTransaction['details'][number], initials: boolean): string | null {
  const multi = (line.commission_workers ?? []) as { commission_worker?: unknown; percentage?: unknown }[];
  const names = multi.length
    ? multi.map((w) => `${workerName(w.commission_worker, initials)} - ${text(w.percentage)}%`)
    : [workerName(line.commission_worker, initials)];
  const shown = names.filter((n) => n && !n.startsWith(' - '));
  return shown.length ? `Handled by ${shown.join(', ')}` : null;
}

/**
 * The receipt of a stored sale for e-mail and SMS: the sale's own totals (the server priced it at
 * ingest with src/domain), the configuration the receipt prints with, and the public link.
 */
export function receiptDocument(
  trx: PosTransaction,
  totals: TransactionTotals,
  configs: Doc,
  sale: { trx_id: string; local_trx_id: string; created_at: string },
  url: string,
): ReceiptDocument {
  const cur = text(configs.currency_code) || 'IDR';
  const money = (v: number) => `${cur} ${formatMoney(v)}`;
  const qtyDecimals = Number(configs.qty_decimal_length ?? 0);
  const brand = text(configs.brand_name);
  const outlet = text(configs.outlet_name);
  const header = [
    brand,
    on(configs.pos_print_outlet_name) || !('pos_print_outlet_name' in configs) ? outlet : '',
  ]
    .concat(on(configs.pos_print_address) ? [text(configs.outlet_address)] : [])
    .concat([text(configs.outlet_phone)])
    .filter(Boolean);
  const guest = text(configs.pos_print_label_if_no_user_identifier) || 'GUEST';
  header.push(`Customer: ${text(trx.customer?.user_name) || guest}`);
  if (text(configs.cashier_name)) header.push(`Cashier: ${text(configs.cashier_name)}`);
  header.push(`Receipt Number: ${shortId(sale.local_trx_id)}`);
  if (trx.order_no) header.push(`Order No: ${trx.order_no}`);
  header.push(`Date: ${text(trx.document_date) || text(trx.trx_local_end_time) || sale.created_at}`);

  const printWorker = on(configs.pos_print_worker);
  const initials = on(configs.pos_print_initial);
  const lines = trx.details.map((d, i) => {
    const priced = totals.lines[i];
    const variant = chosenVariant(d)?.variant_name;
    const detail: string[] = [];
    if (variant) detail.push(`${variant} @ ${money(priced.unit_price)}`);
    for (const m of d.pos_item_pos_item_modifiers ?? [])
      for (const o of m.pos_item_modifier_options ?? [])
        detail.push(
          `${text(m.modifier_name)}: ${text(o.option_name)} @ ${money(Number(o.option_price ?? 0))}`,
        );
    if (priced.discount_total > 0) detail.push(`Discount -${money(priced.discount_total)}`);
    if (text(d.notes)) detail.push(`Notes: ${text(d.notes)}`);
    const by = printWorker || initials ? handledBy(d, initials) : null;
    if (by) detail.push(by);
    // package items: '--- x{qty} {name} ({variant}) (By worker)' as on the cart (000 §2)
    for (const p of d.pos_item_package_details ?? []) {
      const chosen = p.pos_item_package_detail_variants.find((v) => Number(v.is_chosen) === 1)?.variant_name;
      const worker = printWorker || initials ? workerName(p.business_commission_worker, initials) : '';
      detail.push(
        `--- x${formatQty(p.qty, qtyDecimals)} ${p.item_name}${chosen ? ` (${chosen})` : ''}${worker ? ` (By ${worker})` : ''}`,
      );
    }
    return {
      name: `${text(d.itemMeta?.item_name) || 'Item'} x${formatQty(d.qty, qtyDecimals)}`,
      detail,
      amount: money(priced.line_total),
    };
  });

  const totalsRows: ReceiptRow[] = [{ label: 'Subtotal', amount: money(totals.drv_subtotal) }];
  if (totals.drv_total_discount_nominal > 0) {
    const percent =
      trx.coupon?.coupon_item?.discount_percentage ?? trx.redeem?.redeem_item?.discount_percentage;
    const member = trx.customer?.discount_level?.reward_value;
    const label =
      globalDiscountReceiptLabel(
        totals.global_discount_source,
        totals.global_discount_source === 'member' ? member : percent,
        trx.trx_type,
      ) ??
      (text(trx.discounts[0]?.discount_name) || 'Discount');
    totalsRows.push({ label, amount: `-${money(totals.drv_total_discount_nominal)}` });
  }
  if (totals.drv_total_service_charge > 0)
    totalsRows.push({ label: 'Service Charge', amount: money(totals.drv_total_service_charge) });
  if (totals.drv_total_additional_charge > 0)
    totalsRows.push({ label: 'Additional Charge', amount: money(totals.drv_total_additional_charge) });
  const tax = configs.tax as { tax_percent?: number } | null | undefined;
  if (totals.drv_tax > 0)
    totalsRows.push({ label: taxLabel(Number(tax?.tax_percent ?? 0)), amount: money(totals.drv_tax) });
  totalsRows.push({ label: 'TOTAL', amount: money(totals.drv_grand_total) });

  const payments: ReceiptRow[] = [];
  for (const p of trx.payments) {
    payments.push({ label: p.payment_method.payment_method_name, amount: money(p.payment_amount) });
    if (p.payment_charge > 0)
      payments.push({
        label: text(p.payment_method.charge_label) || 'Charge',
        amount: money(p.payment_charge),
      });
  }
  const change = receiptChange(totals.drv_grand_total, trx.payments);
  if (change !== null) payments.push({ label: 'Change', amount: money(change) });

  return {
    subject: `Struk ${[brand, outlet].filter(Boolean).join(' - ')} #${shortId(sale.local_trx_id)}`,
    header,
    lines,
    totals: totalsRows,
    payments,
    footer: text(configs.receipt_footer) || null,
    url,
  };
}

/** The short message (SMS and the messaging app): who, which receipt, and the link. */
export const receiptMessage = (doc: ReceiptDocument) => `${doc.subject}. Lihat struk Anda di ${doc.url}`;

export function receiptText(doc: ReceiptDocument): string {
  const row = (r: ReceiptRow) => `${r.label}: ${r.amount}`;
  return [
    ...doc.header,
    '',
    ...doc.lines.flatMap((l) => [`${l.name}  ${l.amount}`, ...l.detail.map((d) => `  ${d}`)]),
    '',
    ...doc.totals.map(row),
    ...doc.payments.map(row),
    '',
    ...(doc.footer ? [doc.footer, ''] : []),
    `Lihat struk: ${doc.url}`,
  ].join('\n');
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML part: one table, inline styles (mail clients drop style sheets). */
export function receiptHtml(doc: ReceiptDocument): string {
  const tr = (label: string, amount: string, style = '') =>
    `<tr${style ? ` style="${style}"` : ''}><td>${esc(label)}</td><td style="text-align:right">${esc(amount)}</td></tr>`;
  const lines = doc.lines
    .map(
      (l) =>
        tr(l.name, l.amount) +
        l.detail
          .map((d) => `<tr><td colspan="2" style="color:#555;padding-left:12px">${esc(d)}</td></tr>`)
          .join(''),
    )
    .join('');
  const totals = doc.totals
    .map((r) => tr(r.label, r.amount, r.label === 'TOTAL' ? 'font-weight:bold' : ''))
    .join('');
  return [
    '<!doctype html><html><body style="font-family:monospace;max-width:420px;margin:auto">',
    `<div style="text-align:center">${doc.header.map((h) => `<div>${esc(h)}</div>`).join('')}</div>`,
    '<table style="width:100%;border-collapse:collapse;margin-top:8px">',
    lines,
    '<tr><td colspan="2"><hr></td></tr>',
    totals,
    '<tr><td colspan="2"><hr></td></tr>',
    doc.payments.map((r) => tr(r.label, r.amount)).join(''),
    '</table>',
    doc.footer ? `<p style="text-align:center">${esc(doc.footer)}</p>` : '',
    `<p style="text-align:center"><a href="${esc(doc.url)}">Lihat struk online</a></p>`,
    '</body></html>',
  ].join('');
}
