// The registration queue on the device (001 §2.11; issue 26), the pattern of loyalty.ts. A registration or a
// status change is committed to the device's log first ('registration.saved' / 'registration.statusChanged'),
// so it shows at once, online or not; sendPending sends what waits, oldest first, one at a time under the
// store's writer lock (re-read inside it, so two tabs never send one twice), and records each answer
// ('registration.sent'). The server stores each once per local id, so a lost answer sent again stays one.
// What the server refused, or found changed meanwhile (another number, a deleted session, a status another
// device changed), is recorded as 'registration.conflict' and shown until the user has seen it.
import type { CustomerSession, SessionCreateRequest } from '../../api/contract/registration';
import { isApiError } from '../../api/http';
import type { RegistrationApi } from '../../api/registration';
import { REGISTRATION_OWN } from '../../domain/texts/registration';
import { type Actor, type EventPayloads, makeEvent } from '../../events';
import type { PendingRegistration, PendingStatusChange } from '../../events/registration';
import type { Store } from '../store';

const TYPES = [
  'registration.saved',
  'registration.statusChanged',
  'registration.sent',
  'registration.conflict',
  'registration.conflictSeen',
] as const;

export interface RegistrationConflict {
  local_id: string;
  message: string;
}

export interface RegistrationLog {
  /** Registrations saved on the device and not yet sent, oldest first. */
  sessions: PendingRegistration[];
  /** Status changes not yet sent, oldest first. */
  changes: PendingStatusChange[];
  /** Conflicts the user has not seen yet. */
  conflicts: RegistrationConflict[];
}

/** What waits and what the user must see, read from the log. */
export async function readRegistrationLog(store: Pick<Store, 'db'>): Promise<RegistrationLog> {
  const events = await store.db.events
    .where('type')
    .anyOf([...TYPES])
    .sortBy('seq');
  const done = new Set<string>();
  const seen = new Set<string>();
  for (const e of events) {
    const p = e.payload as { local_id?: string; settled?: boolean };
    if (e.type === 'registration.sent' && p.local_id) done.add(p.local_id);
    if (e.type === 'registration.conflict' && p.local_id && p.settled) done.add(p.local_id);
    if (e.type === 'registration.conflictSeen' && p.local_id) seen.add(p.local_id);
  }
  const sessions = new Map<string, PendingRegistration>();
  const changes = new Map<string, PendingStatusChange>();
  const conflicts: RegistrationConflict[] = [];
  for (const e of events) {
    if (e.type === 'registration.saved') {
      const s = (e.payload as { session: PendingRegistration }).session;
      if (!done.has(s.local_session_id)) sessions.set(s.local_session_id, s);
    } else if (e.type === 'registration.statusChanged') {
      const c = (e.payload as { change: PendingStatusChange }).change;
      if (!done.has(c.local_change_id)) changes.set(c.local_change_id, c);
    } else if (e.type === 'registration.conflict') {
      const p = e.payload as { local_id: string; message: string };
      if (!seen.has(p.local_id)) conflicts.push({ local_id: p.local_id, message: p.message });
    }
  }
  return { sessions: [...sessions.values()], changes: [...changes.values()], conflicts };
}

/** The session as the server will hold it, before it is sent (shown at once with its preview number). */
export function pendingAsSession(
  s: PendingRegistration,
  changes: readonly PendingStatusChange[],
): CustomerSession {
  const own = changes.filter(
    (c) => c.local_session_id === s.local_session_id && c.user_business_session_id === null,
  );
  return {
    user_business_session_id: 0,
    local_session_id: s.local_session_id,
    user_code: s.user_code ?? null,
    user_name: s.user_name ?? null,
    phone_local: s.phone_local,
    nomor_urut: s.nomor_urut ?? 0,
    pendaftaran_time: s.pendaftaran_time,
    status: own.length > 0 ? (own[own.length - 1]?.status ?? s.status) : s.status,
    change_history: s.change_history ?? '[]',
  };
}

/** A change that got a definite refusal (not a network failure): the server answered. */
const refusal = (e: unknown): { status: number; message: string } | null =>
  isApiError(e) && e.kind === 'http' ? { status: e.status, message: e.message } : null;

