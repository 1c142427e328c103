// /redeem-sms-transaction 'Penukaran Poin - Melalui SMS' (001 §2.5, §5, §7, §8): run by its statechart
// (src/machines/sms-redeem.ts) — the reward list with images, the phone (+62) through the shared customer
// search panel with the customer's name, gender, birth date and notes ('Change Customer' clears them),
// 'Send SMS' and resend (30 s apart), 'Redeem Code dari SMS', the success modal with the server's message
// and Purchase No. / 'Simpan', then the success dialog and a fresh start.
import { Alert, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { createRedeemApi } from '../../../api/redeem';
import { REDEEM_TIMEOUT_MS } from '../../../domain/loyalty';
import { smsResendSecondsLeft } from '../../../domain/redeem';
import { LOYALTY_TEXTS as T } from '../../../domain/texts/loyalty';
import { REDEEM_TEXTS } from '../../../domain/texts/redeem';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { codeUseMessage } from '../../../machines/code-use';
import { smsRedeemMachine } from '../../../machines/sms-redeem';
import { inspectOptions } from '../../app/inspector';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { CustomerSearchPanel } from '../customers/search';
import { RewardGrid } from '../pos/redeem/RewardGrid';
import { useCustomerSearchApi } from './customer-search-api';
import { PurchaseNoModal, TrxSuccessModal } from './RedeemModals';

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
  const searchApi = useCustomerSearchApi(REDEEM_TIMEOUT_MS);
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
          <RewardGrid
            rewards={ctx.rewards}
            onPick={(reward) => send({ type: 'reward.pick', reward })}
            testId="sms-rewards"
          />
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
      <PurchaseNoModal
        opened={inModal}
        purchaseNo={ctx.purchaseNo}
        error={ctx.error}
        saving={snap.matches('saving')}
        onChange={(purchaseNo) => send({ type: 'purchase.change', purchaseNo })}
        onSave={() => send({ type: 'purchase.save' })}
      >
        <Text data-testid="sms-success-message">{ctx.message}</Text>
      </PurchaseNoModal>
      <TrxSuccessModal
        opened={snap.matches('done')}
        message={ctx.savedMessage}
        onClose={() => send({ type: 'done.close' })}
      />
    </Stack>
  );
}
