// The sync statechart (src/machines/sync.ts) for the whole signed-in app: every 300 s, on demand,
// and the progress/messages of every pass any feature starts on the device's one sync service.
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { type SyncEvent, syncMachine } from '../../machines/sync';
import type { SyncService } from '../../machines/sync-service';
import { notify } from '../components/feedback';

export interface SyncView {
  busy: boolean;
  progress: { index: number; total: number } | null;
  /** The "Sync" button: a pass now, with its offline message shown. */
  syncNow: () => void;
}

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
      {enabled && <SyncActor sync={sync} onChange={setView} />}
      {children}
    </SyncContext.Provider>
  );
}

function SyncActor({ sync, onChange }: { sync: SyncService; onChange: (view: SyncView | null) => void }) {
  const actor = useActorRef(
    syncMachine.provide({
      actors: {
        runSync: fromPromise(() => sync.run()),
        watchSync: fromCallback<SyncEvent>(({ sendBack }) => sync.subscribe((notice) => sendBack(notice))),
      },
      actions: {
        notify: (_, params) => notify(params.kind, params.message, params.id ? { id: params.id } : {}),
        logError: (_, params) => console.error(params.message),
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const progress = useSelector(actor, (s) => s.context.progress);
  useEffect(() => {
    onChange({ busy, progress, syncNow: () => actor.send({ type: 'sync.now' }) });
  }, [busy, progress, actor, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  useEffect(() => {
    const back = () => actor.send({ type: 'sync.online' });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [actor]);
  return null;
}
