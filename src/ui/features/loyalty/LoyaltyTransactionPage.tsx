// /loyalty-transaction 'Pemberian Poin' (001 §2.3, §5, §7, §8; ruling 17): Purchase No., Transaction Amount,
// the shared customer search panel (Phone, QR Code, Email, Reference with 'Check'), Submit. Sent online
// (5 s); with no loyalty_trx_head_id, a time-out or offline the award is saved on the device's log and the
// sync sends it later, once (src/projections/commands/loyalty.ts). Both outcomes: 'Loyalty Transaction Success!'.
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import type { LoyaltyTrx } from '../../../api/contract';
import { isApiError } from '../../../api/http';
import { createLoyaltyApi } from '../../../api/loyalty';
import type { Customer } from '../../../domain';
import {
  LOYALTY_TIMEOUT_MS,
  type LoyaltyOutcome,
  loyaltyAwardIssue,
  loyaltyOutcome,
  loyaltyOutcomeText,
  normalizeAmountInput,
} from '../../../domain/loyalty';
import { LOYALTY_OWN, LOYALTY_TEXTS as T } from '../../../domain/texts/loyalty';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { uuid } from '../../../events';
import { createLoyaltyCommands, pendingLoyalty, refusedLoyalty } from '../../../projections/commands/loyalty';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { useSessionConfig } from '../../app/use-session-config';
import { notify } from '../../components/feedback';
import { CustomerSearchPanel, SEARCH_TYPES } from '../customers/search';
import { useCustomerSearchApi } from './customer-search-api';

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function LoyaltyTransactionPage() {
  const { client, store } = useServices();
  const { view } = useSession();
  const { separators } = useSessionConfig();
  const api = useMemo(() => createLoyaltyApi(client), [client]);
  const actor = view.userData?.business_user_id ?? 'device';
  const commands = useMemo(
    () => createLoyaltyCommands({ store, api, actor: () => actor }),
    [store, api, actor],
  );
  // 001 §7: POST cashier/pos/user, 5 s on the loyalty screen
  const searchApi = useCustomerSearchApi(LOYALTY_TIMEOUT_MS);
  const pending = useLiveQuery(() => pendingLoyalty(store).then((l) => l.length), [store], 0);
  const refused = useLiveQuery(() => refusedLoyalty(store), [store], []);

  const [purchaseNo, setPurchaseNo] = useState('');
  const [amountText, setAmountText] = useState('');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LoyaltyOutcome | null>(null);
  const amount = normalizeAmountInput(amountText, separators.decimalSeparator).value;

  const reset = () => {
    setPurchaseNo('');
    setAmountText('');
    setCustomer(null);
    setError(null);
  };

  const submit = async () => {
    const issue = loyaltyAwardIssue({
      pos_trx_code: purchaseNo,
      hasCustomer: !!customer,
      trx_amount: amount,
    });
    if (issue) return setError(issue);
    if (!customer) return;
    setError(null);
    const c = customer as Customer & Record<string, unknown>;
    const trx: LoyaltyTrx = {
      local_trx_id: uuid(),
      pos_trx_code: purchaseNo.trim(),
      trx_amount: amount,
      user_identifier_type: (c.user_identifier_type ?? 'phone') as LoyaltyTrx['user_identifier_type'],
      user_identifier_string: String(c.user_identifier_string ?? c.user_code ?? ''),
      user_code: c.user_code ?? null,
      user_name: c.user_name ?? null,
      user_birth_date: c.user_birth_date ?? null,
      user_gender: c.user_gender === 1 || c.user_gender === 2 ? c.user_gender : null,
      user_notes: c.user_notes ?? null,
      user_retrieve_time: (c.retrieve_time as string | null | undefined) ?? null,
      trx_time: formatLocalTimestamp(new Date()),
      local_outlet_id: (view.userData?.outlet_id as number | null | undefined) ?? null,
      details: [],
    };
    setBusy(true);
    try {
      let headId: number | null = null;
      if (online()) {
        try {
          headId = (await api.ingest([trx], 0))[0]?.loyalty_trx_head_id ?? null;
        } catch (e) {
          // a definite refusal is shown; no answer (time-out, network) saves the award on the device
          if (!(isApiError(e) && (e.kind === 'timeout' || e.kind === 'network'))) {
            setError(isApiError(e) ? e.message : String(e));
            return;
          }
        }
      }
      const result = loyaltyOutcome(headId);
      if (result === 'local') await commands.saveLocal(trx);
      setOutcome(result);
      reset();
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack p="md" gap="md" maw={720}>
      <Title order={2}>{T.awardTitle}</Title>
      {pending > 0 ? (
        <Alert color="yellow" data-testid="loyalty-pending">
          {LOYALTY_OWN.pending(pending)}
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert color="red" data-testid="loyalty-refused" title={LOYALTY_OWN.refusedTitle}>
          <Stack gap={2}>
            {refused.map((r) => (
              <Text size="sm" key={r.trx.local_trx_id}>
                {r.trx.pos_trx_code} ({r.trx.trx_time}): {r.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label={T.purchaseNo}
            value={purchaseNo}
            onChange={(e) => setPurchaseNo(e.currentTarget.value)}
            maxLength={100}
            autoComplete="off"
          />
          <TextInput
            label={T.amount}
            value={amountText}
            inputMode="decimal"
            onChange={(e) =>
              setAmountText(normalizeAmountInput(e.currentTarget.value, separators.decimalSeparator).text)
            }
            autoComplete="off"
          />
          <CustomerSearchPanel
            types={SEARCH_TYPES.loyalty}
            area="member"
            api={searchApi}
            customer={customer}
            onSet={(next) => setCustomer(next)}
            onClear={() => setCustomer(null)}
            notify={notify}
            now={() => formatLocalTimestamp(new Date())}
            details="basic"
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => void submit()} loading={busy}>
              {T.submit}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal opened={outcome !== null} onClose={() => setOutcome(null)} title={T.successTitle}>
        <Stack gap="sm">
          <Text data-testid="loyalty-outcome">{outcome ? loyaltyOutcomeText(outcome) : ''}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setOutcome(null)}>{T.close}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
