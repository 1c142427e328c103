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
