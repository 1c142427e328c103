// The receipt model (src/domain/receipt, the one the paper pages render) as a printer document, block for
// block in ReceiptPaper's order: header (logo or brand, outlet, address, phone), banner, print time, the
// header rows and date/time, the order lists' head, the sections with their lines, totals, payments and
// Change, BONUS TOP UP, Saldo Deposit, notes, footer, the large order number, a cut, then the
// order-detail page (by CATEGORY or WORKER) and its cut.
import type { ReceiptItem, ReceiptModel, ReceiptRow } from '../receipt';
import { RECEIPT_TEXTS } from '../texts/receipt';
import type { PaperBlock, PaperDoc } from './doc';

const row = (r: ReceiptRow): PaperBlock => ({
  kind: 'row',
  label: r.label,
  value: r.value,
  bold: !!r.strong,
  indent: r.sub ? 2 : 0,
});

const item = (i: ReceiptItem): PaperBlock[] => [
  // the name stands out on the paper as on the screen (ReceiptPaper's .rc-name)
  { kind: 'row', label: `${i.name} ${i.qty}`, value: i.amount ?? '', bold: true },
  ...i.sub.map((s): PaperBlock => ({ kind: 'text', text: s, indent: 2 })),
  ...i.packages.map((p): PaperBlock => ({ kind: 'text', text: p, indent: 2 })),
];

const section = (title: string): PaperBlock => ({ kind: 'text', text: title, bold: true });

export interface ReceiptDocOptions {
  /** The logo prints as a picture when the caller has it; without one nothing stands in its place. */
  logo?: boolean;
  /** The receipt link (a QR code) where the paper shows one. */
  link?: string | null;
}

export const receiptDoc = (model: ReceiptModel, options: ReceiptDocOptions = {}): PaperDoc => {
  const b: PaperBlock[] = [];
  const h = model.header;
  if (h) {
    if (h.logo && options.logo) b.push({ kind: 'logo' });
    for (const t of [h.brand, h.outletName, h.address, h.phone])
      if (t) b.push({ kind: 'text', text: t, align: 'center', bold: t === h.brand });
  }
  if (model.banner) b.push({ kind: 'text', text: model.banner, align: 'center', bold: true });
  if (model.printTime) b.push({ kind: 'text', text: model.printTime, align: 'center' });
  if (h) {
    b.push({ kind: 'rule' });
    b.push(...h.rows.map(row));
    b.push({ kind: 'row', label: h.date, value: h.time });
  }
  b.push(...model.slipHead.map(row));
  b.push({ kind: 'rule' });
  if (model.empty) b.push({ kind: 'text', text: RECEIPT_TEXTS.empty, align: 'center' });
  for (const s of model.sections) {
    if (s.title) b.push(section(s.title));
    for (const i of s.items) b.push(...item(i));
    if (s.total) b.push(row({ ...s.total, strong: false }));
  }
  if (model.totals.length) b.push({ kind: 'rule' }, ...model.totals.map(row));
  if (model.payments.length || model.change) {
    b.push({ kind: 'rule' }, ...model.payments.map(row));
    if (model.change) b.push(row(model.change));
  }
  if (model.bonus.length)
    b.push({ kind: 'rule' }, section(RECEIPT_TEXTS.bonusTopUp), ...model.bonus.map(row));
  if (model.depositBalance) b.push(row(model.depositBalance));
  if (model.notes) b.push({ kind: 'rule' }, { kind: 'text', text: model.notes });
  if (model.footer) b.push({ kind: 'text', text: model.footer, align: 'center' });
  if (model.orderNoBottom)
    b.push({ kind: 'text', text: model.orderNoBottom, align: 'center', bold: true, big: true });
  if (options.link) b.push({ kind: 'qr', value: options.link });
  b.push({ kind: 'cut' });
  if (model.slips.length) {
    if (model.slipHead.length === 0 && h)
      b.push(
        ...h.rows
          .filter((r) => r.label === RECEIPT_TEXTS.receiptNumber || r.label === RECEIPT_TEXTS.orderNo)
          .map(row),
      );
    for (const g of model.slips) {
      b.push(section(g.title));
      for (const i of g.items) b.push(...item(i));
    }
    b.push({ kind: 'cut' });
  }
  return { blocks: b };
};
