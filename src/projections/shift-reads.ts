import { openShiftsElsewhereNotice } from '../domain/shift-rules';
import { formatOutletTime } from '../domain/time-format';
import type { SerambiDb, ShiftRecord } from '../events';
import { readSession } from './reads';

// The shift read model's reads (the guard, sign-out, the shift screen): apart from its reducer (./shifts.ts),
// which the store loads with the other reducers after the sign-in page shows.
/** Who the shift belongs to: the signed-in cashier at the chosen outlet. */
export interface ShiftOwner {
  business_user_id: number;
  outlet_id: number;
}

/** The active shift of this cashier at this outlet (one at most; the start command refuses a second). */
export async function readActiveShift(db: SerambiDb, owner: ShiftOwner): Promise<ShiftRecord | null> {
  const rows = await db.shifts
    .where('[outlet_id+business_user_id]')
    .equals([owner.outlet_id, owner.business_user_id])
    .filter((s) => s.status === 'active')
    .toArray();
  return rows[0] ?? null;
}

/** The ended shifts of this cashier at this outlet, the newest end first (002 §4: prepended). */
export async function readShiftHistory(db: SerambiDb, owner: ShiftOwner): Promise<ShiftRecord[]> {
  const rows = await db.shifts
    .where('[outlet_id+business_user_id]')
    .equals([owner.outlet_id, owner.business_user_id])
    .filter((s) => s.status === 'ended')
    .toArray();
  return rows.sort((a, b) => b.ended_seq - a.ended_seq);
}

/** The owner of the session's shifts, or null before an outlet is chosen. */
export const shiftOwnerOf = (
  user: { business_user_id?: unknown; outlet_id?: unknown } | null | undefined,
): ShiftOwner | null =>
  typeof user?.business_user_id === 'number' && typeof user.outlet_id === 'number'
    ? { business_user_id: user.business_user_id, outlet_id: user.outlet_id }
    : null;

/** The signed-in cashier's active shift on this device, if any. */
export async function activeShiftOf(store: { db: SerambiDb }): Promise<ShiftRecord | null> {
  const owner = shiftOwnerOf((await readSession(store.db)).user);
  return owner ? readActiveShift(store.db, owner) : null;
}

/**
 * Ruling 26: sign-out's words naming the enforced shifts this cashier left open on this device at other
 * outlets (they stay on the server and are restored there), or null when there are none.
 */
export async function openShiftsElsewhereOf(store: { db: SerambiDb }): Promise<string | null> {
  const here = shiftOwnerOf((await readSession(store.db)).user);
  return openShiftsElsewhereNotice(
    await store.db.shifts.toArray(),
    here,
    (stamp) => `${formatOutletTime(stamp, 'd MMM yyyy, HH:mm') ?? stamp} WIB`,
  );
}

/** Sign-out's confirmation with those shifts named after its message (ruling 26). */
export async function namingOpenShiftsElsewhere<T extends { message: string }>(
  store: { db: SerambiDb },
  request: T,
): Promise<T> {
  const elsewhere = await openShiftsElsewhereOf(store).catch(() => null);
  return elsewhere ? { ...request, message: `${request.message} ${elsewhere}` } : request;
}
