// Issue 22 item 7: the today-by-outlet settlement printout names the outlet and covers every cashier; the
// others name the signed-in cashier.
import { describe, expect, it } from 'vitest';
import { settlementScope } from '../../src/domain/settlement';

describe('settlementScope', () => {
  const names = { outlet: 'Serambi Salon Kemang', cashier: 'Dewi Anggraini' };

  it('today-by-outlet: the outlet named, every cashier', () => {
    expect(settlementScope('today-by-outlet', names)).toEqual({
      scope: 'SELURUH KASIR - Serambi Salon Kemang',
      cashier: 'Semua kasir',
    });
  });

  it('today and signed-in: the signed-in cashier, no scope line', () => {
    for (const type of ['today', 'signed-in', 'anything'])
      expect(settlementScope(type, names)).toEqual({ scope: null, cashier: 'Dewi Anggraini' });
  });
});
