import { v4 as uuidV4, v7 as uuidV7 } from 'uuid';
import type { ChainLink } from './chain';
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
  /** Its place in the device's hash chain (issue 15); absent on events logged before the chain. */
  chain?: ChainLink;
}

export interface EventMeta {
  actor: Actor;
  /** Defaults to now. */
  at?: string | Date;
  trxId?: string;
  /** Defaults to a fresh time-ordered uuid (eventId). */
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
    id: meta.id ?? eventId(),
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
 * A random (version 4) uuid, the form the specification's ids take: local_trx_id, local_trx_detail_id,
 * local_payment_id. The uuid package draws on crypto.getRandomValues when crypto.randomUUID is missing
 * (a till on plain http over the LAN is not a secure context).
 */
export const uuid = (): string => uuidV4();

/** A time-ordered (version 7) uuid: event ids sort by when they were made. */
export const eventId = (): string => uuidV7();
