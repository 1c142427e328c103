// The appointments the calendar and the form read: the server's day (when online) with this device's own
// changes laid over it (saves not yet sent, deletes, conflicts), and the device's status-1 transactions.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { createAppointmentApi } from '../../../api/appointment';
import type { AppointmentRecord } from '../../../api/contract/appointment';
import type { Actor, LocalAppointment } from '../../../events';
import {
  createAppointmentCommands,
  type LocalAppointmentState,
  localFromRecord,
  readLocalAppointments,
} from '../../../projections/commands/appointment';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';

/** One booking on the calendar. */
export interface CalendarAppointment extends LocalAppointment {
  /** Waiting to be sent (booked offline). */
  pending: boolean;
  /** The server refused it on sync (the slot was taken meanwhile). */
  conflict: string | null;
}

/** Lays the device's own changes over the server's day (null: offline, the device's own only). */
export function mergeDay(
  date: string,
  server: readonly AppointmentRecord[] | null,
  local: ReadonlyMap<string, LocalAppointmentState>,
): CalendarAppointment[] {
  const out = new Map<string, CalendarAppointment>();
  for (const a of server ?? [])
    out.set(a.local_appointment_id, { ...localFromRecord(a), pending: false, conflict: null });
  for (const s of local.values()) {
    if (s.dismissed) continue;
    if (!s.appointment) {
      out.delete(s.local_appointment_id);
      continue;
    }
    if (s.appointment.appointment_date !== date) {
      out.delete(s.local_appointment_id);
      continue;
    }
    const fromServer = out.get(s.local_appointment_id);
    if (s.pending || s.conflict || !fromServer || server === null)
      out.set(s.local_appointment_id, { ...s.appointment, pending: s.pending, conflict: s.conflict });
  }
  return [...out.values()].sort((a, b) => a.start_time.localeCompare(b.start_time));
}

/**
 * Every booking of this device the server refused on sync (the slot was taken meanwhile), whatever its day:
 * shown on the calendar with both bookings until the user settles it, never dropped (issue 26).
 */
export function conflictsOf(local: ReadonlyMap<string, LocalAppointmentState>): CalendarAppointment[] {
  const out: CalendarAppointment[] = [];
  for (const s of local.values())
    if (!s.dismissed && s.conflict && s.appointment)
      out.push({ ...s.appointment, pending: false, conflict: s.conflict });
  return out.sort((a, b) =>
    `${a.appointment_date} ${a.start_time}`.localeCompare(`${b.appointment_date} ${b.start_time}`),
  );
}

/** The last answer of the server per day: offline the calendar keeps showing it (with the device's own). */
const lastDay = new Map<string, AppointmentRecord[]>();

export function useAppointmentServices() {
  const { store, client } = useServices();
  const { view } = useSession();
  const id = view.userData?.business_user_id;
  const actor: Actor = typeof id === 'number' ? id : 'device';
  const api = useMemo(() => createAppointmentApi(client), [client]);
  const commands = useMemo(
    () => createAppointmentCommands({ store, api, actor: () => actor }),
    [store, api, actor],
  );
  return { store, api, commands, actor };
}

/** The day's bookings; `reload` asks the server again (after a save or a delete). */
export function useDayAppointments(date: string) {
  const { store, api } = useAppointmentServices();
  const [server, setServer] = useState<AppointmentRecord[] | null>(null);
  const [tick, setTick] = useState(0);
  const local = useLiveQuery(() => readLocalAppointments(store), [store]);
  const sentCount = local ? [...local.values()].filter((s) => !s.pending).length : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick and sentCount ask again after a change was sent
  useEffect(() => {
    let live = true;
    api
      .day(date)
      .then((list) => {
        lastDay.set(date, list);
        if (live) setServer(list);
      })
      .catch(() => live && setServer(lastDay.get(date) ?? null));
    return () => {
      live = false;
    };
  }, [api, date, tick, sentCount]);
  const trxs = useLiveQuery(
    () => store.db.transactions.where('trx_status_id').equals(1).toArray(),
    [store],
    [],
  );
  const appointments = useMemo(() => mergeDay(date, server, local ?? new Map()), [date, server, local]);
  const trxById = useMemo(() => new Map(trxs.map((t) => [t.local_trx_id, t])), [trxs]);
  const conflicts = useMemo(() => conflictsOf(local ?? new Map()), [local]);
  return {
    appointments,
    conflicts,
    trxById,
    reload: () => setTick((t) => t + 1),
    loaded: local !== undefined,
  };
}
