// The ONE customer search panel (001 §2.2, §5 'Customer search', §8 'Customer lookup'; 000 §2 Set Customer).
// Every screen that starts with a customer search mounts it; the cashier's Set Customer wraps it in a modal.
//
// Usage:
//   <CustomerSearchPanel
//     types={SEARCH_TYPES.memberActivation}   // which types this screen offers, in order (src/domain/customer-search.ts)
//     defaultType="phone"                     // optional; the first of `types` otherwise (the journal: 'phone')
//     area="member"                           // 'cashier' | 'member' | 'journal': whose messages (001 §5)
//     api={api}                               // CustomerSearchApi: findCustomer(identifier), searchUsers(keyword)
//     customer={customer}                     // the chosen customer, or null (the screen owns it)
//     onSet={(c) => setCustomer(c)}           // a lookup or a picked Nama row chose this customer
//     onClear={() => setCustomer(null)}       // 'Change Customer'
//     notify={(kind, message) => ...}         // 'success' | 'error' | 'warning'
//     now={() => 'YYYY-MM-DD HH:mm:ss'}       // the outlet's wall clock (retrieve_time, birthday, birth-date bounds)
//     details="basic"                         // optional: 'basic' (name, birth date, gender, notes), 'cashier'
//                                             //   (plus User Ref, Notification Email), or 'none' (default 'basic')
//     detailsReadOnly={false}                 // optional: the details cannot be edited (pos_trx_no_user_edit = 1)
//     onEdit={(patch) => ...}                 // optional: a detail edited; default onSet({...customer, ...patch})
//     noUserEdit={false}                      // optional: pos_trx_no_user_edit = 1 refuses a customer with no user_code
//     isOnline={() => navigator.onLine}       // optional
//     autoFocus                               // optional: focus the value input (not on tablets)
//     checkLabel="Cari Customer"              // optional: the search button's label (every type but Nama)
//   />
// A successful QR scan fills the text and searches at once. Picking a Nama row looks the customer up by its
// phone, else its e-mail (001 §2.2); in the cashier by its user_code (000 §2). After a lookup the type and
// the value are disabled and 'Change Customer' clears the customer and re-enables the search.
import {
  Button,
  Divider,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Customer, type IdentifierType, isBirthdayToday, type SearchArea } from '../../../../domain';
import { CUSTOMER_PANEL_TEXTS } from '../../../../domain/texts/customer-search';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import { PHONE_PREFIX, searchResultView } from '../../pos/customer/customer-view';
import { QrScanner } from '../../pos/customer/QrScanner';
import { ReceivableMark } from '../../pos/customer/ReceivableMark';
import { CustomerDataForm } from './CustomerDataForm';
import {
  type CustomerSearchApi,
  type LookupOutcome,
  type LookupType,
  lookupCustomer,
  pickSearchResult,
  type SearchHit,
  searchCustomers,
} from './search-outcomes';

/** Every search type's label ('search' is 'Nama'), in the specification's order. */
export const SEARCH_TYPE_LABELS: Readonly<Record<IdentifierType, string>> = {
  phone: CUSTOMER_PANEL_TEXTS.phone,
  qr: CUSTOMER_PANEL_TEXTS.qr,
  email: CUSTOMER_PANEL_TEXTS.email,
  reference: CUSTOMER_PANEL_TEXTS.reference,
  search: CUSTOMER_PANEL_TEXTS.name,
  nik: CUSTOMER_PANEL_TEXTS.nik,
};

export interface CustomerSearchPanelProps {
  types: readonly IdentifierType[];
  defaultType?: IdentifierType;
  area: SearchArea;
  api: CustomerSearchApi;
  customer: Customer | null;
  onSet: (customer: Customer) => Promise<void> | void;
  onClear: () => Promise<void> | void;
  notify: (kind: 'success' | 'error' | 'warning', message: string) => void;
  /** Local "YYYY-MM-DD HH:mm:ss". */
  now: () => string;
  details?: 'basic' | 'cashier' | 'none';
  detailsReadOnly?: boolean;
  onEdit?: (patch: Partial<Customer>) => void;
  noUserEdit?: boolean;
  isOnline?: () => boolean;
  autoFocus?: boolean;
  /** The camera scanner's size in px (QR Code). */
  scannerSize?: number;
  /** The search button's label for every type but Nama (registration: 'Cari Customer'); default 'Check'. */
  checkLabel?: string;
}

