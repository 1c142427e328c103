// Entry: chooses the app by the first path. The public receipt (/receipt/{receipt_token}) loads its light
// entry, which never imports the event store (Dexie) or the session; every other path loads the cashier.
// Both are separate chunks, so this file stays a few hundred bytes (docs/decisions.md, "bundle").
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { isPublicReceiptPath } from './app/public-receipt-path';

// A first visit to /sign-in (index.html painted the form; src/ui/app/boot-sign-in.ts): the app loads on the
// cashier's first touch of the form, and the offline worker registers once the page is idle.
const loadCashier = () => import('./cashier-main');
if (isPublicReceiptPath(window.location.pathname)) void import('./receipt-main');
else if (document.documentElement.dataset.boot === 'sign-in') {
  void import('./app/boot-sign-in').then((m) => m.bootSignIn(document, loadCashier));
  if (import.meta.env.PROD) {
    void import('./app/offline-worker').then((m) =>
      m.registerOfflineWorkerWhenIdle((message) => window.alert(message)),
    );
  }
} else void loadCashier();
