// The inputs of issue 11 items 4 and 8 that answered 500 (or were accepted): each now answers 400 naming
// the field (413 / 415 for the body as a whole), and half an emoji is stored as U+FFFD instead of blocking
// the sale's sync.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call } from '../helpers';
import { line, RETAIL, sale, submit } from '../pos/fixtures';
import { deepJson } from './arbitrary';
import { fuzzServer } from './fuzz.suite';

export function inputsSuite(backend: Backend): void {
  let server: Awaited<ReturnType<typeof fuzzServer>>;
  beforeAll(async () => {
    server = await fuzzServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refused = (r: { statusCode: number; body: string }, status: number, field?: string) => {
    expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
    const body = errorEnvelope.parse(JSON.parse(r.body));
    expect(body.error.message).toBe(API_MESSAGES.invalidInput);
    expect(body.error.field).toBe(field);
  };
  const aSale = (extra: Record<string, unknown>) =>
    sale(server.known.kemang, [line(server.known.kemang, RETAIL)], { extra });
  const post = (url: string, payload: unknown, auth = true) =>
    call(server.app, auth ? server.known.tokens : null, { method: 'POST', url, payload: payload as object });

  it('an e-mail of 1 MB at sign-in, or a password of 1 MB: 400 naming the field', async () => {
    const email = `${'a'.repeat(1024 * 1024)}@serambi.id`;
    refused(await post('/cashier/pos/auth/sign-in', { email, password: 'x' }, false), 400, 'email');
    refused(
      await post('/cashier/auth/forgot-password', { email: `${'b'.repeat(300)}@x.id` }, false),
      400,
      'email',
    );
    const password = 'p'.repeat(5_000);
    refused(
      await post('/cashier/pos/auth/sign-in', { email: 'kasir@serambi.id', password }, false),
      400,
      'password',
    );
  });

  it('a local_trx_id of 8 KB: 400 naming the field (sale, sign-out copy, path)', async () => {
    const long = 'x'.repeat(8 * 1024);
    refused(
      await post('/cashier/pos-trx', { trxs: [{ ...aSale({}), local_trx_id: long }] }),
      400,
      'trxs.0.local_trx_id',
    );
    refused(
      await post('/cashier/pos/auth/sign-out?settlement=0', { pendingTrxs: [{ local_trx_id: long }] }),
      400,
      'pendingTrxs.0.local_trx_id',
    );
    refused(
      await call(server.app, server.known.tokens, { method: 'GET', url: `/cashier/pos-trx/${long}` }),
      400,
      'local_trx_id',
    );
  });

  it('NUL in any stored text: 400 naming the field', async () => {
    refused(
      await post('/cashier/pos-trx', { trxs: [aSale({ trx_notes: 'a\u0000b' })] }),
      400,
      'trxs.0.trx_notes',
    );
    refused(
      await post('/cashier/pos/auth/sign-out?settlement=0', {
        pendingTrxs: [{ local_trx_id: randomUUID(), trx_notes: '\u0000' }],
      }),
      400,
      'pendingTrxs.0.trx_notes',
    );
    refused(
      await post('/cashier/pos-sales-trx-archive', {
        trx: { local_trx_id: randomUUID(), x: { '\u0000': 1 } },
      }),
      400,
      'trx.x.\u0000',
    );
  });

  it('%00 in a path or query parameter: 400 naming it', async () => {
    const get = (url: string, auth = true) =>
      call(server.app, auth ? server.known.tokens : null, { method: 'GET', url });
    refused(await get('/cashier/pos/receipt-view/a%00b', false), 400, 'receipt_token');
    refused(await get('/cashier/pos-trx/a%00b'), 400, 'local_trx_id');
    refused(await get('/cashier/pos-sales-trx-archive/a%00b'), 400, 'local_trx_id');
    refused(await get('/cashier/inventory/inventory-out/a%00b'), 400, 'localTrxId');
    refused(await get('/cashier/pos/user-search?keyword=a%00b'), 400, 'keyword');
    // not percent-encoding at all: Fastify's own refusal, in the envelope
    refused(await get('/cashier/pos-trx/%zz'), 400, undefined);
  });

  it('JSON nested 5,000 deep: 400 naming where it got too deep', async () => {
    const r = await call(server.app, server.known.tokens, {
      method: 'POST',
      url: '/cashier/pos-trx',
      headers: { 'content-type': 'application/json' },
      payload: `{"trxs":[{"local_trx_id":"${randomUUID()}","x":${deepJson(5_000)}}]}`,
    });
    expect(r.statusCode).toBe(400);
    expect(errorEnvelope.parse(r.json()).error.field).toMatch(/^trxs\.0\.x(\.0)+$/);
  });

  it('a note of 19 MB: 400 naming it; a body over 20 MiB: 413; another content type: 415', async () => {
    refused(
      await post('/cashier/pos-trx', { trxs: [aSale({ trx_notes: 'n'.repeat(19 * 1024 * 1024) })] }),
      400,
      'trxs.0.trx_notes',
    );
    refused(
      await post('/cashier/pos-trx', { trxs: [aSale({ trx_notes: 'n'.repeat(21 * 1024 * 1024) })] }),
      413,
      undefined,
    );
    const r = await call(server.app, server.known.tokens, {
      method: 'POST',
      url: '/cashier/pos-trx',
      headers: { 'content-type': 'application/xml' },
      payload: '<trxs/>',
    });
    refused(r, 415, undefined);
  });

  it('trx_time that is not a date: 400 naming it', async () => {
    for (const trx_time of ['bukan tanggal', '2026-02-30 10:00:00', '2026-11-22 25:00:00']) {
      refused(await post('/cashier/pos-trx', { trxs: [aSale({ trx_time })] }), 400, 'trxs.0.trx_time');
    }
    const ok = await submit(server.app, server.known.tokens, [aSale({ trx_time: '2026-11-22 09:30:00' })]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('half an emoji (a lone surrogate) is stored as U+FFFD: the sale syncs, the sign-out copy too', async () => {
    const trx = aSale({ trx_notes: `Pijat ${'😀'.slice(0, 1)}` });
    const r = await submit(server.app, server.known.tokens, [trx], 1);
    expect(r.statusCode, r.body).toBe(200);
    const stored = await call(server.app, server.known.tokens, {
      method: 'GET',
      url: `/cashier/pos-trx/${trx.local_trx_id}`,
    });
    expect(stored.json().data.trx_notes).toBe('Pijat \ufffd');
    const out = await post('/cashier/pos/auth/sign-out?settlement=0', {
      pendingTrxs: [{ local_trx_id: randomUUID(), trx_notes: 'x\udc00' }],
    });
    expect(out.statusCode, out.body).toBe(200);
  });
}
