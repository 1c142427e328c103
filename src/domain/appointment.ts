// Appointments (001 §2.12, §2.13, §3 'Appointment', §5 'Appointment save', §9 timeline constants): the pure
// rules the calendar, the form and the server share. Times are wall-clock 'HH:mm' on the appointment's day.

/** 001 §9: hours 0–23, 15-minute slots, 2 px per minute (hour cell 121 px: 120 + its 1 px border). */
export const APPOINTMENT_TIMELINE = {
  firstHour: 0,
  lastHour: 23,
  slotMinutes: 15,
  pxPerMinute: 2,
  hourCellPx: 121,
  autoScrollMs: 1000,
  quickDurations: [30, 60, 90, 120] as const,
  defaultDurationMinutes: 60,
  guestName: 'Guest',
  trxStatusId: 1,
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight of an 'HH:mm' or 'HH:mm:ss' time, or null when it is no time of day. */
export function timeToMinutes(time: unknown): number | null {
  if (typeof time !== 'string') return null;
  const m = TIME.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** 'HH:mm' of minutes after midnight (clamped to the day, 0–1439). */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** An appointment's day: a real calendar date 'YYYY-MM-DD' (no 2026-02-30), years 2000–2100. */
export function isAppointmentDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** start + minutes as 'HH:mm', kept within the day (23:59 at most). */
export function addMinutesToTime(start: string, minutes: number): string | null {
  const s = timeToMinutes(start);
  return s === null ? null : minutesToTime(s + minutes);
}

/**
 * 001 §2.13: the default start is the next full hour, or now when now is exactly on the hour.
 * Late in the day the next hour would be tomorrow's 00:00: the day's last slot (23:00) is used instead.
 */
export function defaultStartTime(hours: number, minutes: number): string {
  if (minutes === 0) return minutesToTime(hours * 60);
  return hours >= 23 ? '23:00' : minutesToTime((hours + 1) * 60);
}

/** What the form holds when saved (the ids as chosen, the texts as typed). */
export interface AppointmentFormValues {
  pos_salesType_id: number | null;
  business_commission_worker_id: number | null;
  appointment_date: string | null;
  start_time: string | null;
  end_time: string | null;
}

export const APPOINTMENT_FORM_MESSAGES = {
  salesType: 'Sales type harus dipilih',
  worker: 'Worker harus dipilih',
  date: 'Tanggal appointment harus dipilih',
  start: 'Waktu mulai appointment harus dipilih',
  end: 'Waktu selesai appointment harus dipilih',
  // ours (OWN_TEXTS): the spec checks only presence
  endAfterStart: 'Waktu selesai harus setelah waktu mulai.',
} as const;

export type AppointmentFormField =
  | 'pos_salesType_id'
  | 'business_commission_worker_id'
  | 'appointment_date'
  | 'start_time'
  | 'end_time';

/** 001 §5 'Appointment save': every message at once, by field (empty: it may be saved). */
export function validateAppointmentForm(
  v: AppointmentFormValues,
): Partial<Record<AppointmentFormField, string>> {
  const M = APPOINTMENT_FORM_MESSAGES;
  const out: Partial<Record<AppointmentFormField, string>> = {};
  if (!v.pos_salesType_id) out.pos_salesType_id = M.salesType;
  if (!v.business_commission_worker_id) out.business_commission_worker_id = M.worker;
  if (!v.appointment_date || !isAppointmentDate(v.appointment_date)) out.appointment_date = M.date;
  const s = timeToMinutes(v.start_time);
  const e = timeToMinutes(v.end_time);
  if (s === null) out.start_time = M.start;
  if (e === null) out.end_time = M.end;
  else if (s !== null && e <= s) out.end_time = M.endAfterStart;
  return out;
}

/** Two bookings of one worker on one day overlap when each starts before the other ends (touching is fine). */
export function slotsOverlap(
  a: { start_time: string; end_time: string },
  b: { start_time: string; end_time: string },
): boolean {
  const [as, ae, bs, be] = [a.start_time, a.end_time, b.start_time, b.end_time].map(timeToMinutes);
  if (as == null || ae == null || bs == null || be == null) return false;
  return as < be && bs < ae;
}

/** The timeline's geometry of a booking: top and height in px (2 px per minute), at least one slot high. */
export function cardGeometry(start_time: string, end_time: string): { top: number; height: number } {
  const s = timeToMinutes(start_time) ?? 0;
  const e = timeToMinutes(end_time) ?? s + APPOINTMENT_TIMELINE.slotMinutes;
  const px = APPOINTMENT_TIMELINE.pxPerMinute;
  return { top: s * px, height: Math.max(APPOINTMENT_TIMELINE.slotMinutes, e - s) * px };
}

/** Whether a slot [date time, +15 min) is wholly in the past at the local wall time now ('YYYY-MM-DD HH:mm'). */
export function isPastSlot(date: string, slotMinutes: number, nowDate: string, nowMinutes: number): boolean {
  if (date !== nowDate) return date < nowDate;
  return slotMinutes + APPOINTMENT_TIMELINE.slotMinutes <= nowMinutes;
}
