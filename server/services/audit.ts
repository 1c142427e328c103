// Issue 15: the devices' event logs on the server — the upload (stored once per event id, the chain
// verified and flagged, never refused for what the chain check finds) and the auditor's reads.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  type AuditDayResponse,
  type AuditEvent,
  type AuditFlag,
  type AuditTrxResponse,
  CHAIN_FLAG_VALUES,
  type DeviceChain,
  type UploadEventsResponse,
  type UploadedEvent,
} from '../../src/api/contract/audit';
import { type ChainedEvent, chainInput, verifyChain } from '../../src/events/chain';
import { transaction } from '../db/retry';
import type { AppDeps } from '../deps';
import { requestsInFlight } from '../http/in-flight';
import { forbidden } from '../lib/errors';
import { summarise } from './audit-summary';
import { rows } from './inventory';
import type { Tx } from './ledgers';
import type { AuthContext } from './sessions';

/** node:crypto's SHA-256: the same digest as the device's, without crypto.subtle's per-call cost. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** A list as one bound parameter (Drizzle would spread a JS array into a row). */
const textArray = (xs: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb))`;
const intArray = (xs: readonly number[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb)::int)`;

const envelopeOf = (e: UploadedEvent) => {
  const out: Record<string, unknown> = {
    id: e.id,
    type: e.type,
    v: e.v,
    at: e.at,
    actor: e.actor,
    payload: e.payload,
  };
  if (e.trxId !== undefined) out.trxId = e.trxId;
  return out;
};

/**
 * Events per database transaction of an upload (issue 23 item 3, issue 28): each chunk commits on its own, so a
 * sale's statement waits behind one chunk at most, and the next chunk waits for the other requests to end. The
 * chunk's size follows the time the last one took: it aims at CHUNK_BUDGET_MS, from AUDIT_UPLOAD_CHUNK.min to
 * .max events (a loaded machine gets smaller chunks, an idle one fewer statements).
 */
export const AUDIT_UPLOAD_CHUNK = { min: 50, start: 200, max: 1000 } as const;
/** How long one chunk's transaction should take, at most, as a sale waits behind it. */
export const CHUNK_BUDGET_MS = 40;

/** The next chunk's size after one of `size` events took `ms` (pure). */
export function nextChunkSize(size: number, ms: number): number {
  const { min, max } = AUDIT_UPLOAD_CHUNK;
  // at most doubled after a fast chunk (one fast turn of a loaded machine is not a promise)
  const next = ms > 0 ? Math.floor((size * CHUNK_BUDGET_MS) / ms) : max;
  return Math.max(min, Math.min(max, size * 2, next));
}
/** How long a chunk waits for the other requests to end, at most, and how often it looks. */
const QUIET_WAIT_MAX_MS = 500;
const QUIET_POLL_MS = 2;

/** Work that runs one at a time, in the order it came: a queue of turns. */
class Lane {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;
  /** Waits for this caller's turn; the answer ends it (once, whatever calls it). */
  async turn(): Promise<() => void> {
    this.holders += 1;
    let end!: () => void;
    const done = new Promise<void>((resolve) => {
      end = resolve;
    });
    const before = this.tail;
    this.tail = before.then(() => done);
    await before;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.holders -= 1;
      end();
    };
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    const end = await this.turn();
    try {
      return await work();
    } finally {
      end();
    }
  }
  get idle(): boolean {
    return this.holders === 0;
  }
}

/**
 * Per app: one upload per user at a time (the route takes the user's turn before it reads the body, so a
 * user's parallel calls are read, checked and stored one after another), and one upload chunk at a time in
 * all (uploads are background work; a sale's statements never queue behind more than one chunk).
 */
const lanes = new WeakMap<AppDeps, { chunks: Lane; users: Map<number, Lane>; chunkSize: number }>();
function lanesOf(deps: AppDeps) {
  let l = lanes.get(deps);
  if (!l) {
    l = { chunks: new Lane(), users: new Map(), chunkSize: AUDIT_UPLOAD_CHUNK.start };
    lanes.set(deps, l);
  }
  return l;
}

