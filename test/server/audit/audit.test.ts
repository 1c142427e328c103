// Issue 15 (server): the upload of a device's event log — stored once per event id, a partial upload
// resumed, the chain verified and flagged (not refused) — and the auditor's reads behind AUDIT_LOG. PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_UPLOAD_CHUNK, nextChunkSize } from '../../../server/services/audit';
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

  it('a long log in one call: the chunks check on from each other, flag exactly the altered events, and a repeat stores nothing', async () => {
    const log = await deviceLog('trx-long', 1000);
    // events at the edges of chunks of 50, 100, 200, 250, 400 and 500 and the last one
    const altered = new Set([49, 50, 99, 100, 199, 200, 249, 250, 399, 400, 499, 500, 999]);
    const sent = log.map((e, i) => (altered.has(i) ? { ...e, payload: { trx_notes: 'diubah' } } : e));
    const r = await upload(kasir, sent);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ stored: 1000, duplicates: 0, flagged: altered.size });
    const rows = await s.database.query<{ chain_n: number; flags: string[] }>(
      `SELECT chain_n, flags FROM device_events WHERE local_trx_id = 'trx-long' AND cardinality(flags) > 0 ORDER BY chain_n`,
      [],
    );
    expect(rows.map((x) => [Number(x.chain_n), x.flags])).toEqual(
      [...altered].map((i) => [i + 1, ['altered']]),
    );
    // the device's next call goes on from the stored chain: no gap
    const more = await linkEvents(
      [
        {
          id: 'ev-trx-long-next',
          type: 'trx.notesSet',
          v: 1,
          at: new Date().toISOString(),
          actor: 2,
          trxId: 'trx-long',
          payload: {},
        },
      ],
      { device: log[0].chain.device, n: 1000, hash: log[999].chain.hash },
    );
    expect((await upload(kasir, more.events)).json().data).toEqual({ stored: 1, duplicates: 0, flagged: 0 });
    expect((await upload(kasir, sent)).json().data).toEqual({ stored: 0, duplicates: 1000, flagged: 0 });
  });

  it("an upload chunk's size follows the time the last one took, within its bounds", () => {
    const { min, max } = AUDIT_UPLOAD_CHUNK;
    expect(nextChunkSize(200, 80)).toBe(100);
    expect(nextChunkSize(200, 40)).toBe(200);
    // at most doubled after a fast chunk
    expect(nextChunkSize(200, 1)).toBe(400);
    expect(nextChunkSize(max, 1)).toBe(max);
    expect(nextChunkSize(min, 10_000)).toBe(min);
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

  it("the outlet's day re-checks stored events: one altered, one relinked afterwards", async () => {
    const log = await deviceLog('trx-day', 4);
    expect((await upload(kasir, log)).json().data).toMatchObject({ stored: 4, flagged: 0 });
    const url = `/${AUDIT_PATHS.day}?outlet_id=1&date=${outletDate(new Date())}`;
    const read = async () =>
      auditDayResponse.parse((await call(s.app, owner, { method: 'GET', url })).json().data);
    const device = (d: Awaited<ReturnType<typeof read>>) =>
      d.devices.find((x) => x.device_id === log[0].chain.device);
    const before = await read();
    expect(before.trxs.find((t) => t.local_trx_id === 'trx-day')).toMatchObject({
      events: 4,
      flagged: false,
    });
    expect(device(before)).toEqual({
      device_id: log[0].chain.device,
      flagged_events: 0,
      flags: [],
      claimed_events: 0,
    });
    await s.database.query(
      `UPDATE device_events SET event = jsonb_set(event, '{payload,trx_notes}', '"diubah"') WHERE local_trx_id = 'trx-day' AND chain_n = 2`,
      [],
    );
    // event 4 relinked to a hash that is not event 3's (its own hash made to match: not altered, broken)
    const [third] = await s.database.query<{ hash: string }>(
      `SELECT hash FROM device_events WHERE local_trx_id = 'trx-day' AND chain_n = 3`,
      [],
    );
    const relinked = await linkEvents([log[3]], { device: log[3].chain.device, n: 3, hash: 'f'.repeat(64) });
    expect(relinked.events[0].chain.prev).not.toBe(third.hash);
    await s.database.query(
      `UPDATE device_events SET prev_hash = $1, hash = $2 WHERE local_trx_id = 'trx-day' AND chain_n = 4`,
      [relinked.events[0].chain.prev, relinked.events[0].chain.hash],
    );
    const after = await read();
    expect(after.trxs.find((t) => t.local_trx_id === 'trx-day')).toMatchObject({ events: 4, flagged: true });
    expect(device(after)).toEqual({
      device_id: log[0].chain.device,
      flagged_events: 2,
      flags: ['altered', 'broken'],
      claimed_events: 0,
    });
    const trx = auditTrxResponse.parse(
      (await call(s.app, owner, { method: 'GET', url: `/${AUDIT_PATHS.trx('trx-day')}` })).json().data,
    );
    expect(trx.events.map((e) => e.flags)).toEqual([[], ['altered'], [], ['broken']]);
  });
});
