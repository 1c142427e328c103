import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type SnapshotFrom, waitFor } from 'xstate';
import { makeEvent, uuid } from '../../src/events';
import { createLiveSession, pendingTrxsForSignOut } from '../../src/machines/live';
import { createStore, type Store } from '../../src/projections';
import { configFixture, userFixture } from './session-harness';

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) {
    store.close();
    await Dexie.delete(store.db.name);
  }
});

type LiveActor = ReturnType<typeof createActor<ReturnType<typeof createLiveSession>['machine']>>;

/** Waits for the state, failing fast instead of hanging the test. */
function settled(actor: LiveActor, predicate: (s: SnapshotFrom<LiveActor['logic']>) => boolean) {
  return waitFor(actor as AnyActorRef, predicate, { timeout: 5000 });
}

function freshStore(): Store {
  const store = createStore({ dbName: `live-${uuid()}`, locks: null });
  opened.push(store);
  return store;
}

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A stand-in for the server's session calls (the real server has its own tests). */
function fakeServer(
  options: { revoke?: boolean; revokeOnSoftSignOut?: boolean; audit?: 'ok' | 'hang' } = {},
) {
  const seen: Seen[] = [];
  const ok = (data: unknown) => new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = String(init?.method);
    seen.push({
      method,
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (options.revoke && url.startsWith('/cashier/config')) {
      return new Response(JSON.stringify({ status: 'error', error: { message: 'Sesi telah berakhir' } }), {
        status: 303,
      });
    }
    if (options.revokeOnSoftSignOut && url === '/cashier/pos/auth/sign-out?settlement=0') {
      return new Response(JSON.stringify({ status: 'error', error: { message: 'Sesi telah berakhir' } }), {
        status: 303,
      });
    }
    if (url === '/cashier/audit/events' && options.audit === 'hang') return new Promise<Response>(() => {});
    if (url === '/cashier/audit/events' && options.audit === 'ok') {
      const n = (JSON.parse(String(init?.body)) as { events: unknown[] }).events.length;
      return ok({ stored: n, duplicates: 0, flagged: 0 });
    }
    if (url === '/cashier/pos/auth/sign-in') {
      const body = JSON.parse(String(init?.body)) as { email: string };
      return ok(
        body.email === 'kasir@serambi.id'
          ? userFixture({
              outlet_id: 1,
              business_user_id: 2,
              cashier_name: 'Kasir',
              client_key: 'ck-2',
              login_token: 'lt-2',
            })
          : userFixture({ outlet_id: 1 }),
      );
    }
    if (url === '/cashier/pos/auth/sign-in-confirmation') return ok({ confirmed_at: '2026-11-22 01:00:01' });
    if (url === '/cashier/appointment') {
      return ok({
        customer_appointments: [
          {
            local_appointment_id: 'ap-1',
            business_commission_worker_id: 3,
            // The server's shape: a bare time with the day apart.
            appointment_date: '2026-11-23',
            start_time: '10:00',
            pos_trx: { local_trx_id: 'trx-ap-1', trx_local_start_time: '2026-11-22 10:00:00' },
          },
          {
            local_appointment_id: 'ap-2',
            business_commission_worker_id: null,
            start_time: null,
            pos_trx: null,
          },
        ],
      });
    }
    if (url.startsWith('/cashier/config')) return ok(configFixture(1));
    if (url.startsWith('/cashier/pos/auth/sign-out')) {
      return ok({
        settlement: url.includes('settlement=0') ? 0 : 1,
        deleted_trx_count: 0,
        pending_trx_count: 0,
      });
    }
    return new Response('not found', { status: 404, statusText: 'Not Found' });
  }) as typeof fetch;
  return { seen, fetchImpl };
}

