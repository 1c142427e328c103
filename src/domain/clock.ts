/**
 * Wall-clock time at the outlet. Rules take `now` as an argument: either a local timestamp
 * string ("YYYY-MM-DD HH:mm:ss", "YYYY-MM-DDTHH:mm", …, read as written, no time-zone shift)
 * or a Date (read in the running process's local time zone).
 */
export type Now = Date | string;

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss */
  time: string;
  /** "YYYY-MM-DD HH:mm:ss", comparable as text. */
  stamp: string;
  /** ISO weekday: Monday 1 … Sunday 7 (ruling 1). */
  isoWeekday: number;
  dayOfMonth: number;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** "HH:mm", "HH:mm:ss" or "H:mm" → "HH:mm:ss". */
export const normalizeTime = (t: string | null | undefined, fallback = '00:00:00'): string => {
  if (!t) return fallback;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(t.trim());
  if (!m) return fallback;
  return `${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`;
};

/** The date part (YYYY-MM-DD) of a date or timestamp text, or null. */
export const datePart = (s: string | null | undefined): string | null => {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s.trim()) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

export const isoWeekdayOf = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return js === 0 ? 7 : js;
};

export const toWallClock = (now: Now): WallClock => {
  let date: string;
  let time: string;
  if (typeof now === 'string') {
    const d = datePart(now);
    if (!d) throw new Error(`Not a local timestamp: ${now}`);
    date = d;
    time = normalizeTime(now.slice(10).replace(/^[T ]/, ''), '00:00:00');
  } else {
    date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  }
  return {
    date,
    time,
    stamp: `${date} ${time}`,
    isoWeekday: isoWeekdayOf(date),
    dayOfMonth: Number(date.slice(8, 10)),
  };
};

/** A date moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** "YYYY-MM-DD HH:mm:ss" of a wall clock. */
export const formatLocalTimestamp = (now: Now): string => toWallClock(now).stamp;
