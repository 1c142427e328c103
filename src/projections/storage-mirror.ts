// Storage safety (issue 15): keeps the copy of storage-guard.ts following the database (the session, the
// active shifts, the unsynced sales). Loaded after the first render: the sign-in page's budget has no room.
import { liveQuery } from 'dexie';
import { isSyncEligible } from '../domain/flags';
import { type GuardMirror, guardUserOf, type KeyValue, writeGuard } from './storage-guard';
import type { Store } from './store';

/** The copy's sales and shifts part as the database says now. */
async function salesPart(store: Store): Promise<Pick<GuardMirror, 'shifts' | 'unsynced'>> {
  const { db } = store;
  const [shifts, open] = await Promise.all([
    db.shifts.where('status').equals('active').toArray(),
    db.transactions.where('is_synced_key').equals(0).toArray(),
  ]);
  const unsynced = open
    .filter(isSyncEligible)
    .map(({ local_trx_id, order_no, drv_grand_total, trx_local_end_time }) => ({
      local_trx_id,
      order_no: order_no ?? null,
      drv_grand_total: drv_grand_total ?? null,
      trx_local_end_time: trx_local_end_time ?? null,
    }))
    .sort((a, b) => (a.trx_local_end_time ?? '').localeCompare(b.trx_local_end_time ?? ''));
  return {
    shifts: shifts.map((s) => ({
      opening: {
        local_shift_id: s.local_shift_id,
        shift_start: s.shift_start,
        cash_start: s.cash_start,
        business_id: s.business_id,
        business_user_id: s.business_user_id,
        business_outlet_id: s.business_outlet_id,
        outlet_id: s.outlet_id,
        cashier_name: s.cashier_name,
        outlet_name: s.outlet_name,
      },
      expenses: s.expenses,
    })),
    unsynced,
  };
}

/** The copy as the database says now (the export mark is kept). */
export async function snapshot(store: Store): Promise<Omit<GuardMirror, 'last_export'>> {
  const [session, part] = await Promise.all([store.db.session.get('current'), salesPart(store)]);
  return { user: guardUserOf(session?.user ?? null), ...part };
}

/**
 * Keeps the copy following the database (session, active shifts, unsynced sales) until stopped.
 * Two live queries (issue 28): the session (its user carries the whole configuration, megabytes
 * with a large catalogue) is read and written only when the session changes, and the sales part
 * only when it changes: a line added to the cart (a commit on a pending sale) writes nothing.
 * Before, every commit re-read the session and wrote the whole copy: seconds per tap at 20,000 items.
 * A big catalogue is not copied at all (guardUserOf; issue 28: seconds of the sign-in at 50,000 items).
 */
export function startGuardMirror(store: Store, kv: KeyValue): () => void {
  let lastSales: string | null = null;
  const session = liveQuery(() => store.db.session.get('current')).subscribe({
    next: (row) => {
      // a big catalogue is left out of the copy (guardUserOf): it does not fit Web Storage
      writeGuard(kv, store.db.name, { user: guardUserOf(row?.user ?? null) });
    },
    error: () => {},
  });
  const sales = liveQuery(() => salesPart(store)).subscribe({
    next: (part) => {
      const text = JSON.stringify(part);
      if (text === lastSales) return;
      lastSales = text;
      writeGuard(kv, store.db.name, part);
    },
    error: () => {},
  });
  const stop = () => {
    session.unsubscribe();
    sales.unsubscribe();
  };
  // The database deleted (or upgraded) by another connection: the copy keeps its last state for the
  // recovery (storage-recovery.ts). Following the database on would write the new, empty one over it.
  const deleted = () => stop();
  store.db.on('versionchange', deleted);
  return () => {
    stop();
    store.db.on('versionchange').unsubscribe(deleted);
  };
}
