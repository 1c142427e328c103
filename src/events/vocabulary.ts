import {
  APPOINTMENT_EVENT_VERSIONS,
  APPOINTMENT_STRICT_EVENT_TYPES,
  type AppointmentEventPayloads,
} from './appointment';
import { DEVICE_EVENT_VERSIONS, type DeviceEventPayloads } from './device';
import { LOYALTY_EVENT_VERSIONS, LOYALTY_STRICT_EVENT_TYPES, type LoyaltyEventPayloads } from './loyalty';
import { REGISTRATION_EVENT_VERSIONS, type RegistrationEventPayloads } from './registration';
import { SESSION_EVENT_VERSIONS, type SessionEventPayloads } from './session';
import { SHIFT_EVENT_VERSIONS, SHIFT_STRICT_EVENT_TYPES, type ShiftEventPayloads } from './shift';
import { TRX_EVENT_VERSIONS, TRX_STRICT_EVENT_TYPES, type TrxEventPayloads } from './trx';

/**
 * The vocabulary: every event type and its current payload. Types are past tense and
 * dot-namespaced. To add a namespace (trx.*, shift.* …): write its payload interface and its
 * versions next to session.ts, then join both here. A payload shape change bumps the version
 * and adds an upcaster (upcasters.ts); stored events are never rewritten.
 */
export interface EventPayloads
  extends SessionEventPayloads,
    DeviceEventPayloads,
    TrxEventPayloads,
    ShiftEventPayloads,
    LoyaltyEventPayloads,
    AppointmentEventPayloads,
    RegistrationEventPayloads {}

export type EventType = keyof EventPayloads;

/** The current version of each event type. */
export type EventVersions = Readonly<Record<string, number>>;

export const EVENT_VERSIONS = {
  ...SESSION_EVENT_VERSIONS,
  ...DEVICE_EVENT_VERSIONS,
  ...TRX_EVENT_VERSIONS,
  ...SHIFT_EVENT_VERSIONS,
  ...LOYALTY_EVENT_VERSIONS,
  ...APPOINTMENT_EVENT_VERSIONS,
  ...REGISTRATION_EVENT_VERSIONS,
} as const satisfies Record<EventType, number>;

/**
 * Types that always commit with strict durability (money-critical: submit, payment, void).
 * The cashier issue adds its trx.* types here.
 */
export const STRICT_EVENT_TYPES: ReadonlySet<string> = new Set<string>([
  ...TRX_STRICT_EVENT_TYPES,
  ...SHIFT_STRICT_EVENT_TYPES,
  ...LOYALTY_STRICT_EVENT_TYPES,
  ...APPOINTMENT_STRICT_EVENT_TYPES,
]);

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_VERSIONS, type);
}
