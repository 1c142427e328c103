// One schema (issue 10): every column of the migrated database is declared in the Drizzle schema, with the
// same type, nullability and generation, and every Drizzle column exists. A migration that adds a column
// without its Drizzle line (or the reverse) fails here.

import { is } from 'drizzle-orm';
import { getTableConfig, type PgTable, PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../../server/db/create-db';
import { migrate } from '../../../server/db/migrate';
import * as schema from '../../../server/db/schema';
import { type Backend, freshSchemaName, PG_URL } from '../helpers';

/** Tables the migrations keep for themselves (no Drizzle mirror needed). */
const NOT_MIRRORED = new Set(['schema_migrations']);

/** information_schema's data_type for Drizzle's SQL type (serials are integers with a default). */
function informationType(sqlType: string): string {
  const t = sqlType.toLowerCase();
  if (t === 'bigserial') return 'bigint';
  if (t === 'serial') return 'integer';
  if (t === 'smallserial') return 'smallint';
  if (t.startsWith('numeric')) return 'numeric';
  if (t.startsWith('varchar')) return 'character varying';
  if (t.startsWith('timestamp'))
    return t.includes('with time zone') ? 'timestamp with time zone' : 'timestamp without time zone';
  if (t.endsWith('[]')) return 'ARRAY';
  return t;
}

interface Column {
  type: string;
  nullable: boolean;
  generated: boolean;
}

export function drizzleTables(): Map<string, Map<string, Column>> {
  const tables = new Map<string, Map<string, Column>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTableClass)) continue;
    const config = getTableConfig(value as PgTable);
    const columns = tables.get(config.name) ?? new Map<string, Column>();
    for (const c of config.columns) {
      columns.set(c.name, {
        type: informationType(c.getSQLType()),
        nullable: !c.notNull,
        generated: c.generated !== undefined,
      });
    }
    tables.set(config.name, columns);
  }
  return tables;
}

async function databaseTables(database: Database): Promise<Map<string, Map<string, Column>>> {
  const rows = await database.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    is_generated: string;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.is_generated
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
    [],
  );
  const tables = new Map<string, Map<string, Column>>();
  for (const r of rows) {
    if (NOT_MIRRORED.has(r.table_name)) continue;
    const columns = tables.get(r.table_name) ?? new Map<string, Column>();
    columns.set(r.column_name, {
      type: r.data_type,
      nullable: r.is_nullable === 'YES',
      generated: r.is_generated === 'ALWAYS',
    });
    tables.set(r.table_name, columns);
  }
  return tables;
}

/** Every difference, one line each ("table.column: …"), sorted. */
export function schemaDifferences(
  migrated: Map<string, Map<string, Column>>,
  declared: Map<string, Map<string, Column>>,
): string[] {
  const out: string[] = [];
  for (const [table, columns] of migrated) {
    const mine = declared.get(table);
    if (!mine) {
      out.push(`${table}: table not declared in the Drizzle schema`);
      continue;
    }
    for (const [name, c] of columns) {
      const d = mine.get(name);
      if (!d) out.push(`${table}.${name}: column not declared in the Drizzle schema`);
      else if (JSON.stringify(d) !== JSON.stringify(c))
        out.push(`${table}.${name}: database ${JSON.stringify(c)} vs Drizzle ${JSON.stringify(d)}`);
    }
    for (const name of mine.keys()) {
      if (!columns.has(name))
        out.push(`${table}.${name}: declared in Drizzle, absent from the migrated database`);
    }
  }
  for (const table of declared.keys()) {
    if (!migrated.has(table)) out.push(`${table}: declared in Drizzle, absent from the migrated database`);
  }
  return out.sort();
}

export function schemaDriftSuite(backend: Backend): void {
  let database: Database;
  let pgSchema: string | undefined;
  beforeAll(async () => {
    pgSchema = backend === 'pg' ? freshSchemaName() : undefined;
    database = await createDb(backend === 'pg' ? { databaseUrl: PG_URL, schema: pgSchema, poolSize: 2 } : {});
    await migrate(database);
  });
  afterAll(async () => {
    if (pgSchema) await database.withConnection((c) => c.exec(`DROP SCHEMA ${pgSchema} CASCADE`));
    await database?.close();
  });

  describe('the migrated database and the Drizzle schema', () => {
    it('declare the same tables and columns, with the same types, nullability and generation', async () => {
      const declared = drizzleTables();
      expect(declared.size).toBeGreaterThan(20);
      expect(schemaDifferences(await databaseTables(database), declared)).toEqual([]);
    });

    it('a column added by a migration alone is caught', async () => {
      await database.query('ALTER TABLE customers ADD COLUMN forgotten_in_drizzle text', []);
      try {
        expect(schemaDifferences(await databaseTables(database), drizzleTables())).toEqual([
          'customers.forgotten_in_drizzle: column not declared in the Drizzle schema',
        ]);
      } finally {
        await database.query('ALTER TABLE customers DROP COLUMN forgotten_in_drizzle', []);
      }
    });
  });
}