describe('live session: statechart + API client + event store', () => {
  it('signs in, stores the session and appointments, sends the §7 headers afterwards, signs out', async () => {
    const store = freshStore();
    const server = fakeServer();
    const live = createLiveSession({
      store,
      baseUrl: '',
      fetchImpl: server.fetchImpl,
      confirm: async () => true,
    });
    const actor = createActor(live.machine).start();
    await settled(actor, (s) => s.matches({ signedOut: 'idle' }));

    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }));

    const session = await store.getSession();
    expect(session.user?.client_key).toBe('ck-demo');
    expect(session.pending_sign_in).toBe(0);
    expect(await store.getSignHistory()).toMatchObject([{ business_user_id: 1, cashier_name: 'Demo Kasir' }]);
    const trx = await store.getTransaction('trx-ap-1');
    expect(trx?.trx_status_id).toBe(1);
    expect(trx?.local_appointment_id).toBe('ap-1');
    // The booking keeps the appointment's own day, so 'Booked - {time}' is not read as today.
    const loads = await store.db.events.where('type').equals('appointment.trxLoaded').toArray();
    expect(loads.map((e) => e.payload)).toMatchObject([
      {
        local_appointment_id: 'ap-1',
        business_commission_worker_id: 3,
        start_time: '10:00',
        appointment_date: '2026-11-23',
      },
    ]);

    const signIn = server.seen.find((c) => c.url === '/cashier/pos/auth/sign-in');
    expect(signIn?.headers.Authorization).toBeUndefined();
    const confirm = server.seen.find((c) => c.url === '/cashier/pos/auth/sign-in-confirmation');
    expect(confirm?.headers).toMatchObject({
      Authorization: 'ck-demo',
      'APP-Token': 'lt-demo',
      'App-Build': '20251030',
    });

    actor.send({ type: 'session.reloadConfig' });
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }) && !s.hasTag('busy'));
    expect((await store.getSession()).user?.client_key).toBe('ck-demo');

    await store.commit([makeEvent('device.settingsChanged', { displayMode: 'TABLET' }, { actor: 'device' })]);
    actor.send({ type: 'session.signOut' });
    await settled(actor, (s) => s.matches({ signingOut: 'redirecting' }));
    const signOut = server.seen.find((c) => c.url === '/cashier/pos/auth/sign-out');
    expect(signOut?.body).toMatchObject({ deletedTrxs: [], pendingTrxs: [] });
    const after = await store.getSession();
    expect(after.user).toBeNull();
    expect(after.signed_out).toBe(1);
    expect(await store.getTransaction('trx-ap-1')).toBeUndefined();
    // Device settings belong to the device, not the cashier.
    expect((await store.getDevice()).displayMode).toBe('TABLET');
    actor.stop();
  });

  it('a stored session resumes on load; a 303 from any call forces the sign-out', async () => {
    const store = freshStore();
    await store.commit([
      makeEvent('session.signedIn', { user: userFixture({ outlet_id: 1 }) }, { actor: 1 }),
    ]);
    await store.commit([
      makeEvent('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Demo' }, { actor: 1 }),
    ]);
    const server = fakeServer({ revoke: true });
    const live = createLiveSession({ store, baseUrl: '', fetchImpl: server.fetchImpl });
    const actor = createActor(live.machine).start();
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }));

    // A call made outside the machine (e.g. by the cashier screen) answers 303.
    await expect(live.client.request({ method: 'GET', path: 'cashier/config' })).rejects.toMatchObject({
      kind: 'forcedSignOut',
    });
    await settled(actor, (s) => s.matches({ forcedSignOut: 'redirecting' }));
    expect((await store.getSession()).signed_out).toBe(1);
    expect((await store.getSession()).user).toBeNull();
    actor.stop();
  });
});