const onlineNow = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** The typed value shown again for a chosen customer (the phone without its '+62'). */
const shownValue = (customer: Customer): string => {
  const id = customer.user_identifier_string ?? '';
  return customer.user_identifier_type === 'phone' ? id.replace(/^\+62/, '') : id;
};

export function CustomerSearchPanel(props: CustomerSearchPanelProps) {
  const { types, area, api, customer, notify, now } = props;
  const isOnline = props.isOnline ?? onlineNow;
  const first = props.defaultType && types.includes(props.defaultType) ? props.defaultType : types[0];
  const initialType = (c: Customer | null): IdentifierType => {
    const t = c?.user_identifier_type;
    return t && types.includes(t) ? t : (first ?? 'phone');
  };
  const [type, setType] = useState<IdentifierType>(() => initialType(customer));
  const [value, setValue] = useState(() => (customer ? shownValue(customer) : ''));
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const chosen = !!customer;

  // a customer set (or cleared) from outside shows its identifier again
  const customerKey = customer ? `${customer.user_identifier_type}:${customer.user_identifier_string}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new customer identity resets the inputs
  useEffect(() => {
    if (!customer) return;
    setResults(null);
    setType(initialType(customer));
    setValue(shownValue(customer));
  }, [customerKey]);

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
      const options = { noUserEdit: !!props.noUserEdit, online: isOnline(), now: now(), area };
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
      const full = await pickSearchResult(api, user, { online: isOnline(), now: now(), area });
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

  const details = props.details ?? 'basic';
  const label = SEARCH_TYPE_LABELS[type];
  return (
    <Stack gap="sm" data-testid="customer-search-panel">
      {types.length > 1 && (
        <SegmentedControl
          fullWidth
          size="md"
          disabled={chosen}
          aria-label="Customer"
          data={types.map((t) => ({ value: t, label: SEARCH_TYPE_LABELS[t] }))}
          value={type}
          onChange={(v) => {
            setType(v as IdentifierType);
            setValue('');
            setResults(null);
          }}
        />
      )}
      {type === 'qr' && !chosen && (
        <QrScanner
          size={props.scannerSize ?? 240}
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
          data-autofocus={props.autoFocus || undefined}
          label={label}
          leftSection={
            type === 'phone' ? (
              <Text size="md" fw={600} c="dark">
                {PHONE_PREFIX}
              </Text>
            ) : undefined
          }
          leftSectionWidth={type === 'phone' ? 48 : undefined}
          type={type === 'phone' ? 'tel' : type === 'email' ? 'email' : 'text'}
          inputMode={type === 'phone' ? 'tel' : type === 'nik' ? 'numeric' : undefined}
          disabled={chosen}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void check();
          }}
        />
        {chosen ? (
          <Button size="md" variant="outline" onClick={() => void change()}>
            {CUSTOMER_PANEL_TEXTS.changeCustomer}
          </Button>
        ) : (
          <Button size="md" loading={busy} onClick={() => void check()}>
            {type === 'search' ? CUSTOMER_PANEL_TEXTS.find : (props.checkLabel ?? CUSTOMER_PANEL_TEXTS.check)}
          </Button>
        )}
      </Group>
      {type === 'search' && results && !chosen && (
        <SearchResults users={results} busy={busy} onPick={(u) => void pick(u)} />
      )}
      {details !== 'none' && (
        <>
          <Divider />
          <CustomerDataForm
            customer={customer}
            readOnly={!!props.detailsReadOnly}
            today={now().slice(0, 10)}
            birthday={customer ? isBirthdayToday(customer.user_birth_date, now()) : false}
            fields={details}
            onChange={(patch) => {
              if (!customer) return;
              if (props.onEdit) props.onEdit(patch);
              else void props.onSet({ ...customer, ...patch });
            }}
          />
        </>
      )}
    </Stack>
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
      <Stack gap={4} data-testid="customer-search-results">
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
