/**
 * How long ago, in Indonesian words: the one place dayjs is used (the relative age of the transaction
 * lists), kept out of time.ts and time-wall.ts so that only the pages showing it load dayjs.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/id';
import { type Now, parseServerDateTime } from './time-wall';

dayjs.extend(relativeTime);

const instantOf = (now: Now): number => (typeof now === 'string' ? parseServerDateTime(now) : now.getTime());

/** How long ago `value` was at `now`, in Indonesian words ('5 menit yang lalu', 'sejam yang lalu'). */
export function relativeAge(value: Now, now: Now): string | null {
  const at = instantOf(value);
  const base = instantOf(now);
  if (Number.isNaN(at) || Number.isNaN(base)) return null;
  return dayjs(at).locale('id').from(dayjs(base));
}
