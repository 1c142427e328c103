// Registers the offline worker (public/sw.js) and alerts when a new version is installed while an
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
 * The build's entry chunk URL changes with every build, so putting it in the worker's URL makes a new
 * build install a new worker (the cache it keeps is named after it too).
 */
export function workerUrl(buildId: string): string {
  return `/sw.js?v=${encodeURIComponent(buildId)}`;
}

export async function registerOfflineWorker(
  host: OfflineWorkerHost,
  buildId: string,
  onUpdate: (message: string) => void,
): Promise<void> {
  const registration = await host.register(workerUrl(buildId));
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
