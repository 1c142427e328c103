import type { SerambiDb } from '../events';
import { createStore, type Store } from './store';

// The app's one store, made on first use (tests make their own with createStore).
let appStore: Store | undefined;

/** The app's store over the 'serambi' database. */
export function getStore(): Store {
  appStore ??= createStore();
  return appStore;
}

/** The app's Dexie instance, for useLiveQuery on the read tables (read only). */
export function getDb(): SerambiDb {
  return getStore().db;
}
