import type { DBCore, DexieOptions, IndexableType, Table } from 'dexie';
import {
  type ChainHead,
  ChainMovedError,
  checkChainHead,
  DEFAULT_DB_NAME,
  type Digest,
  EVENT_VERSIONS,
  type EventVersions,
  keepUnuploaded,
  linkEvents,
  makeEvent,
  moveChainHead,
  type NewEvent,
  openDb,
  type RawEvent,
  READ_MODEL_TABLES,
  readChainHead,
  type SerambiDb,
  type SnapshotRecord,
  STRICT_EVENT_TYPES,
  type StoredEvent,
  UPCASTERS,
  type UpcasterRegistry,
  upcast,
} from '../events';
import { createWriterLock, type LockManagerLike, platformLocks } from './lock';
import type { AnyProjection } from './projection';
import * as reads from './reads';

export interface CommitOptions {
  /** 'strict' for money-critical events: the transaction completes only once flushed to disk. */
  durability?: 'strict' | 'default';
  /**
   * Commit only when the log still ends at this seq (0: empty), checked inside the commit's own transaction:
   * the events were planned from what the store held at that seq (a submit planned ahead, issue 29). When the
   * log moved on, nothing is written and the commit rejects with LogMovedError.
   */
  ifLastSeq?: number;
  /**
   * Told from the IndexedDB transaction's own `complete` event, the moment the commit is stored (on disk when
   * strict): before the store's live queries re-run and before commit() resolves (issue 29: the receipt goes to
   * the printer without waiting behind them). Never told for a commit that did not complete. A throw is ignored.
   */
  onDurable?: () => void;
}

/** A commit with `ifLastSeq` found the log moved on since its events were planned: nothing was written. */
export class LogMovedError extends Error {
  override name = 'LogMovedError';
}

/** The log's last seq (0: empty): what a plan made ahead is checked against (CommitOptions.ifLastSeq). */
export async function lastLogSeq(db: SerambiDb): Promise<number> {
  return Number((await db.events.orderBy(':id').lastKey()) ?? 0);
}

export interface ClearOptions {
  /** Re-record the device settings after clearing (they belong to the device, not the cashier). */
  keepDeviceSettings?: boolean;
}

/** The write side: only ever one of these runs at a time on a device. */
export interface Writer {
  /** Appends the events and applies every projection, in one IndexedDB transaction. */
  commit(events: readonly NewEvent[], options?: CommitOptions): Promise<StoredEvent[]>;
  /**
   * Clears the read models and replays the log (upcast) into them, in one transaction, reading it in pages: from
   * the stored snapshot when one made by these projections covers part of the log (only the events after it are
   * replayed), else from the start (`fromScratch` forces that). Leaves a snapshot at the log's end. `events`:
   * the events replayed.
   */
  rebuild(options?: { fromScratch?: boolean }): Promise<{ events: number }>;
  /** Stores the read models as they are now as the snapshot, with the log's last seq (issue 28). */
  snapshot(): Promise<{ seq: number }>;
  /** Deletes the log and every read model (after a successful sign-out; /purgatory). */
  clearLocalData(options?: ClearOptions): Promise<void>;
}

export interface Store extends Writer {
  /** The Dexie instance, for useLiveQuery on the read tables. Never write to it directly. */
  readonly db: SerambiDb;
  /**
   * Runs work holding the writer lock (e.g. a sync: post, then commit the answer). Inside, write
   * through the given writer only: the store's own methods would wait for the lock forever.
   */
  exclusive<T>(work: (writer: Writer) => Promise<T>): Promise<T>;
  getSession(): ReturnType<typeof reads.readSession>;
  getDevice(): ReturnType<typeof reads.readDevice>;
  getSignHistory(): ReturnType<typeof reads.readSignHistory>;
  listTransactions(filter?: reads.TransactionFilter): ReturnType<typeof reads.listTransactions>;
  getTransaction(local_trx_id: string): ReturnType<typeof reads.readTransaction>;
  /** The log in seq order, upcast (for the audit upload before sign-out clears it). */
  listEvents(options?: { afterSeq?: number; limit?: number }): Promise<StoredEvent[]>;
  close(): void;
}

