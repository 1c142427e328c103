// The customer components wired to the cashier page (usePos) and the dialogs store. The views they
// wrap take explicit props (tests, previews).
import { memo, useEffect, useRef } from 'react';
import { type Customer, isOn as on, toWallClock } from '../../../../domain';
import { usePos } from '../context';
import { useDialogs } from '../dialogs/store';
import { useLatest, useStable } from '../stable';
import { CustomerJournalModalView } from './CustomerJournalModal';
import { CustomerPanelView } from './CustomerPanel';
import { SetCustomerModalView } from './SetCustomerModal';

/** Step 2's current-customer panel; opens Set Customer once by itself when is_user_id_required = 1. */
export function CustomerPanel() {
  const { trx, config, now } = usePos();
  const dialogs = useDialogs();
  const needsCustomer = !!trx && on(config.is_user_id_required) && !trx.customer;
  const localTrxId = trx?.local_trx_id ?? null;
  const { autoOpenSetCustomer } = dialogs;
  useEffect(() => {
    if (needsCustomer && localTrxId) autoOpenSetCustomer(localTrxId);
  }, [needsCustomer, localTrxId, autoOpenSetCustomer]);
  const customer = useStable(trx?.customer ?? null);
  // The panel reads the clock for the birthday line only: the same instant while the day is the same.
  const at = now();
  const day = toWallClock(at).date;
  const today = useRef({ day, at });
  if (today.current.day !== day) today.current = { day, at };
  const onOpen = useLatest(() => {
    if (trx) dialogs.openSetCustomer();
  });
  return (
    <MemoCustomerPanelView
      customer={customer}
      customer_journal={config.customer_journal}
      now={today.current.at}
      onOpen={onOpen}
      onOpenJournal={dialogs.openJournal}
    />
  );
}

// A cart change leaves the customer, the day and the handlers as they were: no re-render.
const MemoCustomerPanelView = memo(CustomerPanelView);

/** Set Customer, only while a transaction is on screen. */
export function SetCustomerModal() {
  const { trx, config, isTablet, api, commands, notify, now } = usePos();
  const { state, close } = useDialogs();
  const localTrxId = trx?.local_trx_id;
  const onSet = async (customer: Customer) => {
    if (!localTrxId) return;
    const r = await commands.setCustomer({ local_trx_id: localTrxId, customer });
    if (!r.ok) notify('error', r.message);
  };
  const onClear = async () => {
    if (!localTrxId) return;
    const r = await commands.clearCustomer(localTrxId);
    if (!r.ok) notify('error', r.message);
  };
  return (
    <SetCustomerModalView
      opened={state.setCustomer && !!trx}
      onClose={() => close('setCustomer')}
      customer={trx?.customer ?? null}
      api={api.customer}
      noUserEdit={on(config.pos_trx_no_user_edit)}
      tablet={isTablet}
      now={() => toWallClock(now()).stamp}
      onSet={onSet}
      onClear={onClear}
      notify={(kind, message) => notify(kind, message)}
    />
  );
}

/** Customer Journals of the transaction's customer. */
export function CustomerJournalModal() {
  const { trx, api, now } = usePos();
  const { state, close } = useDialogs();
  return (
    <CustomerJournalModalView
      opened={state.journal && !!trx?.customer}
      onClose={() => close('journal')}
      customer={trx?.customer ?? null}
      api={api.customer}
      now={now}
    />
  );
}
