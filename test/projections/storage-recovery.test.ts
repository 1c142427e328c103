// Issue 15, storage safety on fake-indexeddb: the copy outside IndexedDB follows the database; the start
// check tells a lost database (signed in, chain gone) and one IndexedDB refuses (VersionError) from a
// healthy one; the recovery restores the session and the shift, reloads the configuration, and lists the
// unsynced sales the server does not hold (saying which the last export holds).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../src/events';
import { createStore } from '../../src/projections';
import { checkDatabase } from '../../src/projections/storage-check';
import { readGuard, readRecoveryNotice, writeGuard } from '../../src/projections/storage-guard';
import { snapshot as mirrorSnapshot } from '../../src/projections/storage-mirror';
import { recoverDatabase } from '../../src/projections/storage-recovery';
import { freshStore, nodeSha256, posTrx, user } from './helpers';

function memoryKv() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const cashier = user(7, { outlet_id: 3, outlet_name: 'Kemang' });

async function signedInWithSales(store: ReturnType<typeof freshStore>) {
  await store.commit([
    makeEvent('session.signedIn', { user: cashier }, { actor: 7 }),
    makeEvent('session.signInConfirmed', { business_user_id: 7, cashier_name: 'Kasir 7' }, { actor: 7 }),
    makeEvent(
      'shift.started',
      {
        local_shift_id: 'shift-1',
        shift_start: '2026-11-26 08:00:00',
        cash_start: 100000,
        business_id: 1,
        business_user_id: 7,
        business_outlet_id: 3,
        outlet_id: 3,
        cashier_name: 'Kasir 7',
        outlet_name: 'Kemang',
      },
      { actor: 7 },
    ),
    makeEvent(
      'shift.expenseAdded',
      { local_shift_id: 'shift-1', key: 'x1', name: 'Galon', amount: 20000 } as never,
      { actor: 7 },
    ),
  ]);
  for (const [id, end] of [
    ['sale-held', '2026-11-26 09:00:00'],
    ['sale-exported', '2026-11-26 09:10:00'],
    ['sale-lost', '2026-11-26 09:20:00'],
  ] as const) {
    const trx = posTrx(id, {
      trx_status_id: 3,
      trx_local_end_time: end,
      order_no: 1,
      drv_grand_total: 50000,
    });
    await store.commit([makeEvent('trx.started', { trx }, { actor: 7, trxId: id })]);
  }
}

describe('the copy outside IndexedDB', () => {
  it('holds the session with its tokens, the active shift and the unsynced sales, oldest first', async () => {
    const store = freshStore();
    await signedInWithSales(store);
    const copy = await mirrorSnapshot(store);
    expect(copy.user).toMatchObject({ business_user_id: 7, login_token: 'lt-7', client_key: 'ck-7' });
    expect(copy.shifts).toHaveLength(1);
    expect(copy.shifts[0].opening.local_shift_id).toBe('shift-1');
    expect(copy.shifts[0].expenses).toHaveLength(1);
    expect(copy.unsynced.map((s) => s.local_trx_id)).toEqual(['sale-held', 'sale-exported', 'sale-lost']);
  });
});

describe('the start check', () => {
  it('passes a healthy database and a fresh device', async () => {
    const kv = memoryKv();
    const store = freshStore();
    expect(await checkDatabase(store, kv)).toBeNull();
    await signedInWithSales(store);
    writeGuard(kv, store.db.name, await mirrorSnapshot(store));
    expect(await checkDatabase(store, kv)).toBeNull();
  });

  it('finds a database that vanished while signed in', async () => {
    const kv = memoryKv();
    const store = freshStore();
    await signedInWithSales(store);
    writeGuard(kv, store.db.name, await mirrorSnapshot(store));
    store.close();
    await store.db.delete();
    const again = createStore({ dbName: store.db.name, locks: null, digest: nodeSha256 });
    expect(await checkDatabase(again, kv)).toBe('vanished');
    again.close();
  });

  it('finds a database IndexedDB refuses to open (a newer version on disk)', async () => {
    const store = freshStore();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(store.db.name, 9999);
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    expect(await checkDatabase(store, memoryKv())).toBe('unopenable');
  });
});

describe('the recovery', () => {
  const server =
    (held: string[], calls: number[] = []) =>
    () => ({
      loadConfig: async (outlet_id: number | null) => {
        calls.push(outlet_id ?? -1);
        return {
          ...cashier,
          client_key: undefined,
          login_token: undefined,
          brand_name: 'Dari Server',
        } as never;
      },
      holds: async (id: string) => held.includes(id),
    });

  it('after a vanished database: session, shift and configuration back; the lost sales listed', async () => {
    const kv = memoryKv();
    const store = freshStore();
    await signedInWithSales(store);
    writeGuard(kv, store.db.name, await mirrorSnapshot(store));
    writeGuard(kv, store.db.name, { last_export: { at: '2026-11-26 09:30:00', ids: ['sale-exported'] } });
    store.close();
    await store.db.delete();
    const again = freshStore({ dbName: store.db.name });
    const calls: number[] = [];
    const notice = await recoverDatabase(again, 'vanished', {
      kv,
      server: server(['sale-held'], calls),
      now: () => new Date('2026-11-26T03:00:00Z'),
    });
    expect(calls).toEqual([3]);
    const session = await again.getSession();
    expect(session.pending_sign_in).toBe(0);
    expect(session.user).toMatchObject({
      login_token: 'lt-7',
      client_key: 'ck-7',
      brand_name: 'Dari Server',
    });
    const shift = await again.db.shifts.get('shift-1');
    expect(shift).toMatchObject({ status: 'active', cash_start: 100000 });
    expect(shift?.expenses).toHaveLength(1);
    expect(notice).toMatchObject({ at: '2026-11-26 10:00:00', reason: 'vanished', known: true });
    expect(notice.lost.map((s) => [s.local_trx_id, s.in_export])).toEqual([
      ['sale-exported', true],
      ['sale-lost', false],
    ]);
    expect(readRecoveryNotice(kv, store.db.name)).toEqual(notice);
    expect(readGuard(kv, store.db.name)?.unsynced).toEqual([]);
    expect(await checkDatabase(again, kv)).toBeNull();
  });

  it('after a database IndexedDB refuses: deleted, reopened and usable; offline it still restores', async () => {
    const kv = memoryKv();
    const store = freshStore();
    await signedInWithSales(store);
    writeGuard(kv, store.db.name, await mirrorSnapshot(store));
    store.close();
    await store.db.delete();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(store.db.name, 9999);
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    const again = freshStore({ dbName: store.db.name });
    expect(await checkDatabase(again, kv)).toBe('unopenable');
    const offline = () => ({
      loadConfig: () => Promise.reject(new TypeError('Failed to fetch')),
      holds: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const notice = await recoverDatabase(again, 'unopenable', { kv, server: offline });
    expect((await again.getSession()).user).toMatchObject({ business_user_id: 7, login_token: 'lt-7' });
    expect(notice.lost.map((s) => s.local_trx_id)).toEqual(['sale-held', 'sale-exported', 'sale-lost']);
    expect(await checkDatabase(again, kv)).toBeNull();
  });

  it('with no copy at all: says the unsynced sales before it are not known', async () => {
    const store = freshStore();
    const notice = await recoverDatabase(store, 'unopenable', { kv: memoryKv(), server: server([]) });
    expect(notice).toMatchObject({ known: false, lost: [] });
    expect((await store.getSession()).user).toBeNull();
  });
});
