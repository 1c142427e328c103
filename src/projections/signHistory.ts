import type { SignHistoryRecord, StoredEvent } from '../events';
import type { Projection } from './projection';

/** (history, event) → history: a confirmed sign-in adds its cashier once, in order of first sign-in. */
export function reduceSignHistory(
  state: readonly SignHistoryRecord[],
  event: StoredEvent,
): readonly SignHistoryRecord[] {
  if (event.type !== 'session.signInConfirmed') return state;
  const { business_user_id, cashier_name } = event.payload;
  if (state.some((e) => e.business_user_id === business_user_id)) return state;
  return [...state, { business_user_id, cashier_name, added_seq: event.seq }];
}

export const signHistoryProjection: Projection<SignHistoryRecord, number> = {
  table: 'signHistory',
  keyOf: (row) => row.business_user_id,
  keysOf: (event) => (event.type === 'session.signInConfirmed' ? [event.payload.business_user_id] : []),
  reduce: (row, event) => reduceSignHistory(row ? [row] : [], event)[0],
};