export interface StoreOptions {
  /** Database name; default 'serambi'. Tests pass a fresh name each. */
  dbName?: string;
  /** Dexie options (indexedDB, IDBKeyRange …) for running outside a browser. */
  dexieOptions?: DexieOptions;
  /**
   * The chain's SHA-256 (issue 15); default crypto.subtle's. Tests on fake timers pass a synchronous one, as
   * crypto.subtle answers from a thread pool that fake timers cannot wait for.
   */
  digest?: Digest;
  /** Lock manager; default navigator.locks when present. null: in-process queue only. */
  locks?: LockManagerLike | null;
  /** Keep the writer's Web Lock this long after the last write (WriterLockOptions.lingerMs); default 0. */
  lockLingerMs?: number;
  /**
   * The read models' reducers; default the registry's, loaded as a chunk of its own (started at once, awaited
   * by the first write) so the sign-in page does not wait for the cart's reducers.
   */
  projections?: readonly AnyProjection[] | (() => Promise<readonly AnyProjection[]>);
  upcasters?: UpcasterRegistry;
  versions?: EventVersions;
  /** Event types that always commit strictly; default STRICT_EVENT_TYPES. */
  strictTypes?: ReadonlySet<string>;
  /**
   * The projections' version for the snapshot's key; default PROJECTIONS_VERSION (with the default projections)
   * — pass one with your own projections.
   */
  projectionsVersion?: number | string;
  /** A commit that crosses a multiple of this many events stores a snapshot after it; 0: never. Default 5,000. */
  snapshotEvery?: number;
}

/** Events read per page of a replay: the log is never held whole in memory. */
const REPLAY_PAGE = 5000;
const SNAPSHOT_EVERY = 5000;

