// A SyncService whose code loads at its first call (the browser's chunk of sync-service.ts).
import type { SyncService } from './sync-service';

export function lazySyncService(load: () => Promise<SyncService>): SyncService {
  let service: Promise<SyncService> | null = null;
  const get = () => {
    service ??= load();
    return service;
  };
  return {
    run: () => get().then((s) => s.run()),
    runAll: () => get().then((s) => s.runAll()),
    subscribe(listener) {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      void get().then((s) => {
        if (!stopped) unsubscribe = s.subscribe(listener);
      });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
