// /redeem-sms-transaction 'Penukaran Poin - Melalui SMS' (001 §2.5, §5, §7, §8): run by its statechart
// (src/machines/sms-redeem.ts) — the reward list with images, the phone (+62) through the shared customer
// search panel with the customer's name, gender, birth date and notes ('Change Customer' clears them),
// 'Send SMS' and resend (30 s apart), 'Redeem Code dari SMS', the success modal with the server's message
// and Purchase No. / 'Simpan', then the success dialog and a fresh start.
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { CUSTOMER_PATHS, posUser, userSearchResponse } from '../../../api/contract';
import { createRedeemApi } from '../../../api/redeem';
import type { Customer } from '../../../domain';
import { REDEEM_TIMEOUT_MS } from '../../../domain/loyalty';
import { type RewardLike, smsResendSecondsLeft } from '../../../domain/redeem';
import { LOYALTY_TEXTS as T } from '../../../domain/texts/loyalty';
import { REDEEM_TEXTS } from '../../../domain/texts/redeem';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { codeUseMessage } from '../../../machines/code-use';
import { smsRedeemMachine } from '../../../machines/sms-redeem';
import { inspectOptions } from '../../app/inspector';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { CustomerSearchPanel, type CustomerSearchPanelProps } from '../customers/search';