/** Waits for the user's turn to upload (issue 23 item 3: a per-user limit); the answer ends the turn. */
export async function uploadTurn(deps: AppDeps, auth: AuthContext): Promise<() => void> {
  const { users } = lanesOf(deps);
  const id = auth.business_user_id;
  let lane = users.get(id);
  if (!lane) {
    lane = new Lane();
    users.set(id, lane);
  }
  const mine = lane;
  const end = await mine.turn();
  return () => {
    end();
    if (mine.idle && users.get(id) === mine) users.delete(id);
  };
}

/**
 * Stores a batch of a device's log (issue 15; issue 23 items 1–3). A repeat (same event ids) stores nothing
 * twice. The batch goes in chunks (AUDIT_UPLOAD_CHUNK, sized by time), each its own transaction; per business
 * and device, a chunk's new events are verified after the stored event before them, one chunk at a time (an
 * advisory lock per business and device on PostgreSQL; PGlite runs one transaction at a time). Each event is stored with the uploading session's user and outlet,
 * filed under its sale's outlet, and flagged (never refused) for what the checks find.
 */
export async function uploadEvents(
  deps: AppDeps,
  auth: AuthContext,
  events: readonly UploadedEvent[],
): Promise<UploadEventsResponse> {
  // the first copy of an id in the batch is the one stored
  const seen = new Set<string>();
  const unique = events.filter((e) => !seen.has(e.id) && seen.add(e.id));
  const sellsAt = new Set(
    rows<{ business_outlet_id: number }>(
      await deps.database.db.execute(sql`
        SELECT bo.business_outlet_id FROM business_user_outlets bo
        JOIN outlets o ON o.business_outlet_id = bo.business_outlet_id
        WHERE bo.business_user_id = ${auth.business_user_id} AND o.business_id = ${auth.business_id}`),
    ).map((r) => Number(r.business_outlet_id)),
  );
  const lane = lanesOf(deps);
  let stored = 0;
  let flagged = 0;
  for (let i = 0; i < unique.length; ) {
    const r = await lane.chunks.run(async () => {
      // the other requests first: a chunk starts when none is in flight, or after a bounded wait
      const since = performance.now();
      while (requestsInFlight(deps) > 0 && performance.now() - since < QUIET_WAIT_MAX_MS)
        await sleep(QUIET_POLL_MS);
      const size = lane.chunkSize;
      const chunk = unique.slice(i, i + size);
      i += chunk.length;
      const t0 = performance.now();
      const out = await transaction(deps.database.db, (tx) => storeChunk(tx, deps, auth, sellsAt, chunk));
      // only a full chunk's time says how big the next may be
      if (chunk.length === size) lane.chunkSize = nextChunkSize(size, performance.now() - t0);
      // a turn of the timer queue: requests that came during the chunk (PGlite runs its statements in this
      // thread) are seen before the next one starts
      if (i < unique.length) await sleep(QUIET_POLL_MS);
      return out;
    });
    stored += r.stored;
    flagged += r.flagged;
  }
  return { stored, duplicates: events.length - stored, flagged };
}

/**
 * One chunk of an upload, in one transaction, in two statements (issue 28; three on PostgreSQL, whose first takes
 * the devices' locks): what the server holds (the events already stored, the stored event before each device's
 * first new one, the sales' outlets, and the device ids' first writers), then the insert.
 */
