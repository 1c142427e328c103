// A harness for the receipt page on the real components with fixture sales (no server):
// ?template=DETAILED|SIMPLE&paper=8cm|6cm&lines=N&modifier=view&tablet=1&kind=NORMAL|TOP_UP_DEPOSIT
// Sets window.__receipt = { ready, renderMs, printReadyMs, rule, lineCount } once print-ready.
import '@mantine/core/styles.css';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { receiptMode } from '../../../src/domain/receipt';
import { AppProviders } from '../../../src/ui/app/App';
import { imagesReady, preparePrint } from '../../../src/ui/features/receipt/print';
import { ReceiptScreen } from '../../../src/ui/features/receipt/ReceiptScreen';
import { ANI, BUDI, printConfig, receiptLine, sale } from '../../domain/receipt/fixtures';

declare global {
  interface Window {
    __receipt?: { ready: boolean; renderMs: number; printReadyMs: number; rule: string; lineCount: number };
  }
}

const q = new URLSearchParams(window.location.search);
const template = q.get('template') ?? 'DETAILED';
const paper = q.get('paper') === '6cm' ? '6cm' : '8cm';
const lines = Number(q.get('lines') ?? 0);
const tablet = q.get('tablet') === '1';
const kind = q.get('kind') ?? 'NORMAL';
const modifier = q.get('modifier') ?? 'view';

const CATS: [number, string][] = [
  [11, 'Rambut'],
  [12, 'Kuku'],
  [13, 'Facial'],
  [20, 'Produk'],
];
const NAMES = ['Potong Rambut', 'Creambath', 'Manicure Gel', 'Facial Glow', 'Shampoo 250ml', 'Hair Serum'];

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const cat = CATS[i % CATS.length];
    return receiptLine(i + 1, {
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      price: 25000 + (i % 7) * 15000,
      qty: 1 + (i % 3),
      nature: cat[0] === 20 ? 'RETAIL' : 'SERVICE',
      category: cat,
      extra: cat[0] === 20 ? {} : { commission_worker: i % 2 ? ANI : BUDI },
    });
  });

const trx =
  kind === 'TOP_UP_DEPOSIT'
    ? sale({
        trx_type: 'TOP_UP_DEPOSIT',
        discounts: [],
        details: [receiptLine(1, { name: 'Top Up Deposit 500K', price: 500000 })],
        payments: [
          {
            local_payment_id: 'p1',
            payment_type: 'NORMAL',
            payment_amount: 500000,
            payment_charge: 5000,
            payment_method: {
              payment_method_name: 'Debit BCA',
              table_name: 'payment_method',
              table_id: 2,
              charge_label: 'Biaya EDC',
            },
          },
        ],
        top_up_deposit_rewards: {
          deposit_reward_amount: 50000,
          coupon_reward_amount: 2,
          point_reward_amount: 10,
          point_reward_name: 'Poin',
        },
        deposit_balance: 1250000,
      })
    : lines > 0
      ? sale({ details: many(lines) })
      : sale();

const config = printConfig({ receipt_template: template });
const t0 = performance.now();

/** Runs once the receipt is committed (its layout effect follows the receipt's in the same commit). */
function Ready() {
  useLayoutEffect(() => {
    const renderMs = performance.now() - t0;
    // The next frame: layout done; then the @page rule from the measured height, images and fonts.
    requestAnimationFrame(() => {
      const root = document.querySelector<HTMLElement>('[data-testid="receipt-paper"]');
      if (!root) throw new Error('no receipt');
      const rule = preparePrint(root, paper);
      void Promise.all([imagesReady(root), document.fonts.ready]).then(() => {
        window.__receipt = {
          ready: true,
          renderMs,
          printReadyMs: performance.now() - t0,
          rule,
          lineCount: root.querySelectorAll('[data-receipt-page="receipt"] [data-testid="receipt-item"]')
            .length,
        };
      });
    });
  }, []);
  return null;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <AppProviders>
    <ReceiptScreen
      trx={trx}
      config={config}
      mode={receiptMode(modifier, tablet ? 'TABLET' : 'DESKTOP')}
      paper={paper}
      isTablet={tablet}
      now={() => '2026-11-20 11:05:00'}
      print={async (root, p) => {
        preparePrint(root, p);
      }}
      onBack={() => {}}
      onClose={() => {}}
    />
    <Ready />
  </AppProviders>,
);
