// Registers the offline worker (src/ui/sw.ts, built to /sw.js by vite-plugin-pwa) and alerts when a new version is installed while an
// older one still controls the page (000 §1).

export const SYSTEM_UPDATE_MESSAGE =
  'System update! Tutup dan buka kembali browser Anda untuk menerima update.';

type WorkerLike = Pick<ServiceWorker, 'state' | 'addEventListener'>;
type RegistrationLike = {
  installing: WorkerLike | null;
  addEventListener: ServiceWorkerRegistration['addEventListener'];
};

export interface OfflineWorkerHost {
  register(scriptUrl: string): Promise<RegistrationLike>;
  /** The worker controlling the page now (null on a first visit). */
  controller(): unknown;
}

/**
 * One URL for every build: the worker's file holds the precache list with each file's hash, so a new
 * build changes its bytes and the browser installs it as an update.
 */
export const WORKER_URL = '/sw.js';

export async function registerOfflineWorker(
  host: OfflineWorkerHost,
  onUpdate: (message: string) => void,
): Promise<void> {
  const registration = await host.register(WORKER_URL);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // Installed while another worker controls the page: an update, not the first install.
      if (installing.state === 'installed' && host.controller()) onUpdate(SYSTEM_UPDATE_MESSAGE);
    });
  });
}

export function browserWorkerHost(): OfflineWorkerHost | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const container = navigator.serviceWorker;
  return {
    register: (scriptUrl) => container.register(scriptUrl, { scope: '/' }),
    controller: () => container.controller,
  };
}

let registering = false;

/** The part of window the idle registration uses (a fake in tests). */
export interface IdleWindow {
  document: { readyState: string };
  addEventListener(type: 'load', listener: () => void, options?: { once?: boolean }): void;
  setTimeout(handler: () => void, ms: number): unknown;
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => unknown;
}

/**
 * Registers the offline worker once per page, after the load event and then the first idle moment (issue 28): its
 * install downloads every file of the build into the precache, which must not compete with the first paint or the
 * sign-in form's own scripts. Both entries call it (the HTML sign-in form and the cashier's app); the second call
 * does nothing.
 */
export function registerOfflineWorkerWhenIdle(
  onUpdate: (message: string) => void,
  host: OfflineWorkerHost | null = browserWorkerHost(),
  win: IdleWindow = window,
): void {
  if (!host || registering) return;
  registering = true;
  const register = () =>
    void registerOfflineWorker(host, onUpdate).catch((error: unknown) =>
      console.error('offline worker', error),
    );
  const whenIdle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(register, { timeout: 5000 });
    else win.setTimeout(register, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
