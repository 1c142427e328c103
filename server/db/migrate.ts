import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './create-db';

export { MIGRATIONS_DIR };

/** Any fixed 64-bit key: two instances starting together wait for each other here. */
const MIGRATION_LOCK_KEY = 7_200_431_150;
const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_NAME.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 4), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

/** Applies the pending migrations in order, each in its own transaction; returns the names applied. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withConnection(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await conn.exec(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const rows = await conn.query<{ version: string }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r) => r.version));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await conn.exec('BEGIN');
        try {
          await conn.exec(m.sql);
          await conn.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ]);
          await conn.exec('COMMIT');
        } catch (e) {
          await conn.exec('ROLLBACK');
          throw new Error(`migration ${m.name} failed: ${(e as Error).message}`);
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
