// Serambi offline worker: keeps the app shell (index.html and the built assets) so the cashier opens
// offline. API calls always go to the network: the event log in IndexedDB holds the data.
// The registration URL carries the build id (?v=…), so each build installs a fresh worker and cache.
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `serambi-shell-${VERSION}`;
const API_PREFIXES = ['/cashier', '/healthz', '/api'];

async function precache() {
  const cache = await caches.open(CACHE);
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put('/', response);
  // The assets index.html references (hashed file names from the build).
  const urls = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) {
    if (!API_PREFIXES.some((p) => match[1].startsWith(p))) urls.add(match[1]);
  }
  await Promise.all([...urls].map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  // No skipWaiting: the page alerts the user to close and reopen the browser instead.
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('serambi-shell-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (API_PREFIXES.some((p) => url.pathname.startsWith(p))) return;

  if (request.mode === 'navigate') {
    // Network first so a new build's page is seen; the cached shell when offline (SPA routes).
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match('/'))
          .then((r) => r || Response.error()),
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // Hashed, immutable: cache first, filled as they are used.
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
