import type { RawEvent, StoredEvent } from './envelope';
import { EVENT_VERSIONS, type EventVersions } from './vocabulary';

/** Turns the payload of version v into the payload of version v + 1. Pure. */
export type Upcaster = (payload: unknown) => unknown;

/** type → from-version → upcaster to the next version. */
export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/**
 * The application's upcasters. Empty while every type is at version 1; when a payload changes,
 * bump EVENT_VERSIONS[type] and add `'<type>': { <old v>: (p) => newShape }` here.
 */
export const UPCASTERS: UpcasterRegistry = {};

export class EventVersionError extends Error {
  override name = 'EventVersionError';
}

/**
 * Brings a stored event up to the current version of its type. Refuses unknown types and
 * versions newer than this build (a log written by a newer app), rather than guessing.
 */
export function upcast(
  raw: RawEvent,
  upcasters: UpcasterRegistry = UPCASTERS,
  versions: EventVersions = EVENT_VERSIONS,
): StoredEvent {
  const current = Object.hasOwn(versions, raw.type) ? versions[raw.type] : undefined;
  if (current === undefined) throw new EventVersionError(`Unknown event type ${raw.type} (seq ${raw.seq})`);
  if (raw.v > current) {
    throw new EventVersionError(`${raw.type} v${raw.v} is newer than this app (v${current})`);
  }
  let payload = raw.payload;
  for (let v = raw.v; v < current; v++) {
    const step = upcasters[raw.type]?.[v];
    if (!step) throw new EventVersionError(`No upcaster for ${raw.type} v${v} → v${v + 1}`);
    payload = step(payload);
  }
  // The type is known and the payload is at its current version: the vocabulary's shape.
  return { ...raw, v: current, payload } as StoredEvent;
}
