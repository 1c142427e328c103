import type { SessionCreateRequest } from '../api/contract/registration';

/**
 * The registration queue on the device (001 §2.11, issue 26): a registration or a status change is saved on
 * the log first (shown at once, offline too) and sent by the sync, exactly once (the server keys them by
 * local_session_id and local_change_id). An answer is recorded as sent; what the server refused or found
 * changed meanwhile is recorded as a conflict, shown to the user until they have seen it — never dropped.
 */
export interface PendingRegistration extends SessionCreateRequest {
  /** The outlet the registration was made at (the queue it belongs to). */
  business_outlet_id: number | null;
  phone_local: string | null;
}

export interface PendingStatusChange {
  local_change_id: string;
  /** The server's id, or null for a registration not sent yet (then local_session_id names it). */
  user_business_session_id: number | null;
  local_session_id: string | null;
  status: string;
  /** The status the device showed when the change was made. */
  status_before: string;
  action_date: string;
  user_name: string;
  nomor_urut: number;
  business_outlet_id: number | null;
}

export interface RegistrationEventPayloads {
  'registration.saved': { session: PendingRegistration };
  'registration.statusChanged': { change: PendingStatusChange };
  /** The server stored it (local_id: a local_session_id or a local_change_id). */
  'registration.sent': { local_id: string; user_business_session_id: number; nomor_urut: number };
  /** Something the user must see about what was sent (or refused) — shown until seen. */
  'registration.conflict': { local_id: string; message: string; settled: boolean };
  'registration.conflictSeen': { local_id: string };
}

export const REGISTRATION_EVENT_VERSIONS = {
  'registration.saved': 1,
  'registration.statusChanged': 1,
  'registration.sent': 1,
  'registration.conflict': 1,
  'registration.conflictSeen': 1,
} as const satisfies Record<keyof RegistrationEventPayloads, number>;
