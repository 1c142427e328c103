// Issue 15: the devices' event logs on the server — the upload (stored once per event id, the chain
// verified and flagged, never refused for what the chain check finds) and the auditor's reads.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  AuditDayResponse,
  AuditEvent,
  AuditTrxResponse,
  DeviceChain,
  UploadEventsResponse,
  UploadedEvent,
} from '../../src/api/contract/audit';
import { type ChainedEvent, type ChainFlag, hashAt, verifyChain } from '../../src/events/chain';
import { transaction } from '../db/retry';
import type { AppDeps } from '../deps';
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
 * Stores a batch of a device's log. A repeat (same event ids) stores nothing twice; per device, the new
 * events are verified after the stored event before them, one upload at a time (an advisory lock per device).
 */
export async function uploadEvents(
  deps: AppDeps,
  auth: AuthContext,
  events: readonly UploadedEvent[],
): Promise<UploadEventsResponse> {
  const now = deps.clock.now().toISOString();
  // the first copy of an id in the batch is the one stored
  const seen = new Set<string>();
  const unique = events.filter((e) => !seen.has(e.id) && seen.add(e.id));
  return transaction(deps.database.db, async (tx) => {
    const devices = [...new Set(unique.map((e) => e.chain?.device).filter((d): d is string => !!d))].sort();
    for (const device of devices)
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`audit:${device}`}))`);
    const inserted = new Set(
      rows<{ event_id: string }>(
        await tx.execute(sql`
          INSERT INTO device_events (event_id, device_id, chain_n, hash, prev_hash, event_type, event_at, local_trx_id,
            actor_user_id, event, business_id, business_outlet_id, business_user_id, received_at)
          SELECT r.event_id, r.device_id, r.chain_n, r.hash, r.prev_hash, r.event_type, r.event_at, r.local_trx_id,
            r.actor_user_id, r.event, ${auth.business_id}, ${auth.outlet_id}, ${auth.business_user_id}, ${now}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(
            unique.map((e) => ({
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
            })),
          )}::jsonb) AS r(event_id text, device_id text, chain_n bigint, hash text, prev_hash text, event_type text,
            event_at timestamptz, local_trx_id text, actor_user_id integer, event jsonb)
          ON CONFLICT (event_id) DO NOTHING
          RETURNING event_id`),
      ).map((r) => r.event_id),
    );
    let flagged = 0;
    for (const device of devices) {
      const fresh = unique.filter((e) => e.chain?.device === device && inserted.has(e.id)) as ChainedEvent[];
      if (fresh.length === 0) continue;
      const firstN = Math.min(...fresh.map((e) => e.chain.n));
      const [anchor] = rows<{ chain_n: string | number; hash: string }>(
        await tx.execute(sql`
          SELECT chain_n, hash FROM device_events
          WHERE device_id = ${device} AND chain_n < ${firstN}
            AND NOT (event_id = ANY(${textArray(fresh.map((e) => e.id))}))
          ORDER BY chain_n DESC LIMIT 1`),
      );
      const verified = await verifyChain(
        fresh,
        anchor ? { n: Number(anchor.chain_n), hash: anchor.hash } : null,
      );
      for (const v of verified.filter((x) => x.flags.length > 0)) {
        flagged += 1;
        await setFlags(tx, v.id, v.flags);
      }
    }
    return { stored: inserted.size, duplicates: events.length - inserted.size, flagged };
  });
}

async function setFlags(tx: Tx, eventId: string, flags: ChainFlag[]): Promise<void> {
  await tx.execute(sql`UPDATE device_events SET flags = ${textArray(flags)} WHERE event_id = ${eventId}`);
}

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
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const flagsOf = (v: string[] | string): ChainFlag[] =>
  (Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)) as ChainFlag[];
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * What the checks find on stored events now: the upload's flags, plus 'altered' when an event's stored
 * content no longer gives its hash, plus 'broken' when it no longer links to the stored event before it.
 */
async function recheck(
  events: readonly StoredRow[],
  predecessors: Map<string, string>,
): Promise<Map<string, ChainFlag[]>> {
  const out = new Map<string, ChainFlag[]>();
  for (const row of events) {
    const flags = new Set(flagsOf(row.flags));
    if (row.device_id && row.hash && row.prev_hash && row.chain_n !== null) {
      const event = parseJson(row.event) as unknown as ChainedEvent;
      if ((await hashAt(event, row.device_id, Number(row.chain_n), row.prev_hash, digest)) !== row.hash)
        flags.add('altered');
      const before = predecessors.get(`${row.device_id}:${Number(row.chain_n) - 1}`);
      if (before !== undefined && before !== row.prev_hash) flags.add('broken');
    }
    out.set(row.event_id, [...flags]);
  }
  return out;
}

/** The stored hashes of the events just before the given ones in their chains (device:n → hash). */
async function predecessorsOf(deps: AppDeps, events: readonly StoredRow[]): Promise<Map<string, string>> {
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
        AS k(device_id text, chain_n bigint) ON d.device_id = k.device_id AND d.chain_n = k.chain_n`),
  );
  for (const f of found) map.set(`${f.device_id}:${Number(f.chain_n)}`, f.hash);
  return map;
}

