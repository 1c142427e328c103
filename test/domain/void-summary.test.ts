// Issue 22 item 8: the void confirmation names the sale by its receipt number (short id) and its total.
import { describe, expect, it } from 'vitest';
import { voidConfirmSummary } from '../../src/domain/void-summary';

describe('voidConfirmSummary', () => {
  it("names the receipt number and the total in the brand's currency and separators", () => {
    const trx = { local_trx_id: '0b7c2f1e-1111-4aaa-9bbb-00000a2c5a5f', drv_grand_total: 60023 };
    expect(voidConfirmSummary(trx, 'IDR')).toBe('Transaksi #2C5A5F - Total IDR 60,023');
    expect(voidConfirmSummary(trx, 'Rp', { decimalSeparator: ',', thousandSeparator: '.' })).toBe(
      'Transaksi #2C5A5F - Total Rp 60.023',
    );
  });
});
