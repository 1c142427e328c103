import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

/** The one Drizzle PostgreSQL dialect every service writes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** One connection for work that must not be interleaved (migrations under an advisory lock). */
export interface RawConnection {
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /**
   * One statement on its own (autocommit), without the query builder: for the hot paths (authentication,
   * sale ingest). `name` makes node-postgres prepare it once per connection (the text must then never
   * change for that name); PGlite ignores it.
   */
  query<R>(text: string, params: unknown[], name?: string): Promise<R[]>;
  withConnection<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start another in-memory one from (tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface CreateDbOptions {
  /** node-postgres when set (production, CI's PostgreSQL suite). */
  databaseUrl?: string;
  /** PGlite data folder; omitted → in-memory (tests). */
  dataDir?: string;
  /** In-memory PGlite only: start from this dump (dumpDataDir) instead of an empty cluster (tests). */
  loadDataDir?: Blob;
  /** PostgreSQL only: a schema to work in (tests use a fresh one per file); created when missing. */
  schema?: string;
  poolSize?: number;
}

export async function createDb(options: CreateDbOptions): Promise<Database> {
  if (options.databaseUrl) return createPgDb(options.databaseUrl, options.schema, options.poolSize ?? 10);
  return createPgliteDb(options.dataDir, options.loadDataDir);
}

async function createPgliteDb(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // one process per data folder: a second server on it would hand out the same trx_ids and lose sales
  const lock = dataDir ? lockDataDir(dataDir) : null;
  let client: PGlite;
  try {
    client = dataDir ? new PGlite(dataDir) : new PGlite(loadDataDir ? { loadDataDir } : undefined);
    await client.waitReady;
  } catch (e) {
    lock?.release();
    throw e;
  }
  // PGlite is one connection: it queues queries itself and holds the connection for a whole transaction.
  const db = drizzlePglite({ client }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    query: async <R>(text: string, params: unknown[]) => (await client.query<R>(text, params)).rows,
    withConnection: (fn) =>
      fn({
        query: async (text, params) => (await client.query<never>(text, params)).rows,
        exec: async (text) => {
          await client.exec(text);
        },
      }),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The connection's startup options: JIT off (it compiles plans whose estimate is high — the sale's insert,
 * with its JSON row sets — for tens of ms, for statements of one), random_page_cost 1.1 (SSD storage: at the
 * default 4 a month's report walked all of a million-sale table instead of its index) and no parallel workers
 * (their start cost more than they saved on a month's report: 1.1–1.5 s against 0.25 s of execution; many
 * small requests are this server's load), bench/README.md; the schema's search_path, then the URL's
 * own `options` (they win, as before). node-postgres lets a URL's options replace the config's, so they are
 * taken out of the URL and merged here.
 */
function startupOptions(url: string, schema: string | undefined) {
  let connectionString = url;
  let own: string | null = null;
  try {
    const u = new URL(url);
    own = u.searchParams.get('options');
    if (own !== null) {
      u.searchParams.delete('options');
      connectionString = u.toString();
    }
  } catch {
    // not a URL node-postgres would parse either; left as given
  }
  const parts = [
    '-c jit=off',
    '-c random_page_cost=1.1',
    '-c max_parallel_workers_per_gather=0',
    schema ? `-c search_path=${schema}` : '',
    own ?? '',
  ];
  return { connectionString, options: parts.filter((p) => p !== '').join(' ') };
}

async function createPgDb(url: string, schema: string | undefined, max: number): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const { connectionString, options } = startupOptions(url, schema);
  const pool = new pg.Pool({ connectionString, max, options });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pg',
    db,
    query: async <R>(text: string, params: unknown[], name?: string) =>
      (
        await pool.query<R & pg.QueryResultRow>(
          name ? { name, text, values: params } : { text, values: params },
        )
      ).rows,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (text) => {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
