import type { ConfigData, SignHistoryEntry, UserData } from './model';

/** Session events (000 §4 sign-in / sign-out; 000 §3 flags). */
export interface SessionEventPayloads {
  /** Sign-in answered: tokens stored, pending_sign_in = 1 (sign-in step 2). */
  'session.signedIn': { user: UserData };
  /** Sign-in confirmed: pending_sign_in = 0, the sign history gains this cashier once (step 4). */
  'session.signInConfirmed': SignHistoryEntry;
  /** A configuration was (re)loaded; the tokens of the session are kept. */
  'session.configLoaded': { user: ConfigData; retrieve_time: string };
  /** The cashier chose an outlet (GET /cashier/config?outlet_id=N follows with configLoaded). */
  'session.outletChosen': { outlet_id: number };
  /** pending_sign_out = 1; settlement 0 is the soft sign-out of a cashier switch. */
  'session.signOutStarted': { settlement: 0 | 1 };
  /** The server accepted the sign-out: the session is over (local data is cleared after it). */
  'session.signOutCompleted': { settlement: 0 | 1 };
  /** HTTP 303: the session was ended by the server; signed_out = 1. */
  'session.forcedSignOut': Record<string, never>;
}

export const SESSION_EVENT_VERSIONS = {
  'session.signedIn': 1,
  'session.signInConfirmed': 1,
  'session.configLoaded': 1,
  'session.outletChosen': 1,
  'session.signOutStarted': 1,
  'session.signOutCompleted': 1,
  'session.forcedSignOut': 1,
} as const satisfies Record<keyof SessionEventPayloads, number>;
