// Storage safety (issue 15): keeps the copy of storage-guard.ts following the database (the session, the
// active shifts, the unsynced sales). Loaded after the first render: the sign-in page's budget has no room.
import { liveQuery } from 'dexie';
import { isSyncEligible } from '../domain/flags';
import { type GuardMirror, type KeyValue, writeGuard } from './storage-guard';
import type { Store } from './store';

/** The copy as the database says now (the export mark is kept). */
export async function snapshot(store: Store): Promise<Omit<GuardMirror, 'last_export'>> {
  const { db } = store;
  const [session, shifts, open] = await Promise.all([
    db.session.get('current'),
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
    user: session?.user ?? null,
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

/** Keeps the copy following the database (session, active shifts, unsynced sales) until stopped. */
export function startGuardMirror(store: Store, kv: KeyValue): () => void {
  const subscription = liveQuery(() => snapshot(store)).subscribe({
    next: (state) => {
      writeGuard(kv, store.db.name, state);
    },
    error: () => {},
  });
  return () => subscription.unsubscribe();
}
