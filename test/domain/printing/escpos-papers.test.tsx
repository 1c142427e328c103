// Issue 29: every paper kind, on both widths, printed as ESC/POS and decoded back (./escpos-decoder.ts) reads
// as the on-screen paper does: the same characters in the same order (the lines and figures of the React
// paper, server-rendered), every line within 32 / 48 columns, the logo as a raster image, a cut at each
// page's end and the drawer pulse only when asked.

import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  PAPER_COLUMNS,
  type PaperDoc,
  type PaperWidth,
  receiptDoc,
  settlementDoc,
  shiftDoc,
} from '../../../src/domain/printing';
import { encodeDoc, logoBlock } from '../../../src/domain/printing/escpos';
import { buildReceipt, copyReceiptMode, type ReceiptModel, receiptMode } from '../../../src/domain/receipt';
import type { SettlementData } from '../../../src/domain/settlement';
import type { ShiftRecord } from '../../../src/events';
import { ReceiptPaper } from '../../../src/ui/features/receipt/ReceiptPaper';
import { SettlementPaper } from '../../../src/ui/features/settlement/SettlementPaper';
import { SHIFT_PAPER_LABELS, ShiftPaper, shiftPaperData } from '../../../src/ui/features/shift/ShiftPaper';
import { printConfig, receiptLine, sale } from '../receipt/fixtures';
import { decodeEscPos, type Printed, printedText } from './escpos-decoder';

const SEP = { decimalSeparator: ',', thousandSeparator: '.' };
const WIDTHS: PaperWidth[] = ['8cm', '6cm'];

/** The text a paper shows, whitespace left out (wrapping and padding differ; characters and order may not). */
const screenText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, '');
const paperText = (printed: Printed[]) => printedText(printed).join('').replace(/\s+/g, '');

const print = (doc: PaperDoc, paper: PaperWidth, drawer = false) => {
  const printed = decodeEscPos(encodeDoc(doc, { paper, drawer, logo: LOGO }));
  for (const p of printed)
    if (p.kind === 'text')
      expect(p.text.length, p.text).toBeLessThanOrEqual(PAPER_COLUMNS[paper] / (p.big ? 2 : 1));
  return printed;
};

const LOGO = { width: 64, height: 32, data: new Uint8ClampedArray(64 * 32 * 4).fill(0) };
const kinds = (printed: Printed[]) => printed.filter((p) => p.kind !== 'text').map((p) => p.kind);

const RECEIPTS: [string, () => ReceiptModel][] = [
  [
    'DETAILED receipt with its order detail by CATEGORY',
    () => buildReceipt(sale(), printConfig(), { mode: receiptMode('print'), separators: SEP }),
  ],
  [
    'SIMPLE receipt with its order detail by WORKER',
    () =>
      buildReceipt(
        sale(),
        printConfig({ receipt_template: 'SIMPLE', pos_print_order_detail_type: 'WORKER' }),
        {
          mode: receiptMode('print'),
          separators: SEP,
        },
      ),
  ],
  [
    'pre-settlement copy',
    () =>
      buildReceipt(sale({ trx_status_id: 2, payments: [] }), printConfig(), {
        mode: receiptMode('pre-settlement'),
        separators: SEP,
        now: new Date('2026-11-20T03:40:00Z'),
      }),
  ],
  [
    'order slips (order list)',
    () =>
      buildReceipt(sale({ trx_status_id: 2 }), printConfig(), {
        mode: receiptMode('order-preview'),
        separators: SEP,
      }),
  ],
  [
    'unprinted order slips',
    () =>
      buildReceipt(
        sale({
          trx_status_id: 2,
          details: [receiptLine(1, { printed: '2026-11-20 10:10:00' }), receiptLine(2)],
        }),
        printConfig(),
        { mode: receiptMode('order-preview-unprinted'), separators: SEP },
      ),
  ],
  [
    "history copy ('THIS IS A COPY')",
    () =>
      buildReceipt(sale(), printConfig({ receipt_template: 'SIMPLE' }), {
        mode: copyReceiptMode(),
        separators: SEP,
      }),
  ],
  [
    'receipt with the logo and a long name',
    () =>
      buildReceipt(
        sale({
          details: [
            receiptLine(1, { name: 'Perawatan Rambut Keratin Premium Dengan Vitamin Ekstra Panjang Sekali' }),
          ],
        }),
        printConfig({ pos_print_logo: 1, brand_logo: 'https://cdn.example/logo.png' }),
        { mode: receiptMode('print'), separators: SEP },
      ),
  ],
];