describe('the event log leaves the device besides sign-out (issue 15)', () => {
  async function signedInStore() {
    const store = freshStore();
    await store.commit([
      makeEvent('session.signedIn', { user: userFixture({ outlet_id: 1 }) }, { actor: 1 }),
    ]);
    await store.commit([
      makeEvent('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Demo' }, { actor: 1 }),
    ]);
    return store;
  }
  const uploadedIds = (seen: Seen[]) =>
    seen
      .filter((c) => c.url === '/cashier/audit/events')
      .flatMap((c) => (c.body as { events: Array<{ id: string }> }).events.map((e) => e.id));

  it('a forced sign-out uploads the log before the clear, with the session tokens', async () => {
    const store = await signedInStore();
    const ids = (await store.db.events.toArray()).map((e) => e.id);
    const server = fakeServer({ revoke: true, audit: 'ok' });
    const live = createLiveSession({ store, baseUrl: '', fetchImpl: server.fetchImpl });
    const actor = createActor(live.machine).start();
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }));
    await expect(live.client.request({ method: 'GET', path: 'cashier/config' })).rejects.toMatchObject({
      kind: 'forcedSignOut',
    });
    await settled(actor, (s) => s.matches({ forcedSignOut: 'redirecting' }));
    expect(uploadedIds(server.seen)).toEqual(ids);
    const upload = server.seen.find((c) => c.url === '/cashier/audit/events');
    expect(upload?.headers).toMatchObject({ Authorization: 'ck-demo', 'APP-Token': 'lt-demo' });
    expect(await store.db.auditBacklog.count()).toBe(0);
    expect((await store.getSession()).user).toBeNull();
    actor.stop();
  });

  it('a forced sign-out whose upload is refused keeps the log in auditBacklog', async () => {
    const store = await signedInStore();
    const ids = (await store.db.events.toArray()).map((e) => e.id);
    const server = fakeServer({ revoke: true }); // audit/events answers 404
    const live = createLiveSession({ store, baseUrl: '', fetchImpl: server.fetchImpl });
    const actor = createActor(live.machine).start();
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }));
    await expect(live.client.request({ method: 'GET', path: 'cashier/config' })).rejects.toBeTruthy();
    await settled(actor, (s) => s.matches({ forcedSignOut: 'redirecting' }));
    expect(server.seen.some((c) => c.url === '/cashier/audit/events')).toBe(true);
    expect((await store.db.auditBacklog.toArray()).map((e) => e.id)).toEqual(ids);
    expect((await store.getSession()).signed_out).toBe(1);
    actor.stop();
  });

  it('the next sign-in sends the backlog in the background; a hanging upload does not hold the sign-in', async () => {
    for (const audit of ['hang', 'ok'] as const) {
      const store = freshStore();
      await store.db.auditBacklog.bulkPut([
        {
          id: 'left-1',
          type: 'device.settingsChanged',
          v: 1,
          at: '2026-11-22T01:00:00.000Z',
          actor: 'device',
          payload: { displayMode: 'TABLET' },
        },
        {
          id: 'left-2',
          type: 'device.settingsChanged',
          v: 1,
          at: '2026-11-22T01:00:01.000Z',
          actor: 'device',
          payload: { displayMode: 'DESKTOP' },
        },
      ]);
      const server = fakeServer({ audit });
      const live = createLiveSession({ store, baseUrl: '', fetchImpl: server.fetchImpl });
      const actor = createActor(live.machine).start();
      await settled(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
      await settled(actor, (s) => s.matches({ signedIn: 'ready' }));
      await waitFor(actor as AnyActorRef, () => uploadedIds(server.seen).length > 0, { timeout: 5000 });
      expect(uploadedIds(server.seen)).toEqual(['left-1', 'left-2']);
      const upload = server.seen.find((c) => c.url === '/cashier/audit/events');
      expect(upload?.headers).toMatchObject({ Authorization: 'ck-demo' });
      if (audit === 'ok') {
        await expect.poll(() => store.db.auditBacklog.count()).toBe(0);
      } else {
        expect(await store.db.auditBacklog.count()).toBe(2);
      }
      actor.stop();
    }
  });
});

describe('live cashier switch', () => {
  it('an old session already revoked (303 on the soft sign-out) still completes the switch', async () => {
    const store = freshStore();
    await store.commit([
      makeEvent('session.signedIn', { user: userFixture({ outlet_id: 1 }) }, { actor: 1 }),
    ]);
    const server = fakeServer({ revokeOnSoftSignOut: true });
    const live = createLiveSession({ store, baseUrl: '', fetchImpl: server.fetchImpl });
    const actor = createActor(live.machine).start();
    // pending_sign_in was left set: the page load resumes the confirmation first.
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settled(actor, (s) => s.matches({ signedIn: 'ready' }) && s.context.user?.business_user_id === 2);
    const soft = server.seen.find((c) => c.url === '/cashier/pos/auth/sign-out?settlement=0');
    expect(soft?.headers.Authorization).toBe('ck-demo');
    expect(soft?.body).toEqual({ configs: {} });
    const session = await store.getSession();
    expect(session.user?.client_key).toBe('ck-2');
    expect((await store.getSignHistory()).map((h) => h.business_user_id)).toEqual([1, 2]);
    actor.stop();
  });
});

describe('pendingTrxsForSignOut (000 §4 step 5)', () => {
  it('keeps status-2 transactions that have details or deleted details', () => {
    const base = { is_synced: false };
    const picked = pendingTrxsForSignOut([
      { ...base, local_trx_id: 'a', trx_status_id: 2, details: [{}] },
      { ...base, local_trx_id: 'b', trx_status_id: 2, details: [], deleted_details: [{}] },
      { ...base, local_trx_id: 'c', trx_status_id: 2, details: [], deleted_details: [] },
      { ...base, local_trx_id: 'd', trx_status_id: 3, details: [{}] },
    ]);
    expect(picked.map((t) => t.local_trx_id)).toEqual(['a', 'b']);
  });
});