async function storeChunk(
  tx: Tx,
  deps: AppDeps,
  auth: AuthContext,
  sellsAt: ReadonlySet<number>,
  chunk: readonly UploadedEvent[],
): Promise<{ stored: number; flagged: number }> {
  const now = deps.clock.now().toISOString();
  const business = auth.business_id;
  const devices = [...new Set(chunk.map((e) => e.chain?.device).filter((d): d is string => !!d))].sort();
  // PGlite is one connection that runs one transaction at a time: no other upload can be between the read
  // and the insert. PostgreSQL's sessions can: a chunk's devices are locked before anything is read.
  if (devices.length > 0 && deps.database.kind !== 'pglite') {
    // volatile functions run after ORDER BY: the locks are taken in one order by every upload
    await tx.execute(sql`
      SELECT pg_advisory_xact_lock(hashtext('audit:' || ${business}::text || ':' || d))
      FROM unnest(${textArray(devices)}) AS d ORDER BY d`);
  }
  const [known] = rows<{ held: unknown; anchors: unknown; heads: unknown }>(
    await tx.execute(sql`
      WITH c AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(
          chunk.map((e) => ({
            id: e.id,
            device: e.chain?.device ?? null,
            n: e.chain?.n ?? null,
            trx: e.trxId ?? null,
          })),
        )}::jsonb) AS c(id text, device text, n bigint, trx text)
      ), held AS (
        SELECT event_id FROM device_events
        WHERE business_id = ${business} AND event_id = ANY(ARRAY(SELECT id FROM c))
      ), fresh AS (
        SELECT * FROM c WHERE c.id NOT IN (SELECT event_id FROM held)
      ), k AS (
        SELECT device AS device_id, count(*)::int AS n, min(n) AS first_n FROM fresh
        WHERE device IS NOT NULL GROUP BY device
      ), ins AS (
        -- the first writer of a device id owns it; another business's events under it mark it claimed
        INSERT INTO device_chains (device_id, business_id, business_outlet_id, business_user_id, first_at)
        SELECT device_id, ${business}, ${auth.outlet_id}, ${auth.business_user_id}, ${now}::timestamptz FROM k
        ON CONFLICT (device_id) DO NOTHING
        RETURNING device_id
      ), claimed AS (
        UPDATE device_chains ch SET claimed_at = coalesce(ch.claimed_at, ${now}::timestamptz),
          claimed_events = ch.claimed_events + k.n
        FROM k WHERE ch.device_id = k.device_id AND ch.business_id <> ${business}
          AND NOT EXISTS (SELECT 1 FROM ins WHERE ins.device_id = k.device_id)
        RETURNING ch.device_id
      )
      SELECT
        (SELECT coalesce(json_agg(event_id), '[]') FROM held)::text AS held,
        (SELECT coalesce(json_agg(json_build_array(k.device_id, a.chain_n, a.hash)), '[]') FROM k
          CROSS JOIN LATERAL (
            SELECT d.chain_n, d.hash FROM device_events d
            WHERE d.business_id = ${business} AND d.device_id = k.device_id AND d.chain_n < k.first_n
            ORDER BY d.chain_n DESC LIMIT 1) a)::text AS anchors,
        (SELECT coalesce(json_agg(json_build_array(h.local_trx_id, h.business_outlet_id)), '[]')
          FROM pos_sales_trx_heads h
          WHERE h.business_id = ${business} AND h.local_trx_id = ANY(ARRAY(SELECT DISTINCT trx FROM fresh
            WHERE trx IS NOT NULL)))::text AS heads,
        (SELECT count(*) FROM claimed) AS claimed`),
  );
  const held = new Set(parseJson(known.held as string[] | string));
  const fresh = chunk.filter((e) => !held.has(e.id));
  if (fresh.length === 0) return { stored: 0, flagged: 0 };
  const flags = new Map<string, Set<AuditFlag>>(fresh.map((e) => [e.id, new Set<AuditFlag>()]));

  // the chains: this business's own, whoever else wrote under the same device id
  const anchors = new Map(
    parseJson(known.anchors as Array<[string, number | string, string]> | string).map(([device, n, hash]) => [
      device,
      { n: Number(n), hash },
    ]),
  );
  const byDevice = new Map<string, Array<ChainedEvent & UploadedEvent>>();
  for (const e of fresh) {
    if (!e.chain) continue;
    const list = byDevice.get(e.chain.device);
    if (list) list.push(e as ChainedEvent & UploadedEvent);
    else byDevice.set(e.chain.device, [e as ChainedEvent & UploadedEvent]);
  }
  for (const [device, events] of byDevice) {
    const verified = await verifyChain(events, anchors.get(device) ?? null, digest);
    for (const v of verified) for (const f of v.flags) flags.get(v.id)?.add(f);
  }

  // the sales the events speak for, as this business's server holds them
  const saleOutlet = new Map(
    parseJson(known.heads as Array<[string, number]> | string).map(([trx, outlet]) => [trx, Number(outlet)]),
  );
  const filedAt = (e: UploadedEvent): number | null => {
    const outlet = e.trxId ? saleOutlet.get(e.trxId) : undefined;
    if (outlet === undefined) return auth.outlet_id;
    if (sellsAt.has(outlet)) return outlet;
    // the uploader cannot sell at the sale's outlet: their upload does not speak for that sale
    flags.get(e.id)?.add('outlet');
    return auth.outlet_id;
  };

  const records = fresh.map((e) => {
    const outlet = filedAt(e);
    if (typeof e.actor === 'number' && e.actor !== auth.business_user_id) flags.get(e.id)?.add('actor');
    return {
      event_id: e.id,
      device_id: e.chain?.device ?? null,
      chain_n: e.chain?.n ?? null,
      hash: e.chain?.hash ?? null,
      prev_hash: e.chain?.prev ?? null,
      event_type: e.type,
      event_at: e.at,
      local_trx_id: e.trxId ?? null,
      actor_user_id: typeof e.actor === 'number' ? e.actor : null,
      event: envelopeOf(e),
      business_outlet_id: outlet,
      flags: FLAG_ORDER.filter((f) => flags.get(e.id)?.has(f)),
    };
  });
  const [inserted] = rows<{ stored: number | string; flagged: number | string }>(
    await tx.execute(sql`
      WITH i AS (
        INSERT INTO device_events (event_id, device_id, chain_n, hash, prev_hash, event_type, event_at, local_trx_id,
          actor_user_id, event, business_id, business_outlet_id, business_user_id, upload_outlet_id, received_at, flags)
        SELECT r.event_id, r.device_id, r.chain_n, r.hash, r.prev_hash, r.event_type, r.event_at, r.local_trx_id,
          r.actor_user_id, r.event, ${business}, r.business_outlet_id, ${auth.business_user_id}, ${auth.outlet_id},
          ${now}::timestamptz, ARRAY(SELECT jsonb_array_elements_text(r.flags))
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(event_id text, device_id text, chain_n bigint,
          hash text, prev_hash text, event_type text, event_at timestamptz, local_trx_id text, actor_user_id integer,
          event jsonb, business_outlet_id integer, flags jsonb)
        ON CONFLICT (business_id, event_id) DO NOTHING
        RETURNING cardinality(flags) > 0 AS flagged
      )
      SELECT count(*) AS stored, count(*) FILTER (WHERE flagged) AS flagged FROM i`),
  );
  return { stored: Number(inserted.stored), flagged: Number(inserted.flagged) };
}

