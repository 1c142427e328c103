// The redeem dialog (000 §2 "Cashier dialogs"): its statechart (src/machines/redeem-dialog.ts) with the
// cashier's commands and the redeem calls; an 'item' reward then opens the item dialog for that item with its
// allowed variants, item_max_qty and the redeem marker, which cannot be closed without confirming
// 'Apakah Anda ingin membatalkan proses redeem?' (confirming removes the redeem).
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { createRedeemApi } from '../../../../api/redeem';
import {
  allowedVariants,
  type QrRedeemData,
  type RedeemType,
  type RewardLike,
  redeemTypesFor,
  type TrxRedeem,
} from '../../../../domain';
import { REDEEM_OWN, REDEEM_TEXTS as T } from '../../../../domain/texts/redeem';
import { type AgentChoice, redeemDialogMachine } from '../../../../machines/redeem-dialog';
import { inspectOptions } from '../../../app/inspector';
import { useServices } from '../../../app/services';
import { usePos } from '../context';
import { cameraAvailable, QrScanner } from '../customer/QrScanner';
import { itemModalActions } from '../item-modal/store';
import { RewardGrid } from './RewardGrid';
import { closeRedeemDialog, useRedeemDialogOpen } from './store';

const TYPE_LABEL: Record<RedeemType, string> = {
  qr: T.typeQr,
  sms: T.typeSms,
  direct: T.typeDirect,
  agent: T.typeAgent,
};

