import { EVENT_VERSIONS, type EventPayloads, type EventType } from './vocabulary';

/** Who caused an event: the signed-in cashier's business_user_id, or the device itself. */
export type Actor = number | 'device';

/** An event of one type, before the log gives it a seq. */
export interface EventOf<T extends EventType> {
  id: string;
  type: T;
  v: number;
  /** ISO 8601 time of the event on the device. */
  at: string;
  actor: Actor;
  /** local_trx_id of the transaction the event concerns, when it concerns one. */
  trxId?: string;
  payload: EventPayloads[T];
}

/** Any event of the vocabulary, not yet stored (a union: switch on `type` to narrow). */
export type NewEvent = { [T in EventType]: EventOf<T> }[EventType];

/** Any event of the vocabulary as read back from the log, upcast to its current version. */
export type StoredEvent = { [T in EventType]: EventOf<T> & { seq: number } }[EventType];

/** An event exactly as the log holds it: possibly an older version, possibly unknown type. */
export interface RawEvent {
  seq: number;
  id: string;
  type: string;
  v: number;
  at: string;
  actor: Actor;
  trxId?: string;
  payload: unknown;
}

export interface EventMeta {
  actor: Actor;
  /** Defaults to now. */
  at?: string | Date;
  trxId?: string;
  /** Defaults to a fresh uuid. */
  id?: string;
}

/** Builds an event of the current version of its type. */
export function makeEvent<T extends EventType>(
  type: T,
  payload: EventPayloads[T],
  meta: EventMeta,
): EventOf<T> {
  const at = meta.at === undefined ? new Date() : meta.at;
  const event: EventOf<T> = {
    id: meta.id ?? uuid(),
    type,
    v: EVENT_VERSIONS[type],
    at: typeof at === 'string' ? at : at.toISOString(),
    actor: meta.actor,
    payload,
  };
  if (meta.trxId !== undefined) event.trxId = meta.trxId;
  return event;
}

/**
 * RFC 4122 version 4 uuid. crypto.randomUUID exists only in secure contexts (a till on plain
 * http over the LAN is not one), so fall back to getRandomValues, which exists everywhere.
 */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function' && (globalThis.isSecureContext ?? true)) {
    return crypto.randomUUID();
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
