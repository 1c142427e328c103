import { deviceProjection } from './device';
import type { AnyProjection } from './projection';
import { sessionProjection } from './session';
import { shiftsProjection } from './shifts';
import { signHistoryProjection } from './signHistory';
import { transactionsProjection } from './transactions';
import { deletedTrxsProjection } from './trx-deleted';

/** Every projection of the app, one per read-model table. */
export const PROJECTIONS: readonly AnyProjection[] = [
  sessionProjection,
  deviceProjection,
  signHistoryProjection,
  transactionsProjection,
  deletedTrxsProjection,
  shiftsProjection,
];
