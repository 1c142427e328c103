// /member-info and /member-info/{user_identifier_type}/{user_identifier_string} (001 §2.7): search → view →
// edit member | edit NIK → view. Both route parameters present: the search runs at once.
import { Paper, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { MemberInfo } from '../../../api/contract/member';
import { createCustomerApi } from '../../../api/customer';
import { errorMessage } from '../../../api/http';
import { createMemberApi } from '../../../api/member';
import { SEARCH_TYPES } from '../../../domain/customer-search';
import { initialMemberInfoFlow, memberInfoFlow } from '../../../domain/member-info';
import type { IdentifierType } from '../../../domain/model/common';
import { MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { type CustomerSearchApi, CustomerSearchPanel, lookupCustomer } from '../customers/search';
import { MemberEdit } from './MemberEdit';
import { MemberView } from './MemberView';

const TYPES: readonly IdentifierType[] = SEARCH_TYPES.memberInfo;
type Identifier = { user_identifier_type: IdentifierType; user_identifier_string: string };
const isMember = (c: unknown): c is MemberInfo =>
  !!c && typeof c === 'object' && typeof (c as { user_id?: unknown }).user_id === 'string';

export interface MemberInfoPageProps {
  user_identifier_type?: string;
  user_identifier_string?: string;
}

export function MemberInfoPage({ user_identifier_type, user_identifier_string }: MemberInfoPageProps) {
  const { client } = useServices();
  const api = useMemo(() => createMemberApi(client), [client]);
  const customerApi = useMemo(() => createCustomerApi(client), [client]);
  const [flow, dispatch] = useReducer(
    memberInfoFlow<MemberInfo>,
    undefined,
    initialMemberInfoFlow<MemberInfo>,
  );
  const lastId = useRef<Identifier | null>(null);
  const [searching, setSearching] = useState(false);

  /** The panel's calls: the member lookup (a customer it does not know is refused by the server) and Nama. */
  const searchApi = useMemo<CustomerSearchApi>(
    () => ({
      findCustomer: async (id) => {
        const found = await api.info(id);
        lastId.current = id;
        return found;
      },
      searchUsers: (keyword) => customerApi.searchUsers(keyword),
    }),
    [api, customerApi],
  );

  const show = useCallback((c: unknown) => {
    // a phone or e-mail looked up offline comes back as an empty new customer: nothing to show
    if (isMember(c)) dispatch({ type: 'found', customer: c });
  }, []);

  /** Reads the customer again after an edit, NFC or reference change (same identifier, fresh data). */
  const reload = useCallback(async (): Promise<MemberInfo | null> => {
    const id = lastId.current;
    if (!id) return null;
    try {
      return await api.info(id);
    } catch (e) {
      notify('error', errorMessage(e));
      return null;
    }
  }, [api]);

  // 001 §2.7: both route parameters present → the search runs automatically
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
      {
        noUserEdit: true,
        online: typeof navigator === 'undefined' ? true : navigator.onLine,
        now: formatLocalTimestamp(new Date()),
        area: 'member',
      },
    )
      .then((outcome) => {
        if (outcome.kind === 'refused') notify('error', outcome.message);
        else show(outcome.customer);
      })
      .finally(() => setSearching(false));
  }, [searchApi, show, user_identifier_type, user_identifier_string]);

  if (flow.step === 2 && flow.customer)
    return (
      <MemberView
        api={api}
        customer={flow.customer}
        identifier={lastId.current}
        onBack={() => dispatch({ type: 'back' })}
        onEdit={() => dispatch({ type: 'edit' })}
        onEditNik={() => dispatch({ type: 'editNik' })}
        reload={async () => {
          const c = await reload();
          // a read still on its way when Back was pressed must not bring the member back
          if (c) dispatch({ type: 'refreshed', customer: c });
        }}
      />
    );
  if ((flow.step === 3 || flow.step === 5) && flow.customer)
    return (
      <MemberEdit
        api={api}
        customer={flow.customer}
        nikOnly={flow.step === 5}
        onCancel={() => dispatch({ type: 'cancel' })}
        onSaved={async () => {
          const c = await reload();
          if (c) dispatch({ type: 'saved', customer: c });
          else dispatch({ type: 'cancel' });
        }}
      />
    );

  return (
    <Stack p="md" gap="md" maw={760}>
      <Title order={2}>{T.title}</Title>
      <Paper withBorder p="md" aria-busy={searching}>
        <CustomerSearchPanel
          types={TYPES}
          defaultType={
            (TYPES as readonly string[]).includes(user_identifier_type ?? '')
              ? (user_identifier_type as IdentifierType)
              : 'phone'
          }
          area="member"
          api={searchApi}
          customer={null}
          onSet={show}
          onClear={() => dispatch({ type: 'back' })}
          notify={(kind, message) => notify(kind, message)}
          now={() => formatLocalTimestamp(new Date())}
          details="none"
          noUserEdit
        />
      </Paper>
    </Stack>
  );
}
