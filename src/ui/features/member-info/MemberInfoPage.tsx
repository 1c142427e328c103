// /member-info and /member-info/{user_identifier_type}/{user_identifier_string} (001 §2.7): search → view →
// edit member | edit NIK → view. Both route parameters present: the search runs at once.
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { UserSearchHit } from '../../../api/contract/customer';
import type { MemberInfo } from '../../../api/contract/member';
import { createCustomerApi } from '../../../api/customer';
import { errorMessage } from '../../../api/http';
import { createMemberApi } from '../../../api/member';
import { initialMemberInfoFlow, memberInfoFlow } from '../../../domain/member-info';
import { IDENTIFIER_TYPES, type IdentifierType } from '../../../domain/model/common';
import { MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { validateCustomerSearch } from '../../../domain/validation-sale';
import { useServices } from '../../app/services';
import { MemberEdit } from './MemberEdit';
import { MemberView } from './MemberView';

const TYPE_LABELS: Record<IdentifierType, string> = {
  phone: T.phoneType,
  qr: T.qrType,
  email: T.emailType,
  reference: T.referenceType,
  search: T.name,
  nik: T.nik,
};

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
  const [type, setType] = useState<IdentifierType>(
    (IDENTIFIER_TYPES as readonly string[]).includes(user_identifier_type ?? '')
      ? (user_identifier_type as IdentifierType)
      : 'phone',
  );
  const [value, setValue] = useState(user_identifier_string ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hits, setHits] = useState<UserSearchHit[] | null>(null);
  const lastId = useRef<{ user_identifier_type: IdentifierType; user_identifier_string: string } | null>(
    null,
  );

  const lookup = useCallback(
    async (t: IdentifierType, v: string) => {
      const id = {
        user_identifier_type: t,
        user_identifier_string: t === 'phone' ? `+62${v.replace(/^\+?62|^0/, '')}` : v.trim(),
      };
      setBusy(true);
      setError(null);
      try {
        const customer = await api.info(id);
        lastId.current = id;
        dispatch({ type: 'found', customer });
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  /** Reads the customer again after an edit, NFC or reference change (same identifier, fresh data). */
  const reload = useCallback(async (): Promise<MemberInfo | null> => {
    const id = lastId.current;
    if (!id) return null;
    try {
      return await api.info(id);
    } catch (e) {
      setError(errorMessage(e));
      return null;
    }
  }, [api]);

  const search = async () => {
    if (type === 'search') {
      if (value.trim() === '') {
        setError(T.keywordRequired);
        return;
      }
      setBusy(true);
      setError(null);
      try {
        setHits((await customerApi.searchUsers(value.trim())).users);
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
      return;
    }
    const raw =
      type === 'phone' ? (value.trim() === '' ? '' : `+62${value.trim().replace(/^\+?62|^0/, '')}`) : value;
    const message = value.trim() === '' ? T.fillContact : validateCustomerSearch(type, raw);
    if (message) {
      setError(message);
      return;
    }
    await lookup(type, value);
  };

  // 001 §2.7: both route parameters present → the search runs automatically
  const auto = useRef(false);
  useEffect(() => {
    if (auto.current || !user_identifier_type || !user_identifier_string) return;
    auto.current = true;
    void lookup(type, user_identifier_string);
  }, [lookup, type, user_identifier_type, user_identifier_string]);

  if (flow.step === 2 && flow.customer)
    return (
      <MemberView
        api={api}
        customer={flow.customer}
        identifier={lastId.current}
        onBack={() => {
          setHits(null);
          setError(null);
          dispatch({ type: 'back' });
        }}
        onEdit={() => dispatch({ type: 'edit' })}
        onEditNik={() => dispatch({ type: 'editNik' })}
        reload={async () => {
          const c = await reload();
          if (c) dispatch({ type: 'found', customer: c });
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
    <Stack p="md" gap="md" maw={720}>
      <Title order={2}>{T.title}</Title>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Stack gap="sm">
            <SegmentedControl
              aria-label={T.type}
              data={IDENTIFIER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              value={type}
              onChange={(v) => {
                setType(v as IdentifierType);
                setHits(null);
                setError(null);
              }}
              fullWidth
            />
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={type === 'search' ? T.keyword : TYPE_LABELS[type]}
                leftSection={type === 'phone' ? <Text size="sm">+62</Text> : undefined}
                leftSectionWidth={type === 'phone' ? 44 : undefined}
                inputMode={type === 'phone' || type === 'nik' ? 'tel' : type === 'email' ? 'email' : 'text'}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                {T.search}
              </Button>
            </Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
      {hits && (
        <Paper withBorder>
          <Table highlightOnHover>
            <Table.Tbody>
              {hits.map((h) => (
                <Table.Tr
                  key={h.user_code}
                  style={{ cursor: 'pointer' }}
                  onClick={() =>
                    h.user_phone
                      ? void lookup('phone', h.user_phone)
                      : void lookup('email', h.user_email ?? '')
                  }
                >
                  <Table.Td>
                    <Text fw={600}>{h.user_name}</Text>
                    <Text size="xs">
                      {h.user_code} · Ref: {h.user_ref ?? '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{h.user_phone}</Text>
                    <Text size="sm">{h.user_email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{h.user_notes}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
