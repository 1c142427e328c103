// The registration queue on the device (issue 26): a registration or a status change is on the log at once,
// sent once each (two passes at once send nothing twice), waits while offline (a change of an unsent
// registration waits with it), and a conflict found on sync (another number, a deleted session, a status
// another device changed, a refusal) is recorded and shown until seen — never dropped.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type {
  CustomerSession,
  SessionCreateRequest,
  SessionUpdateRequest,
} from '../../src/api/contract/registration';
import { ApiError } from '../../src/api/http';
import { REGISTRATION_OWN } from '../../src/domain/texts/registration';
import type { PendingRegistration, PendingStatusChange } from '../../src/events/registration';
import { createRegistrationCommands, readRegistrationLog } from '../../src/projections/commands/registration';
import { freshStore } from './helpers';

const reg = (id: string, nomor = 1): PendingRegistration => ({
  local_session_id: id,
  business_outlet_id: 1,
  phone_local: '081234567890',
  user_code: null,
  pendaftaran_time: '2026-11-27 10:00:00',
  status: 'Menunggu',
  nomor_urut: nomor,
  user_identifier_type: 'phone',
  user_identifier_string: '081234567890',
  user_name: `Pasien ${id}`,
  change_history: '[]',
});
const change = (id: string, over: Partial<PendingStatusChange> = {}): PendingStatusChange => ({
  local_change_id: id,
  user_business_session_id: null,
  local_session_id: 'a-session-1',
  status: 'Selesai',
  status_before: 'Menunggu',
  action_date: '2026-11-27 10:05:00',
  user_name: 'Pasien A',
  nomor_urut: 1,
  business_outlet_id: 1,
  ...over,
});
const offline = () =>
  new ApiError({
    kind: 'network',
    status: 0,
    statusText: '',
    message: 'Connection failed, please try again',
  });
const http = (status: number, message: string) =>
  new ApiError({ kind: 'http', status, statusText: '', message });

function fakeServer() {
  let id = 0;
  let number = 0;
  const stored = new Map<string, CustomerSession>();
  const create = vi.fn(async (b: SessionCreateRequest): Promise<CustomerSession> => {
    const again = stored.get(b.local_session_id);
    if (again) return again;
    const s = {
      user_business_session_id: ++id,
      local_session_id: b.local_session_id,
      user_code: 'SB1',
      user_name: b.user_name ?? null,
      phone_local: null,
      nomor_urut: ++number,
      pendaftaran_time: b.pendaftaran_time,
      status: b.status,
      change_history: '[]',
    };
    stored.set(b.local_session_id, s);
    return s;
  });
  const update = vi.fn(async (b: SessionUpdateRequest) => {
    const s = [...stored.values()].find(
      (x) =>
        x.user_business_session_id === b.user_business_session_id ||
        x.local_session_id === b.local_session_id,
    );
    if (!s) throw http(404, REGISTRATION_OWN.sessionMissing);
    const recorded = { status_before: s.status, status_after: b.status, action_date: b.action_date ?? '' };
    s.status = b.status;
    return { ...s, recorded };
  });
  return { create, update, stored, bump: () => number++ };
}

describe('registrations on the device', () => {
  it('shows at once, sends each once (two passes at once), a change of a new registration after it', async () => {
    const store = freshStore();
    const api = fakeServer();
    const commands = createRegistrationCommands({ store, api, actor: () => 7 });
    await commands.register(reg('a-session-1'));
    await commands.changeStatus(change('a-change-1'));
    const log = await readRegistrationLog(store);
    expect(log.sessions.map((s) => s.local_session_id)).toEqual(['a-session-1']);
    expect(log.changes.map((c) => c.local_change_id)).toEqual(['a-change-1']);
    const [x, y] = await Promise.all([commands.sendPending(), commands.sendPending()]);
    expect(x.unsent + y.unsent).toBe(0);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update.mock.calls[0]?.[0]).toMatchObject({
      local_session_id: 'a-session-1',
      local_change_id: 'a-change-1',
    });
    await commands.sendPending();
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(await readRegistrationLog(store)).toEqual({ sessions: [], changes: [], conflicts: [] });
    store.close();
  });

  it('offline everything waits, in order; back online it is sent once', async () => {
    const store = freshStore();
    const api = fakeServer();
    let down = true;
    const commands = createRegistrationCommands({
      store,
      api: {
        create: async (b) => {
          if (down) throw offline();
          return api.create(b);
        },
        update: async (b) => {
          if (down) throw offline();
          return api.update(b);
        },
      },
      actor: () => 7,
    });
    await commands.register(reg('a-session-1'));
    await commands.changeStatus(change('a-change-1'));
    expect(await commands.sendPending()).toEqual({ sent: 0, unsent: 2 });
    down = false;
    expect(await commands.sendPending()).toEqual({ sent: 2, unsent: 0 });
    expect(api.create).toHaveBeenCalledTimes(1);
    store.close();
  });

  it('records the conflicts found on sync and keeps them until seen', async () => {
    const store = freshStore();
    const api = fakeServer();
    const commands = createRegistrationCommands({ store, api, actor: () => 7 });
    api.bump(); // another device took number 1 meanwhile
    await commands.register(reg('a-session-1', 1));
    // a change of a session another device deleted
    await commands.changeStatus(
      change('a-change-2', { user_business_session_id: 999, local_session_id: null }),
    );
    await commands.sendPending();
    // another device changed the session before this change was sent
    const s = api.stored.get('a-session-1') as CustomerSession;
    s.status = 'Dalam Proses';
    await commands.changeStatus(
      change('a-change-3', { user_business_session_id: s.user_business_session_id }),
    );
    // a registration the server refuses
    const refusing = createRegistrationCommands({
      store,
      api: {
        create: async () => {
          throw http(400, 'Customer tidak ditemukan.');
        },
        update: api.update,
      },
      actor: () => 7,
    });
    await refusing.register(reg('a-session-4'));
    await refusing.sendPending();
    // registrations are sent before changes in a pass
    const log = await readRegistrationLog(store);
    expect(log.sessions).toEqual([]);
    expect(log.changes).toEqual([]);
    expect(log.conflicts.map((c) => c.message)).toEqual([
      REGISTRATION_OWN.numberChanged('Pasien a-session-1', 1, 2),
      REGISTRATION_OWN.statusLost('Pasien A', 1),
      REGISTRATION_OWN.refused('Pasien a-session-4', 'Customer tidak ditemukan.'),
      REGISTRATION_OWN.statusOverrode('Pasien A', 'Menunggu', 'Dalam Proses'),
    ]);
    await commands.dismissConflict(log.conflicts[0]?.local_id as string);
    expect((await readRegistrationLog(store)).conflicts).toHaveLength(3);
    store.close();
  });
});
