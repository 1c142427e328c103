// Storage safety (issue 15): a small copy, outside IndexedDB, of what a lost or corrupt database would take
// with it: the signed-in session (with its tokens), the active shifts, and which sales were not yet synced
// (with the last export). The start check reads it to tell a vanished database from a fresh one; the
// recovery (src/ui/features/storage/recover.ts, loaded only then) restores from it and the server.

import { CONFIG_CATALOGUE_KINDS } from '../domain/config-catalogue';
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

/** The configuration's catalogue kinds (one list with the server's answer). */
export const GUARD_CATALOGUE_KINDS = CONFIG_CATALOGUE_KINDS;

/**
 * The most catalogue entries (all kinds together) the copy carries (issue 28). A bigger catalogue is left out
 * of it: at 20,000 items its JSON (16 MB) is past Web Storage's quota, so writing it failed anyway, after
 * seconds of JSON.stringify on every session change, and left no copy of the current session at all. Without
 * it the copy still holds the session, its tokens and the outlet; a recovery loads the catalogue from the
 * server (offline: Home's Perbarui Konfigurasi, as when the server refuses).
 */
export const GUARD_CATALOGUE_MAX_ENTRIES = 2000;

/** The session's user as the copy keeps it: whole, or without a big catalogue (GUARD_CATALOGUE_MAX_ENTRIES). */
export function guardUserOf(user: UserData | null): UserData | null {
  if (!user) return null;
  const fields = user as Record<string, unknown>;
  let entries = 0;
  for (const kind of GUARD_CATALOGUE_KINDS) {
    const list = fields[kind];
    if (Array.isArray(list)) entries += list.length;
  }
  if (entries <= GUARD_CATALOGUE_MAX_ENTRIES) return user;
  const head: Record<string, unknown> = { ...fields };
  for (const kind of GUARD_CATALOGUE_KINDS) delete head[kind];
  return head as UserData;
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
