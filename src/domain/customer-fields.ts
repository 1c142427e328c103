// A customer's birth date and e-mail address as the cashier's forms and the server accept them (000 §5).
import { datePart, isCalendarDate, type Now, toWallClock } from './time-wall';

/** Whether a customer's birthday (month and day) is today. */
export const isBirthdayToday = (birthDate: string | null | undefined, now: Now): boolean => {
  const d = datePart(birthDate);
  return d !== null && d.slice(5) === toWallClock(now).date.slice(5);
};

/** An e-mail address as the customer search and Customer Data accept it (000 §5). */
export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** 000 §5 Amount input: the birth-date picker runs from 1930-01-01 to today. */
export const BIRTH_DATE_MIN = '1930-01-01';

/** The birth-date picker's bounds: 1930-01-01 to today (YYYY-MM-DD). */
export const birthDateBounds = (today: string): { min: string; max: string } => ({
  min: BIRTH_DATE_MIN,
  max: today.slice(0, 10),
});

/**
 * A birth date for storage (YYYY-MM-DD) from a picker's or a sale's value: a real calendar day within
 * the picker's bounds, else null. The cashier's form and the server storing a sale's customer share it.
 */
export const normalizeBirthDate = (value: string | null | undefined, today: string): string | null => {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim()) : null;
  if (!m) return null;
  const date = m[0];
  if (!isCalendarDate(date)) return null;
  const { min, max } = birthDateBounds(today);
  return date < min || date > max ? null : date;
};
