// Storage safety (issue 15): a small copy, outside IndexedDB, of what a lost or corrupt database would take
// with it: the signed-in session (with its tokens), the active shifts, and which sales were not yet synced
// (with the last export). The start check reads it to tell a vanished database from a fresh one; the
// recovery (src/ui/features/storage/recover.ts, loaded only then) restores from it and the server.
import type { ShiftExpense } from '../domain/model';
import type { KnownUnsyncedSale, LostSale } from '../domain/storage-safety';
import type { UserData } from '../events';
import type { ShiftOpening } from '../events/shift';
import { guardKey, type StorageProblem } from './storage-check';

export { checkDatabase, guardKey, type StorageProblem } from './storage-check';

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
