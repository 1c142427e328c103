// The digital receipt (e-mail, SMS, messaging link) of a stored sale, built from the same receipt
// model as the printed one (src/domain/receipt buildReceipt): the template's sections (DETAILED:
// SERVICES / ITEMS (RETAIL) with their totals and gross prices; SIMPLE: one list), the lines, the
// totals in 003 §9's order, payments with charge lines, Change, BONUS TOP UP, Saldo Deposit, notes
// and footer — the same rows and amounts the customer's paper shows.

import type { PosTransaction } from '../../src/domain/model';
import {
  buildReceipt,
  publicReceiptMode,
  type ReceiptConfig,
  type ReceiptItem,
  type ReceiptMode,
  type ReceiptModel,
  type ReceiptRow,
} from '../../src/domain/receipt';
import { RECEIPT_TEXTS } from '../../src/domain/texts/receipt';
import { shortId } from '../../src/domain/transaction-labels';

/** The e-mail of a receipt: its subject, the receipt as the printed model and the public link. */
export interface ReceiptDocument {
  subject: string;
  /** The brand's name (the paper may print its logo instead; mail clients may not show images). */
  brand: string | null;
  receipt: ReceiptModel;
  url: string;
}

/** What the public link shows, without the order-detail page (a slip for the outlet's staff). */
const DIGITAL_MODE: ReceiptMode = { ...publicReceiptMode(), orderSlips: false };

const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v);

/**
 * The receipt of a stored sale for e-mail and SMS: the sale (its stored drv_* totals, the server's),
 * the configuration it prints with (the outlet's print settings under the sale's own snapshot) and
 * the public link.
 */
export function receiptDocument(trx: PosTransaction, config: ReceiptConfig, url: string): ReceiptDocument {
  const brand = text(config.brand_name);
  return {
    subject: `Struk ${[brand, text(config.outlet_name)].filter(Boolean).join(' - ')} #${shortId(trx.local_trx_id)}`,
    brand: brand || null,
    receipt: buildReceipt(trx, config, { mode: DIGITAL_MODE }),
    url,
  };
}

/** The short message (SMS and the messaging app): who, which receipt, and the link. */
export const receiptMessage = (doc: ReceiptDocument) => `${doc.subject}. Lihat struk Anda di ${doc.url}`;

/** The header lines: brand (or the logo's brand name), outlet, address, phone, the rows, date and time. */
function headerLines(doc: ReceiptDocument): { top: string[]; rows: ReceiptRow[]; when: ReceiptRow | null } {
  const h = doc.receipt.header;
  if (!h) return { top: [], rows: doc.receipt.slipHead, when: null };
  const top = [h.brand ?? doc.brand, h.outletName, h.address, h.phone].filter((s): s is string => !!s);
  return { top, rows: h.rows, when: h.date ? { label: h.date, value: h.time } : null };
}

/** The rows after the lines, in the receipt's order: totals, payments, Change, BONUS TOP UP, Saldo Deposit. */
function closingRows(r: ReceiptModel): { heading?: string; rows: ReceiptRow[] }[] {
  return [
    { rows: r.totals },
    { rows: [...r.payments, ...(r.change ? [r.change] : [])] },
    ...(r.bonus.length ? [{ heading: RECEIPT_TEXTS.bonusTopUp, rows: r.bonus }] : []),
    ...(r.depositBalance ? [{ rows: [r.depositBalance] }] : []),
  ].filter((g) => g.rows.length > 0);
}

const itemHead = (i: ReceiptItem) => `${i.name} ${i.qty}`;

