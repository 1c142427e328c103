import { readEnv } from '../env';
import { createDb, type Database } from './create-db';
import { migrate } from './migrate';

/** Opens the database the server would use (DATA_DIR or DATABASE_URL), migrated; --reset empties it first. */
export async function openForSeeding(argv: string[]): Promise<Database> {
  const env = readEnv(process.env);
  const database = await createDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  if (argv.includes('--reset')) {
    await database.withConnection((c) => c.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));
    console.log('database emptied (--reset)');
  }
  await migrate(database);
  console.log(env.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)' : `database: PGlite in ${env.dataDir}`);
  return database;
}

export function numberArg(argv: string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return n;
}
