// Logs keep ids, not documents (issue 11 item 8): a failed insert logs its statement, never its parameters
// (the whole sale, the customer's data), and a request's line carries its path, not its query.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

export function logsSuite(backend: Backend): void {
  let s: TestServer;
  let app: FastifyInstance;
  let owner: Tokens;
  let kemang: ServedConfig;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer(backend);
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      db: s.database,
      clock: s.clock,
      integrations: s.integrations,
      logger: { level: 'info', stream },
    });
    owner = await signIn(app, 'demo@serambi.id');
    kemang = await outletConfig(app, owner, 1);
  });
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  it('a failed sale logs the failure and the path, not the sale, its customer or the session tokens', async () => {
    await s.database.query(
      'ALTER TABLE pos_sales_trx_heads ADD CONSTRAINT refuse_all CHECK (false) NOT VALID',
      [],
    );
    try {
      lines.length = 0;
      const trx = sale(kemang, [line(kemang, RETAIL)], { extra: { trx_notes: 'CATATAN-RAHASIA-PELANGGAN' } });
      const r = await submit(app, owner, [trx]);
      expect(r.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('/cashier/pos-trx');
      expect(log).toContain('pos_sales_trx_heads');
      expect(log).not.toContain('CATATAN-RAHASIA-PELANGGAN');
      expect(log).not.toContain(owner.login_token);
      expect(log).not.toContain(owner.client_key);
    } finally {
      await s.database.query('ALTER TABLE pos_sales_trx_heads DROP CONSTRAINT refuse_all', []);
    }
  });

  it("a request's log line has its path, not its query (a customer's name or phone)", async () => {
    lines.length = 0;
    const r = await call(app, owner, {
      method: 'GET',
      url: '/cashier/pos/user-search?keyword=NamaPelangganRahasia',
    });
    expect(r.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/cashier/pos/user-search');
    expect(log).not.toContain('NamaPelangganRahasia');
  });
}
