import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../server/app';
import { createDb, type Database } from '../../server/db/create-db';
import { demoBusiness } from '../../server/db/demo';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import type { EmailMessage, Integrations } from '../../server/integrations';
import { fixedClock } from '../../server/lib/clock';
import { testInstant } from '../setup/test-instant';

export const PG_URL = process.env.TEST_DATABASE_URL;

/** PostgreSQL files: loud failure in CI without TEST_DATABASE_URL, skipped locally. */
export function requirePg(): boolean {
  if (!PG_URL && process.env.CI === 'true') throw new Error('CI needs TEST_DATABASE_URL for *.pg.test.ts');
  return !PG_URL;
}

export const freshSchemaName = () => `t_${randomBytes(6).toString('hex')}`;

export type Backend = 'pglite' | 'pg';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  emails: EmailMessage[];
  integrations: Integrations & { failEmail: boolean };
  close(): Promise<void>;
}

/**
 * The run's migrated and seeded PGlite dump (test/setup/pglite-template.ts) and the instant its demo was made
 * for, or null (no template: a fresh database is seeded). The demo's times are relative to that instant, so a
 * server started from the dump starts its clock there.
 */
function pgliteTemplate(): { dump: Blob; seededAt: Date } | null {
  const file = process.env.SERAMBI_PGLITE_TEMPLATE;
  const at = process.env.SERAMBI_PGLITE_TEMPLATE_AT;
  if (!file || !at) return null;
  try {
    return { dump: new Blob([readFileSync(file)]), seededAt: new Date(at) };
  } catch {
    return null;
  }
}

/** The app on an in-memory PGlite, or on a fresh schema of TEST_DATABASE_URL, with the demo business. */
export async function startTestServer(
  backend: Backend,
  appOptions: Pick<BuildAppOptions, 'corsOrigins' | 'maintenancePassphraseHash'> = {},
): Promise<TestServer> {
  const schema = backend === 'pg' ? freshSchemaName() : undefined;
  const template = backend === 'pglite' ? pgliteTemplate() : null;
  const clock = fixedClock(template?.seededAt ?? testInstant());
  const database = await createDb(
    backend === 'pg'
      ? { databaseUrl: PG_URL, schema, poolSize: 4 }
      : template
        ? { loadDataDir: template.dump }
        : {},
  );
  // both a no-op on the template (test/setup/pglite-template.ts): migrated and seeded once per run
  await migrate(database);
  await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  const emails: EmailMessage[] = [];
  const integrations = {
    failEmail: false,
    email: {
      send: async (m: EmailMessage) => {
        if (integrations.failEmail) throw new Error('421 service not available');
        emails.push(m);
      },
    },
  };
  const app = await buildApp({ db: database, clock, integrations, ...appOptions });
  return {
    app,
    database,
    clock,
    emails,
    integrations,
    close: async () => {
      await app.close();
      if (schema) await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
      await database.close();
    },
  };
}

export const DEMO_PASSWORD = 'demo1234';

export interface Tokens {
  client_key: string;
  login_token: string;
}

export const sessionHeaders = (t: Tokens) => ({
  Authorization: t.client_key,
  'APP-Token': t.login_token,
  'Authorization-Type': 'business_user',
  Platform: 'web',
  'App-Version': '1.8.70',
  'Build-Number': '20251030',
  'App-Build': '20251030',
});

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<Tokens & Record<string, unknown>> {
  const r = await app.inject({
    method: 'POST',
    url: '/cashier/pos/auth/sign-in',
    payload: { email, password, subscription_user_type_status: 'cashier' },
    remoteAddress,
  });
  if (r.statusCode !== 200) throw new Error(`sign-in ${email}: ${r.statusCode} ${r.body}`);
  return r.json().data;
}

export function call(app: FastifyInstance, t: Tokens | null, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(t ? sessionHeaders(t) : {}), ...(opts.headers ?? {}) } });
}