describe('receipts printed directly read as the paper on screen', () => {
  for (const [name, build] of RECEIPTS)
    for (const paper of WIDTHS)
      it(`${name}, ${paper}`, () => {
        const model = build();
        const html = renderToStaticMarkup(<ReceiptPaper model={model} paper={paper} />);
        const printed = print(receiptDoc(model, { logo: true }), paper);
        expect(paperText(printed)).toBe(screenText(html));
        const cuts = kinds(printed).filter((k) => k === 'cut').length;
        expect(cuts).toBe(model.slips.length ? 2 : 1);
        expect(printed.at(-1)?.kind === 'cut' || kinds(printed).at(-1) === 'cut').toBe(true);
        expect(kinds(printed).includes('image')).toBe(!!model.header?.logo);
        expect(kinds(printed).includes('pulse')).toBe(false);
      });

  it('the lines keep their figures: the TOTAL row ends in the grand total, right-aligned', () => {
    const model = buildReceipt(sale(), printConfig(), { mode: receiptMode('print'), separators: SEP });
    const total = model.totals.find((r) => r.strong);
    for (const paper of WIDTHS) {
      const lines = printedText(print(receiptDoc(model), paper));
      const row = lines.find((l) => l.startsWith('TOTAL'));
      expect(row).toBeDefined();
      expect(row?.endsWith(total?.value ?? '?')).toBe(true);
      expect(row?.length).toBe(PAPER_COLUMNS[paper]);
      // an item's name line is bold, as ReceiptPaper shows it (.rc-name); its parts are not
      const [first] = model.sections[0].items;
      expect(first.sub.length).toBeGreaterThan(0);
      const lines2 = print(receiptDoc(model), paper).filter((p) => p.kind === 'text');
      expect(lines2.find((p) => p.text.startsWith(first.name))).toMatchObject({ bold: true });
      expect(lines2.find((p) => p.text === `  ${first.sub[0]}`.padEnd(p.text.length))).toMatchObject({
        bold: false,
      });
    }
  });

  it('the big order number prints double size; the drawer pulse comes first when asked; a link prints a QR', () => {
    const model = buildReceipt(sale(), printConfig(), { mode: receiptMode('print'), separators: SEP });
    const printed = print(receiptDoc(model, { link: 'https://serambi.example/receipt/abc' }), '6cm', true);
    expect(printed[0]).toMatchObject({ kind: 'pulse', pin: 0 });
    expect(printed.find((p) => p.kind === 'text' && p.big)).toMatchObject({
      text: expect.stringContaining('7'),
    });
    expect(printed.find((p) => p.kind === 'qr')).toEqual({
      kind: 'qr',
      value: 'https://serambi.example/receipt/abc',
    });
  });
});