/** The order flags are stored and shown in. */
const FLAG_ORDER: readonly AuditFlag[] = CHAIN_FLAG_VALUES;

/** The outlets the auditor works at (their own outlets of their business). */
async function ownOutlets(deps: AppDeps, auth: AuthContext) {
  return rows<{ business_outlet_id: number; outlet_name: string }>(
    await deps.database.db.execute(sql`
      SELECT o.business_outlet_id, o.outlet_name FROM business_user_outlets bo
      JOIN outlets o ON o.business_outlet_id = bo.business_outlet_id
      WHERE bo.business_user_id = ${auth.business_user_id} AND o.business_id = ${auth.business_id}
      ORDER BY o.business_outlet_id`),
  ).map((o) => ({ business_outlet_id: Number(o.business_outlet_id), outlet_name: String(o.outlet_name) }));
}

interface StoredRow {
  event_id: string;
  device_id: string | null;
  chain_n: string | number | null;
  hash: string | null;
  prev_hash: string | null;
  event_type: string;
  event_at: Date | string;
  local_trx_id: string | null;
  actor_user_id: number | null;
  event: Record<string, unknown> | string;
  flags: string[] | string;
  business_user_id: number;
  upload_outlet_id: number | null;
  business_outlet_id: number | null;
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const flagsOf = (v: string[] | string): AuditFlag[] =>
  (Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)) as AuditFlag[];
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const ordered = (flags: Iterable<AuditFlag>) => {
  const set = new Set(flags);
  return FLAG_ORDER.filter((f) => set.has(f));
};

/**
 * What the checks find on stored events now: the upload's flags, plus 'altered' when an event's stored
 * content no longer gives its hash, plus 'broken' when it no longer links to the stored event before it.
 */
