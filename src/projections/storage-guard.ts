// Storage safety (issue 15): a small copy, outside IndexedDB, of what a lost or corrupt database would take
// with it: the signed-in session (with its tokens), the active shifts, and which sales were not yet synced
// (with the last export). The start check reads it to tell a vanished database from a fresh one; the
// recovery (src/ui/features/storage/recover.ts, loaded only then) restores from it and the server.
import { liveQuery } from 'dexie';
import { isSyncEligible } from '../domain/flags';
import type { ShiftExpense } from '../domain/model';
import type { KnownUnsyncedSale, LostSale } from '../domain/storage-safety';
import type { UserData } from '../events';
import type { ShiftOpening } from '../events/shift';
import type { Store } from './store';

/** The part of Web Storage used (localStorage in the browser; a Map-backed fake in tests). */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ShiftMirror {
  opening: ShiftOpening;
  expenses: ShiftExpense[];
}

export interface GuardMirror {
  /** The session's user with client_key and login_token; null when nobody is signed in. */
  user: UserData | null;
  shifts: ShiftMirror[];
  /** The unsynced sales (status 3, NORMAL, not synced), oldest first. */
  unsynced: KnownUnsyncedSale[];
  /** The last export file made on this device: when ("YYYY-MM-DD HH:mm:ss" WIB) and which sales. */
  last_export: { at: string; ids: string[] } | null;
}

/** What the recovery did, shown until the cashier dismisses it. known: false when no copy existed. */
export interface RecoveryNotice {
  at: string;
  reason: StorageProblem;
  known: boolean;
  lost: LostSale[];
}

export type StorageProblem = 'unopenable' | 'vanished';

export const guardKey = (dbName: string) => `serambi.storage-guard.${dbName}`;
export const recoveryKey = (dbName: string) => `serambi.storage-recovery.${dbName}`;

function readJson<T>(kv: KeyValue, key: string): T | null {
  try {
    const text = kv.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(kv: KeyValue, key: string, value: unknown): void {
  try {
    kv.setItem(key, JSON.stringify(value));
  } catch {
    // a full localStorage must not stop the till; the warning on the quota says so
  }
}

export const readGuard = (kv: KeyValue, dbName: string): GuardMirror | null =>
  readJson<GuardMirror>(kv, guardKey(dbName));

export function writeGuard(kv: KeyValue, dbName: string, patch: Partial<GuardMirror>): GuardMirror {
  const before = readGuard(kv, dbName);
  const next: GuardMirror = {
    user: null,
    shifts: [],
    unsynced: [],
    last_export: null,
    ...before,
    ...patch,
  };
  writeJson(kv, guardKey(dbName), next);
  return next;
}

export const readRecoveryNotice = (kv: KeyValue, dbName: string): RecoveryNotice | null =>
  readJson<RecoveryNotice>(kv, recoveryKey(dbName));

export const writeRecoveryNotice = (kv: KeyValue, dbName: string, notice: RecoveryNotice | null): void => {
  if (notice) writeJson(kv, recoveryKey(dbName), notice);
  else kv.removeItem(recoveryKey(dbName));
};

/**
 * The start check: null when the database opens and holds what the copy says it should; 'unopenable' when
 * IndexedDB refuses it (corrupt, VersionError, InvalidState …); 'vanished' when a session was signed in
 * but the database came back empty (deleted by the browser or the user). The chain's head is written by
 * the first event and never cleared by a sign-out, so an empty chain under a signed-in copy means lost.
 */
export async function checkDatabase(store: Store, kv: KeyValue): Promise<StorageProblem | null> {
  try {
    await store.db.open();
  } catch {
    return 'unopenable';
  }
  const mirror = readGuard(kv, store.db.name);
  if (!mirror?.user) return null;
  try {
    const head = await store.db.chain.get('head');
    return head ? null : 'vanished';
  } catch {
    return 'unopenable';
  }
}

/** The copy as the database says now (the export mark is kept). */
async function snapshot(store: Store): Promise<Omit<GuardMirror, 'last_export'>> {
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
