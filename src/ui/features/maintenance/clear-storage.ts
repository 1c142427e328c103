// /purgatory: everything the browser holds for this origin (IndexedDB, local/session storage,
// Cache Storage, the offline worker). Each step is independent so one failure never stops the rest.

export interface StorageScope {
  indexedDB?: IDBFactory;
  localStorage?: Storage;
  sessionStorage?: Storage;
  caches?: CacheStorage;
  serviceWorker?: ServiceWorkerContainer;
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holding it open: the delete completes when it closes; do not wait forever.
    request.onblocked = () => resolve();
  });
}

export async function clearBrowserStorage(
  scope: StorageScope,
  knownDatabases: string[] = ['serambi'],
): Promise<void> {
  const steps: Array<Promise<unknown>> = [];
  if (scope.indexedDB) {
    const factory = scope.indexedDB;
    steps.push(
      (async () => {
        const listed = typeof factory.databases === 'function' ? await factory.databases() : [];
        const names = new Set([
          ...knownDatabases,
          ...listed.map((d) => d.name).filter((n): n is string => !!n),
        ]);
        await Promise.all([...names].map((name) => deleteDatabase(factory, name)));
      })(),
    );
  }
  scope.localStorage?.clear();
  scope.sessionStorage?.clear();
  if (scope.caches) {
    const cacheStorage = scope.caches;
    steps.push(cacheStorage.keys().then((keys) => Promise.all(keys.map((k) => cacheStorage.delete(k)))));
  }
  if (scope.serviceWorker) {
    steps.push(
      scope.serviceWorker.getRegistrations().then((regs) => Promise.all(regs.map((r) => r.unregister()))),
    );
  }
  await Promise.allSettled(steps);
}

export function browserScope(): StorageScope {
  return {
    indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
    localStorage: typeof localStorage === 'undefined' ? undefined : localStorage,
    sessionStorage: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
    caches: typeof caches === 'undefined' ? undefined : caches,
    serviceWorker:
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  };
}
