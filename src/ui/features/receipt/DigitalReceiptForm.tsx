// Digital receipt inputs (000 §2 step 4, §5 "Receipt sending"; 002 §2.9), shown when
// pos_print_digital_invoice = 1: the phone and e-mail pre-filled from the customer; SMS (only with
// is_sms_receipt = 1), 'WA Web' (only in DESKTOP), 'WA App', 'e-Mail'; the spec's messages.
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { type Customer, validateReceiptEmail, validateReceiptPhone } from '../../../domain';
import {
  type DigitalChannel,
  digitalChannels,
  digitalPrefill,
  digitalReceiptEnabled,
  waAppLink,
  waWebLink,
} from '../../../domain/receipt';
import { DIGITAL_TEXTS } from '../../../domain/texts/receipt';
import { readTrx } from '../../../projections/selectors';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { notify as defaultNotify, type NotifyKind } from '../../components/feedback';
import { createReceiptApi, type ReceiptApi } from './receipt-api';

export interface DigitalReceiptFormViewProps {
  local_trx_id: string;
  config: { pos_print_digital_invoice?: unknown; is_sms_receipt?: unknown };
  displayMode?: string | null;
  customer: Customer | null | undefined;
  api: Pick<ReceiptApi, 'sendReceipt'>;
  notify: (kind: NotifyKind, message: string) => void;
  /**
   * Prepares a messaging link at click time ('_blank' for WA Web: a tab opened before the request, so
   * no popup blocker refuses it; '_self' for the app scheme) and returns where to send it once the
   * message is back (null: the request failed, close what was opened).
   */
  open: (target: '_blank' | '_self') => (url: string | null) => void;
}

const SENT_TEXT: Record<'phone' | 'email', string> = {
  phone: 'SMS Berhasil dikirimkan',
  email: 'Email Berhasil dikirimkan',
};

/** The form without the app's services (tests render this). */
export function DigitalReceiptFormView(props: DigitalReceiptFormViewProps) {
  const prefill = useMemo(() => digitalPrefill(props.customer), [props.customer]);
  const [phone, setPhone] = useState(prefill.phone);
  const [email, setEmail] = useState(prefill.email);
  const [busy, setBusy] = useState<DigitalChannel | null>(null);
  // The customer may arrive after the first render (live read model).
  useEffect(() => {
    setPhone((p) => p || prefill.phone);
    setEmail((e) => e || prefill.email);
  }, [prefill]);
  if (!digitalReceiptEnabled(props.config)) return null;
  const channels = digitalChannels(props.config, props.displayMode);

  const send = async (channel: DigitalChannel) => {
    const problem = channel === 'email' ? validateReceiptEmail(email) : validateReceiptPhone(phone);
    if (problem) return props.notify('error', problem);
    setBusy(channel);
    const link =
      channel === 'waWeb' ? props.open('_blank') : channel === 'waApp' ? props.open('_self') : null;
    try {
      const receipt_type = channel === 'email' ? 'email' : channel === 'sms' ? 'phone' : 'text';
      const { data, message } = await props.api.sendReceipt({
        local_trx_id: props.local_trx_id,
        receipt_type,
        ...(channel === 'email' ? { email: email.trim() } : { phone: phone.trim() }),
      });
      if (channel === 'waWeb') link?.(waWebLink(phone, data.message));
      else if (channel === 'waApp') link?.(waAppLink(phone, data.message));
      else props.notify('success', message ?? SENT_TEXT[receipt_type as 'phone' | 'email']);
    } catch (e) {
      link?.(null);
      props.notify('error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const phoneChannels = channels.filter((c) => c !== 'email');
  return (
    <Paper withBorder radius="md" p="md" w="100%" data-testid="digital-receipt">
      <Stack gap="sm">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 180px' }}
            label={DIGITAL_TEXTS.phone}
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            size="md"
          />
          {phoneChannels.map((c) => (
            <Button key={c} size="md" variant="light" loading={busy === c} onClick={() => void send(c)}>
              {DIGITAL_TEXTS[c]}
            </Button>
          ))}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 180px' }}
            label={DIGITAL_TEXTS.emailField}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            size="md"
          />
          <Button size="md" variant="light" loading={busy === 'email'} onClick={() => void send('email')}>
            {DIGITAL_TEXTS.email}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const openLink = (target: '_blank' | '_self') => {
  if (target === '_self')
    return (url: string | null) => {
      if (url) window.location.href = url;
    };
  const tab = window.open('about:blank', '_blank');
  // The messaging site gets no handle back to the till's page.
  if (tab) tab.opener = null;
  return (url: string | null) => {
    if (!tab) {
      if (url) window.location.href = url;
    } else if (url) tab.location.href = url;
    else tab.close();
  };
};

/**
 * The digital receipt inputs for one sale, on the app's services (step 4, history). The customer is
 * read from this device's read model unless given.
 */
export function DigitalReceiptForm({
  local_trx_id,
  customer,
}: {
  local_trx_id: string;
  customer?: Customer | null;
}) {
  const { store, client } = useServices();
  const { view } = useSession();
  const api = useMemo(() => createReceiptApi(client), [client]);
  const local = useLiveQuery(
    async () => (customer === undefined ? ((await readTrx(store.db, local_trx_id))?.customer ?? null) : null),
    [store, local_trx_id, customer],
  );
  return (
    <DigitalReceiptFormView
      local_trx_id={local_trx_id}
      config={(view.userData ?? {}) as DigitalReceiptFormViewProps['config']}
      displayMode={view.device.displayMode}
      customer={customer === undefined ? local : customer}
      api={api}
      notify={(kind, message) => defaultNotify(kind, message)}
      open={openLink}
    />
  );
}
