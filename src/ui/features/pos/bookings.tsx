// The appointments booked against commission workers (000 §3 "Appointment (link to POS)", §4 "Worker
// display status"): the appointment.trxLoaded events of the sign-in, folded to the latest per
// appointment and kept while the device still holds the appointment's transaction as one (status 1).
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useRef } from 'react';
import { datePart, formatLocalTimestamp, type Now } from '../../../domain';
import type { AppointmentLink, SerambiDb } from '../../../events';

/** What the worker label needs of one appointment; the date when the appointment carries one. */
export interface AppointmentBooking {
  local_appointment_id: string;
  business_commission_worker_id: number;
  /** As loaded: 'YYYY-MM-DD HH:mm[:ss]', or a bare 'HH:mm[:ss]' with the day in appointment_date. */
  start_time: string;
  appointment_date: string | null;
}

const workerIdOf = (value: unknown): number | null => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The bookings of the loaded appointments, in load order: a reload replaces an appointment's earlier
 * load; one whose transaction is no longer an appointment here (checked out, deleted) books nothing.
 */
export function foldBookings(
  loads: readonly AppointmentLink[],
  heldAppointmentIds: ReadonlySet<string>,
): AppointmentBooking[] {
  const latest = new Map<string, AppointmentLink>();
  for (const link of loads) latest.set(link.local_appointment_id, link);
  const out: AppointmentBooking[] = [];
  for (const [id, link] of latest) {
    const worker = workerIdOf(link.business_commission_worker_id);
    if (worker === null || !heldAppointmentIds.has(id) || !link.start_time) continue;
    const date = link.appointment_date;
    out.push({
      local_appointment_id: id,
      business_commission_worker_id: worker,
      start_time: link.start_time,
      appointment_date: typeof date === 'string' ? datePart(date) : null,
    });
  }
  return out;
}

const BARE_TIME = /^\d{1,2}:\d{2}(:\d{2})?$/;

/**
 * The bookings as workerDisplayStatus reads them: a full local start time. A bare time is on the
 * appointment's date, else today (docs/decisions.md); a start time that reads as neither is left out.
 */
export function bookingsAt(
  bookings: readonly AppointmentBooking[],
  now: Now,
): { business_commission_worker_id: number; start_time: string }[] {
  const today = formatLocalTimestamp(now).slice(0, 10);
  return bookings.flatMap((b) => {
    const time = b.start_time.trim();
    const start = BARE_TIME.test(time) ? `${b.appointment_date ?? today} ${time}` : time;
    try {
      formatLocalTimestamp(start);
    } catch {
      return [];
    }
    return [{ business_commission_worker_id: b.business_commission_worker_id, start_time: start }];
  });
}

/** The device's bookings: the appointment loads in the log and the appointment transactions held. */
export async function readBookings(db: SerambiDb): Promise<AppointmentBooking[]> {
  const [loads, held] = await Promise.all([
    // a save on this device (a new appointment, a moved one) books as the sign-in's load does
    db.events.where('type').anyOf(['appointment.trxLoaded', 'appointment.saved']).sortBy('seq'),
    db.transactions.where('trx_status_id').equals(1).toArray(),
  ]);
  const heldIds = new Set(held.flatMap((t) => (t.local_appointment_id ? [t.local_appointment_id] : [])));
  return foldBookings(
    loads.map((e) =>
      e.type === 'appointment.saved'
        ? ({ ...(e.payload as { appointment: object }).appointment, pos_trx: null } as AppointmentLink)
        : (e.payload as AppointmentLink),
    ),
    heldIds,
  );
}

/** null: no cashier page (previews, tests): nobody is booked. */
const BookingsContext = createContext<readonly AppointmentBooking[] | null>(null);
export const BookingsProvider = BookingsContext.Provider;

const NONE: readonly AppointmentBooking[] = [];

export function useBookings(): readonly AppointmentBooking[] {
  return useContext(BookingsContext) ?? NONE;
}

/**
 * The page's live read of the bookings; the same array while they do not change (an appointment
 * transaction's cart edit re-runs the query but changes no booking).
 */
export function useLiveBookings(db: SerambiDb): readonly AppointmentBooking[] {
  const read = useLiveQuery(() => readBookings(db), [db]);
  const last = useRef<{ key: string; value: readonly AppointmentBooking[] }>({ key: '[]', value: NONE });
  if (read) {
    const key = JSON.stringify(read);
    if (key !== last.current.key) last.current = { key, value: read };
  }
  return last.current.value;
}