async function recheck(
  events: readonly DayRow[],
  predecessors: Map<string, string>,
): Promise<Map<string, AuditFlag[]>> {
  const out = new Map<string, AuditFlag[]>();
  for (const row of events) {
    const stored = flagsOf(row.flags);
    let altered = false;
    let broken = false;
    if (row.device_id && row.hash && row.prev_hash && row.chain_n !== null) {
      const event = parseJson(row.event) as unknown as ChainedEvent;
      // node:crypto's digest is synchronous: no promise per event
      altered = digest(chainInput(event, row.device_id, Number(row.chain_n), row.prev_hash)) !== row.hash;
      const before = predecessors.get(`${row.device_id}:${Number(row.chain_n) - 1}`);
      broken = before !== undefined && before !== row.prev_hash;
    }
    if (!altered && !broken) out.set(row.event_id, stored.length === 0 ? NO_FLAGS : ordered(stored));
    else {
      const flags = new Set(stored);
      if (altered) flags.add('altered');
      if (broken) flags.add('broken');
      out.set(row.event_id, ordered(flags));
    }
  }
  return out;
}
const NO_FLAGS: AuditFlag[] = [];

/**
 * The stored hashes of the events just before the given ones in their chains (device:n → hash): the
 * business's own chain only (another business's events under the same device id are never a predecessor).
 */
async function predecessorsOf(
  deps: AppDeps,
  auth: AuthContext,
  events: readonly DayRow[],
): Promise<Map<string, string>> {
  const keys = events.filter((e) => e.device_id && e.chain_n !== null);
  const map = new Map<string, string>();
  for (const e of events)
    if (e.device_id && e.chain_n !== null && e.hash) map.set(`${e.device_id}:${Number(e.chain_n)}`, e.hash);
  const missing = keys.filter(
    (e) => !map.has(`${e.device_id}:${Number(e.chain_n) - 1}`) && Number(e.chain_n) > 1,
  );
  if (missing.length === 0) return map;
  const found = rows<{ device_id: string; chain_n: string | number; hash: string }>(
    await deps.database.db.execute(sql`
      SELECT d.device_id, d.chain_n, d.hash FROM device_events d
      JOIN jsonb_to_recordset(${JSON.stringify(missing.map((e) => ({ device_id: e.device_id, chain_n: Number(e.chain_n) - 1 })))}::jsonb)
        AS k(device_id text, chain_n bigint) ON d.device_id = k.device_id AND d.chain_n = k.chain_n
      WHERE d.business_id = ${auth.business_id}`),
  );
  for (const f of found) map.set(`${f.device_id}:${Number(f.chain_n)}`, f.hash);
  return map;
}

/**
 * Each device's chain in the auditor's business: its flagged events anywhere (stored flags), what this read
 * found, and 'claimed' when the business first wrote the device id and another business uploaded under it.
 */
async function devicesOf(
  deps: AppDeps,
  auth: AuthContext,
  deviceIds: readonly string[],
  found: Map<string, AuditFlag[]>,
  events: readonly DayRow[],
): Promise<DeviceChain[]> {
  if (deviceIds.length === 0) return [];
  const stored = rows<{ device_id: string; flagged: string | number; flags: string[] | string }>(
    await deps.database.db.execute(sql`
      SELECT device_id, count(*) AS flagged, array_agg(DISTINCT f) AS flags
      FROM device_events, unnest(flags) AS f
      WHERE business_id = ${auth.business_id} AND device_id = ANY(${textArray(deviceIds)}) AND cardinality(flags) > 0
      GROUP BY device_id`),
  );
  const claimed = new Map(
    rows<{ device_id: string; claimed_events: number }>(
      await deps.database.db.execute(sql`
        SELECT device_id, claimed_events FROM device_chains
        WHERE business_id = ${auth.business_id} AND device_id = ANY(${textArray(deviceIds)})
          AND claimed_at IS NOT NULL`),
    ).map((c) => [c.device_id, Number(c.claimed_events)]),
  );
  const storedBy = new Map(stored.map((r) => [r.device_id, r]));
  // what this read found beyond the stored flags, per device, in one pass over the events (not one per device:
  // a day of 5,000 one-event chains is 5,000 devices)
  const foundBy = new Map<string, { flags: Set<AuditFlag>; extra: number }>();
  for (const e of events) {
    if (!e.device_id) continue;
    const now = found.get(e.event_id) ?? [];
    if (now.length === 0) continue;
    let d = foundBy.get(e.device_id);
    if (!d) {
      d = { flags: new Set(), extra: 0 };
      foundBy.set(e.device_id, d);
    }
    if (flagsOf(e.flags).length === 0) d.extra += 1;
    for (const f of now) d.flags.add(f);
  }
  return deviceIds.map((device_id) => {
    const s = storedBy.get(device_id);
    const flags = new Set<AuditFlag>(s ? flagsOf(s.flags) : []);
    const d = foundBy.get(device_id);
    for (const f of d?.flags ?? []) flags.add(f);
    const claimed_events = claimed.get(device_id) ?? 0;
    if (claimed_events > 0) flags.add('claimed');
    return {
      device_id,
      flagged_events: Number(s?.flagged ?? 0) + (d?.extra ?? 0),
      flags: ordered(flags),
      claimed_events,
    };
  });
}