/** Each device's chain: its flagged events anywhere (stored flags) and what this read found. */
async function devicesOf(
  deps: AppDeps,
  deviceIds: readonly string[],
  found: Map<string, ChainFlag[]>,
  events: readonly StoredRow[],
): Promise<DeviceChain[]> {
  if (deviceIds.length === 0) return [];
  const stored = rows<{ device_id: string; flagged: string | number; flags: string[] | string }>(
    await deps.database.db.execute(sql`
      SELECT device_id, count(*) AS flagged, array_agg(DISTINCT f) AS flags
      FROM device_events, unnest(flags) AS f
      WHERE device_id = ANY(${textArray(deviceIds)}) AND cardinality(flags) > 0
      GROUP BY device_id`),
  );
  return deviceIds.map((device_id) => {
    const s = stored.find((r) => r.device_id === device_id);
    const flags = new Set<ChainFlag>(s ? flagsOf(s.flags) : []);
    let extra = 0;
    for (const e of events) {
      if (e.device_id !== device_id) continue;
      const now = found.get(e.event_id) ?? [];
      if (now.length > flagsOf(e.flags).length) extra += 1;
      for (const f of now) flags.add(f);
    }
    return { device_id, flagged_events: Number(s?.flagged ?? 0) + extra, flags: [...flags].sort() };
  });
}

async function cashiersOf(deps: AppDeps, auth: AuthContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return rows<{ business_user_id: number; name: string }>(
    await deps.database.db.execute(sql`
      SELECT business_user_id, trim(firstname || ' ' || coalesce(lastname, '')) AS name FROM business_users
      WHERE business_id = ${auth.business_id} AND business_user_id = ANY(${intArray(ids)})
      ORDER BY business_user_id`),
  ).map((c) => ({ business_user_id: Number(c.business_user_id), name: String(c.name) }));
}

const SELECT_EVENTS = sql`SELECT event_id, device_id, chain_n, hash, prev_hash, event_type, event_at, local_trx_id,
  actor_user_id, event, flags FROM device_events`;

/** The transactions of an outlet's WIB day, with their chains' state. */
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
  const events = rows<StoredRow>(
    await deps.database.db.execute(sql`${SELECT_EVENTS}
      WHERE business_id = ${auth.business_id} AND business_outlet_id = ${query.outlet_id}
        AND event_at >= ${start.toISOString()}::timestamptz AND event_at < ${end.toISOString()}::timestamptz
        AND local_trx_id IS NOT NULL
        ${query.local_trx_id ? sql`AND local_trx_id = ${query.local_trx_id}` : sql``}
      ORDER BY event_at, device_id, chain_n`),
  );
  const found = await recheck(events, await predecessorsOf(deps, events));
  let trxs = summarise(
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
  if (query.business_user_id !== undefined)
    trxs = trxs.filter((t) => t.cashier_ids.includes(query.business_user_id as number));
  const deviceIds = [...new Set(events.map((e) => e.device_id).filter((d): d is string => !!d))].sort();
  const cashierIds = [...new Set(events.map((e) => e.actor_user_id).filter((a): a is number => a !== null))];
  return {
    trxs,
    devices: await devicesOf(deps, deviceIds, found, events),
    cashiers: await cashiersOf(deps, auth, cashierIds.map(Number)),
    outlets,
  };
}

/** Every event of one transaction, in order, with what the checks found (only at the auditor's outlets). */
export async function auditTrx(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<AuditTrxResponse> {
  const outlets = await ownOutlets(deps, auth);
  const events = rows<StoredRow>(
    await deps.database.db.execute(sql`${SELECT_EVENTS}
      WHERE business_id = ${auth.business_id} AND local_trx_id = ${localTrxId}
        AND business_outlet_id = ANY(${intArray(outlets.map((o) => o.business_outlet_id))})
      ORDER BY event_at, device_id, chain_n`),
  );
  const found = await recheck(events, await predecessorsOf(deps, events));
  const deviceIds = [...new Set(events.map((e) => e.device_id).filter((d): d is string => !!d))].sort();
  const cashierIds = [...new Set(events.map((e) => e.actor_user_id).filter((a): a is number => a !== null))];
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
    };
  });
  return {
    events: out,
    devices: await devicesOf(deps, deviceIds, found, events),
    cashiers: await cashiersOf(deps, auth, cashierIds.map(Number)),
  };
}
