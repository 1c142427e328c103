// Set Customer (000 §2 "Cashier dialogs", §4 "Customer in a transaction", §5, 003 §8): search by
// Phone (+62), QR Code (camera + typed), Email, Reference or Nama (keyword list), then 'Check'.
// Once a customer is chosen the type and inputs are disabled; 'Change Customer' clears it.
import {
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Customer, type IdentifierType, isBirthdayToday } from '../../../../domain';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import { CustomerDataForm } from './CustomerDataForm';
import type { CustomerApi } from './customer-api';
import {
  type LookupOutcome,
  type LookupType,
  lookupCustomer,
  pickSearchResult,
  type SearchHit,
  searchCustomers,
} from './customer-lookup';
import { IDENTIFIER_OPTIONS, PHONE_PREFIX, searchResultView } from './customer-view';
import { QrScanner } from './QrScanner';
import { ReceivableMark } from './ReceivableMark';

export interface SetCustomerModalViewProps {
  opened: boolean;
  onClose: () => void;
  customer: Customer | null;
  api: CustomerApi;
  /** pos_trx_no_user_edit = 1. */
  noUserEdit: boolean;
  /** TABLET display mode: no autofocus (the on-screen keyboard would cover the dialog). */
  tablet: boolean;
  /** Local "YYYY-MM-DD HH:mm:ss". */
  now: () => string;
  isOnline?: () => boolean;
  onSet: (customer: Customer) => Promise<void> | void;
  onClear: () => Promise<void> | void;
  notify: (kind: 'success' | 'error' | 'warning', message: string) => void;
}

const onlineNow = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function SetCustomerModalView(props: SetCustomerModalViewProps) {
  const { opened, onClose, customer, api, noUserEdit, tablet, now, notify } = props;
  const isOnline = props.isOnline ?? onlineNow;
  const [type, setType] = useState<IdentifierType>(customer?.user_identifier_type ?? 'phone');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const chosen = !!customer;

  useEffect(() => {
    if (!opened) return;
    setResults(null);
    if (customer) {
      setType(customer.user_identifier_type ?? 'phone');
      const id = customer.user_identifier_string ?? '';
      setValue(customer.user_identifier_type === 'phone' ? id.replace(/^\+62/, '') : id);
    }
  }, [opened, customer]);

  const apply = async (outcome: LookupOutcome) => {
    if (outcome.kind === 'refused') {
      notify('error', outcome.message);
      return;
    }
    await props.onSet(outcome.customer);
    if (outcome.kind === 'set-with-warning') notify('warning', outcome.message);
  };

  const check = async (typed = value) => {
    if (busy || chosen) return;
    setBusy(true);
    try {
      const options = { noUserEdit, online: isOnline(), now: now() };
      if (type === 'search') {
        const out = await searchCustomers(api, typed, options);
        if (out.kind === 'refused') notify('error', out.message);
        else setResults(out.users);
      } else await apply(await lookupCustomer(api, type as LookupType, typed, options));
    } finally {
      setBusy(false);
    }
  };

  const pick = async (user: SearchHit) => {
    setBusy(true);
    try {
      const full = await pickSearchResult(api, user, { online: isOnline(), now: now() });
      await props.onSet(full);
      setResults(null);
    } finally {
      setBusy(false);
    }
  };

  const change = async () => {
    await props.onClear();
    setValue('');
    setResults(null);
  };

  const today = now().slice(0, 10);
  return (
    <Modal opened={opened} onClose={onClose} title="Set Customer" size="lg" centered>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          size="md"
          disabled={chosen}
          data={IDENTIFIER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          value={type}
          onChange={(v) => {
            setType(v as IdentifierType);
            setValue('');
            setResults(null);
          }}
        />
        {type === 'qr' && !chosen && (
          <QrScanner
            size={240}
            onScan={(code) => {
              setValue(code);
              void check(code);
            }}
          />
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="md"
            data-autofocus={!tablet || undefined}
            label={IDENTIFIER_OPTIONS.find((o) => o.value === type)?.label}
            leftSection={
              type === 'phone' ? (
                <Text size="md" fw={600} c="dark">
                  {PHONE_PREFIX}
                </Text>
              ) : undefined
            }
            leftSectionWidth={type === 'phone' ? 48 : undefined}
            type={type === 'phone' ? 'tel' : type === 'email' ? 'email' : 'text'}
            inputMode={type === 'phone' ? 'tel' : undefined}
            disabled={chosen}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void check();
            }}
          />
          {chosen ? (
            <Button size="md" color="orange" onClick={() => void change()}>
              Change Customer
            </Button>
          ) : (
            <Button size="md" loading={busy} onClick={() => void check()}>
              Check
            </Button>
          )}
        </Group>
        {type === 'search' && results && !chosen && (
          <SearchResults users={results} busy={busy} onPick={(u) => void pick(u)} />
        )}
        <Divider />
        <CustomerDataForm
          customer={customer}
          readOnly={noUserEdit}
          today={today}
          birthday={customer ? isBirthdayToday(customer.user_birth_date, now()) : false}
          onChange={(patch) => {
            if (customer) void props.onSet({ ...customer, ...patch });
          }}
        />
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={onClose}>
            Tutup
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SearchResults({
  users,
  busy,
  onPick,
}: {
  users: SearchHit[];
  busy: boolean;
  onPick: (u: SearchHit) => void;
}) {
  if (users.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center">
        {SALE_MESSAGES.customerNotFound}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={240} type="auto">
      <Stack gap={4}>
        {busy && <Loader size="sm" mx="auto" />}
        {users.map((u) => {
          const v = searchResultView(u);
          return (
            <UnstyledButton
              key={u.user_code}
              onClick={() => onPick(u)}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, minHeight: 48 }}
            >
              <Group gap={6} wrap="wrap">
                <Text fw={600}>{v.name}</Text>
                {v.code && <Text c="dimmed">{v.code}</Text>}
                {v.receivables && <ReceivableMark badge />}
                {v.ref && <Text size="sm">{v.ref}</Text>}
              </Group>
              <Text size="sm" c="dimmed">
                {[v.phone, v.email].filter(Boolean).join(' · ')}
              </Text>
              {v.notes && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {v.notes}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