function RewardList({
  rewards,
  onPick,
}: {
  rewards: readonly RewardLike[];
  onPick: (r: RewardLike) => void;
}) {
  if (rewards.length === 0) return <Text c="dimmed">{REDEEM_TEXTS.noItems}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="sms-rewards">
      {rewards.map((r) => (
        <Card
          key={r.reward_redemption_item_id}
          withBorder
          padding="sm"
          component="button"
          type="button"
          onClick={() => onPick(r)}
          style={{ cursor: 'pointer', textAlign: 'left' }}
        >
          {r.image_url ? (
            <Image src={r.image_url} alt={r.item_name} h={96} fit="cover" radius="sm" mb={6} />
          ) : null}
          <Text fw={600}>{r.item_name}</Text>
          <Text size="sm">
            {r.point_amount} {r.reward_name ?? ''}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The resend button with its 30 s countdown (ruling 20; the server enforces it too). */
function Resend({ smsId, onResent }: { smsId: number; onResent: () => void }) {
  const { client } = useServices();
  const api = useMemo(() => createRedeemApi(client), [client]);
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const left = smsResendSecondsLeft(sentAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const resend = async () => {
    try {
      await api.resendSms(smsId);
      setSentAt(Date.now());
      setNow(Date.now());
      onResent();
      notify('success', REDEEM_TEXTS.smsResent);
    } catch (e) {
      notify('error', codeUseMessage(e));
    }
  };
  return (
    <Button variant="light" disabled={left > 0} onClick={() => void resend()} data-testid="sms-resend">
      {left > 0 ? `Resend (${left})` : 'Resend'}
    </Button>
  );
}

export function SmsRedeemPage() {
  const { client } = useServices();
  const api = useMemo(() => createRedeemApi(client), [client]);
  const searchApi: CustomerSearchPanelProps['api'] = useMemo(
    () => ({
      findCustomer: (identifier) =>
        client.request({
          method: 'POST',
          path: CUSTOMER_PATHS.posUser,
          body: identifier,
          timeoutMs: REDEEM_TIMEOUT_MS,
          schema: posUser,
        }) as Promise<Customer>,
      searchUsers: (keyword) =>
        client.request({
          method: 'GET',
          path: CUSTOMER_PATHS.userSearch,
          query: { keyword },
          schema: userSearchResponse,
        }) as ReturnType<CustomerSearchPanelProps['api']['searchUsers']>,
    }),
    [client],
  );
  const machine = useMemo(
    () =>
      smsRedeemMachine.provide({
        actors: {
          loadRewards: fromPromise(async () => api.rewardItems()),
          send: fromPromise(async ({ input }) => {
            const r = await api.sendSms(input);
            notify('success', REDEEM_TEXTS.smsSent);
            return r;
          }),
          validate: fromPromise(async ({ input }) => api.validateSms(input)),
          save: fromPromise(async ({ input }) => api.saveSms(input)),
        },
      }),
    [api],
  );
  const [snap, send] = useMachine(machine, inspectOptions());
  const ctx = snap.context;
  const atCustomer = snap.matches('customer') || snap.matches('sending');
  const atCode = snap.matches('code') || snap.matches('validating');
  const inModal = snap.matches('purchaseNo') || snap.matches('saving');

  return (
    <Stack p="md" gap="md" maw={900}>
      <Title order={2}>{T.redeemSmsTitle}</Title>
      {ctx.error && !inModal ? (
        <Alert color="red" role="alert" data-testid="sms-error">
          {ctx.error}
        </Alert>
      ) : null}
      {snap.matches('pick') || snap.matches('loading') ? (
        <Paper withBorder p="md">
          <RewardList rewards={ctx.rewards} onPick={(reward) => send({ type: 'reward.pick', reward })} />
        </Paper>
      ) : null}
      {ctx.reward && !snap.matches('pick') ? (
        <Paper withBorder p="md">
          <Group gap="sm" wrap="nowrap" data-testid="sms-chosen-reward">
            {ctx.reward.image_url ? (
              <Image
                src={ctx.reward.image_url}
                alt={ctx.reward.item_name}
                w={64}
                h={48}
                fit="cover"
                radius="sm"
              />
            ) : null}
            <Stack gap={0} style={{ flex: 1 }}>
              <Text fw={600}>{ctx.reward.item_name}</Text>
              <Text size="sm">
                {ctx.reward.point_amount} {ctx.reward.reward_name ?? ''}
              </Text>
            </Stack>
            {atCustomer ? (
              <Button variant="default" onClick={() => send({ type: 'reward.change' })}>
                {T.cancel}
              </Button>
            ) : null}
          </Group>
        </Paper>
      ) : null}
      {atCustomer ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <CustomerSearchPanel
              types={['phone']}
              area="member"
              api={searchApi}
              customer={ctx.customer}
              onSet={(customer) => send({ type: 'customer.set', customer })}
              onClear={() => send({ type: 'customer.clear' })}
              onEdit={(patch) => send({ type: 'customer.edit', patch })}
              notify={notify}
              now={() => formatLocalTimestamp(new Date())}
              details="basic"
            />
            <Group>
              <Button onClick={() => send({ type: 'sms.send' })} loading={snap.matches('sending')}>
                {T.sendSms}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {atCode ? (
        <Paper withBorder p="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'code.submit' });
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                {ctx.customer?.user_name ?? ''} · +62{' '}
                {ctx.customer?.user_phone ?? ctx.customer?.user_identifier_string}
              </Text>
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={T.smsCode}
                  value={ctx.code}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="sms-code"
                  onChange={(e) => send({ type: 'code.change', code: e.currentTarget.value })}
                />
                {ctx.smsId ? (
                  <Resend smsId={ctx.smsId} onResent={() => send({ type: 'sms.resent' })} />
                ) : null}
              </Group>
              <Group>
                <Button type="submit" loading={snap.matches('validating')}>
                  {T.submit}
                </Button>
                <Button variant="default" onClick={() => send({ type: 'customer.clear' })}>
                  {T.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
      <Modal
        opened={inModal}
        onClose={() => undefined}
        withCloseButton={false}
        title={T.redeemSuccess}
        closeOnClickOutside={false}
        closeOnEscape={false}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'purchase.save' });
          }}
        >
          <Stack gap="sm">
            <Text data-testid="sms-success-message">{ctx.message}</Text>
            <TextInput
              label={T.purchaseNo}
              value={ctx.purchaseNo}
              onChange={(e) => send({ type: 'purchase.change', purchaseNo: e.currentTarget.value })}
              error={ctx.error ?? undefined}
              data-autofocus
              autoComplete="off"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={snap.matches('saving')}>
                {T.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={snap.matches('done')}
        onClose={() => send({ type: 'done.close' })}
        title={T.trxSuccessTitle}
      >
        <Stack gap="sm">
          <Text>{ctx.savedMessage ?? T.trxSuccessText}</Text>
          <Group justify="flex-end">
            <Button onClick={() => send({ type: 'done.close' })}>{T.close}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
