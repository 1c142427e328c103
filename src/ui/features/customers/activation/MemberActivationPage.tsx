// /member-activation 'Aktivasi Member' (001 §2.8, §4, §5, §7): the shared customer search panel by phone, QR
// or e-mail (an existing customer, or an empty '(New Customer)'); the customer's name, gender, birth date and
// notes (sent with is_edit_user = 1 once edited); the membership type from business_memberships; Purchase No.
// when the membership's price is above 0 and is_automatic_activation ≠ 1; submit → the server's message →
// the form resets. The server prices and times the membership from its own catalogue.
import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createMemberApi } from '../../../../api/member-search';
import {
  type Customer,
  needsPurchaseNo,
  SEARCH_TYPES,
  toWallClock,
  validateMemberActivation,
} from '../../../../domain';
import { MEMBER_ACTIVATION_TEXTS } from '../../../../domain/texts/customer-search';
import { useServices } from '../../../app/services';
import { useSessionConfig } from '../../../app/use-session-config';
import { notify } from '../../../components/feedback';
import { type CustomerSearchApi, CustomerSearchPanel } from '../search';

const stamp = () => toWallClock(new Date()).stamp;

export function MemberActivationPage() {
  const { client } = useServices();
  const { config } = useSessionConfig();
  const api = useMemo(() => createMemberApi(client), [client]);
  const panelApi: CustomerSearchApi = useMemo(
    () => ({ findCustomer: api.activationLookup, searchUsers: api.searchMembers }),
    [api],
  );
  const memberships = config?.business_memberships ?? [];
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [edited, setEdited] = useState(false);
  const [membershipId, setMembershipId] = useState<string | null>(null);
  const [purchaseNo, setPurchaseNo] = useState('');
  const [busy, setBusy] = useState(false);
  const membership = memberships.find((m) => String(m.business_membership_id) === membershipId) ?? null;
  const purchaseNeeded = needsPurchaseNo(membership);

  const reset = () => {
    setCustomer(null);
    setEdited(false);
    setMembershipId(null);
    setPurchaseNo('');
  };

  const submit = async () => {
    const invalid = validateMemberActivation({ customer, membership, pos_trx_code: purchaseNo });
    if (invalid || !customer || !membership) return notify('error', invalid ?? '');
    setBusy(true);
    try {
      const out = await api.activate({
        user_identifier_type: customer.user_identifier_type as 'phone' | 'qr' | 'email',
        user_identifier_string: customer.user_identifier_string ?? '',
        business_membership_id: Number(membership.business_membership_id),
        pos_trx_code: purchaseNeeded ? purchaseNo.trim() : purchaseNo.trim() || null,
        user_name: customer.user_name ?? null,
        user_gender: customer.user_gender === 1 || customer.user_gender === 2 ? customer.user_gender : null,
        user_birth_date: customer.user_birth_date ?? null,
        user_notes: customer.user_notes ?? null,
        is_edit_user: edited || customer.user_code == null ? 1 : 0,
      });
      notify('success', out.message);
      reset();
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={2}>{MEMBER_ACTIVATION_TEXTS.title}</Title>
      <Paper withBorder p="md" radius="md">
        <CustomerSearchPanel
          types={SEARCH_TYPES.memberActivation}
          area="member"
          api={panelApi}
          customer={customer}
          onSet={(c) => {
            setCustomer(c);
            setEdited(false);
          }}
          onClear={() => {
            setCustomer(null);
            setEdited(false);
          }}
          onEdit={(patch) => {
            setCustomer((c) => (c ? { ...c, ...patch } : c));
            setEdited(true);
          }}
          notify={(kind, message) => notify(kind, message)}
          now={stamp}
          details="basic"
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Select
            size="md"
            label="Membership"
            data={memberships.map((m) => ({
              value: String(m.business_membership_id),
              label: m.membership_name,
            }))}
            value={membershipId}
            onChange={setMembershipId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {purchaseNeeded && (
            <TextInput
              size="md"
              label="Purchase No."
              withAsterisk
              maxLength={100}
              value={purchaseNo}
              onChange={(e) => setPurchaseNo(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button size="md" loading={busy} onClick={() => void submit()}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
