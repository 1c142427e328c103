import { z } from 'zod';

/** An appointment as GET cashier/appointment answers it (000 §3 "Appointment (link to POS)"). */
export const customerAppointment = z.looseObject({
  local_appointment_id: z.string(),
  business_commission_worker_id: z.number().nullable(),
  start_time: z.string().nullable(),
  /** The day of start_time ('YYYY-MM-DD'), which the server sends apart from the bare time. */
  appointment_date: z.string().nullable().optional(),
  pos_trx: z.looseObject({ local_trx_id: z.string() }).nullable(),
});
export type CustomerAppointment = z.infer<typeof customerAppointment>;

/** GET cashier/appointment. */
export const appointmentListResponse = z.object({ customer_appointments: z.array(customerAppointment) });
export type AppointmentListResponse = z.infer<typeof appointmentListResponse>;

/** A tag as an appointment is read with it (001 §3). */
export const appointmentTag = z.looseObject({ pos_tag_id: z.number(), pos_tag_name: z.string() });

/** An appointment as the calendar reads it (001 §3 'Appointment'): its tags named, pos_trx or null. */
export const appointmentRecord = z.looseObject({
  local_appointment_id: z.string(),
  user_code: z.string().nullable(),
  user_name: z.string().nullable(),
  pos_salesType_id: z.number().nullable(),
  business_commission_worker_id: z.number().nullable(),
  appointment_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  appointment_notes: z.string().nullable(),
  pos_local_trx_id: z.string().nullable(),
  pos_trx: z.looseObject({ local_trx_id: z.string() }).nullable(),
  tags: z.array(appointmentTag),
});
export type AppointmentRecord = z.infer<typeof appointmentRecord>;

const shortText = (max: number) => z.string().max(max);
const id = z.number().int().positive().max(2_147_483_647);

/**
 * POST / PUT {appointment} (001 §7): what the device sends. Who and where come from the session; the
 * worker, sales type and tags must be the outlet's; the date a real day; end after start.
 */
export const appointmentSaveRequest = z.object({
  local_appointment_id: z.string().min(1).max(64),
  user_code: shortText(64).nullable().optional(),
  user_name: shortText(200).nullable().optional(),
  pos_salesType_id: id,
  business_commission_worker_id: id,
  appointment_date: z.string().max(10),
  start_time: z.string().max(8),
  end_time: z.string().max(8),
  appointment_notes: shortText(2000).nullable().optional(),
  pos_local_trx_id: z.string().max(64).nullable().optional(),
  pos_trx: z
    .looseObject({ local_trx_id: z.string().max(64) })
    .nullable()
    .optional(),
  tags: z.array(id).max(50).optional(),
});
export type AppointmentSaveRequest = z.infer<typeof appointmentSaveRequest>;

/** GET {appointments}?start_date=&end_date= (one day, 001 §7). */
export const appointmentDayQuery = z.object({ start_date: z.string().max(10), end_date: z.string().max(10) });

export const appointmentDayResponse = z.object({ customer_appointments: z.array(appointmentRecord) });
export type AppointmentDayResponse = z.infer<typeof appointmentDayResponse>;

/** POST / PUT answer. */
export const appointmentSaveResponse = z.object({ appointment: appointmentRecord });

/** The paths: {appointment} and {appointments} of 001 §7 are ours (the spec names neither). */
export const APPOINTMENT_PATHS = {
  /** GET: the outlet's open appointments with pos_trx (sign-in); POST create, PUT update. */
  appointment: 'cashier/appointment',
  /** GET ?start_date=&end_date= (a day); DELETE /{local_appointment_id}. */
  appointments: 'cashier/appointments',
} as const;
