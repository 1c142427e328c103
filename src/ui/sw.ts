// Serambi offline worker (vite-plugin-pwa, injectManifest): the build writes the list of every file it
// emitted (the HTML, each route's chunk, the CSS) into self.__WB_MANIFEST, and the install step caches
// them all, so any screen opens offline after one online visit, even one never opened before.
// Pages: network first (a new build's page is seen at once), the cached index.html when offline.
// API calls always go to the network: the event log in IndexedDB holds the data.
// No skipWaiting: a new build's worker waits, and the page alerts 'System update!' (offline-worker.ts).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

interface WaitUntilEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: WaitUntilEvent) => void): void;
};

/** Paths the server's API owns (never answered with the page). */
export const API_PATHS = /^\/(cashier|healthz|api)(\/|$)/;

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('index.html')) ?? Response.error();
      }
    },
    { denylist: [API_PATHS] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // The hand-written worker before this one kept its files in 'serambi-shell-<build>'.
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('serambi-shell-')).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});
