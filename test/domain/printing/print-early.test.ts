// Issue 29 "Speed" and "out of paper": the receipt prints from the device's own record as soon as the sale
// is stored unless it prints figures of the server's answer, and the paper sensor's answer byte is read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAPER_STATUS_QUERY, readPaperStatus } from '../../../src/domain/printing';
import { buildReceipt, receiptAwaitsServerAnswer, receiptMode } from '../../../src/domain/receipt';
import { printConfig, sale } from '../receipt/fixtures';

describe('paper sensor (DLE EOT 4)', () => {
  it('asks with DLE EOT 4 and reads the roll from the answer byte', () => {
    expect(PAPER_STATUS_QUERY).toEqual([0x10, 0x04, 0x04]);
    expect(readPaperStatus(0x12)).toBe('ok');
    expect(readPaperStatus(0x1e)).toBe('near-end');
    expect(readPaperStatus(0x72)).toBe('end');
    expect(readPaperStatus(0x7e)).toBe('end');
    // not an answer to DLE EOT 4: fixed bits wrong, or not a byte
    for (const b of [0x00, 0x13, 0x92, 0x10, 0x02, 256, -1, 1.5]) expect(readPaperStatus(b)).toBeNull();
  });

  it('every answer byte: the roll has run out exactly when bit 5 or 6 is set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (b) => {
        const s = readPaperStatus(b);
        if ((b & 0x93) !== 0x12) return s === null;
        return (
          (s === 'end') === ((b & 0x60) !== 0) &&
          (s === 'near-end') === ((b & 0x60) === 0 && (b & 0x0c) !== 0)
        );
      }),
    );
  });
});

const cash = {
  local_payment_id: 'p1',
  payment_type: 'NORMAL' as const,
  payment_amount: 400000,
  payment_method: { payment_method_name: 'Cash', table_name: 'cash', table_id: 1 },
};
const deposit = { ...cash, local_payment_id: 'p2', payment_type: 'DEPOSIT' as const };

/** What the server's answer adds to a stored sale (000 §4). */
const answer = fc.record({
  deposit_balance: fc.integer({ min: 0, max: 5_000_000 }),
  top_up_deposit_rewards: fc.record({
    deposit_reward_amount: fc.integer({ min: 0, max: 100_000 }),
    coupon_reward_amount: fc.integer({ min: 0, max: 3 }),
    point_reward_amount: fc.integer({ min: 0, max: 500 }),
    point_reward_name: fc.constantFrom('Poin', 'Bintang'),
  }),
  membership_period: fc.constant({ start_date: '2026-11-20', end_date: '2027-05-20' }),
});

const text = (m: ReturnType<typeof buildReceipt>) => JSON.stringify(m);

describe('printing before the server answers', () => {
  it('a plain sale prints at once; a membership, a top-up and a printed deposit balance wait', () => {
    const config = printConfig();
    expect(receiptAwaitsServerAnswer(sale(), config)).toBe(false);
    expect(receiptAwaitsServerAnswer(sale({ trx_type: 'MEMBERSHIP_SALES' }), config)).toBe(true);
    expect(receiptAwaitsServerAnswer(sale({ trx_type: 'TOP_UP_DEPOSIT' }), config)).toBe(true);
    expect(receiptAwaitsServerAnswer(sale({ payments: [cash, deposit] }), config)).toBe(true);
    expect(
      receiptAwaitsServerAnswer(
        sale({ payments: [cash, deposit] }),
        printConfig({ print_deposit_balance_on_receipt: 0 }),
      ),
    ).toBe(false);
  });

  it('whenever it does not wait, the early receipt is the receipt the answer would have printed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('NORMAL', 'MEMBERSHIP_SALES', 'TOP_UP_DEPOSIT'),
        fc.boolean(),
        fc.constantFrom(0, 1),
        answer,
        (trx_type, paidByDeposit, printBalance, ans) => {
          const stored = sale({
            trx_type: trx_type as 'NORMAL',
            payments: paidByDeposit ? [cash, deposit] : [cash],
          });
          const config = printConfig({ print_deposit_balance_on_receipt: printBalance });
          if (receiptAwaitsServerAnswer(stored, config)) return true;
          const mode = receiptMode('print');
          const early = buildReceipt(stored, config, { mode });
          const late = buildReceipt({ ...stored, ...ans } as typeof stored, config, { mode });
          return text(early) === text(late);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the cash drawer (ESC p) on a completed sale', () => {
  it('opens when the device says so and the sale has a cash payment; never for a sale paid otherwise', async () => {
    const { opensDrawer } = await import('../../../src/ui/features/pos/CompletionPrint');
    const cash = sale();
    const card = sale({
      payments: [
        {
          local_payment_id: 'p1',
          payment_type: 'NORMAL',
          payment_amount: 400000,
          payment_method: { payment_method_name: 'Debit BCA', table_name: 'edc', table_id: 3 },
        },
      ],
    });
    const split = sale({ payments: [...card.payments, ...cash.payments] });
    expect(opensDrawer(cash, true)).toBe(true);
    expect(opensDrawer(split, true)).toBe(true);
    expect(opensDrawer(card, true)).toBe(false);
    expect(opensDrawer(cash, false)).toBe(false);
  });
});