function DialogBody({ onClose }: { onClose: () => void }) {
  const pos = usePos();
  const { client } = useServices();
  const api = useMemo(() => createRedeemApi(client), [client]);
  const { trx, config, commands, notify, confirm } = pos;
  const local_trx_id = trx?.local_trx_id ?? '';
  const rewards = (config.reward_redemption_items ?? []) as unknown as RewardLike[];
  const machine = useMemo(
    () =>
      redeemDialogMachine.provide({
        actors: {
          removeRedeem: fromPromise(async () => {
            const r = await commands.removeRedeem(local_trx_id);
            if (!r.ok) throw new Error(r.message);
          }),
          scan: fromPromise<QrRedeemData & { scancode?: string }, { code: string }>(async ({ input }) =>
            api.scan(input.code),
          ),
          sendSms: fromPromise(
            async ({
              input,
            }: {
              input: { user_identifier_string: string; reward_redemption_item_id: number };
            }) => {
              const r = await api.sendSms(input);
              notify('success', T.smsSent);
              return r;
            },
          ),
          loadAgents: fromPromise<AgentChoice[], { user_code: string }>(async ({ input }) =>
            (await api.agentTransactions(input.user_code)).flatMap((a) => {
              const reward = a.details[0]?.reward_redemption_item as unknown as RewardLike | undefined;
              return reward
                ? [{ pos_trx_code: a.pos_trx_code, agent_code: a.agent_code ?? null, reward }]
                : [];
            }),
          ),
          applyRedeem: fromPromise(async ({ input }: { input: { redeem: TrxRedeem } }) => {
            const r = await commands.setRedeem({ local_trx_id, redeem: input.redeem });
            if (!r.ok) throw new Error(r.message);
          }),
        },
      }),
    [api, commands, local_trx_id, notify],
  );
  const [snap, send] = useMachine(machine, {
    input: {
      types: redeemTypesFor(config),
      customer: trx?.customer ?? null,
      hasRedeem: !!trx?.redeem,
      rewards,
    },
    ...inspectOptions(),
  });
  const ctx = snap.context;

  // 003 §8: 'Item Redeem Telah Diset Sebelumnya' / 'Apakah Anda mau menghapusnya?'
  const asked = useRef(false);
  useEffect(() => {
    if (!snap.matches('confirmingRemoval') || asked.current) return;
    asked.current = true;
    void confirm({ title: T.alreadySetTitle, message: T.alreadySetMessage }).then((yes) =>
      send({ type: yes ? 'redeem.confirm' : 'redeem.cancel' }),
    );
  }, [snap, confirm, send]);

  const done = useRef(false);
  useEffect(() => {
    if (snap.status !== 'done' || done.current) return;
    done.current = true;
    const out = snap.output;
    onClose();
    if (!out) return;
    if (!out.redeem) {
      if (out.message) notify('error', out.message);
      return;
    }
    const link = out.redeem.redeem_item;
    const item =
      link.pos_link_type === 'item' ? config.pos_items.find((i) => i.pos_item_id === link.pos_item_id) : null;
    if (!item) {
      notify('success', T.applied);
      return;
    }
    const variants = allowedVariants(item, link);
    const { open, close } = itemModalActions();
    open({
      item: { ...item, pos_item_variants: variants },
      variantId: variants[0]?.pos_item_variant_id ?? null,
      itemMaxQty: link.item_max_qty ?? null,
      origin: { redeem: { pos_item_id: item.pos_item_id, pos_link_type: 'item' } },
      onAdded: () => notify('success', T.applied),
      onDismiss: async () => {
        if (!(await confirm({ title: T.cancelTitle, message: T.cancelMessage }))) return;
        await commands.removeRedeem(local_trx_id);
        close();
      },
    });
  }, [snap, onClose, notify, config, confirm, commands, local_trx_id]);

  if (snap.matches('confirmingRemoval') || snap.matches('removing') || snap.status === 'done') return null;
  const busy =
    snap.matches({ choosing: 'scanning' }) ||
    snap.matches({ choosing: 'sendingSms' }) ||
    snap.matches('applying');
  const types = ctx.types;
  return (
    <Modal opened onClose={() => send({ type: 'redeem.cancel' })} title={T.title} size="lg" centered>
      <Stack gap="md" data-testid="redeem-dialog">
        <SegmentedControl
          fullWidth
          value={ctx.type}
          onChange={(v) => send({ type: 'redeem.type', redeemType: v as RedeemType })}
          data={types.map((t) => ({ value: t, label: TYPE_LABEL[t], disabled: !!ctx.qrData && t !== 'qr' }))}
          aria-label={T.title}
        />
        {ctx.error && (
          <Alert color="red" variant="light" data-testid="redeem-error">
            {ctx.error}
          </Alert>
        )}
        {ctx.type === 'qr' && (
          <Stack gap="sm">
            {/* phones and tablets alike: a tablet has a rear camera too */}
            {cameraAvailable() ? (
              <QrScanner
                size={220}
                hideWithoutCamera
                onScan={(code) => {
                  send({ type: 'redeem.code', code });
                  send({ type: 'redeem.check' });
                }}
              />
            ) : null}
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                size="md"
                label={T.typeQr}
                value={ctx.code}
                data-testid="redeem-code"
                onChange={(e) => send({ type: 'redeem.code', code: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') send({ type: 'redeem.check' });
                }}
              />
              <Button size="md" loading={busy} onClick={() => send({ type: 'redeem.check' })}>
                {T.check}
              </Button>
            </Group>
          </Stack>
        )}
        {(ctx.type === 'sms' || ctx.type === 'direct') && (
          <RewardGrid
            rewards={ctx.rewards}
            onPick={(reward) => !busy && send({ type: 'redeem.pick', reward })}
            testId="redeem-rewards"
          />
        )}
        {ctx.type === 'agent' &&
          (ctx.agents === null ? (
            <Text c="dimmed">…</Text>
          ) : ctx.agents.length === 0 ? (
            <Text c="dimmed">{REDEEM_OWN.noAgentTransactions}</Text>
          ) : (
            <Stack gap="xs" data-testid="redeem-agents">
              {ctx.agents.map((a) => (
                <Button
                  key={a.pos_trx_code}
                  variant="default"
                  justify="space-between"
                  onClick={() => send({ type: 'redeem.agent', pos_trx_code: a.pos_trx_code })}
                >
                  {a.pos_trx_code} · {a.agent_code ?? '-'} · {a.reward.item_name}
                </Button>
              ))}
            </Stack>
          ))}
      </Stack>
    </Modal>
  );
}

/** Mounted by the redeem banner (Step 2): renders the dialog while it is open. */
export function RedeemDialogHost() {
  const open = useRedeemDialogOpen();
  if (!open) return null;
  return <DialogBody onClose={closeRedeemDialog} />;
}