describe('the logo raster made once (issue 29 "Speed")', () => {
  it('prints the same bytes as the encoder drawing it in place, at both widths, every time', () => {
    // a picture with a gradient, so the threshold matters
    const data = new Uint8ClampedArray(128 * 48 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
    const logo = { width: 128, height: 48, data };
    const doc: PaperDoc = {
      blocks: [{ kind: 'text', text: 'A' }, { kind: 'logo' }, { kind: 'text', text: 'B' }],
    };
    for (const paper of WIDTHS) {
      const inPlace = new ReceiptPrinterEncoder({
        language: 'esc-pos',
        columns: PAPER_COLUMNS[paper],
        codepageMapping: 'epson',
        imageMode: 'raster',
        feedBeforeCut: 4,
      })
        .initialize()
        .codepage('auto')
        .raw([0x41, 0x0a])
        .align('center')
        .image(logo, logo.width, logo.height, 'threshold')
        .align('left')
        .raw([0x42, 0x0a])
        .encode();
      const first = encodeDoc(doc, { paper, logo });
      expect(Array.from(first)).toEqual(Array.from(inPlace));
      expect(Array.from(encodeDoc(doc, { paper, logo }))).toEqual(Array.from(first));
      expect(logoBlock(logo, paper)).toBe(logoBlock(logo, paper));
      expect(kinds(decodeEscPos(first))).toContain('image');
    }
  });
});

describe('code pages', () => {
  it.each(['cp437', 'cp850', 'cp858', 'windows1252', 'auto'] as const)(
    '%s: an accented line prints and decodes as written',
    (codepage) => {
      const doc: PaperDoc = {
        blocks: [
          { kind: 'text', text: 'Crème brûlée à la Señora' },
          { kind: 'row', label: 'Café', value: 'Rp 12.000' },
        ],
      };
      const lines = printedText(decodeEscPos(encodeDoc(doc, { paper: '6cm', codepage })));
      expect(lines[0]).toBe('Crème brûlée à la Señora');
      expect(lines[1]).toMatch(/^Café +Rp 12\.000$/);
    },
  );
});

const item = (id: number, name: string, qty: number, price: number) => ({
  pos_item_id: id,
  pos_item_variant_id: 1,
  item_name: name,
  variant_name: id % 2 ? 'Regular' : '',
  qty,
  variant_price: price,
  gross_total_sum: qty * price,
});
const summary = (gross: number) => ({
  drv_gross_total: gross,
  discount_value: 1000,
  trx_discount_value: 500,
  drv_tax_value: 2000,
  drv_service_charge_value: 0,
  drv_additional_charge_value: 300,
  drv_grand_total: gross - 1500 + 2300,
});
const SETTLEMENT: SettlementData = {
  service_item_summary: [item(1, 'Haircut', 3, 150000)],
  retail_item_summary: [item(2, 'Shampoo 250ml', 2.5, 60000)],
  item_summary: [item(1, 'Haircut', 3, 150000), item(2, 'Shampoo 250ml', 2.5, 60000)],
  coupon_summary: [],
  top_up_deposit_summary: { trx_count: 1, drv_gross_total: 500000 },
  membership_summary: { trx_count: 0, drv_gross_total: 0 },
  account_receivable_summary: { trx_count: 2, drv_gross_total: 75000 },
  service_trx_summary: summary(450000),
  retail_trx_summary: summary(150000),
  trx_summary: summary(600000),
  payment_summary: [
    { payment_method_name: 'Cash', trx_count: 3, payment_after_change_sum: 400000 },
    { payment_method_name: 'QRIS', trx_count: 1, payment_after_change_sum: 201000 },
  ],
};
const HEADER = {
  brand: 'Serambi Salon',
  outlet: 'Kemang',
  cashier: 'Dewi',
  start: '2026-11-20 00:00:00',
  end: '2026-11-20 23:59:59',
};

describe('settlement printouts printed directly read as the paper on screen', () => {
  for (const split of [true, false])
    for (const scope of [null, 'Kemang: Dewi, Rina'])
      for (const paper of WIDTHS)
        it(`${split ? 'services/retail split' : 'one item list'}${scope ? ', by outlet' : ''}, ${paper}`, () => {
          const header = { ...HEADER, scope };
          const html = renderToStaticMarkup(
            <SettlementPaper
              data={SETTLEMENT}
              paper={paper}
              separators={SEP}
              split={split}
              header={header}
            />,
          );
          const printed = print(settlementDoc(SETTLEMENT, header, split, SEP), paper);
          expect(paperText(printed)).toBe(screenText(html));
          expect(kinds(printed)).toEqual(['cut']);
        });
});

const shift = (counted: number | null): ShiftRecord => ({
  local_shift_id: 's1',
  status: 'ended',
  pos_shift_id: 9,
  shift_start: '2026-11-20 08:00:00',
  shift_end: '2026-11-20 17:00:00',
  business_id: 1,
  business_user_id: 5,
  business_outlet_id: 2,
  outlet_id: 2,
  cash_start: 500000,
  cash_end_actual: counted,
  cash_end_expected: 1250000,
  cashier_name: 'Dewi',
  outlet_name: 'Kemang',
  expenses: [{ key: 'e1', expenseTitle: 'Galon air', expenseAmount: 20000 }] as ShiftRecord['expenses'],
  trxs: {
    total_amount: 900000,
    drvPaymentMethods: [
      { payment_method_name: 'Cash', table_name: 'cash', table_id: 1, trx_count: 4, trx_amount: 770000 },
      { payment_method_name: 'QRIS', table_name: 'pm', table_id: 3, trx_count: 1, trx_amount: 130000 },
      { payment_method_name: 'Debit', table_name: 'pm', table_id: 4, trx_count: 0, trx_amount: 0 },
    ],
  } as ShiftRecord['trxs'],
  isSynced: true,
  started_seq: 1,
  ended_seq: 2,
});

describe('the shift paper printed directly reads as the paper on screen', () => {
  for (const counted of [1240000, null])
    for (const paper of WIDTHS)
      it(`${counted === null ? 'not counted' : 'counted'}, ${paper}`, () => {
        const s = shift(counted);
        const html = renderToStaticMarkup(<ShiftPaper shift={s} paper={paper} separators={SEP} />);
        const printed = print(shiftDoc(shiftPaperData(s), SHIFT_PAPER_LABELS, SEP), paper);
        expect(paperText(printed)).toBe(screenText(html));
        expect(kinds(printed)).toEqual(['cut']);
      });
});