export function createStore(options: StoreOptions = {}): Store {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const projectionsOption = options.projections;
  // the default projections' version comes with their chunk; custom projections say theirs (or 'custom')
  let projectionsVersion: number | string = options.projectionsVersion ?? 'custom';
  const snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
  const upcasters = options.upcasters ?? UPCASTERS;
  const versions = options.versions ?? EVENT_VERSIONS;
  const strictTypes = options.strictTypes ?? STRICT_EVENT_TYPES;
  const locks = options.locks === null ? undefined : (options.locks ?? platformLocks());
  const checked = (list: readonly AnyProjection[]) => {
    if (new Set(list.map((p) => p.table)).size !== list.length) {
      throw new Error('One projection per read-model table');
    }
    return list;
  };
  const loading: Promise<readonly AnyProjection[]> =
    projectionsOption === undefined
      ? import('./registry').then((m) => {
          projectionsVersion = options.projectionsVersion ?? m.PROJECTIONS_VERSION;
          return checked(m.PROJECTIONS);
        })
      : typeof projectionsOption === 'function'
        ? projectionsOption().then(checked)
        : Promise.resolve(checked(projectionsOption));
  // An unawaited failure is reported by the first write that awaits it.
  loading.catch(() => {});
  // Set once loaded; every write awaits `loading` before its IndexedDB transaction (nothing else may be awaited inside one).
  let projections: readonly AnyProjection[] = [];
  const ready = async () => {
    projections = await loading;
  };

  const db = openDb(dbName, options.dexieOptions);
  const runExclusive = createWriterLock(`${dbName}-writer`, locks, {
    lingerMs: options.lockLingerMs,
    pollMs: 100,
  });

  // Dexie 4 sets durability per database, not per transaction; this middleware lifts the
  // read-write transactions of a strict commit. Only the writer (under the lock) sets it.
  let strictWrites = false;
  // A commit's onDurable: listened for on the native transaction as it is made. This middleware sits below
  // Dexie's own (level -2 < the cache's -1/0), so its `complete` listener runs before the cache middleware's
  // (which re-runs the live queries touched, synchronously) and before Dexie resolves the transaction.
  let durableHook: (() => void) | null = null;
  db.use({
    stack: 'dbcore',
    name: 'serambi-durability',
    level: -2,
    create: (down: DBCore): DBCore => ({
      ...down,
      transaction: (stores, mode, txOptions) => {
        const trans = down.transaction(
          stores,
          mode,
          mode === 'readwrite' && strictWrites ? { ...txOptions, durability: 'strict' } : txOptions,
        );
        const hook = mode === 'readwrite' ? durableHook : null;
        if (hook && typeof (trans as Partial<EventTarget>).addEventListener === 'function') {
          durableHook = null;
          (trans as unknown as EventTarget).addEventListener('complete', () => {
            try {
              hook();
            } catch {
              // the caller's own business: the commit stands
            }
          });
        }
        return trans;
      },
    }),
  });

  const allTables = ['events', ...READ_MODEL_TABLES];
  // The chain's state and the upload backlog (issue 15) are written with the log but never cleared.
  const txTables = [...allTables, 'chain', 'auditBacklog', 'snapshots'];
  /** What a snapshot's rows were made by: a snapshot with another key is ignored. */
  const snapshotKey = () =>
    JSON.stringify({
      projections: projectionsVersion,
      tables: projections.map((p) => p.table),
      schema: db.verno,
      versions,
    });
  // The chain's head as this writer last left it (null: read it again, e.g. after a failed write).
  let chainHead: ChainHead | null = null;

  /**
   * Links the rows onto the chain (outside the IndexedDB transaction: the digest is async) and writes them in
   * one transaction with the new head; when another tab moved the head meanwhile, reads it again and relinks.
   */
  async function appendLinked<T>(
    rows: ReadonlyArray<Omit<RawEvent, 'seq'>>,
    strict: boolean,
    after: (seqs: number[]) => Promise<T>,
    before?: () => Promise<void>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const base = chainHead ?? (await readChainHead(db));
      const linked = await linkEvents(rows, base, options.digest);
      try {
        const result = await inRw(strict, undefined, async () => {
          await moveChainHead(db, base, linked.head);
          if (before) await before();
          const seqs = await db.events.bulkAdd(linked.events, { allKeys: true });
          return after(seqs);
        });
        chainHead = linked.head;
        return result;
      } catch (e) {
        chainHead = null;
        if (e instanceof ChainMovedError && attempt < 2) continue;
        throw e;
      }
    }
  }
  /**
   * A commit's write (issue 29: 'Selesai' → paper, fewer waits): links the rows onto the chain, then in ONE
   * read-write transaction over every table (as appendLinked) reads at once the stored head, the log's end
   * (with ifLastSeq) and every read-model row the events touch; checks the head and the log's end (a throw
   * aborts the transaction: nothing is written); moves the head and adds the events at once; reduces; writes
   * the rows at once. Three waits instead of one per request; the same rows and chain as appendLinked +
   * applyIncremental.
   */
  async function appendApplied(
    rows: ReadonlyArray<Omit<RawEvent, 'seq'>>,
    current: readonly StoredEvent[],
    strict: boolean,
    ifLastSeq: number | undefined,
    onDurable: (() => void) | undefined,
  ): Promise<StoredEvent[]> {
    // the rows each read model's events name, each once (keys are strings: compared by value)
    const touched = new Map<AnyProjection, IndexableType[]>();
    for (const event of current) {
      for (const p of projections) {
        for (const key of p.keysOf(event)) {
          let keys = touched.get(p);
          if (!keys) {
            keys = [];
            touched.set(p, keys);
          }
          if (!keys.includes(key)) keys.push(key);
        }
      }
    }
    for (let attempt = 0; ; attempt++) {
      const base = chainHead ?? (await readChainHead(db));
      const linked = await linkEvents(rows, base, options.digest);
      try {
        const stored = await inRw(strict, onDurable, async () => {
          // One wait for the reads and the log's writes: IndexedDB runs a transaction's requests in order, so
          // the reads see the store as it was before them; a failed check below throws, which aborts the
          // transaction and takes the writes back (nothing is stored, onDurable is never told).
          const [head, last, found, , seqs] = await Promise.all([
            db.chain.get('head'),
            ifLastSeq === undefined ? undefined : lastLogSeq(db),
            Promise.all([...touched].map(([p, keys]) => readTable(p.table).bulkGet(keys))),
            db.chain.put({
              id: 'head',
              device: linked.head.device,
              n: linked.head.n,
              hash: linked.head.hash,
            }),
            db.events.bulkAdd(linked.events, { allKeys: true }),
          ]);
          checkChainHead(head, base);
          if (ifLastSeq !== undefined && last !== ifLastSeq)
            throw new LogMovedError('The event log moved on since the commit was planned');
          const out = current.map((e, i): StoredEvent => ({ ...e, seq: seqs[i] }));
          const state = new Map<AnyProjection, Map<IndexableType, unknown>>();
          [...touched].forEach(([p, keys], i) => {
            state.set(p, new Map(keys.map((key, k) => [key, found[i][k]] as const)));
          });
          for (const event of out) {
            for (const [p, rowsOf] of state) {
              for (const key of p.keysOf(event)) rowsOf.set(key, p.reduce(rowsOf.get(key), event, key));
            }
          }
          await writeRows(state);
          return out;
        });
        chainHead = linked.head;
        return stored;
      } catch (e) {
        chainHead = null;
        if (e instanceof ChainMovedError && attempt < 2) continue;
        throw e;
      }
    }
  }

  const readTable = (name: string): Table<unknown, IndexableType> => db.table<unknown, IndexableType>(name);

  async function inRw<T>(
    strict: boolean,
    onDurable: (() => void) | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    strictWrites = strict;
    durableHook = onDurable ?? null;
    try {
      return await db.transaction('rw', txTables, work);
    } finally {
      strictWrites = false;
      durableHook = null;
    }
  }

  /** Applies events to the tables incrementally, reading each touched row once. */
  async function applyIncremental(events: readonly StoredEvent[]): Promise<void> {
    const touched = new Map<AnyProjection, Map<IndexableType, unknown>>();
    for (const event of events) {
      for (const p of projections) {
        const keys = p.keysOf(event);
        if (keys.length === 0) continue;
        let rows = touched.get(p);
        if (!rows) {
          rows = new Map();
          touched.set(p, rows);
        }
        for (const key of keys) {
          const before = rows.has(key) ? rows.get(key) : await readTable(p.table).get(key);
          rows.set(key, p.reduce(before, event, key));
        }
      }
    }
    await writeRows(touched);
  }

  /** Stores the rows (undefined: deleted) as the snapshot after the log's event `seq`. */
  async function putSnapshot(
    key: string,
    seq: number,
    state: Map<AnyProjection, Map<IndexableType, unknown>>,
  ): Promise<void> {
    const tables: SnapshotRecord['tables'] = {};
    for (const [p, rows] of state) tables[p.table] = [...rows.values()].filter((row) => row !== undefined);
    await db.snapshots.put({ id: 'read-models', key, seq, tables });
  }

  /** Writes the rows (undefined: deleted), every table's requests at once (one wait, not one per table). */
  async function writeRows(touched: Map<AnyProjection, Map<IndexableType, unknown>>): Promise<void> {
    const writes: Promise<unknown>[] = [];
    for (const [p, rows] of touched) {
      const puts: unknown[] = [];
      const deletes: IndexableType[] = [];
      for (const [key, row] of rows) {
        if (row === undefined) deletes.push(key);
        else puts.push(row);
      }
      const table = readTable(p.table);
      if (deletes.length > 0) writes.push(table.bulkDelete(deletes));
      if (puts.length > 0) writes.push(table.bulkPut(puts));
    }
    await Promise.all(writes);
  }

  const writer: Writer = {
    async commit(events, commitOptions = {}) {
      if (events.length === 0) return [];
      // Refuse unknown types / future versions before touching the database.
      const current = events.map((e) => upcast({ ...e, seq: 0 }, upcasters, versions));
      const strict = commitOptions.durability === 'strict' || events.some((e) => strictTypes.has(e.type));
      await ready();
      // The log numbers events itself: a seq carried in (a re-sent stored event) is dropped.
      const rows = events.map((e) => {
        const { seq: _seq, chain: _chain, ...row } = e as NewEvent & { seq?: number; chain?: unknown };
        return row;
      });
      return appendApplied(rows, current, strict, commitOptions.ifLastSeq, commitOptions.onDurable);
    },

    async rebuild(rebuildOptions = {}) {
      await ready();
      return inRw(false, undefined, async () => {
        const key = snapshotKey();
        const stored = rebuildOptions.fromScratch ? undefined : await db.snapshots.get('read-models');
        const last = Number((await db.events.orderBy(':id').lastKey()) ?? 0);
        // a snapshot of other reducers, or past the log's end (it cannot be this log's), is not used
        const from = stored && stored.key === key && stored.seq <= last ? stored : undefined;
        await Promise.all(READ_MODEL_TABLES.map((t) => readTable(t).clear()));
        const state = new Map<AnyProjection, Map<IndexableType, unknown>>(
          projections.map((p) => [
            p,
            new Map((from?.tables[p.table] ?? []).map((row) => [p.keyOf(row), row] as const)),
          ]),
        );
        let after = from?.seq ?? 0;
        let count = 0;
        for (;;) {
          const page: RawEvent[] = await db.events.where(':id').above(after).limit(REPLAY_PAGE).toArray();
          if (page.length === 0) break;
          for (const raw of page) {
            const event = upcast(raw, upcasters, versions);
            for (const p of projections) {
              const rows = state.get(p)!;
              for (const k of p.keysOf(event)) rows.set(k, p.reduce(rows.get(k), event, k));
            }
          }
          count += page.length;
          after = page[page.length - 1].seq;
        }
        await writeRows(state);
        if (count > 0 || !from) await putSnapshot(key, after, state);
        return { events: count };
      });
    },

    async snapshot() {
      await ready();
      return inRw(false, undefined, async () => {
        const seq = Number((await db.events.orderBy(':id').lastKey()) ?? 0);
        const state = new Map<AnyProjection, Map<IndexableType, unknown>>();
        for (const p of projections) {
          const rows = await readTable(p.table).toArray();
          state.set(p, new Map(rows.map((row) => [p.keyOf(row), row] as const)));
        }
        await putSnapshot(snapshotKey(), seq, state);
        return { seq };
      });
    },

    async clearLocalData(clearOptions = {}) {
      await ready();
      const device = clearOptions.keepDeviceSettings ? await db.device.get('current') : undefined;
      const settings = device ? (({ id: _id, ...rest }) => rest)(device) : null;
      const event = settings ? makeEvent('device.settingsChanged', settings, { actor: 'device' }) : null;
      const clear = async () => {
        // what the server does not hold yet outlives the clear (issue 15: the log is never lost)
        await keepUnuploaded(db);
        await Promise.all([...allTables, 'snapshots'].map((t) => readTable(t).clear()));
      };
      if (!event) {
        await inRw(false, undefined, clear);
        return;
      }
      await appendLinked(
        [{ ...event }],
        false,
        async ([seq]) => applyIncremental([{ ...event, seq }]),
        clear,
      );
    },
  };

  /** After a commit that crossed a multiple of snapshotEvery, a snapshot in its own turn of the lock (never awaited). */
  const snapshotAfter = (stored: readonly StoredEvent[]) => {
    if (snapshotEvery <= 0 || stored.length === 0) return;
    const first = stored[0].seq;
    const last = stored[stored.length - 1].seq;
    if (Math.floor(last / snapshotEvery) === Math.floor((first - 1) / snapshotEvery)) return;
    // a snapshot is an optimisation: a failure (the database closed meanwhile …) leaves the older one
    runExclusive(() => writer.snapshot()).catch(() => {});
  };

  return {
    db,
    commit: async (events, commitOptions) => {
      const stored = await runExclusive(() => writer.commit(events, commitOptions));
      snapshotAfter(stored);
      return stored;
    },
    rebuild: (rebuildOptions) => runExclusive(() => writer.rebuild(rebuildOptions)),
    snapshot: () => runExclusive(() => writer.snapshot()),
    clearLocalData: (clearOptions) => runExclusive(() => writer.clearLocalData(clearOptions)),
    exclusive: (work) => runExclusive(() => work(writer)),
    getSession: () => reads.readSession(db),
    getDevice: () => reads.readDevice(db),
    getSignHistory: () => reads.readSignHistory(db),
    listTransactions: (filter) => reads.listTransactions(db, filter),
    getTransaction: (local_trx_id) => reads.readTransaction(db, local_trx_id),
    async listEvents({ afterSeq = 0, limit } = {}) {
      const query = db.events.where(':id').above(afterSeq);
      const raws = await (limit === undefined ? query : query.limit(limit)).toArray();
      return raws.map((raw) => upcast(raw, upcasters, versions));
    },
    close: () => db.close(),
  };
}
