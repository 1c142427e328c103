/**
 * Display patterns of WIB times (part of src/domain/time.ts's light face, see time-wall.ts), in a module
 * of their own so that the pages that show dates load it and the sign-in path does not.
 */
import { type Now, pad, parseServerDateTime, wibFields } from './time-wall';

/** The instant `now` names: a Date as is, a local timestamp read as WIB; NaN if unreadable. */
const instantOf = (now: Now): number => (typeof now === 'string' ? parseServerDateTime(now) : now.getTime());

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthNames = new Map<string, Intl.DateTimeFormat>();
/** A month's short name as luxon's 'MMM' writes it (the format form, as in "22 Nov"). */
function shortMonth(fields: Date, locale: string): string {
  if (locale === 'en' || locale.startsWith('en-')) return EN_MONTHS[fields.getUTCMonth()];
  let names = monthNames.get(locale);
  if (!names) {
    names = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    monthNames.set(locale, names);
  }
  return names.formatToParts(fields).find((p) => p.type === 'month')?.value ?? '';
}

/** The pattern letters this face writes (luxon's meaning); any other letter is an error. */
const TOKEN = /yyyy|MMM|MM|M|dd|d|HH|H|mm|m|ss|s|'[^']*'|[A-Za-z]/g;

/**
 * A server or sale time in WIB with a luxon pattern (e.g. 'd MMM yyyy, HH:mm' for the spec's
 * "D MMM YYYY, HH:mm"), month names in `locale` ('id' on screens, 'en' on receipts); null if unreadable.
 * Letters: yyyy, MMM, MM, M, dd, d, HH, H, mm, m, ss, s; 'quoted' text is written as is.
 */
export function formatOutletTime(value: Now, pattern: string, locale = 'id'): string | null {
  const ms = instantOf(value);
  if (Number.isNaN(ms)) return null;
  const f = wibFields(ms);
  return pattern.replace(TOKEN, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(f.getUTCFullYear(), 4);
      case 'MMM':
        return shortMonth(f, locale);
      case 'MM':
        return pad(f.getUTCMonth() + 1);
      case 'M':
        return String(f.getUTCMonth() + 1);
      case 'dd':
        return pad(f.getUTCDate());
      case 'd':
        return String(f.getUTCDate());
      case 'HH':
        return pad(f.getUTCHours());
      case 'H':
        return String(f.getUTCHours());
      case 'mm':
        return pad(f.getUTCMinutes());
      case 'm':
        return String(f.getUTCMinutes());
      case 'ss':
        return pad(f.getUTCSeconds());
      case 's':
        return String(f.getUTCSeconds());
      default:
        if (token.startsWith("'")) return token.slice(1, -1);
        throw new Error(`formatOutletTime: pattern letter ${token} is not supported`);
    }
  });
}
