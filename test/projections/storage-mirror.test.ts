// Issue 28: the storage-safety copy (issue 15) follows the database without costing a tap. Its user
// carries the whole configuration (megabytes with a large catalogue): a line added to a pending sale
// must neither re-read the session nor rewrite the copy; a completed sale and a sign-in still do.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CONFIG_CATALOGUE_KINDS } from '../../server/services/user-data';
import { makeEvent } from '../../src/events';
import {
  GUARD_CATALOGUE_KINDS,
  GUARD_CATALOGUE_MAX_ENTRIES,
  guardUserOf,
  readGuard,
} from '../../src/projections/storage-guard';
import { startGuardMirror } from '../../src/projections/storage-mirror';
import { harness, item, ok, startSale } from './commands/fixtures';
import { user } from './helpers';

function countingKv() {
  const map = new Map<string, string>();
  const kv = {
    writes: 0,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      kv.writes++;
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
  return kv;
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe('startGuardMirror', () => {
  it('writes the copy on sign-in, not for a line added to a pending sale', async () => {
    const h = harness();
    const kv = countingKv();
    const stop = startGuardMirror(h.store, kv);
    try {
      await h.store.commit([makeEvent('session.signedIn', { user: user(7) }, { actor: 7 })]);
      await settle();
      expect(readGuard(kv, h.store.db.name)?.user?.business_user_id).toBe(7);
      const id = await startSale(h);
      await settle();
      const before = kv.writes;
      for (let i = 0; i < 3; i++)
        ok(
          await h.commands.addItem({
            local_trx_id: id,
            item: item([25000 + i]),
            pos_item_variant_id: 1,
            qty: 1,
          }),
        );
      await settle();
      expect(kv.writes).toBe(before);
      expect(readGuard(kv, h.store.db.name)?.user?.business_user_id).toBe(7);
    } finally {
      stop();
    }
  });
});

describe('startGuardMirror when the database is deleted under the page (issue 15)', () => {
  it('keeps the last copy: a database deleted and opened again empty does not wipe the session it holds', async () => {
    const h = harness();
    const kv = countingKv();
    const stop = startGuardMirror(h.store, kv);
    try {
      await h.store.commit([makeEvent('session.signedIn', { user: user(7) }, { actor: 7 })]);
      await settle();
      expect(readGuard(kv, h.store.db.name)?.user?.business_user_id).toBe(7);
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(h.store.db.name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
      // the page still running reads again (Dexie opens a new, empty database)
      await h.store.db.session.get('current').catch(() => undefined);
      await settle();
      expect(readGuard(kv, h.store.db.name)?.user?.business_user_id).toBe(7);
    } finally {
      stop();
    }
  });
});

describe('guardUserOf (issue 28: a big catalogue stays out of the copy)', () => {
  it('keeps a small catalogue; leaves a big one out, the session, its tokens and outlet kept', () => {
    // the copy leaves out exactly the kinds the server's configuration carries
    expect(GUARD_CATALOGUE_KINDS).toBe(CONFIG_CATALOGUE_KINDS);
    const small = { ...user(7), pos_items: [{ pos_item_id: 1 }], payment_method: [{ id: 1 }] };
    expect(guardUserOf(small as never)).toBe(small);
    const items = Array.from({ length: GUARD_CATALOGUE_MAX_ENTRIES + 1 }, (_, i) => ({ pos_item_id: i }));
    const big = { ...user(7), login_token: 't', outlet_id: 3, pos_items: items, coupons: [{ id: 1 }] };
    const copy = guardUserOf(big as never) as Record<string, unknown>;
    expect(copy.pos_items).toBeUndefined();
    expect(copy.coupons).toBeUndefined();
    expect(copy).toMatchObject({ business_user_id: 7, login_token: 't', outlet_id: 3 });
    expect(big.pos_items).toHaveLength(GUARD_CATALOGUE_MAX_ENTRIES + 1);
  });

  it('the mirror writes the copy without a big catalogue', async () => {
    const h = harness();
    const kv = countingKv();
    const stop = startGuardMirror(h.store, kv);
    try {
      const items = Array.from({ length: GUARD_CATALOGUE_MAX_ENTRIES + 1 }, (_, i) => ({ pos_item_id: i }));
      await h.store.commit([
        makeEvent('session.signedIn', { user: { ...user(7), pos_items: items } as never }, { actor: 7 }),
      ]);
      await settle();
      const copy = readGuard(kv, h.store.db.name)?.user as Record<string, unknown> | undefined;
      expect(copy?.business_user_id).toBe(7);
      expect(copy?.pos_items).toBeUndefined();
    } finally {
      stop();
    }
  });
});
