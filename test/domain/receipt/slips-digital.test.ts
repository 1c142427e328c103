import { describe, expect, it } from 'vitest';
import { validateReceiptPhone } from '../../../src/domain';
import {
  buildReceipt,
  copyReceiptMode,
  digitalChannels,
  digitalPrefill,
  publicReceiptMode,
  receiptMode,
  trxEditTitle,
  waAppLink,
  waWebLink,
} from '../../../src/domain/receipt';
import { printConfig, receiptLine, sale } from './fixtures';

describe('modifier rules', () => {
  it('auto-prints print, pre-settlement and order-preview only in DESKTOP or unset mode', () => {
    for (const m of ['print', 'pre-settlement', 'order-preview']) {
      expect(receiptMode(m, 'DESKTOP').autoPrint).toBe(true);
      expect(receiptMode(m, null).autoPrint).toBe(true);
      expect(receiptMode(m, 'TABLET').autoPrint).toBe(false);
    }
    for (const m of ['view', 'completed', 'order-preview-unprinted', 'anything'])
      expect(receiptMode(m, 'DESKTOP').autoPrint).toBe(false);
  });

  it('only the legitimate receipt has order slips, deposit balance and the TABLET buttons', () => {
    expect(receiptMode('print', 'TABLET')).toMatchObject({
      kind: 'legitimate',
      orderSlips: true,
      depositBalance: true,
      tabletButtons: true,
    });
    expect(receiptMode('print', 'DESKTOP').tabletButtons).toBe(false);
    for (const m of ['view', 'completed', 'pre-settlement', 'order-preview'])
      expect(receiptMode(m, 'TABLET')).toMatchObject({
        orderSlips: false,
        depositBalance: false,
        tabletButtons: false,
      });
  });

  it('printing marks lines printed on the cashier pages, never on copies, views or the public page', () => {
    expect(
      ['print', 'pre-settlement', 'order-preview', 'order-preview-unprinted'].map(
        (m) => receiptMode(m).marksPrinted,
      ),
    ).toEqual([true, true, true, true]);
    expect(receiptMode('completed').marksPrinted).toBe(false);
    expect(receiptMode('view').marksPrinted).toBe(false);
    expect(publicReceiptMode().marksPrinted).toBe(false);
  });

  it('the copy page auto-prints in DESKTOP; post-edit is editable and shows workers', () => {
    expect(copyReceiptMode('DESKTOP')).toMatchObject({ banner: 'THIS IS A COPY', autoPrint: true });
    expect(copyReceiptMode('TABLET').autoPrint).toBe(false);
    expect(receiptMode('post-edit')).toMatchObject({ editable: true, forceWorkers: true, autoPrint: false });
  });

  it("titles the edit page 'Edit Transaksi #' + short id + ' / ' + end time", () => {
    expect(trxEditTitle('BC123F', '2026-11-20 10:45:00')).toBe(
      'Edit Transaksi #BC123F / 2026-11-20 10:45:00',
    );
  });
});

describe('order detail page', () => {
  it('groups by order_print_out_section categories; unclaimed lines under Lainnya; no prices', () => {
    const r = buildReceipt(sale(), printConfig(), { mode: receiptMode('print') });
    expect(r.slips.map((g) => [g.title, g.items.map((i) => i.name)])).toEqual([
      ['Rambut', ['Haircut']],
      ['Kuku', ['Manicure']],
      ['Lainnya', ['Shampoo 250ml']],
    ]);
    expect(r.slips.flatMap((g) => g.items).every((i) => i.amount === null)).toBe(true);
  });

  it('groups by WORKER: a line with two workers is on both slips', () => {
    const r = buildReceipt(sale(), printConfig({ pos_print_order_detail_type: 'WORKER' }), {
      mode: receiptMode('print'),
    });
    expect(r.slips.map((g) => [g.title, g.items.map((i) => i.name)])).toEqual([
      ['Ani Wijaya', ['Haircut', 'Manicure']],
      ['Budi Santoso', ['Manicure']],
      ['Lainnya', ['Shampoo 250ml']],
    ]);
  });

  it('prints no order detail without pos_print_order_detail', () => {
    expect(
      buildReceipt(sale(), printConfig({ pos_print_order_detail: 0 }), { mode: receiptMode('print') }).slips,
    ).toEqual([]);
  });

  it('package workers count for the WORKER slips', () => {
    const pkg = sale({
      details: [
        receiptLine(1, {
          name: 'Paket Cantik',
          extra: {
            pos_item_package_details: [
              {
                item_name: 'Creambath',
                qty: 1,
                business_commission_worker: { business_commission_worker_id: 3, firstname: 'Citra' },
              },
            ],
          },
        }),
      ],
    });
    const r = buildReceipt(pkg, printConfig({ pos_print_order_detail_type: 'WORKER' }), {
      mode: receiptMode('print'),
    });
    expect(r.slips.map((g) => g.title)).toEqual(['Citra']);
    expect(r.sections[0].items[0].packages).toEqual(['--- x1 Creambath (By Citra)']);
  });
});

describe('digital receipt inputs', () => {
  it('SMS only with is_sms_receipt = 1; WA Web only in DESKTOP', () => {
    expect(digitalChannels({ is_sms_receipt: 1 }, 'DESKTOP')).toEqual(['sms', 'waWeb', 'waApp', 'email']);
    expect(digitalChannels({ is_sms_receipt: 0 }, 'TABLET')).toEqual(['waApp', 'email']);
    expect(digitalChannels({}, undefined)).toEqual(['waWeb', 'waApp', 'email']);
  });

  it('pre-fills the phone from a phone identifier and the e-mail from user_email_notification', () => {
    expect(
      digitalPrefill({
        user_identifier_type: 'phone',
        user_identifier_string: '08123',
        user_email_notification: 'a@b.c',
      }),
    ).toEqual({ phone: '08123', email: 'a@b.c' });
    expect(
      digitalPrefill({ user_identifier_type: 'qr', user_identifier_string: 'QR1', user_phone: '0812' }),
    ).toEqual({
      phone: '0812',
      email: '',
    });
    expect(digitalPrefill(null)).toEqual({ phone: '', email: '' });
  });

  it.each([
    ['+6281234567890', '081234567890'],
    ['6281234567890', '081234567890'],
    ['+62 812-3456-7890', '081234567890'],
    ['081234567890', '081234567890'],
  ])(
    "pre-fills a phone identifier %s as the field's digits %s (000 §5), which the field accepts",
    (id, phone) => {
      const prefill = digitalPrefill({ user_identifier_type: 'phone', user_identifier_string: id });
      expect(prefill.phone).toBe(phone);
      expect(validateReceiptPhone(prefill.phone)).toBeNull();
      // ruling 9 gives the same number back for the messaging links
      expect(waAppLink(prefill.phone, 'm')).toBe('whatsapp://send?phone=6281234567890&text=m');
    },
  );

  it.each([
    ['081234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
  ])('WA links normalise %s to %s (ruling 9)', (input, expected) => {
    expect(waWebLink(input, 'Struk: https://x/r/1')).toBe(
      `https://web.whatsapp.com/send?phone=${expected}&text=Struk%3A%20https%3A%2F%2Fx%2Fr%2F1`,
    );
    expect(waAppLink(input, 'hi')).toBe(`whatsapp://send?phone=${expected}&text=hi`);
  });
});
