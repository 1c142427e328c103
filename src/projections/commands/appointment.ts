// Appointments on the device (001 §2.12–2.13; issue 26 offline). A save or a delete is an event on the log
// first ('appointment.saved' / 'appointment.deleted'), so the calendar shows it at once, online or not. The
// form, then the sync, send what waits one appointment at a time under the store's writer lock (re-read
// inside it, so two tabs never send one change twice) and record the answer: 'appointment.sent', or
// 'appointment.conflicted' when the server refuses it (the slot was taken meanwhile), which stays on the
// calendar with both bookings until the user settles it. The server stores one appointment per
// local_appointment_id, so a change whose answer was lost and is sent again stays one appointment.
import type { AppointmentRecord } from '../../api/contract/appointment';
import { isApiError, isNetworkError } from '../../api/http';
import { type Actor, type LocalAppointment, makeEvent, type StoredEvent } from '../../events';
import type { Store } from '../store';

export interface AppointmentPort {
  save(appointment: LocalAppointment, mode: 'create' | 'update'): Promise<AppointmentRecord>;
  remove(local_appointment_id: string): Promise<void>;
}

/** One appointment as the device's log leaves it. */
export interface LocalAppointmentState {
  local_appointment_id: string;
  /** The latest save, or null when the latest change is a delete. */
  appointment: LocalAppointment | null;
  /** How many saves and deletes it has had here. */
  version: number;
  /** The server stored a create of it (later changes are updates). */
  created: boolean;
  /** A change waits to be sent. */
  pending: boolean;
  /** The server's refusal of the latest change sent (a double booking), until settled. */
  conflict: string | null;
  dismissed: boolean;
}

const TYPES = [
  'appointment.saved',
  'appointment.deleted',
  'appointment.sent',
  'appointment.conflicted',
  'appointment.dismissed',
] as const;

