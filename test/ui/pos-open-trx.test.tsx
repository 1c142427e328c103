// @vitest-environment jsdom
// The cashier page's shared read of the open transactions: worker labels come from it while an item
// dialog is open, and keep their last value while none is (no flash of 'Available' on opening).
import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { posConfigSchema } from '../../src/domain';
import type { TransactionRecord } from '../../src/events';
import type { PosContextValue } from '../../src/ui/features/pos/context';
import { PosProvider } from '../../src/ui/features/pos/context';
import { useWorkerStatus } from '../../src/ui/features/pos/item-modal/live';
import { OpenTrxProvider, useOpenTransactions } from '../../src/ui/features/pos/open-trx';
import { cleanup, installDomShims, render, text } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const config = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 1,
  cashier_name: 'Dewi',
  brand_name: 'Serambi',
  commission_worker: [{ business_commission_worker_id: 5, firstname: 'Sari' }],
});
const pos = { config, now: () => new Date('2026-11-22T10:00:00') } as unknown as PosContextValue;

/** An open transaction with worker 5 on its one line. */
const busy = [
  { local_trx_id: 't-1', trx_status_id: 2, details: [{ business_commission_worker_id: 5 }] },
] as unknown as TransactionRecord[];
const none: TransactionRecord[] = [];

function Probe({ active }: { active: boolean }) {
  const label = useWorkerStatus(active)(5);
  const open = useOpenTransactions();
  return (
    <p>
      worker:{label} open:{open?.length ?? 'loading'}
    </p>
  );
}

let setState: (s: { open: TransactionRecord[]; active: boolean }) => void = () => undefined;
function Page({ initial }: { initial: { open: TransactionRecord[]; active: boolean } }) {
  const [state, set] = useStateBox(initial);
  setState = set;
  return (
    <PosProvider value={pos}>
      <OpenTrxProvider value={state.open}>
        <Probe active={state.active} />
      </OpenTrxProvider>
    </PosProvider>
  );
}

function useStateBox<T>(initial: T): [T, (v: T) => void] {
  return useState(initial);
}

describe('open transactions shared by the cashier page', () => {
  it("reads the page's open transactions: a worker on an open sale is 'Working' while a dialog is open", () => {
    render(<Page initial={{ open: busy, active: true }} />);
    expect(text()).toContain('worker:Working open:1');
    act(() => setState({ open: none, active: true }));
    expect(text()).toContain('worker:Available open:0');
  });

  it('keeps the last labels while no dialog is open, and refreshes them when one opens', () => {
    render(<Page initial={{ open: busy, active: true }} />);
    act(() => setState({ open: none, active: false }));
    // No dialog open: the label is not re-derived (the sale closed meanwhile).
    expect(text()).toContain('worker:Working open:0');
    act(() => setState({ open: none, active: true }));
    expect(text()).toContain('worker:Available open:0');
  });
});
