// The public receipt's light entry (/receipt/{receipt_token}, 000 §2): a customer's phone opens it with
// no session. It renders the receipt with React and the receipt's own code and CSS only: no Mantine
// (the receipt's buttons are plain), no event store, no session statechart, no offline worker, so the
// customer's browser gets no IndexedDB of the cashier and loads ≤ 120 KB gzip of JavaScript.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicReceiptToken } from './app/public-receipt-path';
import { PublicReceiptPage } from './features/receipt/PublicReceiptPage';

const receipt_token = publicReceiptToken(window.location.pathname);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PublicReceiptPage receipt_token={receipt_token} />
    </StrictMode>,
  );
}
