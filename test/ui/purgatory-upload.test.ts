// Issue 15: /purgatory uploads the device's log before it clears everything, with the stored session's tokens;
// when it cannot (no session, the server refuses or is too slow) it says how many events were not uploaded.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  purgatoryUploadMessage,
  uploadBeforePurge,
} from '../../src/ui/features/maintenance/purgatory-upload';
import { ev, freshStore, user } from '../projections/helpers';

function server(answer: 'ok' | 'error' | 'hang') {
  const calls: Array<{ url: string; headers: Record<string, string>; ids: string[] }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { events: Array<{ id: string }> };
    calls.push({
      url: String(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
      ids: body.events.map((e) => e.id),
    });
    if (answer === 'hang') return new Promise<Response>(() => {});
    if (answer === 'error') return new Response('down', { status: 502, statusText: 'Bad Gateway' });
    const data = { stored: body.events.length, duplicates: 0, flagged: 0 };
    return new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

async function signedInLog() {
  const store = freshStore();
  await store.commit([ev('session.signedIn', { user: user(1) }, 1)]);
  await store.commit([ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }, 1)]);
  // a backlog left by an earlier failed sign-out upload goes too, first
  await store.db.auditBacklog.put({
    id: 'left-1',
    type: 'device.settingsChanged',
    v: 1,
    at: '2026-11-21T01:00:00.000Z',
    actor: 'device',
    payload: { displayMode: 'TABLET' },
  });
  return store;
}

describe('/purgatory uploads the log before clearing (issue 15)', () => {
  it('uploads the backlog and the log with the stored session tokens', async () => {
    const store = await signedInLog();
    const ids = (await store.db.events.toArray()).map((e) => e.id);
    const s = server('ok');
    const r = await uploadBeforePurge(store.db, { baseUrl: '', fetchImpl: s.fetchImpl });
    expect(r).toEqual({ status: 'uploaded', sent: 3 });
    expect(s.calls.flatMap((c) => c.ids)).toEqual(['left-1', ...ids]);
    expect(s.calls[0]).toMatchObject({
      url: '/cashier/audit/events',
      headers: { Authorization: 'ck-1', 'APP-Token': 'lt-1' },
    });
    expect(purgatoryUploadMessage(r)).toBeNull();
    expect(await uploadBeforePurge(store.db, { baseUrl: '', fetchImpl: s.fetchImpl })).toEqual({
      status: 'nothing',
    });
  });

  it('a refusing or silent server: says how many events could not be uploaded', async () => {
    for (const answer of ['error', 'hang'] as const) {
      const store = await signedInLog();
      const r = await uploadBeforePurge(store.db, {
        baseUrl: '',
        fetchImpl: server(answer).fetchImpl,
        timeoutMs: 200,
      });
      expect(r).toEqual({ status: 'failed', pending: 3, reason: 'error' });
      expect(purgatoryUploadMessage(r)).toBe(
        'Log audit perangkat tidak dapat diunggah ke server (3 event) dan ikut terhapus.',
      );
    }
  });

  it('no stored session: nothing is sent, the page says so', async () => {
    const store = freshStore();
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' }, 'device')]);
    const s = server('ok');
    const r = await uploadBeforePurge(store.db, { baseUrl: '', fetchImpl: s.fetchImpl });
    expect(r).toEqual({ status: 'failed', pending: 1, reason: 'no-session' });
    expect(s.calls).toEqual([]);
  });
});
