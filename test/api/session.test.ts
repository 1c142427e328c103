import { describe, expect, it } from 'vitest';
import { forgotPasswordRequest, signInRequest } from '../../src/api/contract';
import { createApiClient } from '../../src/api/http';
import { createSessionApi } from '../../src/api/session';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function setup(data: unknown, message?: string) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: String(init?.method),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ status: 'success', message, data }), { status: 200 });
  }) as typeof fetch;
  const client = createApiClient({
    baseUrl: '',
    getAuth: () => ({ client_key: 'ck', login_token: 'lt' }),
    fetchImpl,
  });
  return { calls, api: createSessionApi(client) };
}

const userData = {
  business_id: 1,
  business_user_id: 7,
  business_user_firstname: 'Demo',
  cashier_name: 'Demo Kasir',
  business_user_group_id: 1,
  brand_name: 'Serambi Beauty',
  brand_logo: null,
  business_slug: 'serambi',
  currency_code: 'IDR',
  qty_decimal_length: 0,
  outlet_id: null,
  business_outlet_id: null,
  outlet_name: null,
  outlet_address: null,
  outlet_phone: null,
  business_outlets: [],
  auth_role_accesses: { CASHIER_SYSTEM: 1 },
  signed_in_at: '2026-11-22 01:00:00',
  retrieve_time: '2026-11-22 01:00:00',
  configs: {},
  is_getpos: 1,
};

describe('session calls (000 §7)', () => {
  it('signIn posts email, password and subscription_user_type_status "cashier"', async () => {
    const { calls, api } = setup({ ...userData, client_key: 'ck', login_token: 'lt' });
    const data = await api.signIn({ email: 'demo@serambi.id', password: 'demo1234' });
    expect(calls[0]).toEqual({
      url: '/cashier/pos/auth/sign-in',
      method: 'POST',
      body: { email: 'demo@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
    });
    expect(data.client_key).toBe('ck');
    // Loose: flags beyond the contract's identity fields pass through.
    expect(data.is_getpos).toBe(1);
  });

  it('signIn rejects an answer without tokens', async () => {
    const { api } = setup(userData);
    await expect(api.signIn({ email: 'a', password: 'b' })).rejects.toMatchObject({ kind: 'http' });
  });

  it('confirmSignIn posts the login_token', async () => {
    const { calls, api } = setup({ confirmed_at: '2026-11-22 01:00:01' });
    await api.confirmSignIn('lt-9');
    expect(calls[0]).toMatchObject({
      url: '/cashier/pos/auth/sign-in-confirmation',
      body: { login_token: 'lt-9' },
    });
  });

  it('loadConfig with and without outlet_id', async () => {
    const { calls, api } = setup(userData);
    await api.loadConfig(2);
    await api.loadConfig();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /cashier/config?outlet_id=2',
      'GET /cashier/config',
    ]);
  });

  it('signOut with settlement posts every list; the cashier switch uses ?settlement=0 and configs only', async () => {
    const { calls, api } = setup({ settlement: 1, deleted_trx_count: 0, pending_trx_count: 1 });
    await api.signOut({ settlement: true, configs: { a: 1 }, pendingTrxs: [{ local_trx_id: 'x' }] });
    await api.signOut({ settlement: false, configs: { a: 1 }, pendingTrxs: [{ local_trx_id: 'x' }] });
    expect(calls[0]).toEqual({
      url: '/cashier/pos/auth/sign-out',
      method: 'POST',
      body: { configs: { a: 1 }, deletedTrxs: [], pendingTrxs: [{ local_trx_id: 'x' }] },
    });
    expect(calls[1]).toEqual({
      url: '/cashier/pos/auth/sign-out?settlement=0',
      method: 'POST',
      body: { configs: { a: 1 } },
    });
  });

  it('forgotPassword returns the server message', async () => {
    const { calls, api } = setup({ email: 'a@b.c' }, 'Cek email Anda');
    const answer = await api.forgotPassword('a@b.c');
    expect(answer.message).toBe('Cek email Anda');
    expect(calls[0].body).toEqual({ email: 'a@b.c', subscription_user_type_status: 'cashier' });
  });

  it('resetPassword posts the link token and the new password, returns the server message', async () => {
    const { calls, api } = setup({ email: 'kasir@serambi.id' }, 'Password berhasil diubah');
    const answer = await api.resetPassword({ reset_token: 'tok-1', password: 'passwordbaru' });
    expect(answer).toEqual({ message: 'Password berhasil diubah', data: { email: 'kasir@serambi.id' } });
    expect(calls[0]).toEqual({
      url: '/cashier/auth/reset-password',
      method: 'POST',
      body: { reset_token: 'tok-1', password: 'passwordbaru' },
    });
  });

  it('the contract accepts only subscription_user_type_status "cashier" (000 §6)', () => {
    expect(signInRequest.parse({ email: 'a@b.c', password: 'x' }).subscription_user_type_status).toBe(
      'cashier',
    );
    expect(
      signInRequest.safeParse({ email: 'a@b.c', password: 'x', subscription_user_type_status: 'admin' })
        .success,
    ).toBe(false);
    expect(
      forgotPasswordRequest.safeParse({ email: 'a@b.c', subscription_user_type_status: 'x' }).success,
    ).toBe(false);
  });

  it('loadAppointments reads customer_appointments', async () => {
    const { calls, api } = setup({ customer_appointments: [] });
    expect(await api.loadAppointments()).toEqual({ customer_appointments: [] });
    expect(calls[0].url).toBe('/cashier/appointment');
  });
});

describe('GET cashier/config revalidation (issue 28)', () => {
  it('sends the ETag it holds, keeps its copy on 304 and renews retrieve_time from the header', async () => {
    const sent: Array<string | null> = [];
    const answers = [
      new Response(
        JSON.stringify({ status: 'success', data: { ...userData, configs: { retrieve_time: 'a' } } }),
        {
          status: 200,
          headers: { ETag: 'W/"7-x"', 'Config-Retrieve-Time': '2026-11-22 01:00:00' },
        },
      ),
      new Response(null, {
        status: 304,
        headers: { ETag: 'W/"7-x"', 'Config-Retrieve-Time': '2026-11-22 02:00:00' },
      }),
      new Response(JSON.stringify({ status: 'success', data: { ...userData, brand_name: 'Baru' } }), {
        status: 200,
        headers: { ETag: 'W/"8-x"', 'Config-Retrieve-Time': '2026-11-22 03:00:00' },
      }),
    ];
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('If-None-Match'));
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    }) as typeof fetch;
    const api = createSessionApi(
      createApiClient({ baseUrl: '', getAuth: () => ({ client_key: 'ck', login_token: 'lt' }), fetchImpl }),
    );
    const first = await api.loadConfig(1);
    expect(first.brand_name).toBe('Serambi Beauty');
    const kept = await api.loadConfig(1);
    expect(kept.brand_name).toBe('Serambi Beauty');
    expect(kept.retrieve_time).toBe('2026-11-22 02:00:00');
    expect((kept.configs as Record<string, unknown>).retrieve_time).toBe('2026-11-22 02:00:00');
    const changed = await api.loadConfig(1);
    expect(changed.brand_name).toBe('Baru');
    // the browser's cache may revalidate on its own and hand back an old body: the header's time wins
    expect(changed.retrieve_time).toBe('2026-11-22 03:00:00');
    expect(sent).toEqual([null, 'W/"7-x"', 'W/"7-x"']);
  });
});
