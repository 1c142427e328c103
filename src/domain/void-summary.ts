// What the void confirmation says of the sale (issue 22 item 8): its receipt number (the short id the
// receipt prints) and its total, so the cashier voids the sale meant.

import type { PosTransaction } from './model';
import { formatCurrency, type Separators } from './money';
import { VOID_OWN } from './texts/void';
import { shortId } from './transaction-labels';

/** 'Transaksi #A2C5A5 - Total IDR 60,023'. */
export const voidConfirmSummary = (
  trx: Pick<PosTransaction, 'local_trx_id' | 'drv_grand_total'>,
  currency: string | null | undefined,
  separators?: Separators,
): string =>
  VOID_OWN.which(
    shortId(trx.local_trx_id),
    formatCurrency(Number(trx.drv_grand_total ?? 0), currency || undefined, separators),
  );
