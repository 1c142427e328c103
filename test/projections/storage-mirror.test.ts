// Issue 28: the storage-safety copy (issue 15) follows the database without costing a tap. Its user
// carries the whole configuration (megabytes with a large catalogue): a line added to a pending sale
// must neither re-read the session nor rewrite the copy; a completed sale and a sign-in still do.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../src/events';
import { readGuard } from '../../src/projections/storage-guard';
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