/** The names of the business's users among the ids. */
async function cashiersOf(deps: AppDeps, auth: AuthContext, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return rows<{ business_user_id: number; name: string }>(
    await deps.database.db.execute(sql`
      SELECT business_user_id, trim(firstname || ' ' || coalesce(lastname, '')) AS name FROM business_users
      WHERE business_id = ${auth.business_id} AND business_user_id = ANY(${intArray(unique)})
      ORDER BY business_user_id`),
  ).map((c) => ({ business_user_id: Number(c.business_user_id), name: String(c.name) }));
}

const SELECT_EVENTS = sql`SELECT event_id, device_id, chain_n, hash, prev_hash, event_type, event_at, local_trx_id,
  actor_user_id, event, flags, business_user_id, upload_outlet_id, business_outlet_id FROM device_events`;

/** The columns of a day's event, in the order of its JSON array. */
const DAY_COLUMNS = [
  'event_id',
  'device_id',
  'chain_n',
  'hash',
  'prev_hash',
  'event_type',
  'event_at',
  'local_trx_id',
  'actor_user_id',
  'event',
  'flags',
] as const;
type DayRow = Omit<StoredRow, 'business_user_id' | 'upload_outlet_id' | 'business_outlet_id'>;
const dayRow = (r: unknown[]): DayRow => ({
  event_id: r[0] as string,
  device_id: r[1] as string | null,
  chain_n: r[2] as number | null,
  hash: r[3] as string | null,
  prev_hash: r[4] as string | null,
  event_type: r[5] as string,
  event_at: r[6] as string,
  local_trx_id: r[7] as string | null,
  actor_user_id: r[8] as number | null,
  event: r[9] as Record<string, unknown>,
  flags: r[10] as string[],
});

interface SaleRow {
  local_trx_id: string;
  trx_id: string;
  order_no: number | null;
  business_user_id: number;
  trx_time: Date | string;
  trx_status_id: number;
  void_reason: string | null;
  drv_grand_total: string | number;
}

/** A search as the auditor types it: a local_trx_id, its last characters as the lists show them, or a trx_id. */
const searchOf = (q: string | undefined) => {
  const text = q?.trim();
  if (!text) return null;
  return { exact: text, suffix: `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}` };
};

/**
 * The transactions of an outlet's WIB day, with their chains' state: each event under its sale's outlet
 * (issue 22 item 4), and the outlet's synced sales of the day whose log has not arrived yet (log_pending: the
 * device uploads its log at sign-out).
 */
