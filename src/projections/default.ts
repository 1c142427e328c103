import type { SerambiDb } from '../events';
import { createStore, type Store } from './store';

// The app's one store, made on first use (tests make their own with createStore).
let appStore: Store | undefined;
/**
 * The tab keeps the writer's lock up to 10 s after its last write while it is visible and no other tab waits
 * (src/projections/lock.ts): the next write of a working cashier ('Selesai' after the payment, the next tap's
 * line) runs without a new grant; another tab's write waits at most one look (100 ms) longer.
 */
const LOCK_LINGER_MS = 10_000;

/** The app's store over the 'serambi' database. */
export function getStore(): Store {
  appStore ??= createStore({ lockLingerMs: LOCK_LINGER_MS });
  return appStore;
}

/** The app's Dexie instance, for useLiveQuery on the read tables (read only). */
export function getDb(): SerambiDb {
  return getStore().db;
}
