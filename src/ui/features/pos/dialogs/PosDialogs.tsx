// Every dialog of the cashier page that useDialogs() opens, mounted once (inside <PosProvider>).
// Issue 28 (one frame per tap): each dialog reads the whole page value, so a mounted one re-renders
// its closed Mantine modal on every cart change. A dialog is mounted the first time it opens and
// stays mounted from then on (its closing transition and focus return are Mantine's, as before).
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { CustomerJournalModal, SetCustomerModal } from '../customer/connected';
import { AuthorizationModal, GlobalDiscountDialog, NotesDialog, StockOutModal } from './connected';
import { HeldClosed } from './held';
import { type DialogsState, useDialogs } from './store';

/** Mounts its dialog the first time `isOpen` is true: one render closed, then open (same frame). */
function OnceOpened({ isOpen, children }: { isOpen: (state: DialogsState) => boolean; children: ReactNode }) {
  const { state } = useDialogs();
  const [phase, setPhase] = useState<'unmounted' | 'held' | 'mounted'>('unmounted');
  const open = isOpen(state);
  if (phase === 'unmounted' && open) setPhase('held');
  useLayoutEffect(() => {
    if (phase === 'held') setPhase('mounted');
  }, [phase]);
  if (phase === 'unmounted') return null;
  return <HeldClosed.Provider value={phase === 'held'}>{children}</HeldClosed.Provider>;
}

const DIALOGS: readonly [(state: DialogsState) => boolean, () => ReactNode][] = [
  [(s) => s.setCustomer, SetCustomerModal],
  [(s) => s.journal, CustomerJournalModal],
  [(s) => s.notes, NotesDialog],
  [(s) => s.globalDiscount, GlobalDiscountDialog],
  [(s) => s.stockOut !== null, StockOutModal],
  [(s) => s.authorization !== null, AuthorizationModal],
];

export function PosDialogs() {
  return (
    <>
      {DIALOGS.map(([isOpen, Dialog], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <OnceOpened key={i} isOpen={isOpen}>
          <Dialog />
        </OnceOpened>
      ))}
    </>
  );
}