export async function auditDay(
  deps: AppDeps,
  auth: AuthContext,
  query: { outlet_id: number; date: string; business_user_id?: number; local_trx_id?: string },
): Promise<AuditDayResponse> {
  const outlets = await ownOutlets(deps, auth);
  if (!outlets.some((o) => o.business_outlet_id === query.outlet_id)) throw forbidden();
  const start = new Date(`${query.date}T00:00:00+07:00`);
  if (Number.isNaN(start.getTime())) return { trxs: [], devices: [], cashiers: [], outlets };
  const end = new Date(start.getTime() + 86_400_000);
  const search = searchOf(query.local_trx_id);
  const sales = rows<SaleRow>(
    await deps.database.db.execute(sql`
      SELECT local_trx_id, trx_id, order_no, business_user_id, trx_time, trx_status_id, void_reason, drv_grand_total
      FROM pos_sales_trx_heads
      WHERE business_id = ${auth.business_id} AND business_outlet_id = ${query.outlet_id}
        AND trx_time >= ${start.toISOString()}::timestamptz AND trx_time < ${end.toISOString()}::timestamptz
        ${
          search
            ? sql`AND (local_trx_id = ${search.exact} OR lower(local_trx_id) LIKE ${search.suffix}
                OR trx_id = ${search.exact.toUpperCase()})`
            : sql``
        }
      ORDER BY trx_time, local_trx_id`),
  );
  const byNumber = sales.filter((h) => search && h.trx_id === search.exact.toUpperCase());
  // the day's events as one JSON text (issue 28): PGlite's cost was per row and field (5,000 rows of 14
  // columns ≈ 250 ms of CPU, with or without the event's jsonb); one text parsed once costs a fraction
  // each row as a JSON array of the day's columns (issue 28: no column names 10,000 times; the uploader's
  // user and outlets are the replay's, not the day's)
  // the aggregate takes the subquery's order, which the day's index gives (an ORDER BY inside json_agg sorted
  // again on PostgreSQL 15, on disk past work_mem)
  const [dayRows] = rows<{ events: string }>(
    await deps.database.db.execute(sql`SELECT coalesce(json_agg(e.row), '[]')::text AS events FROM (
      SELECT json_build_array(${sql.raw(DAY_COLUMNS.join(', '))}) AS row FROM device_events
      WHERE business_id = ${auth.business_id} AND business_outlet_id = ${query.outlet_id}
        AND event_at >= ${start.toISOString()}::timestamptz AND event_at < ${end.toISOString()}::timestamptz
        AND local_trx_id IS NOT NULL
        ${
          search
            ? sql`AND (local_trx_id = ${search.exact} OR lower(local_trx_id) LIKE ${search.suffix}
                OR local_trx_id = ANY(${textArray(byNumber.map((h) => h.local_trx_id))}))`
            : sql``
        }
      ORDER BY event_at, device_id, chain_n) e`),
  );
  const events = (JSON.parse(dayRows.events) as unknown[][]).map(dayRow);
  const found = await recheck(events, await predecessorsOf(deps, auth, events));
  const logged = summarise(
    events.map((e) => ({
      event_type: e.event_type,
      local_trx_id: e.local_trx_id as string,
      actor_user_id: e.actor_user_id === null ? null : Number(e.actor_user_id),
      device_id: e.device_id,
      event_at: iso(e.event_at),
      payload: (parseJson(e.event) as { payload?: Record<string, unknown> }).payload ?? null,
      flagged: (found.get(e.event_id) ?? []).length > 0,
    })),
  );
  let trxs = withPendingLogs(logged, sales);
  if (query.business_user_id !== undefined)
    trxs = trxs.filter((t) => t.cashier_ids.includes(query.business_user_id as number));
  const deviceIds = [...new Set(events.map((e) => e.device_id).filter((d): d is string => !!d))].sort();
  return {
    trxs,
    devices: await devicesOf(deps, auth, deviceIds, found, events),
    cashiers: await cashiersOf(
      deps,
      auth,
      [
        ...events.map((e) => e.actor_user_id).filter((a): a is number => a !== null),
        ...sales.map((h) => h.business_user_id),
      ].map(Number),
    ),
    outlets,
  };
}

