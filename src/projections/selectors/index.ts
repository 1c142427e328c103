/**
 * Read-side helpers for the cashier: plain async functions over the Dexie db, so the UI wraps
 * them in useLiveQuery(() => listPending(db, { keyword })) and they re-run on every commit.
 * The matching and ordering rules are pure functions (exported too) tested without Dexie.
 */
export * from './lists';
export * from './trx';
