// The appointment calls (001 §7; issue 26): the day's list, create, update, delete.
import {
  APPOINTMENT_PATHS,
  type AppointmentRecord,
  type AppointmentSaveRequest,
  appointmentDayResponse,
  appointmentSaveResponse,
} from './contract/appointment';
import type { ApiClient } from './http';

export interface AppointmentApi {
  /** GET {appointments}?start_date={date}&end_date={same date}. */
  day(date: string): Promise<AppointmentRecord[]>;
  /** POST (create) or PUT (update) {appointment}. */
  save(appointment: AppointmentSaveRequest, mode: 'create' | 'update'): Promise<AppointmentRecord>;
  /** DELETE {appointments}/{local_appointment_id}. */
  remove(local_appointment_id: string): Promise<void>;
}

export function createAppointmentApi(client: ApiClient): AppointmentApi {
  return {
    day: async (date) =>
      (
        await client.request({
          method: 'GET',
          path: APPOINTMENT_PATHS.appointments,
          query: { start_date: date, end_date: date },
          schema: appointmentDayResponse,
        })
      ).customer_appointments,
    save: async (appointment, mode) =>
      (
        await client.request({
          method: mode === 'create' ? 'POST' : 'PUT',
          path: APPOINTMENT_PATHS.appointment,
          body: appointment,
          schema: appointmentSaveResponse,
        })
      ).appointment,
    remove: async (local_appointment_id) => {
      await client.request({
        method: 'DELETE',
        path: `${APPOINTMENT_PATHS.appointments}/${encodeURIComponent(local_appointment_id)}`,
      });
    },
  };
}
