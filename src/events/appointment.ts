import type { AppointmentSaveRequest } from '../api/contract/appointment';

/** An appointment as this device saved it: what the server is sent, plus the tags' names to show. */
export type LocalAppointment = AppointmentSaveRequest & {
  tag_names?: { pos_tag_id: number; pos_tag_name: string }[];
};

/**
 * Appointments kept on the device (001 §2.12–2.13; issue 26 offline): each save or delete is an event here
 * first, shown at once; the sync (or the form, online) sends what waits, in order, and records the answer.
 * `version` counts the appointment's saves and deletes: what was sent or refused up to that count no longer
 * waits, so each change is sent exactly once. A conflict (the slot was taken meanwhile) is kept and shown
 * with both bookings until the user settles it (`appointment.dismissed`), never dropped.
 */
export interface AppointmentEventPayloads {
  'appointment.saved': { appointment: LocalAppointment; is_new: boolean };
  'appointment.deleted': { local_appointment_id: string };
  'appointment.sent': { local_appointment_id: string; version: number };
  'appointment.conflicted': { local_appointment_id: string; version: number; message: string };
  'appointment.dismissed': { local_appointment_id: string };
}

export const APPOINTMENT_EVENT_VERSIONS = {
  'appointment.saved': 1,
  'appointment.deleted': 1,
  'appointment.sent': 1,
  'appointment.conflicted': 1,
  'appointment.dismissed': 1,
} as const satisfies Record<keyof AppointmentEventPayloads, number>;

/** A booking the customer was promised: strict. */
export const APPOINTMENT_STRICT_EVENT_TYPES = [
  'appointment.saved',
  'appointment.deleted',
  'appointment.sent',
  'appointment.conflicted',
] as const satisfies readonly (keyof AppointmentEventPayloads)[];
