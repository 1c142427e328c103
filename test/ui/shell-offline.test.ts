import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  type OfflineWorkerHost,
  registerOfflineWorker,
  SYSTEM_UPDATE_MESSAGE,
  WORKER_URL,
} from '../../src/ui/app/offline-worker';
import { clearBrowserStorage } from '../../src/ui/features/maintenance/clear-storage';

/** A registration whose installing worker moves through states on demand. */
function fakeHost(controller: unknown) {
  const listeners: Record<string, Array<() => void>> = {};
  const worker = {
    state: 'installing' as ServiceWorkerState,
    listeners: [] as Array<() => void>,
    addEventListener(_type: string, fn: () => void) {
      this.listeners.push(fn);
    },
  };
  const registration = {
    installing: null as typeof worker | null,
    addEventListener(type: string, fn: () => void) {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
  };
  const registered: string[] = [];
  const host = {
    register: async (url: string) => {
      registered.push(url);
      return registration;
    },
    controller: () => controller,
  } as unknown as OfflineWorkerHost;
  const installNewWorker = (finalState: ServiceWorkerState) => {
    registration.installing = worker;
    for (const fn of listeners.updatefound ?? []) fn();
    worker.state = finalState;
    for (const fn of worker.listeners) fn();
  };
  return { host, registered, installNewWorker };
}

describe('offline worker registration', () => {
  it('registers the built /sw.js (its precache list changes with each build, which installs a new worker)', async () => {
    const { host, registered } = fakeHost(null);
    await registerOfflineWorker(host, () => {});
    expect(registered).toEqual([WORKER_URL]);
    expect(WORKER_URL).toBe('/sw.js');
  });

  it('alerts "System update!" when a new worker installs while an older one controls the page', async () => {
    const { host, installNewWorker } = fakeHost({ scriptURL: '/sw.js' });
    const alerts: string[] = [];
    await registerOfflineWorker(host, (m) => alerts.push(m));
    installNewWorker('installed');
    expect(alerts).toEqual([SYSTEM_UPDATE_MESSAGE]);
    expect(SYSTEM_UPDATE_MESSAGE).toBe(
      'System update! Tutup dan buka kembali browser Anda untuk menerima update.',
    );
  });

  it('stays silent on the first install (nothing controls the page yet)', async () => {
    const { host, installNewWorker } = fakeHost(null);
    const alerts: string[] = [];
    await registerOfflineWorker(host, (m) => alerts.push(m));
    installNewWorker('installed');
    expect(alerts).toEqual([]);
  });

  it('stays silent when the install fails', async () => {
    const { host, installNewWorker } = fakeHost({});
    const alerts: string[] = [];
    await registerOfflineWorker(host, (m) => alerts.push(m));
    installNewWorker('redundant');
    expect(alerts).toEqual([]);
  });
});

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

function openDb(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore('s');
    req.onsuccess = () => {
      req.result.close();
      resolve();
    };
    req.onerror = () => reject(req.error);
  });
}

describe('/purgatory storage clearing', () => {
  it('deletes every IndexedDB database, local and session storage, caches and the worker', async () => {
    await openDb('serambi');
    await openDb('other-db');
    const local = memoryStorage();
    local.setItem('client_key', 'x');
    const session = memoryStorage();
    session.setItem('a', 'b');
    const cacheNames = new Set(['serambi-shell-1', 'serambi-shell-2']);
    const caches = {
      keys: async () => [...cacheNames],
      delete: async (k: string) => cacheNames.delete(k),
    } as unknown as CacheStorage;
    let unregistered = 0;
    const serviceWorker = {
      getRegistrations: async () => [{ unregister: async () => ++unregistered > 0 }],
    } as unknown as ServiceWorkerContainer;

    await clearBrowserStorage({
      indexedDB,
      localStorage: local,
      sessionStorage: session,
      caches,
      serviceWorker,
    });

    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);
    expect(local.length).toBe(0);
    expect(session.length).toBe(0);
    expect([...cacheNames]).toEqual([]);
    expect(unregistered).toBe(1);
  });

  it('carries on when one part fails', async () => {
    await openDb('serambi');
    const local = memoryStorage();
    local.setItem('k', 'v');
    const caches = { keys: async () => Promise.reject(new Error('denied')) } as unknown as CacheStorage;
    await clearBrowserStorage({ indexedDB, localStorage: local, caches });
    expect(local.length).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);
  });
});
