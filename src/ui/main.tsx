// Entry: the event store, the live session (HTTP + storage), the app, and the offline worker.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLiveSession } from '../machines/live';
import { getStore } from '../projections';
import { App } from './app/App';
import { browserWorkerHost, registerOfflineWorker } from './app/offline-worker';

const store = getStore();
// The sign-out confirm and the other UI requests are answered by the SessionProvider.
const live = createLiveSession({ store });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App
        machine={live.machine}
        services={{ store, client: live.client, sessionApi: live.api, sync: live.sync }}
      />
    </StrictMode>,
  );
}

// Production builds only: the dev server's modules must never be served from a cache.
if (import.meta.env.PROD) {
  const host = browserWorkerHost();
  if (host) {
    // The entry chunk's hashed URL identifies the build.
    const buildId = new URL(import.meta.url).pathname;
    window.addEventListener('load', () => {
      registerOfflineWorker(host, buildId, (message) => window.alert(message)).catch((error: unknown) =>
        console.error('offline worker', error),
      );
    });
  }
}