export function createRegistrationCommands(options: {
  store: Store;
  api: Pick<RegistrationApi, 'create' | 'update'>;
  actor: () => Actor | Promise<Actor>;
}) {
  const { store, api } = options;
  const commit = async (events: Parameters<Store['commit']>[0]) => store.commit(events);
  return {
    /** A registration on the device's log (shown at once; sent by sendPending). */
    async register(session: PendingRegistration): Promise<void> {
      const actor = await options.actor();
      await commit([makeEvent('registration.saved', { session }, { actor })]);
    },
    /** A status change on the device's log. */
    async changeStatus(change: PendingStatusChange): Promise<void> {
      const actor = await options.actor();
      await commit([makeEvent('registration.statusChanged', { change }, { actor })]);
    },
    async dismissConflict(local_id: string): Promise<void> {
      const actor = await options.actor();
      await commit([makeEvent('registration.conflictSeen', { local_id }, { actor })]);
    },
    /**
     * Sends what waits, registrations and changes in the order they were made; stops at the first that gets
     * no answer (offline). Answers how many were sent and how many still wait.
     */
    async sendPending(): Promise<{ sent: number; unsent: number }> {
      const actor = await options.actor();
      let sent = 0;
      const first = await readRegistrationLog(store);
      const order = [
        ...first.sessions.map((s) => ({ id: s.local_session_id, kind: 'session' as const })),
        ...first.changes.map((c) => ({ id: c.local_change_id, kind: 'change' as const })),
      ];
      // registrations before the changes that name them: a change of an unsent registration waits for it
      for (const item of order) {
        const ok = await store
          .exclusive(async (writer) => {
            const log = await readRegistrationLog(store);
            const record = (type: 'registration.sent' | 'registration.conflict', payload: object) =>
              writer.commit([
                type === 'registration.sent'
                  ? makeEvent(type, payload as EventPayloads['registration.sent'], { actor })
                  : makeEvent(type, payload as EventPayloads['registration.conflict'], { actor }),
              ]);
            if (item.kind === 'session') {
              const s = log.sessions.find((x) => x.local_session_id === item.id);
              if (!s) return true;
              const { business_outlet_id: _o, phone_local: _p, ...body } = s;
              try {
                const answer = await api.create(body as SessionCreateRequest);
                await record('registration.sent', {
                  local_id: s.local_session_id,
                  user_business_session_id: answer.user_business_session_id,
                  nomor_urut: answer.nomor_urut,
                });
                if (s.nomor_urut && answer.nomor_urut !== s.nomor_urut)
                  await record('registration.conflict', {
                    local_id: s.local_session_id,
                    message: REGISTRATION_OWN.numberChanged(
                      s.user_name ?? '',
                      s.nomor_urut,
                      answer.nomor_urut,
                    ),
                    settled: false,
                  });
                return true;
              } catch (e) {
                const r = refusal(e);
                if (!r || r.status >= 500 || r.status === 303 || r.status === 403) return false;
                await record('registration.conflict', {
                  local_id: s.local_session_id,
                  message: REGISTRATION_OWN.refused(s.user_name ?? '', r.message),
                  settled: true,
                });
                return true;
              }
            }
            const c = log.changes.find((x) => x.local_change_id === item.id);
            if (!c) return true;
            // its registration still waits (it got no answer): the change waits with it
            if (
              c.user_business_session_id === null &&
              log.sessions.some((x) => x.local_session_id === c.local_session_id)
            )
              return false;
            try {
              const answer = await api.update({
                user_business_session_id: c.user_business_session_id,
                local_session_id: c.user_business_session_id === null ? c.local_session_id : null,
                local_change_id: c.local_change_id,
                status: c.status,
                status_before: c.status_before,
                action_date: c.action_date,
              });
              await record('registration.sent', {
                local_id: c.local_change_id,
                user_business_session_id: answer.user_business_session_id,
                nomor_urut: answer.nomor_urut,
              });
              if (answer.recorded.status_before !== c.status_before)
                await record('registration.conflict', {
                  local_id: c.local_change_id,
                  message: REGISTRATION_OWN.statusOverrode(
                    c.user_name,
                    c.status_before,
                    answer.recorded.status_before,
                  ),
                  settled: false,
                });
              return true;
            } catch (e) {
              const r = refusal(e);
              if (!r || r.status >= 500 || r.status === 303 || r.status === 403) return false;
              await record('registration.conflict', {
                local_id: c.local_change_id,
                message:
                  r.status === 404
                    ? REGISTRATION_OWN.statusLost(c.user_name, c.nomor_urut)
                    : REGISTRATION_OWN.refused(c.user_name, r.message),
                settled: true,
              });
              return true;
            }
          })
          .catch(() => false);
        if (!ok) break;
        sent++;
      }
      const after = await readRegistrationLog(store);
      return { sent, unsent: after.sessions.length + after.changes.length };
    },
  };
}
