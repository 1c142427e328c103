// Opens a view only after the device's completed sales are synchronised (sync-first.ts): a loader
// (with the pass's 'Syncing {i} of {n} transaction(s)..') while the device's one sync service runs a
// pass, then the view; on failure the view's message instead of the view.
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { SYNC_MESSAGES } from '../../domain/texts/sync';
import type { SyncService } from '../../machines/sync-service';
import { useOptionalServices } from './services';
import { loadingText, outcomeOfPass, type SyncFirstKind, type SyncFirstOutcome } from './sync-first';
import { useSync } from './sync-runner';

type State = { kind: 'syncing' } | SyncFirstOutcome;

function useSyncFirst(
  sync: SyncService | null,
  kind: SyncFirstKind,
  preload: (() => Promise<unknown>) | undefined,
): State {
  const [state, setState] = useState<State>(sync ? { kind: 'syncing' } : { kind: 'open' });
  useEffect(() => {
    if (!sync) return;
    let live = true;
    setState({ kind: 'syncing' });
    // the view's chunk loads during the pass: opened after it, the view would suspend, and React holds a
    // Suspense reveal for 300 ms (issue 13: the stock list's first paint)
    const loading = preload?.().catch(() => undefined);
    sync
      .run()
      .then(async (report) => {
        await loading;
        return report;
      })
      .then(
        (report) => live && setState(outcomeOfPass(kind, { report })),
        (error: unknown) => live && setState(outcomeOfPass(kind, { error })),
      );
    return () => {
      live = false;
    };
  }, [sync, kind, preload]);
  return state;
}

export function SyncFirst({
  kind,
  fullPage = false,
  preload,
  children,
}: {
  kind: SyncFirstKind;
  /** The view's chunk, loaded during the pass. */
  preload?: () => Promise<unknown>;
  /** A page without the layout (print pages): the loader fills the page. */
  fullPage?: boolean;
  children: ReactNode;
}) {
  // Outside the app's providers (shell tests rendering routes alone) there is no sync service.
  const sync = useOptionalServices()?.sync ?? null;
  const state = useSyncFirst(sync, kind, preload);
  const progress = useSync()?.progress ?? null;
  if (state.kind === 'open') return <>{children}</>;
  if (state.kind === 'failed')
    return (
      <Center mih={fullPage ? '100vh' : '50vh'} p="md">
        <Alert color="red" maw={560} data-testid="sync-first-error">
          {state.message}
        </Alert>
      </Center>
    );
  const text = loadingText(kind);
  return (
    <Center mih={fullPage ? '100vh' : '50vh'} data-testid="sync-first-loading">
      <Stack align="center" gap="xs">
        <Loader />
        {text && <Text fw={600}>{text}</Text>}
        {progress && progress.total > 0 && progress.index > 0 && (
          <Text size="sm" c="dimmed">
            {SYNC_MESSAGES.progress(progress.index, progress.total)}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
