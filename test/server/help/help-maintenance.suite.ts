// GET cashier/help (002 §2.21, §7) and POST cashier/maintenance/unlock (002 §2.23, ruling 10), on PGlite
// (help-maintenance.test.ts) and PostgreSQL (help-maintenance.pg.test.ts).
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { helpFaqs } from '../../../server/db/demo/misc';
import { helpResponse } from '../../../src/api/contract/help';
import { MAINTENANCE_OWN } from '../../../src/domain/texts/maintenance';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call, signIn, startTestServer, type TestServer } from '../helpers';

const PASSPHRASE = 'kunci-serambi-rahasia';

export function helpMaintenanceSuite(backend: Backend): void {
  let s: TestServer;
  let locked: TestServer;

  beforeAll(async () => {
    [s, locked] = await Promise.all([
      startTestServer(backend, { maintenancePassphraseHash: await hash(PASSPHRASE) }),
      startTestServer(backend),
    ]);
  });
  afterAll(async () => {
    await s?.close();
    await locked?.close();
  });

  const unlock = (server: TestServer, passphrase: unknown, remoteAddress = '10.9.0.1') =>
    server.app.inject({
      method: 'POST',
      url: '/cashier/maintenance/unlock',
      payload: { passphrase },
      remoteAddress,
    });

  it("answers the brand's FAQs in their order, the answers' HTML as stored", async () => {
    const t = await signIn(s.app, 'kasir@serambi.id');
    const r = await call(s.app, t, { method: 'GET', url: '/cashier/help' });
    expect(r.statusCode).toBe(200);
    const faqs = helpResponse.parse(r.json().data);
    expect(faqs.map(({ question, answer }) => ({ question, answer }))).toEqual(
      helpFaqs().map(({ question, answer }) => ({ question, answer })),
    );
    expect(faqs[0]?.answer).toContain('<b>');
  });

  it('asks for a session (303 without one)', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/cashier/help' });
    expect(r.statusCode).toBe(303);
  });

  it('unlocks with the right passphrase and refuses a wrong one with the mocking message', async () => {
    const good = await unlock(s, PASSPHRASE, '10.9.0.2');
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ unlocked: true });
    const bad = await unlock(s, 'salah', '10.9.0.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MAINTENANCE_OWN.wrongPassphrase);
  });

  it('refuses a body that is no passphrase with 400, never 500', async () => {
    for (const p of [42, null, 'x'.repeat(500)]) {
      const r = await unlock(s, p, '10.9.0.3');
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(API_MESSAGES.invalidInput);
    }
  });

  it('answers 429 after five wrong passphrases from an address, the right one too, other addresses not', async () => {
    for (let i = 0; i < 5; i++) expect((await unlock(s, `salah-${i}`, '10.9.0.4')).statusCode).toBe(400);
    const wrong = await unlock(s, 'salah-6', '10.9.0.4');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().error.message).toBe(API_MESSAGES.rateLimited);
    expect((await unlock(s, PASSPHRASE, '10.9.0.4')).statusCode).toBe(429);
    expect((await unlock(s, PASSPHRASE, '10.9.0.5')).statusCode).toBe(200);
  });

  it('a success starts the count again (successResets)', async () => {
    for (let i = 0; i < 4; i++) await unlock(s, `salah-${i}`, '10.9.0.6');
    expect((await unlock(s, PASSPHRASE, '10.9.0.6')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await unlock(s, `salah-${i}`, '10.9.0.6')).statusCode).toBe(400);
  });

  it('stays locked when the server has no passphrase hash configured', async () => {
    const r = await unlock(locked, PASSPHRASE);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(MAINTENANCE_OWN.notConfigured);
  });
}
