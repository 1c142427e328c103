// The sync statechart running while a cashier is signed in (sync-runner.tsx renders it).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { type SyncEvent, syncMachine } from '../../machines/sync';
import type { SyncService } from '../../machines/sync-service';
import { notify } from '../components/feedback';
import { inspectOptions } from './inspector';
import type { SyncView } from './sync-view';

export function SyncActor({
  sync,
  onChange,
}: {
  sync: SyncService;
  onChange: (view: SyncView | null) => void;
}) {
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
    inspectOptions(),
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
