import type { PosTransaction } from '../domain/model';
import type { TransactionRecord } from '../events';

/** The row as the server gets it: the read model's index key is local only. */
export const postedTrx = (row: TransactionRecord): PosTransaction => {
  const { is_synced_key: _k, ...trx } = row;
  return trx;
};
