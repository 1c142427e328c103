// The cashier's app: the event store, the live session (HTTP + storage), the app, and the offline worker.
// Loaded by main.tsx for every path except the public receipt.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLiveSession } from '../machines/live';
import { getStore } from '../projections';
import { checkDatabase } from '../projections/storage-check';
import { App } from './app/App';
import { startInspector } from './app/inspector';
import { registerOfflineWorkerWhenIdle } from './app/offline-worker';

const store = getStore();
// The sign-out confirm and the other UI requests are answered by the SessionProvider.
const live = createLiveSession({ store });

/**
 * Storage safety (issue 15): before the session reads the database, check that it opens and was not lost
 * while signed in; if it was, the recovery (a chunk loaded only then) rebuilds it from what the server holds.
 */
async function checkStorage(): Promise<void> {
  const kv = typeof localStorage === 'undefined' ? null : localStorage;
  if (!kv) return;
  try {
    const problem = await checkDatabase(store, kv);
    if (problem) {
      const { recover } = await import('./features/storage/recover');
      await recover(store, problem, kv);
    }
  } catch (error) {
    console.error('storage recovery', error);
  }
  void import('../projections/storage-mirror').then((m) => m.startGuardMirror(store, kv));
}

const root = document.getElementById('root');
const render = (element: HTMLElement) =>
  createRoot(element).render(
    <StrictMode>
      <App
        machine={live.machine}
        services={{ store, client: live.client, sessionApi: live.api, sync: live.sync }}
      />
    </StrictMode>,
  );
// The storage check first (issue 15); in development with ?inspect=1 the XState inspector starts before the
// first actor (src/ui/app/inspector.ts).
if (root) {
  const mount = root;
  void checkStorage().then(() => {
    if (import.meta.env.DEV) void startInspector().finally(() => render(mount));
    else render(mount);
  });
}

// Production builds only: the dev server's modules must never be served from a cache. After the load event and
// the first idle moment (the precache must not compete with the first paint).
if (import.meta.env.PROD) registerOfflineWorkerWhenIdle((message) => window.alert(message));
