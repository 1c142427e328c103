// /customer-journal and /customer-journal/{user_identifier_type}/{user_identifier_string} (001 §2.9): search
// (defaulting to phone) → customer view → activity form → view; 'Kembali' resets to the search. Both route
// parameters present: the search runs at once. The journal needs the connection (docs/decisions.md).
import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalCustomer } from '../../../api/contract/journal';
import { createCustomerApi } from '../../../api/customer';
import { errorMessage } from '../../../api/http';
import { createJournalApi, type Room } from '../../../api/journal';
import { SEARCH_TYPES } from '../../../domain/customer-search';
import { initialJournalFlow, journalFlow } from '../../../domain/journal';
import type { IdentifierType } from '../../../domain/model/common';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { type CustomerSearchApi, CustomerSearchPanel, lookupCustomer } from '../customers/search';
import { ActivityForm } from './ActivityForm';
import { JournalView } from './JournalView';

const TYPES: readonly IdentifierType[] = SEARCH_TYPES.journal;
const isJournalCustomer = (c: unknown): c is JournalCustomer =>
  !!c && typeof c === 'object' && typeof (c as { user_id?: unknown }).user_id === 'string';
const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export interface JournalPageProps {
  user_identifier_type?: string;
  user_identifier_string?: string;
}

export function JournalPage({ user_identifier_type, user_identifier_string }: JournalPageProps) {
  const { client } = useServices();
  const api = useMemo(() => createJournalApi(client), [client]);
  const customerApi = useMemo(() => createCustomerApi(client), [client]);
  const [flow, dispatch] = useReducer(
    journalFlow<JournalCustomer>,
    undefined,
    initialJournalFlow<JournalCustomer>,
  );
  const lastId = useRef<CustomerIdentifier | null>(null);
  const [searching, setSearching] = useState(false);
  const [isOnline, setOnline] = useState(online);
  // 001 §2.9: 'Kembali' keeps the loaded room list
  const [rooms, setRooms] = useState<Room[] | null>(null);

  useEffect(() => {
    const update = () => setOnline(online());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const searchApi = useMemo<CustomerSearchApi>(
    () => ({
      findCustomer: async (id) => {
        const found = await api.customer(id);
        lastId.current = id;
        return found;
      },
      searchUsers: (keyword) => customerApi.searchUsers(keyword),
    }),
    [api, customerApi],
  );

  const show = useCallback((c: unknown) => {
    if (isJournalCustomer(c)) dispatch({ type: 'found', customer: c });
  }, []);

  const reload = useCallback(async () => {
    const id = lastId.current;
    if (!id) return;
    try {
      dispatch({ type: 'found', customer: await api.customer(id) });
    } catch (e) {
      notify('error', errorMessage(e));
    }
  }, [api]);

  const auto = useRef(false);
  useEffect(() => {
    if (auto.current || !user_identifier_type || !user_identifier_string) return;
    if (!(TYPES as readonly string[]).includes(user_identifier_type) || user_identifier_type === 'search')
      return;
    auto.current = true;
    setSearching(true);
    void lookupCustomer(
      searchApi,
      user_identifier_type as Exclude<IdentifierType, 'search'>,
      user_identifier_string,
      { noUserEdit: true, online: online(), now: formatLocalTimestamp(new Date()), area: 'journal' },
    )
      .then((outcome) => {
        if (outcome.kind === 'refused') notify('error', outcome.message);
        else show(outcome.customer);
      })
      .finally(() => setSearching(false));
  }, [searchApi, show, user_identifier_type, user_identifier_string]);

  const offline = !isOnline && (
    <Alert color="yellow" role="status">
      {O.offline}
    </Alert>
  );

  if (flow.step === 3 && flow.customer && lastId.current)
    return (
      <Stack p="md" gap="md">
        {offline}
        <ActivityForm
          api={api}
          customer={flow.customer}
          editing={flow.editing}
          rooms={rooms}
          onRooms={setRooms}
          onDone={() => dispatch({ type: 'done' })}
        />
      </Stack>
    );
  if (flow.step >= 2 && flow.customer && lastId.current)
    return (
      <Stack p="md" gap="md">
        {offline}
        <JournalView
          api={api}
          customer={flow.customer}
          identifier={lastId.current}
          onBack={() => dispatch({ type: 'back' })}
          onNew={() => dispatch({ type: 'newActivity' })}
          onEdit={(activity) => dispatch({ type: 'edit', activity })}
          reload={reload}
        />
      </Stack>
    );

  return (
    <Stack p="md" gap="md" maw={760}>
      <Title order={2}>{T.title}</Title>
      {offline}
      <Paper withBorder p="md" aria-busy={searching}>
        <Title order={3} size="h5" mb="sm">
          {T.searchBy}
        </Title>
        <CustomerSearchPanel
          types={TYPES}
          defaultType={
            (TYPES as readonly string[]).includes(user_identifier_type ?? '')
              ? (user_identifier_type as IdentifierType)
              : 'phone'
          }
          area="journal"
          api={searchApi}
          customer={null}
          onSet={show}
          onClear={() => dispatch({ type: 'back' })}
          notify={(kind, message) => notify(kind, message)}
          now={() => formatLocalTimestamp(new Date())}
          details="none"
          noUserEdit
          isOnline={online}
        />
      </Paper>
    </Stack>
  );
}