export function receiptText(doc: ReceiptDocument): string {
  const r = doc.receipt;
  const row = (x: ReceiptRow) => `${x.sub ? '  ' : ''}${x.label}: ${x.value}`;
  const { top, rows, when } = headerLines(doc);
  const out: string[] = [...top, ...rows.map(row), ...(when ? [`${when.label} ${when.value}`] : [])];
  if (r.banner) out.push(r.banner);
  out.push('');
  if (r.empty) out.push(RECEIPT_TEXTS.empty);
  for (const s of r.sections) {
    if (s.title) out.push(s.title);
    for (const i of s.items) {
      out.push(i.amount === null ? itemHead(i) : `${itemHead(i)}  ${i.amount}`);
      for (const sub of [...i.sub, ...i.packages]) out.push(`  ${sub}`);
    }
    if (s.total) out.push(row(s.total));
  }
  for (const g of closingRows(r)) {
    out.push('');
    if (g.heading) out.push(g.heading);
    out.push(...g.rows.map(row));
  }
  if (r.notes) out.push('', r.notes);
  if (r.footer) out.push('', r.footer);
  if (r.orderNoBottom) out.push('', `${RECEIPT_TEXTS.orderNo}: ${r.orderNoBottom}`);
  out.push('', `Lihat struk: ${doc.url}`);
  return out.join('\n');
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML part: one table, inline styles (mail clients drop style sheets). */
export function receiptHtml(doc: ReceiptDocument): string {
  const r = doc.receipt;
  const tr = (x: ReceiptRow, style = '') =>
    `<tr${x.strong ? ' style="font-weight:bold"' : style ? ` style="${style}"` : ''}><td${x.sub ? ' style="padding-left:12px"' : ''}>${esc(x.label)}</td><td style="text-align:right;white-space:nowrap">${esc(x.value)}</td></tr>`;
  const full = (content: string, style = '') =>
    `<tr><td colspan="2"${style ? ` style="${style}"` : ''}>${content}</td></tr>`;
  const rule = full('<hr style="border:0;border-top:1px dashed #000">');
  const { top, rows, when } = headerLines(doc);
  const logo = r.header?.logo && /^https?:\/\//.test(r.header.logo) ? r.header.logo : null;
  const body: string[] = [];
  if (r.empty) body.push(full(esc(RECEIPT_TEXTS.empty), 'text-align:center'));
  for (const s of r.sections) {
    if (s.title) body.push(full(esc(s.title), 'font-weight:bold;padding-top:6px'));
    for (const i of s.items) {
      body.push(tr({ label: itemHead(i), value: i.amount ?? '' }));
      for (const sub of [...i.sub, ...i.packages]) body.push(full(esc(sub), 'color:#555;padding-left:12px'));
    }
    if (s.total) body.push(tr(s.total));
  }
  for (const g of closingRows(r)) {
    body.push(rule);
    if (g.heading) body.push(full(esc(g.heading), 'font-weight:bold'));
    body.push(...g.rows.map((x) => tr(x)));
  }
  return [
    '<!doctype html><html><body style="font-family:monospace;max-width:420px;margin:auto">',
    '<div style="text-align:center">',
    logo ? `<img src="${esc(logo)}" alt="${esc(doc.brand ?? 'logo')}" style="max-width:60%">` : '',
    top.map((t) => `<div>${esc(t)}</div>`).join(''),
    '</div>',
    r.banner ? `<div style="text-align:center;font-weight:bold">${esc(r.banner)}</div>` : '',
    '<table style="width:100%;border-collapse:collapse;margin-top:8px">',
    [...rows, ...(when ? [when] : [])].map((x) => tr(x)).join(''),
    rule,
    body.join(''),
    '</table>',
    r.notes ? `<p>${esc(r.notes)}</p>` : '',
    r.footer ? `<p style="text-align:center;white-space:pre-line">${esc(r.footer)}</p>` : '',
    r.orderNoBottom
      ? `<p style="text-align:center;font-size:2em;font-weight:bold">${esc(r.orderNoBottom)}</p>`
      : '',
    `<p style="text-align:center"><a href="${esc(doc.url)}">Lihat struk online</a></p>`,
    '</body></html>',
  ].join('');
}
