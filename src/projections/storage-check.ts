// Storage safety (issue 15): the check at start, before the session reads the database. Kept this small
// because the sign-in page loads it; the copy it reads is written by storage-mirror.ts (storage-guard.ts).
import type { Store } from './store';

export type StorageProblem = 'unopenable' | 'vanished';

export const guardKey = (dbName: string) => `serambi.storage-guard.${dbName}`;

/**
 * The start check: null when the database opens and holds what the copy says it should; 'unopenable' when
 * IndexedDB refuses it (corrupt, VersionError, InvalidState …) or it lacks a table of ours; 'vanished' when a session was signed in
 * but the database came back empty (deleted by the browser or the user). The chain's head is written by
 * the first event and never cleared by a sign-out, so an empty chain under a signed-in copy means lost.
 */
export async function checkDatabase(
  store: Store,
  kv: Pick<Storage, 'getItem'>,
): Promise<StorageProblem | null> {
  try {
    await store.db.open();
    // Dexie opens a database a newer version left on disk; a table of ours missing there makes it unusable
    const names = store.db.backendDB().objectStoreNames;
    if (store.db.tables.some((t) => !names.contains(t.name))) return 'unopenable';
  } catch {
    return 'unopenable';
  }
  let signedIn = false;
  try {
    signedIn = Boolean(JSON.parse(kv.getItem(guardKey(store.db.name)) ?? 'null')?.user);
  } catch {
    // an unreadable copy: nothing to compare with
  }
  if (!signedIn) return null;
  try {
    const head = await store.db.chain.get('head');
    return head ? null : 'vanished';
  } catch {
    return 'unopenable';
  }
}
