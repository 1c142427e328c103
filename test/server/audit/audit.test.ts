// Issue 15 (server): the upload of a device's event log — stored once per event id, a partial upload
// resumed, the chain verified and flagged (not refused) — and the auditor's reads behind AUDIT_LOG. PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_PATHS,
  auditDayResponse,
  auditTrxResponse,
  uploadEventsResponse,
} from '../../../src/api/contract/audit';
import { outletDate } from '../../../src/domain/history';
import { type ChainedEvent, linkEvents, randomGenesis } from '../../../src/events/chain';
import { call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { outletConfig } from '../pos/fixtures';

let s: TestServer;
let owner: Tokens;
let kasir: Tokens;
let device = 0;

async function deviceLog(trxId: string, count: number, from = new Date()) {
  const events = Array.from({ length: count }, (_, i) => ({
    id: `ev-${trxId}-${i}-${device}`,
    type: i === 0 ? 'trx.started' : i === 2 ? 'trx.lineRemoved' : 'trx.notesSet',
    v: 1,
    at: new Date(from.getTime() + i * 1000).toISOString(),
    actor: 2,
    trxId,
    payload:
      i === 2
        ? { local_trx_detail_id: 'd1', log: { reason: 'salah input' }, clearDiscounts: false, totals: {} }
        : { trx_notes: `catatan ${i}` },
  }));
  device += 1;
  return (await linkEvents(events, { device: `device-${device}`, n: 0, hash: randomGenesis() })).events;
}

const upload = (t: Tokens, events: unknown[]) =>
  call(s.app, t, { method: 'POST', url: `/${AUDIT_PATHS.events}`, payload: { events } });

beforeAll(async () => {
  s = await startTestServer('pglite');
  owner = await signIn(s.app, 'demo@serambi.id');
  kasir = await signIn(s.app, 'kasir@serambi.id');
  await outletConfig(s.app, owner, 1);
  await outletConfig(s.app, kasir, 1);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('upload of a device log', () => {
  it('stores each event once: a repeat and a resumed partial upload store nothing twice', async () => {
    const log = await deviceLog('trx-a', 6);
    const first = await upload(kasir, log.slice(0, 4));
    expect(first.statusCode, first.body).toBe(200);
    expect(uploadEventsResponse.parse(first.json().data)).toEqual({ stored: 4, duplicates: 0, flagged: 0 });
    // the answer was lost: the device sends from its mark again, overlapping
    const resumed = await upload(kasir, log.slice(2));
    expect(resumed.json().data).toEqual({ stored: 2, duplicates: 2, flagged: 0 });
    const again = await upload(kasir, log);
    expect(again.json().data).toEqual({ stored: 0, duplicates: 6, flagged: 0 });
    const count = await s.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_events WHERE local_trx_id = 'trx-a'`,
      [],
    );
    expect(count[0].n).toBe(6);
  });

  it('two uploads of the same batch at once store it exactly once', async () => {
    const log = await deviceLog('trx-b', 5);
    const answers = await Promise.all([upload(kasir, log), upload(kasir, log), upload(owner, log)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.json().data.stored, 0)).toBe(5);
  });

  it('flags an altered event, a gap and a reordering, and stores the rest', async () => {
    const log = await deviceLog('trx-c', 6);
    const altered: ChainedEvent = { ...log[1], payload: { trx_notes: 'diubah' } };
    const r = await upload(kasir, [log[0], altered, log[2], log[4], log[3], log[5]]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.stored).toBe(6);
    const flags = await s.database.query<{ event_id: string; flags: string[] }>(
      `SELECT event_id, flags FROM device_events WHERE local_trx_id = 'trx-c' ORDER BY chain_n`,
      [],
    );
    const byId = Object.fromEntries(flags.map((f) => [f.event_id, f.flags]));
    expect(byId[log[0].id]).toEqual([]);
    expect(byId[log[1].id]).toEqual(['altered']);
    expect(byId[log[4].id]).toEqual(['gap']);
    expect(byId[log[3].id]).toEqual(['reordered']);
  });

  it('refuses what is not an event with 400, never 500', async () => {
    const [one] = await deviceLog('trx-z', 1);
    const bad: unknown[][] = [
      [],
      [{ id: 'x' }],
      [{ ...one, trxId: 'a\u0000b' }],
      [{ ...one, payload: { t: 'a\u0000' } }],
    ];
    for (const events of bad) {
      const r = await upload(kasir, events);
      expect([JSON.stringify(events).slice(0, 80), r.statusCode, r.body]).toEqual([
        expect.any(String),
        400,
        expect.any(String),
      ]);
    }
  });
});

describe("the auditor's reads", () => {
  it('need AUDIT_LOG: the owner has it, the cashier does not', async () => {
    const url = `/${AUDIT_PATHS.day}?outlet_id=1&date=${outletDate(new Date())}`;
    expect((await call(s.app, kasir, { method: 'GET', url })).statusCode).toBe(403);
    const r = await call(s.app, owner, { method: 'GET', url });
    expect(r.statusCode, r.body).toBe(200);
    const day = auditDayResponse.parse(r.json().data);
    const a = day.trxs.find((t) => t.local_trx_id === 'trx-a');
    expect(a).toMatchObject({ events: 6, deleted_lines: 1, cashier_ids: [2], flagged: false });
    expect(day.cashiers).toContainEqual({ business_user_id: 2, name: expect.stringMatching(/\S/) });
    expect(day.trxs.find((t) => t.local_trx_id === 'trx-c')?.flagged).toBe(true);
    // an outlet the owner does not work at
    expect(
      (await call(s.app, owner, { method: 'GET', url: url.replace('outlet_id=1', 'outlet_id=999') }))
        .statusCode,
    ).toBe(403);
  });

  it('replays a transaction in order, and flags a stored event altered afterwards', async () => {
    const url = `/${AUDIT_PATHS.trx('trx-a')}`;
    const before = auditTrxResponse.parse((await call(s.app, owner, { method: 'GET', url })).json().data);
    expect(before.events.map((e) => e.chain_n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(before.devices).toEqual([
      { device_id: before.events[0].device_id, flagged_events: 0, flags: [], claimed_events: 0 },
    ]);
    await s.database.query(
      `UPDATE device_events SET event = jsonb_set(event, '{payload,trx_notes}', '"diubah"') WHERE local_trx_id = 'trx-a' AND chain_n = 4`,
      [],
    );
    const after = auditTrxResponse.parse((await call(s.app, owner, { method: 'GET', url })).json().data);
    expect(after.events[3].flags).toEqual(['altered']);
    expect(after.devices[0].flags).toEqual(['altered']);
    expect(after.devices[0].flagged_events).toBe(1);
  });
});
