import type { SessionRecord, StoredEvent, UserData } from '../events';
import type { Projection } from './projection';

export const SESSION_DEFAULTS: SessionRecord = {
  id: 'current',
  user: null,
  pending_sign_in: 0,
  pending_sign_out: 0,
  signed_out: 0,
  has_done_inventory_consumption: 0,
};

/** The session's tokens survive a configuration load (the config answer has none). */
function keepTokens(from: UserData, into: UserData): UserData {
  const out = { ...into };
  if (from.client_key !== undefined) out.client_key = from.client_key;
  if (from.login_token !== undefined) out.login_token = from.login_token;
  return out;
}

/** (session, event) → session. Session events and the inventory flag of 000 §3. */
export function reduceSession(state: SessionRecord, event: StoredEvent): SessionRecord {
  switch (event.type) {
    case 'session.signedIn':
      return { ...state, user: event.payload.user, pending_sign_in: 1, pending_sign_out: 0, signed_out: 0 };
    case 'session.signInConfirmed':
      return { ...state, pending_sign_in: 0 };
    case 'session.configLoaded': {
      if (!state.user) return state;
      const user = keepTokens(state.user, {
        ...event.payload.user,
        retrieve_time: event.payload.retrieve_time,
      });
      return { ...state, user };
    }
    case 'session.outletChosen':
      if (!state.user) return state;
      return { ...state, user: { ...state.user, outlet_id: event.payload.outlet_id } };
    case 'session.signOutStarted':
      return { ...state, pending_sign_out: 1 };
    // Both end the session; signed_out tells a reloaded page the session ended.
    case 'session.signOutCompleted':
    case 'session.forcedSignOut':
      return { ...state, user: null, pending_sign_in: 0, pending_sign_out: 0, signed_out: 1 };
    case 'inventory.consumptionDone':
      return { ...state, has_done_inventory_consumption: 1 };
    default:
      return state;
  }
}

export const sessionProjection: Projection<SessionRecord, 'current'> = {
  table: 'session',
  keyOf: (row) => row.id,
  keysOf: (event) =>
    event.type.startsWith('session.') || event.type === 'inventory.consumptionDone' ? ['current'] : [],
  reduce: (row, event) => reduceSession(row ?? SESSION_DEFAULTS, event),
};