/** The day's logged transactions with the server's number, and its synced sales without a log, in time order. */
function withPendingLogs(logged: ReturnType<typeof summarise>, sales: readonly SaleRow[]) {
  const byId = new Map(logged.map((t) => [t.local_trx_id, t]));
  const pending = [];
  for (const h of sales) {
    const t = byId.get(h.local_trx_id);
    if (t) {
      t.trx_id = h.trx_id;
      continue;
    }
    const at = iso(h.trx_time);
    pending.push({
      local_trx_id: h.local_trx_id,
      trx_id: h.trx_id,
      log_pending: true,
      order_no: h.order_no === null ? null : Number(h.order_no),
      first_at: at,
      last_at: at,
      cashier_ids: [Number(h.business_user_id)],
      device_ids: [],
      events: 0,
      deleted_lines: 0,
      payments_removed: 0,
      voided: Number(h.trx_status_id) === 4,
      void_reason: h.void_reason,
      max_discount_percent: 0,
      submitted: true,
      deleted_before_submit: false,
      reprints: 0,
      worker_edits: 0,
      drv_grand_total: Number(h.drv_grand_total),
      flagged: false,
    });
  }
  return [...logged, ...pending].sort((a, b) =>
    a.first_at < b.first_at ? -1 : a.first_at > b.first_at ? 1 : 0,
  );
}

/** Every event of one transaction, in order, with what the checks found (only at the auditor's outlets). */
export async function auditTrx(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<AuditTrxResponse> {
  const outlets = await ownOutlets(deps, auth);
  const mine = outlets.map((o) => o.business_outlet_id);
  const events = rows<StoredRow>(
    await deps.database.db.execute(sql`${SELECT_EVENTS}
      WHERE business_id = ${auth.business_id} AND local_trx_id = ${localTrxId}
        AND business_outlet_id = ANY(${intArray(mine)})
      ORDER BY event_at, device_id, chain_n`),
  );
  const [head] = rows<{ trx_id: string; business_outlet_id: number; trx_status_id: number }>(
    await deps.database.db.execute(sql`
      SELECT trx_id, business_outlet_id, trx_status_id FROM pos_sales_trx_heads
      WHERE business_id = ${auth.business_id} AND local_trx_id = ${localTrxId}
        AND business_outlet_id = ANY(${intArray(mine)})`),
  );
  const found = await recheck(events, await predecessorsOf(deps, auth, events));
  const deviceIds = [...new Set(events.map((e) => e.device_id).filter((d): d is string => !!d))].sort();
  const out: AuditEvent[] = events.map((e) => {
    const ev = parseJson(e.event) as AuditEvent;
    return {
      id: e.event_id,
      type: String(ev.type),
      v: Number(ev.v),
      at: String(ev.at),
      actor: ev.actor,
      ...(ev.trxId !== undefined ? { trxId: ev.trxId } : {}),
      payload: ev.payload,
      device_id: e.device_id,
      chain_n: e.chain_n === null ? null : Number(e.chain_n),
      flags: found.get(e.event_id) ?? [],
      uploaded_by: Number(e.business_user_id),
      upload_outlet_id: e.upload_outlet_id === null ? null : Number(e.upload_outlet_id),
      outlet_id: e.business_outlet_id === null ? null : Number(e.business_outlet_id),
    };
  });
  const outletIds = new Set(
    out.flatMap((e) => [e.upload_outlet_id, e.outlet_id]).filter((o): o is number => o !== null),
  );
  if (head) outletIds.add(Number(head.business_outlet_id));
  return {
    events: out,
    devices: await devicesOf(deps, auth, deviceIds, found, events),
    cashiers: await cashiersOf(
      deps,
      auth,
      [
        ...events.map((e) => e.actor_user_id).filter((a): a is number => a !== null),
        ...events.map((e) => e.business_user_id),
      ].map(Number),
    ),
    outlets: await outletNames(deps, auth, [...outletIds]),
    sale: head
      ? {
          trx_id: String(head.trx_id),
          business_outlet_id: Number(head.business_outlet_id),
          trx_status_id: Number(head.trx_status_id),
        }
      : null,
  };
}

/** The names of the business's outlets among the ids. */
async function outletNames(deps: AppDeps, auth: AuthContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return rows<{ business_outlet_id: number; outlet_name: string }>(
    await deps.database.db.execute(sql`
      SELECT business_outlet_id, outlet_name FROM outlets
      WHERE business_id = ${auth.business_id} AND business_outlet_id = ANY(${intArray(ids)})
      ORDER BY business_outlet_id`),
  ).map((o) => ({ business_outlet_id: Number(o.business_outlet_id), outlet_name: String(o.outlet_name) }));
}
