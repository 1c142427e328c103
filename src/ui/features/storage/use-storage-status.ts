// The device's storage state for the banner and the storage page (issue 15): persistence (requested once),
// the quota estimate, the unsynced sales and the time, refreshed every minute.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { StorageEstimateLike } from '../../../domain/storage-safety';
import type { Store } from '../../../projections';
import { listOutbox } from '../../../projections/selectors';

/** true/false: what navigator.storage.persisted() answers; null: the browser has no such API. */
export type PersistState = boolean | null;

const storageManager = (): StorageManager | null =>
  typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null;

let persistAsked: Promise<PersistState> | null = null;

/** Asks for persistent storage once per page (browsers grant or refuse it silently), answers the state. */
export function requestPersistence(): Promise<PersistState> {
  persistAsked ??= (async () => {
    const manager = storageManager();
    if (!manager?.persisted || !manager.persist) return null;
    try {
      if (await manager.persisted()) return true;
      return await manager.persist();
    } catch {
      return false;
    }
  })();
  return persistAsked;
}

async function estimate(): Promise<StorageEstimateLike | null> {
  const manager = storageManager();
  if (!manager?.estimate) return null;
  try {
    return await manager.estimate();
  } catch {
    return null;
  }
}

const MINUTE = 60_000;

export function useStorageStatus(store: Store) {
  const [persisted, setPersisted] = useState<PersistState | undefined>(undefined);
  const [quota, setQuota] = useState<StorageEstimateLike | null>(null);
  const [now, setNow] = useState(() => new Date());
  const unsynced = useLiveQuery(() => listOutbox(store.db), [store]);
  useEffect(() => {
    let live = true;
    void requestPersistence().then((state) => live && setPersisted(state));
    const refresh = () => {
      setNow(new Date());
      void estimate().then((e) => live && setQuota(e));
    };
    refresh();
    const timer = setInterval(refresh, MINUTE);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  // a sale added or synced changes the storage used: estimate again
  const count = unsynced?.length;
  useEffect(() => {
    if (count === undefined) return;
    void estimate().then(setQuota);
  }, [count]);
  return { persisted, quota, unsynced: unsynced ?? [], now };
}
