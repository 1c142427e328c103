// Entry: chooses the app by the first path. The public receipt (/receipt/{receipt_token}) loads its light
// entry, which never imports the event store (Dexie) or the session; every other path loads the cashier.
// Both are separate chunks, so this file stays a few hundred bytes (docs/decisions.md, "bundle").
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { isPublicReceiptPath } from './app/public-receipt-path';

if (isPublicReceiptPath(window.location.pathname)) void import('./receipt-main');
else void import('./cashier-main');
