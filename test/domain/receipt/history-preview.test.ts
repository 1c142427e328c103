// The history's receipt preview (002 §2.9) shows the lines' secret notes, sellers and workers whatever the
// print settings; the copy page (002 §2.10) and every printed receipt never show secret notes.
import { describe, expect, it } from 'vitest';
import { buildReceipt, copyReceiptMode, historyPreviewMode, receiptMode } from '../../../src/domain/receipt';
import { printConfig, sale } from './fixtures';

const withSecret = () => {
  const trx = sale();
  return {
    ...trx,
    details: trx.details.map((d, i) => (i === 0 ? { ...d, secret_notes: 'alergi lateks' } : d)),
  };
};
const text = (mode: ReturnType<typeof receiptMode>) =>
  JSON.stringify(
    buildReceipt(withSecret(), printConfig({ pos_print_worker: 0, pos_print_seller: 0 }), { mode }),
  );

describe('history preview', () => {
  it('shows secret notes and forces workers and sellers; no banner, no auto-print', () => {
    const mode = historyPreviewMode();
    expect(mode.forceWorkers && mode.secretNotes).toBe(true);
    expect(mode.autoPrint || mode.marksPrinted).toBe(false);
    expect(text(mode)).toContain('S. Notes: alergi lateks');
  });
  it('the copy page and the receipts keep secret notes off the paper', () => {
    expect(text(copyReceiptMode('DESKTOP'))).not.toContain('alergi lateks');
    expect(text(receiptMode('print'))).not.toContain('alergi lateks');
    expect(copyReceiptMode('DESKTOP').banner).toBe('THIS IS A COPY');
  });
});
