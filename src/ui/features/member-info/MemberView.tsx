// Member info step 2 (001 §2.7): the tabs 'Data Pelanggan', 'Kupon' and, with customer_trx_history, the two
// history tabs; the actions Edit Member Data, Edit NIK, Generate, NFC, the journal link and a deposit top-up.
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { MemberInfo } from '../../../api/contract/member';
import { errorMessage } from '../../../api/http';
import type { MemberApi } from '../../../api/member';
import { outletDate } from '../../../domain/history';
import { birthdayBanners, canGenerateReference, formatLastTrx } from '../../../domain/member-info';
import { formatMoney } from '../../../domain/money';
import { MEMBER_INFO_OWN as O, MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { createCashierCommands } from '../../../projections/commands';
import { useServices } from '../../app/services';
import { useSessionConfig } from '../../app/use-session-config';
import { notify } from '../../components/feedback';
import { writeCurrentTrx } from '../pos/current-trx';
import { HistoryTab } from './HistoryTab';
import { NfcModal } from './NfcModal';

const on = (v: unknown) => Number(v ?? 0) === 1;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '-' : children}
      </Text>
    </Stack>
  );
}

export interface MemberViewProps {
  api: MemberApi;
  customer: MemberInfo;
  identifier: { user_identifier_type: string; user_identifier_string: string } | null;
  onBack: () => void;
  onEdit: () => void;
  onEditNik: () => void;
  reload: () => Promise<void>;
}