/** Folds the appointment events (in log order) to each appointment's state. */
export function foldAppointments(events: readonly StoredEvent[]): Map<string, LocalAppointmentState> {
  const out = new Map<string, LocalAppointmentState>();
  const at = (id: string) => {
    let s = out.get(id);
    if (!s) {
      s = {
        local_appointment_id: id,
        appointment: null,
        version: 0,
        created: false,
        pending: false,
        conflict: null,
        dismissed: false,
      };
      out.set(id, s);
    }
    return s;
  };
  for (const e of events) {
    switch (e.type) {
      case 'appointment.saved': {
        const s = at(e.payload.appointment.local_appointment_id);
        s.appointment = e.payload.appointment;
        s.version++;
        s.pending = true;
        s.dismissed = false;
        break;
      }
      case 'appointment.deleted': {
        const s = at(e.payload.local_appointment_id);
        s.appointment = null;
        s.version++;
        s.pending = true;
        s.conflict = null;
        break;
      }
      case 'appointment.sent': {
        const s = at(e.payload.local_appointment_id);
        if (s.appointment) s.created = true;
        if (e.payload.version >= s.version) {
          s.pending = false;
          s.conflict = null;
        }
        break;
      }
      case 'appointment.conflicted': {
        const s = at(e.payload.local_appointment_id);
        if (e.payload.version >= s.version) {
          s.pending = false;
          s.conflict = e.payload.message;
        }
        break;
      }
      case 'appointment.dismissed': {
        const s = at(e.payload.local_appointment_id);
        s.dismissed = true;
        s.pending = false;
        s.conflict = null;
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Every appointment this device changed, folded. */
export async function readLocalAppointments(
  store: Pick<Store, 'db'>,
): Promise<Map<string, LocalAppointmentState>> {
  const events = (await store.db.events
    .where('type')
    .anyOf([...TYPES])
    .sortBy('seq')) as StoredEvent[];
  return foldAppointments(events);
}

export type AppointmentSendOutcome =
  | { kind: 'sent' }
  | { kind: 'offline' }
  | { kind: 'conflict'; message: string };

export function createAppointmentCommands(options: {
  store: Store;
  api: AppointmentPort;
  actor: () => Actor | Promise<Actor>;
}) {
  const { store, api } = options;

  /** Sends one appointment's latest change (inside the writer lock); answers what became of it. */
  async function sendOne(id: string): Promise<AppointmentSendOutcome> {
    const actor = await options.actor();
    return store.exclusive(async (writer) => {
      const state = (await readLocalAppointments(store)).get(id);
      if (!state?.pending)
        return state?.conflict ? { kind: 'conflict', message: state.conflict } : { kind: 'sent' };
      try {
        if (state.appointment) {
          const { tag_names: _names, ...body } = state.appointment;
          const created = state.created || !(await firstSaveIsNew(id));
          await api.save(body, created ? 'update' : 'create');
        } else {
          await api.remove(id).catch((e: unknown) => {
            // already gone there (never sent, or deleted elsewhere): nothing more to do
            if (isApiError(e) && e.kind === 'http' && e.status === 404) return;
            throw e;
          });
        }
      } catch (e) {
        if (!isApiError(e) || isNetworkError(e) || e.kind === 'forcedSignOut' || e.status >= 500)
          return { kind: 'offline' };
        const message = e.message;
        await writer.commit(
          [
            makeEvent(
              'appointment.conflicted',
              { local_appointment_id: id, version: state.version, message },
              { actor },
            ),
          ],
          { durability: 'strict' },
        );
        return { kind: 'conflict', message };
      }
      await writer.commit(
        [makeEvent('appointment.sent', { local_appointment_id: id, version: state.version }, { actor })],
        { durability: 'strict' },
      );
      return { kind: 'sent' };
    });
  }

  async function firstSaveIsNew(id: string): Promise<boolean> {
    const saves = await store.db.events.where('type').equals('appointment.saved').sortBy('seq');
    const first = saves.find(
      (e) => (e.payload as { appointment: LocalAppointment }).appointment.local_appointment_id === id,
    );
    return (first?.payload as { is_new?: boolean } | undefined)?.is_new === true;
  }

  /** The linked status-1 transaction leaves the device with its appointment (001 §4 'Delete'). */
  async function dropLinkedTrx(local_trx_id: string | null | undefined, actor: Actor) {
    if (!local_trx_id) return [];
    const row = await store.db.transactions.get(local_trx_id);
    return row && row.trx_status_id === 1
      ? [makeEvent('trx.archived', {}, { actor, trxId: local_trx_id })]
      : [];
  }

  return {
    /** Records a save on the device's log, then sends it (offline: it waits for the sync). */
    async save(appointment: LocalAppointment, is_new: boolean): Promise<AppointmentSendOutcome> {
      const actor = await options.actor();
      await store.commit([makeEvent('appointment.saved', { appointment, is_new }, { actor })], {
        durability: 'strict',
      });
      return sendOne(appointment.local_appointment_id);
    },
    /** 'Hapus': the appointment and its linked local transaction go at once; the delete is sent. */
    async remove(
      local_appointment_id: string,
      pos_local_trx_id?: string | null,
    ): Promise<AppointmentSendOutcome> {
      const actor = await options.actor();
      await store.exclusive(async (writer) => {
        await writer.commit(
          [
            makeEvent('appointment.deleted', { local_appointment_id }, { actor }),
            ...(await dropLinkedTrx(pos_local_trx_id, actor)),
          ],
          { durability: 'strict' },
        );
      });
      return sendOne(local_appointment_id);
    },
    /** Settles a conflict: this device's booking is given up (the other one stands). */
    async dismiss(local_appointment_id: string): Promise<void> {
      const actor = await options.actor();
      const state = (await readLocalAppointments(store)).get(local_appointment_id);
      await store.exclusive(async (writer) => {
        await writer.commit(
          [
            makeEvent('appointment.dismissed', { local_appointment_id }, { actor }),
            ...(await dropLinkedTrx(state?.appointment?.pos_local_trx_id, actor)),
          ],
          { durability: 'strict' },
        );
      });
    },
    /** Sends every waiting change, oldest first; stops at the first that gets no answer. */
    async sendPending(): Promise<{ sent: number; unsent: number }> {
      let sent = 0;
      for (const state of (await readLocalAppointments(store)).values()) {
        if (!state.pending) continue;
        const outcome = await sendOne(state.local_appointment_id).catch(() => ({ kind: 'offline' }) as const);
        if (outcome.kind === 'offline') break;
        sent++;
      }
      const unsent = [...(await readLocalAppointments(store)).values()].filter((s) => s.pending).length;
      return { sent, unsent };
    },
  };
}

const idsOf = (tags: unknown): number[] =>
  Array.isArray(tags)
    ? tags.flatMap((t) => {
        const id = typeof t === 'number' ? t : Number((t as { pos_tag_id?: unknown } | null)?.pos_tag_id);
        return Number.isInteger(id) && id > 0 ? [id] : [];
      })
    : [];

/** An appointment as the server answered it, in the shape this device saves (tags as ids, names kept). */
export function localFromRecord(a: AppointmentRecord): LocalAppointment {
  return {
    local_appointment_id: a.local_appointment_id,
    user_code: a.user_code,
    user_name: a.user_name,
    pos_salesType_id: Number(a.pos_salesType_id),
    business_commission_worker_id: Number(a.business_commission_worker_id),
    appointment_date: a.appointment_date ?? '',
    start_time: a.start_time ?? '',
    end_time: a.end_time ?? '',
    appointment_notes: a.appointment_notes,
    pos_local_trx_id: a.pos_local_trx_id,
    pos_trx: a.pos_trx,
    tags: idsOf(a.tags),
    tag_names: a.tags,
  };
}

/**
 * The appointment a status-1 transaction belongs to: this device's latest save of it, else the one loaded
 * at sign-in ('appointment.trxLoaded'), or null.
 */
export async function appointmentOf(
  store: Pick<Store, 'db'>,
  local_appointment_id: string,
): Promise<LocalAppointment | null> {
  const local = (await readLocalAppointments(store)).get(local_appointment_id);
  if (local) return local.appointment;
  const loads = await store.db.events.where('type').equals('appointment.trxLoaded').sortBy('seq');
  const load = loads
    .map((e) => e.payload as Record<string, unknown>)
    .filter((p) => p.local_appointment_id === local_appointment_id)
    .at(-1);
  return load ? localFromRecord(load as unknown as AppointmentRecord) : null;
}
