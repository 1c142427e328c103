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

/**
 * The reducers' version (issue 28): bump it whenever a reducer above (or a read-model row's shape) changes, so a
 * stored snapshot of the read models made by the older reducers is ignored and the next rebuild replays the
 * whole log.
 */
export const PROJECTIONS_VERSION = 1;