export function MemberView({
  api,
  customer: c,
  identifier,
  onBack,
  onEdit,
  onEditNik,
  reload,
}: MemberViewProps) {
  const { config, separators } = useSessionConfig();
  const { store } = useServices();
  const [, navigate] = useLocation();
  const access = config?.auth_role_accesses ?? {};
  const rules = (config?.subscription_rules ?? {}) as Record<string, unknown>;
  const historyOn = on(rules.customer_trx_history);
  const today = outletDate(Date.now());
  const banners = birthdayBanners(c, today);
  const money = (n: number) => formatMoney(n, separators);
  const [generated, setGenerated] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [nfc, setNfc] = useState<'new' | 'change' | 'test' | null>(null);
  const [couponFilter, setCouponFilter] = useState('');
  const coupons = useMemo(
    () =>
      c.member_coupons.filter((k) =>
        (k.coupon_name ?? '').toLowerCase().includes(couponFilter.trim().toLowerCase()),
      ),
    [c.member_coupons, couponFilter],
  );

  const generate = async () => {
    setGenerating(true);
    try {
      const r = await api.generateReference(c.user_id);
      setGenerated(true);
      notify('success', r.message || T.generated);
      await reload();
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setGenerating(false);
    }
  };

  const topUp = async () => {
    if (!config) return;
    const commands = createCashierCommands({
      store,
      getConfig: () => config,
      actor: () => config.business_user_id ?? 'device',
    });
    const started = await commands.startTransaction({ trx_type: 'TOP_UP_DEPOSIT' });
    if (!started.ok) {
      notify('error', started.message);
      return;
    }
    const set = await commands.setCustomer({ local_trx_id: started.local_trx_id, customer: c });
    if (!set.ok) {
      notify('error', set.message);
      return;
    }
    writeCurrentTrx(started.local_trx_id);
    navigate('/pos?next=true');
  };

  const journalHref =
    identifier &&
    `/customer-journal/${encodeURIComponent(identifier.user_identifier_type)}/${encodeURIComponent(identifier.user_identifier_string)}`;

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{T.title}</Title>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={onBack}>
            {T.back}
          </Button>
          {on(access.CUSTOMER_INFORMATION_EDIT) && <Button onClick={onEdit}>{T.editMember}</Button>}
          <Button variant="light" onClick={onEditNik}>
            {T.editNik}
          </Button>
          {on(access.CUSTOMER_JOURNAL) && journalHref && (
            <Button component={Link} href={journalHref} variant="light">
              {T.journal}
            </Button>
          )}
          {on(access.TOP_UP_DEPOSIT) && on(rules.deposit) && (
            <Button variant="light" onClick={() => void topUp()}>
              {T.topUp}
            </Button>
          )}
        </Group>
      </Group>
      {banners.greeting && (
        <Alert color="pink" title={T.birthday}>
          {c.user_name}
        </Alert>
      )}
      {banners.today && (
        <Alert color="grape" role="status">
          {T.birthdayToday}
        </Alert>
      )}
      <Tabs defaultValue="data" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">{T.tabData}</Tabs.Tab>
          <Tabs.Tab value="coupons">{T.tabCoupons}</Tabs.Tab>
          {historyOn && <Tabs.Tab value="bills">{T.tabBills}</Tabs.Tab>}
          {historyOn && <Tabs.Tab value="items">{T.tabItems}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <Paper withBorder p="md">
            <Group align="flex-start" gap="lg" wrap="wrap">
              <Stack gap={4} w={160}>
                {c.user_photo ? (
                  <Image
                    src={c.user_photo}
                    alt={`${T.photo} ${c.user_name ?? ''}`}
                    w={160}
                    h={160}
                    fit="cover"
                    radius="sm"
                  />
                ) : (
                  <Paper withBorder w={160} h={160} style={{ display: 'grid', placeItems: 'center' }}>
                    <Text size="sm" c="dimmed">
                      {T.noPhoto}
                    </Text>
                  </Paper>
                )}
              </Stack>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} style={{ flex: 1, minWidth: 260 }} spacing="sm">
                <Field label={T.name}>{c.user_name}</Field>
                <Field label={T.nik}>{c.nik}</Field>
                <Field label={T.gender}>
                  {c.user_gender === 1 ? T.male : c.user_gender === 2 ? T.female : null}
                </Field>
                <Field label={T.birthDate}>{c.user_birth_date}</Field>
                <Field label={T.notes}>{c.user_notes}</Field>
                <Field label={O.reference}>
                  <Group gap="xs" wrap="nowrap">
                    <span data-testid="member-reference">{c.reference_code ?? '-'}</span>
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={!canGenerateReference(c.reference_code, generated)}
                      loading={generating}
                      onClick={() => void generate()}
                    >
                      {T.generate}
                    </Button>
                  </Group>
                </Field>
                <Field label={O.notificationEmail}>{c.user_email_notification}</Field>
                <Field label={T.phone}>{c.user_phone}</Field>
                <Field label={T.email}>{c.user_email}</Field>
                <Field label={O.healthId}>{c.satusehat_ihs_no ?? c.satusehat_patient_id}</Field>
                <Field label={T.membership}>{c.membership_name}</Field>
                <Field label={O.validUntil}>{c.valid_until}</Field>
                <Field label={O.discountLevel}>
                  {c.discount_level ? `${c.discount_level.reward_value}%` : null}
                </Field>
                <Field label={T.points}>
                  {c.points.length === 0
                    ? null
                    : c.points.map((p) => (
                        <div key={p.reward_name ?? ''}>
                          {p.reward_name ?? '-'}: {money(p.drv_point)}
                        </div>
                      ))}
                </Field>
                <Field label={O.receivable}>{money(c.account_receivable_drv_balance)}</Field>
                <Field label={T.deposit}>
                  {c.wallets.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the wallets have no id
                    <div key={i}>{money(w.drv_amount)}</div>
                  ))}
                </Field>
                <Field label={O.lastTrx}>{formatLastTrx(c.last_trx)}</Field>
                <Field label={T.journalNotes}>{c.journal_notes}</Field>
                <Field label={O.nfcCard}>
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color={c.has_nfc_card ? 'teal' : 'gray'}>
                      {c.has_nfc_card ? O.registered : O.notRegistered}
                    </Badge>
                    <Button size="compact-xs" variant="light" onClick={() => setNfc('new')}>
                      {T.nfcNew}
                    </Button>
                    <Button size="compact-xs" variant="light" onClick={() => setNfc('change')}>
                      {T.nfcChange}
                    </Button>
                    <Button size="compact-xs" variant="light" onClick={() => setNfc('test')}>
                      {T.nfcTest}
                    </Button>
                  </Group>
                </Field>
              </SimpleGrid>
            </Group>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="coupons" pt="md">
          <Stack gap="sm">
            <TextInput
              aria-label={T.couponFilter}
              placeholder={T.couponFilter}
              value={couponFilter}
              onChange={(e) => setCouponFilter(e.currentTarget.value)}
              maw={360}
            />
            <Paper withBorder style={{ overflowX: 'auto' }}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.tabCoupons}</Table.Th>
                    <Table.Th>{T.qty}</Table.Th>
                    <Table.Th>{O.expiry}</Table.Th>
                    <Table.Th>{T.outlet}</Table.Th>
                    <Table.Th>{T.notes}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {coupons.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text size="sm" c="dimmed">
                          {O.noRows}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {coupons.map((k) => (
                    <Table.Tr key={k.coupon_user_id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {k.coupon_image && <Image src={k.coupon_image} alt="" w={40} h={40} fit="cover" />}
                          <Text size="sm">{k.coupon_name}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{k.qty}</Table.Td>
                      <Table.Td>{k.expired_date}</Table.Td>
                      <Table.Td>{k.outlet_name ?? '-'}</Table.Td>
                      <Table.Td>{k.coupon_notes ?? '-'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Stack>
        </Tabs.Panel>
        {historyOn && (
          <Tabs.Panel value="bills" pt="md">
            <HistoryTab api={api} kind="bills" userId={c.user_id} />
          </Tabs.Panel>
        )}
        {historyOn && (
          <Tabs.Panel value="items" pt="md">
            <HistoryTab api={api} kind="items" userId={c.user_id} />
          </Tabs.Panel>
        )}
      </Tabs>
      {nfc && (
        <NfcModal
          api={api}
          mode={nfc}
          userId={c.user_id}
          withRefId={on((config as Record<string, unknown> | null)?.nfc_with_ref_id)}
          onClose={() => setNfc(null)}
          onDone={async () => {
            setNfc(null);
            await reload();
          }}
        />
      )}
    </Stack>
  );
}
