// The sync statechart (src/machines/sync.ts) for the whole signed-in app: every 300 s, on demand,
// and the progress/messages of every pass any feature starts on the device's one sync service.
// The statechart itself (sync-actor.tsx) is a chunk loaded at sign-in, not before the sign-in page.
import { createContext, type ReactNode, Suspense, useContext, useState } from 'react';
import type { SyncService } from '../../machines/sync-service';
import { lazyPage } from './lazy-page';
import type { SyncView } from './sync-view';

export const SyncActor = lazyPage(() => import('./sync-actor').then((m) => m.SyncActor));

const SyncContext = createContext<SyncView | null>(null);

/** The app's sync state; null when signed out (no sync runs then). */
export function useSync(): SyncView | null {
  return useContext(SyncContext);
}

/** Keeps the tree stable across sign-in/out: only the actor below mounts and unmounts. */
export function SyncRunner({
  sync,
  enabled,
  children,
}: {
  sync: SyncService;
  enabled: boolean;
  children: ReactNode;
}) {
  const [view, setView] = useState<SyncView | null>(null);
  return (
    <SyncContext.Provider value={enabled ? view : null}>
      {enabled && (
        <Suspense fallback={null}>
          <SyncActor sync={sync} onChange={setView} />
        </Suspense>
      )}
      {children}
    </SyncContext.Provider>
  );
}
