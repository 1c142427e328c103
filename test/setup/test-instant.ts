// The server tests' 'now' (their servers run on a fixed clock): the real instant, or 01:30 WIB when the WIB
// day is younger than that. Tests place their sales up to an hour before 'now' and ask for today's WIB day;
// a run started just after WIB midnight (17:00 UTC) put those sales on the day before (2026-11-28, stop 31).
const WIB_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
const EARLIEST_MS = 90 * 60_000;

export function testInstant(real: Date = new Date()): Date {
  const dayStart = Math.floor((real.getTime() + WIB_MS) / DAY_MS) * DAY_MS - WIB_MS;
  return new Date(Math.max(real.getTime(), dayStart + EARLIEST_MS));
}
