import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCustomerApi } from '../../src/api/customer';
import { ApiError, createApiClient } from '../../src/api/http';
import { createPosApi } from '../../src/api/pos';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that records each call and answers the envelope with `data` (or hangs until aborted). */
function fakeFetch(answer: (url: string, method: string) => { status?: number; body: unknown } | 'hang') {
  const seen: Seen[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({
      method: String(init?.method),
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const a = answer(url, String(init?.method));
    if (a === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status ?? 200 }));
  }) as typeof fetch;
  const client = createApiClient({ baseUrl: 'https://api.test', fetchImpl, getAuth: () => null });
  return { seen, pos: createPosApi(client), customer: createCustomerApi(client) };
}

const ok = (data: unknown) => ({ body: { status: 'success', data } });
const answer = {
  status: 'success',
  local_trx_id: 'trx-1',
  pos_sales_trx_head_id: 9,
  trx_id: 'KMG-1',
  deposit_balance: null,
  top_up_deposit_rewards: null,
  user_code: null,
  created_at: '2026-11-22 10:00:00',
  sync_time: '2026-11-22 10:00:00',
};
const trx = { local_trx_id: 'trx-1', trx_status_id: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('pos client (000 §7 cashier/pos-trx and friends)', () => {
  it('submit posts {is_offline: 0, trxs: [trx]} and answers the first element', async () => {
    const f = fakeFetch(() => ok([answer]));
    await expect(f.pos.submit(trx)).resolves.toEqual(answer);
    expect(f.seen).toEqual([
      { method: 'POST', url: 'https://api.test/cashier/pos-trx', body: { is_offline: 0, trxs: [trx] } },
    ]);
  });

  it('sync posts {is_offline: 1, local_sync_time, trxs: [trx]}', async () => {
    const f = fakeFetch(() => ok([answer]));
    await f.pos.sync(trx, '2026-11-22 10:00:00');
    expect(f.seen[0].body).toEqual({ is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs: [trx] });
  });

  it("reads an answer that is not a success without failing, so the caller can say 'Transaksi gagal'", async () => {
    const f = fakeFetch(() => ok([{ status: 'error' }]));
    await expect(f.pos.submit(trx)).resolves.toEqual({ status: 'error' });
    const empty = fakeFetch(() => ok([]));
    await expect(empty.pos.submit(trx)).resolves.toEqual({ status: null });
  });

  it('the submit time-out is the caller’s (3 s for optional-online) and fails as a time-out', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => 'hang');
    const result = f.pos.submit(trx, { timeoutMs: 3000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it("a 400 surfaces the server's message", async () => {
    const f = fakeFetch(() => ({
      status: 400,
      body: { status: 'error', error: { message: 'Saldo deposit tidak mencukupi.' } },
    }));
    await expect(f.pos.submit(trx)).rejects.toThrow('Saldo deposit tidak mencukupi.');
  });

  it('void, archive, saved list, download and inventory-out use their paths', async () => {
    const f = fakeFetch((url, method) => {
      if (url.includes('/void/'))
        return ok({
          pos_sales_trx_head_id: 9,
          local_trx_id: 'trx-1',
          trx_id: 'KMG-1',
          trx_status_id: 4,
          void_reason: 'x',
          voided_at: 't',
        });
      if (method === 'GET' && url.endsWith('/cashier/pos-sales-trx-archive')) return ok([]);
      if (url.includes('inventory-out')) return ok({ sales: [], consumptions: [], ingredients: [] });
      if (url.includes('pos-sales-trx-archive/')) return ok({ trx: { local_trx_id: 'a b' } });
      return ok({ local_trx_id: 'trx-1', saved_at: 't' });
    });
    await f.pos.voidTrx(9, { password: 'p', reason: 'x' });
    await f.pos.archive({ local_trx_id: 'trx-1' });
    await f.pos.listArchive();
    await f.pos.downloadArchive('a b');
    await f.pos.inventoryOut('trx-1');
    expect(f.seen.map((s) => `${s.method} ${s.url.replace('https://api.test/', '')}`)).toEqual([
      'POST cashier/pos-trx/void/9',
      'POST cashier/pos-sales-trx-archive',
      'GET cashier/pos-sales-trx-archive',
      'GET cashier/pos-sales-trx-archive/a%20b',
      'GET cashier/inventory/inventory-out/trx-1',
    ]);
    expect(f.seen[0].body).toEqual({ password: 'p', reason: 'x' });
    expect(f.seen[1].body).toEqual({ trx: { local_trx_id: 'trx-1' } });
  });
});

describe('customer client (000 §7 lookups)', () => {
  const user = {
    user_code: 'U1',
    user_name: 'Sari',
    user_identifier_type: 'phone',
    user_identifier_string: '0812',
    retrieve_time: 't',
    account_receivables: [],
    active_coupons: [],
    deposit_amount: 50000,
    is_signed_up: 1,
  };

  it('find (retrieve_coupon=1) and balance post the identifier to cashier/pos/user', async () => {
    const f = fakeFetch(() => ok(user));
    const id = { user_identifier_type: 'phone', user_identifier_string: '0812' } as const;
    await expect(f.customer.findCustomer(id)).resolves.toMatchObject({
      user_code: 'U1',
      deposit_amount: 50000,
    });
    await f.customer.customerBalance(id);
    expect(f.seen.map((s) => s.url)).toEqual([
      'https://api.test/cashier/pos/user?retrieve_coupon=1',
      'https://api.test/cashier/pos/user',
    ]);
    expect(f.seen[0].body).toEqual(id);
  });

  it('search, journal, discounts, tags, areas and pin validation', async () => {
    const f = fakeFetch((url) => {
      if (url.includes('user-search')) return ok({ users: [] });
      if (url.includes('customer-activity')) return ok({ customer_activities: [] });
      if (url.includes('pos/discount')) return ok({ pos_item_discounts: [] });
      if (url.includes('pos-tag')) return ok({ tags: [] });
      if (url.includes('pos-area')) return ok({ area: [], area_category: [] });
      return ok({ business_user_id: 1, supervisor_name: 'Spv', validated_at: 't' });
    });
    await f.customer.searchUsers('sari');
    await f.customer.customerActivity({ user_identifier_type: 'phone', user_identifier_string: '0812' });
    await f.customer.listDiscounts();
    await f.customer.listTags();
    await f.customer.listAreas();
    await expect(f.customer.validatePin('rahasia')).resolves.toMatchObject({ supervisor_name: 'Spv' });
    expect(f.seen.map((s) => `${s.method} ${s.url.replace('https://api.test/', '')}`)).toEqual([
      'GET cashier/pos/user-search?keyword=sari',
      'GET cashier/customer-activity?user_identifier_type=phone&user_identifier_string=0812',
      'GET cashier/pos/discount',
      'GET cashier/pos-tag',
      'GET cashier/pos-area',
      'POST cashier/pos/pin-validation',
    ]);
    expect(f.seen.at(-1)?.body).toEqual({ password: 'rahasia' });
  });

  it('a wrong supervisor password rejects with the server message', async () => {
    const f = fakeFetch(() => ({
      status: 400,
      body: { status: 'error', error: { message: 'Password salah.' } },
    }));
    await expect(f.customer.validatePin('x')).rejects.toThrow('Password salah.');
  });
});
