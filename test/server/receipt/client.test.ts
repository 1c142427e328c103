// The browser's receipt calls (src/api/receipt.ts) against the real server: paths, envelopes, messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../src/api/http';
import { createReceiptApi } from '../../../src/api/receipt';
import { signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, sale, submit } from '../pos/fixtures';

/** fetch over app.inject: the client's real request building, no socket. */
function injectFetch(s: TestServer): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const r = await s.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string | undefined,
    });
    return new Response(r.statusCode === 204 ? null : r.body, {
      status: r.statusCode,
      headers: { 'content-type': String(r.headers['content-type'] ?? 'application/json') },
    });
  };
}

describe('receipt API client', () => {
  let s: TestServer;
  let tokens: Tokens;
  let localTrxId: string;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    tokens = await signIn(s.app, 'demo@serambi.id');
    const kemang = await outletConfig(s.app, tokens, 1);
    const trx = sale(kemang, [line(kemang, 1072)]);
    expect((await submit(s.app, tokens, [trx])).statusCode).toBe(200);
    localTrxId = trx.local_trx_id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const api = (auth: Tokens | null) =>
    createReceiptApi(
      createApiClient({ baseUrl: 'http://serambi.test', getAuth: () => auth, fetchImpl: injectFetch(s) }),
    );

  it('reads the transaction, sends receipts with the spec messages, and opens the public receipt without a session', async () => {
    const trx = await api(tokens).transaction(localTrxId);
    expect(trx.local_trx_id).toBe(localTrxId);
    const sms = await api(tokens).sendReceipt({
      local_trx_id: localTrxId,
      receipt_type: 'phone',
      phone: '0812345678',
    });
    expect(sms.message).toBe('SMS Berhasil dikirimkan');
    const mail = await api(tokens).sendReceipt({
      local_trx_id: localTrxId,
      receipt_type: 'email',
      email: 'a@b.id',
    });
    expect(mail.message).toBe('Email Berhasil dikirimkan');
    const text = await api(tokens).sendReceipt({
      local_trx_id: localTrxId,
      receipt_type: 'text',
      phone: '0812345678',
    });
    expect(text.data.message).toContain(`/receipt/${trx.receipt_token}`);
    const pub = await api(null).publicReceipt(trx.receipt_token);
    expect(pub.local_trx_id).toBe(localTrxId);
  });

  it('post-edit answers the spec message; a refusal surfaces the server message', async () => {
    const trx = await api(tokens).transaction(localTrxId);
    const ok = await api(tokens).postEdit({ edit_session_id: crypto.randomUUID(), input_data: trx });
    expect(ok.message).toBe('Item successfully edited!');
    expect(ok.data.trx_edits).toHaveLength(1);
    const changed = { ...trx, trx_notes: 'changed' };
    const err = await api(tokens)
      .postEdit({ edit_session_id: crypto.randomUUID(), input_data: changed })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(
      'Hanya pekerja (worker) yang dapat diubah pada transaksi yang sudah selesai.',
    );
    const phone = await api(tokens)
      .sendReceipt({ local_trx_id: localTrxId, receipt_type: 'phone', phone: '' })
      .catch((e: unknown) => e);
    expect((phone as ApiError).message).toBe('Phone number is required');
  });
});
