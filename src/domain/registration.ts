// The registration queue and visit flow (001 §2.11, §3 'Customer session', §4 'Registration queue', §9):
// pure rules the screen, the device's log and the server share. Time comes in as an argument.
import { addDays, isCalendarDate, isOutletStamp } from './time-wall';

/** 001 §9: 'Reload Data' is disabled for 5 s after use. */
export const RELOAD_LOCK_MS = 5000;

/** The statuses of a business that has set none of its own (docs/decisions.md, issue 26). */
export const DEFAULT_FLOW_STATUSES = ['Menunggu', 'Dalam Proses', 'Selesai'] as const;

/** The 'All Status' entry of the status filter (001 §2.11). */
export const ALL_STATUS = 'All Status';

/** One entry of a session's change history (001 §3). */
export interface StatusChange {
  status_before: string;
  status_after: string;
  action_date: string;
}

/** The change_history JSON string as a list; anything unreadable is an empty history. */
export function parseChangeHistory(json: string | null | undefined): StatusChange[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
      .map((e) => ({
        status_before: typeof e.status_before === 'string' ? e.status_before : '',
        status_after: typeof e.status_after === 'string' ? e.status_after : '',
        action_date: typeof e.action_date === 'string' ? e.action_date : '',
      }));
  } catch {
    return [];
  }
}

/**
 * 001 §4: a change appends an entry whose status_before is the previous entry's status_after (empty for a
 * new session's first entry), with the new status and its time.
 */
export function appendStatusChange(
  history: readonly StatusChange[],
  status: string,
  actionDate: string,
): StatusChange[] {
  const before = history.length > 0 ? (history[history.length - 1]?.status_after ?? '') : '';
  return [...history, { status_before: before, status_after: status, action_date: actionDate }];
}

/** 001 §4: the last entry's nomor_urut for the day + 1, or 1 when the day is empty. */
export function nextQueueNumber(sessions: readonly { nomor_urut: number }[]): number {
  let last = 0;
  for (const s of sessions) if (s.nomor_urut > last) last = s.nomor_urut;
  return last + 1;
}

/**
 * 001 §2.11 status filter: selecting any status removes 'All Status'; choosing 'All Status' again clears the
 * others; emptying the selection restores it.
 */
export function nextStatusFilter(previous: readonly string[], next: readonly string[]): string[] {
  const added = next.filter((s) => !previous.includes(s));
  if (next.length === 0 || added.includes(ALL_STATUS)) return [ALL_STATUS];
  const specific = next.filter((s) => s !== ALL_STATUS);
  return specific.length > 0 ? specific : [ALL_STATUS];
}

/** Whether a session's status passes the filter. */
export const passesStatusFilter = (filter: readonly string[], status: string): boolean =>
  filter.includes(ALL_STATUS) || filter.includes(status);

/** How far back and ahead a registration time may lie from the server's day (docs/decisions.md). */
export const REGISTRATION_DAYS_BACK = 7;
export const REGISTRATION_DAYS_AHEAD = 1;

/**
 * A pendaftaran_time the server takes: a real 'YYYY-MM-DD HH:mm:ss' within REGISTRATION_DAYS_BACK days
 * before and REGISTRATION_DAYS_AHEAD after the outlet's today (an offline device may send a day late).
 */
export function isPlausibleRegistrationTime(value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) || !isOutletStamp(value)) return false;
  const day = value.slice(0, 10);
  return day >= addDays(today, -REGISTRATION_DAYS_BACK) && day <= addDays(today, REGISTRATION_DAYS_AHEAD);
}

/** A filter_date the server takes: a real calendar day from 2000 to 2100. */
export const isFilterDate = (value: string): boolean =>
  isCalendarDate(value) && value >= '2000-01-01' && value <= '2100-12-31';

/**
 * The action_date the server records for a change: the device's own time when plausible (an offline change
 * keeps when it was made), else the server's. Plausible: a real stamp no earlier than the registration and
 * no later than the server's now.
 */
export function recordedActionDate(
  claimed: string | null | undefined,
  registered: string,
  now: string,
): string {
  if (!claimed || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(claimed) || !isOutletStamp(claimed))
    return now;
  return claimed >= registered && claimed <= now ? claimed : now;
}
