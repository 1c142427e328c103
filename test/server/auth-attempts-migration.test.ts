import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb, type Database } from '../../server/db/create-db';
import { demoBusiness } from '../../server/db/demo';
import { migrate, readMigrations } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { fixedClock } from '../../server/lib/clock';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { DEMO_PASSWORD } from './helpers';

// Migration 0010 moves the attempts of sign_in_attempts, pin_validation_attempts and password_reset_requests
// into auth_attempts: the last day's attempts keep counting across the upgrade.
describe('migration 0010 (one table of auth attempts)', () => {
  let database: Database;
  const clock = fixedClock(new Date());
  const q = <T>(sql: string, params: unknown[] = []) =>
    database.withConnection((c) => c.query<T & Record<string, unknown>>(sql, params));

  beforeAll(async () => {
    database = await createDb({});
    await migrate(
      database,
      readMigrations().filter((m) => m.version < '0010'),
    );
    // The demo is seeded after the upgrade: the seed writes today's schema, not 0009's.
    const at = new Date(clock.now().getTime() - 60_000).toISOString();
    for (let i = 0; i < 5; i++)
      await q(
        "INSERT INTO sign_in_attempts (email, ip, succeeded, attempted_at) VALUES ('demo@serambi.id', '10.1.1.1', false, $1)",
        [at],
      );
    await q(
      `INSERT INTO pin_validation_attempts (business_user_id, business_outlet_id, ip, succeeded, supervisor_user_id, attempted_at)
       VALUES (3, 1, '10.1.1.2', true, 2, $1)`,
      [at],
    );
    await q(
      `INSERT INTO password_reset_requests (email, business_user_id, subscription_user_type_status, token_hash, ip, requested_at, expires_at)
       VALUES ('nobody@serambi.id', NULL, 'cashier', NULL, '10.1.1.3', $1, NULL),
              ('demo@serambi.id', NULL, 'cashier', 'abc', '10.1.1.3', $1, $1)`,
      [at],
    );
    expect(await migrate(database)).toContain('0010_auth_attempts.sql');
    await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  });
  afterAll(() => database.close());

  it('copies every attempt, keeps only the reset links and drops the old tables', async () => {
    const rows = await q<{ kind: string; subject: string; ip: string; succeeded: boolean }>(
      'SELECT kind, subject, ip, succeeded, business_outlet_id, supervisor_user_id FROM auth_attempts ORDER BY attempt_id',
    );
    expect(rows.map((r) => r.kind)).toEqual([
      ...Array(5).fill('sign_in'),
      'supervisor_password',
      'forgot_password',
      'forgot_password',
    ]);
    expect(rows[5]).toMatchObject({
      subject: '3',
      succeeded: true,
      business_outlet_id: 1,
      supervisor_user_id: 2,
    });
    expect(rows.slice(6).map((r) => r.subject)).toEqual(['nobody@serambi.id', 'demo@serambi.id']);
    const links = await q<{ email: string }>('SELECT email FROM password_reset_requests');
    expect(links.map((l) => l.email)).toEqual(['demo@serambi.id']);
    const old = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('sign_in_attempts', 'pin_validation_attempts')",
    );
    expect(old[0].n).toBe(0);
  });

  it('the copied failures still lock the e-mail from that address', async () => {
    const app = await buildApp({ db: database, clock, integrations: { email: { send: async () => {} } } });
    try {
      const r = await app.inject({
        method: 'POST',
        url: '/cashier/pos/auth/sign-in',
        payload: { email: 'demo@serambi.id', password: DEMO_PASSWORD },
        remoteAddress: '10.1.1.1',
      });
      expect(r.statusCode).toBe(429);
      expect(r.json().error.message).toBe(API_MESSAGES.rateLimited);
    } finally {
      await app.close();
    }
  });
});
