// @vitest-environment jsdom
// What a cart change re-renders on step 2's right side and header (tap-to-cart speed): the
// transaction is a fresh object after every commit, yet the header, the meta panel and the
// customer panel render again only when something they show changed.
import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SEPARATORS,
  type PosTransaction,
  posConfigSchema,
  posTransactionSchema,
} from '../../src/domain';
import type { CashierCommands } from '../../src/projections/commands';
import { DEFAULT_DEVICE } from '../../src/ui/app/session-context';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { CustomerPanel } from '../../src/ui/features/pos/customer';
import { TrxMetaPanel } from '../../src/ui/features/pos/dialogs';
import { Header } from '../../src/ui/features/pos/frame/Header';
import { cleanup, installDomShims, render, text } from './pos-dialogs-dom';

// Counting wrappers: the header renders its title once per render, the panels their views.
const counts = vi.hoisted(() => ({ title: 0, meta: 0, customer: 0 }));
vi.mock('@mantine/core', async (load) => {
  const real = await load<typeof import('@mantine/core')>();
  const Title = (p: Parameters<typeof real.Title>[0]) => {
    counts.title++;
    return <real.Title {...p} />;
  };
  return { ...real, Title };
});
vi.mock('../../src/ui/features/pos/dialogs/TrxMetaPanelView', async (load) => {
  const real = await load<typeof import('../../src/ui/features/pos/dialogs/TrxMetaPanelView')>();
  return {
    ...real,
    TrxMetaPanelView: (p: Parameters<typeof real.TrxMetaPanelView>[0]) => {
      counts.meta++;
      return real.TrxMetaPanelView(p);
    },
  };
});
vi.mock('../../src/ui/features/pos/customer/CustomerPanel', async (load) => {
  const real = await load<typeof import('../../src/ui/features/pos/customer/CustomerPanel')>();
  return {
    ...real,
    CustomerPanelView: (p: Parameters<typeof real.CustomerPanelView>[0]) => {
      counts.customer++;
      return real.CustomerPanelView(p);
    },
  };
});

beforeAll(installDomShims);
afterEach(cleanup);

const config = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 7,
  cashier_name: 'Kasir',
  brand_name: 'Serambi',
  auth_role_accesses: { SAVE_TRANSACTION: 1 },
});
const lineOf = (n: number) => ({
  local_trx_detail_id: `d${n}`,
  itemMeta: {
    pos_item_id: 5,
    item_name: 'Creambath',
    pos_item_variants: [{ pos_item_variant_id: 9, variant_name: 'Std', variant_price: 150000 }],
  },
  pos_item_id: 5,
  pos_item_variant_id: 9,
  qty: 1,
});
const customer = {
  user_code: 'C-001',
  user_name: 'Ani Wijaya',
  user_identifier_type: 'email',
  user_identifier_string: 'ani@example.com',
  retrieve_time: '2026-11-22 10:00:00',
  account_receivables: [],
  active_coupons: [],
  deposit_amount: 0,
  is_signed_up: 1,
};
// A fresh parse each time: every object new, as a transaction read back after a commit.
const trxWith = (lines: number, patch: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: 'trx-0000-00abcdef',
    trx_type: 'NORMAL',
    trx_status_id: 2,
    trx_name: 'Walk In',
    trx_label: 'Meja 3',
    trx_local_start_time: '2026-11-22 09:00:00',
    customer,
    details: Array.from({ length: lines }, (_, i) => lineOf(i + 1)),
    ...patch,
  });

// The page's statechart `send` is one function for the page's life (useMachine).
const send = () => {};
const pageValue = (trx: PosTransaction): PosContextValue => ({
  config,
  device: DEFAULT_DEVICE,
  isTablet: false,
  separators: DEFAULT_SEPARATORS,
  commands: {} as CashierCommands,
  trx,
  local_trx_id: trx.local_trx_id,
  cashier: {
    step: 2,
    busy: false,
    appointment: false,
    preview: null,
    submission: { status: 'idle', mode: null, message: null },
    target_trx_id: null,
    send,
  },
  api: {} as PosContextValue['api'],
  notify: () => {},
  confirm: async () => true,
  now: () => '2026-11-22 10:00:00',
  host: '',
});

let show: (trx: PosTransaction) => void = () => {};
function Page() {
  const [trx, setTrx] = useState(() => trxWith(1));
  show = setTrx;
  return (
    <PosProvider value={pageValue(trx)}>
      <Header />
      <TrxMetaPanel />
      <CustomerPanel />
    </PosProvider>
  );
}

describe('step 2 after a cart change', () => {
  it('header, meta panel and customer panel re-render only for what they show', () => {
    render(<Page />);
    expect(text()).toContain('Ani Wijaya');
    const before = { ...counts };

    // A line added: nothing these parts show changed.
    act(() => show(trxWith(2)));
    expect(counts).toEqual(before);

    // The transaction's name, its label and its customer change: each part shows the new value.
    act(() =>
      show(
        trxWith(2, {
          trx_name: 'Reservasi',
          trx_label: 'Meja 5',
          customer: { ...customer, user_name: 'Budi' },
        }),
      ),
    );
    expect(counts.title).toBeGreaterThan(before.title);
    expect(counts.meta).toBeGreaterThan(before.meta);
    expect(counts.customer).toBeGreaterThan(before.customer);
    expect(text()).toContain('Reservasi');
    expect(text()).toContain('Budi');
    expect((document.querySelector('input[value="Meja 5"]') as HTMLInputElement | null)?.value).toBe(
      'Meja 5',
    );
  });
});
