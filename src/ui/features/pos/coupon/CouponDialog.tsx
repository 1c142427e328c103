// Issue 14 'Penggunaan Kupon' (000 §2 step 2 'Kupon'): the coupon dialog, run by its statechart
// (src/machines/coupon-dialog.ts). Browse the customer's coupons with a search over coupon_name and
// coupon_notes (cashier_indirect_coupon_redeem = 0, 75% wide) or type / scan the coupon's code (= 1, 500 px);
// either way an Agent tab lists the coupons partner channels sold the customer (000 §2), searchable by
// pos_trx_code, coupon_name, date, agent_code, coupon_notes and trx_id;
// the chosen coupon is applied and an 'item' link opens the item dialog for the linked item.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { createLoyaltyApi } from '../../../../api/loyalty';
import { createRedeemApi } from '../../../../api/redeem';
import { type HeldCoupon, toWallClock } from '../../../../domain';
import type { AgentCoupon } from '../../../../domain/coupon-agent';
import { REDEEM_OWN, REDEEM_TEXTS } from '../../../../domain/texts/redeem';
import { codeUseMessage } from '../../../../machines/code-use';
import {
  type CouponDialogInput,
  couponDialogMachine,
  shownAgentCoupons,
  shownCoupons,
} from '../../../../machines/coupon-dialog';
import { inspectOptions } from '../../../app/inspector';
import { useServices } from '../../../app/services';
import { usePos } from '../context';
import { cameraAvailable, QrScanner } from '../customer/QrScanner';
import { itemModalActions } from '../item-modal/store';

export const COUPON_DIALOG_TITLE = 'Penggunaan Kupon';
const SEARCH_PLACEHOLDER = 'Cari kupon..';
/** the browse tab's label (the spec names the modes browse, qr, agent; 'Kupon' is the button that opens it) */
const COUPON_TAB_OWN = 'Kupon';

// Which coupon dialog is open: the 'Kupon' button opens it; <CouponDialogHost/> renders it.
let openCount = 0;
const listeners = new Set<() => void>();
export function openCouponDialog(): void {
  openCount += 1;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
let closedAt = 0;
const closeCouponDialog = () => {
  closedAt = openCount;
  for (const l of listeners) l();
};

/** Mounted with the step 2 banners: the open coupon dialog, a fresh statechart each time it opens. */
export function CouponDialogHost() {
  const count = useSyncExternalStore(
    subscribe,
    () => (openCount > closedAt ? openCount : 0),
    () => 0,
  );
  const { trx } = usePos();
  if (!count || !trx) return null;
  return <CouponDialog key={count} />;
}

function CouponDialog() {
  const { trx, config, commands, notify, confirm, now } = usePos();
  const items = itemModalActions();
  const { client } = useServices();
  const redeemApi = useMemo(() => createRedeemApi(client), [client]);
  const loyaltyApi = useMemo(() => createLoyaltyApi(client), [client]);
  // read once, when the dialog opens
  const [input] = useState<CouponDialogInput>(() => ({
    local_trx_id: trx?.local_trx_id ?? '',
    hasCustomer: !!trx?.customer,
    couponSet: !!trx?.coupon,
    indirect: Number(config.cashier_indirect_coupon_redeem ?? 0) === 1,
    today: toWallClock(now()).date,
    items: config.pos_items,
    coupons: (trx?.customer?.active_coupons ?? []) as unknown as HeldCoupon[],
    userCode: trx?.customer?.user_code ?? null,
  }));
  const [machine] = useState(() =>
    couponDialogMachine.provide({
      actors: {
        loadCoupons: fromPromise(async () => {
          const code = trx?.customer?.user_code;
          if (!code) throw new Error('no customer code');
          // 000 §7 user coupons
          return (await loyaltyApi.userCoupons(code)) as unknown as HeldCoupon[];
        }),
        lookupCode: fromPromise(async ({ input: i }) => {
          // 000 §7 coupon QR: a code the customer's list does not hold
          try {
            const p = await loyaltyApi.couponPreview(i.code);
            const d = p.details[0];
            if (!d?.coupon_user_id) throw new Error(REDEEM_TEXTS.connectionError);
            return {
              user_code: p.user_code,
              coupon: { ...d, coupon_user_id: d.coupon_user_id } as unknown as HeldCoupon,
            };
          } catch (e) {
            throw new Error(codeUseMessage(e));
          }
        }),
        loadAgentCoupons: fromPromise(async () => {
          const code = trx?.customer?.user_code;
          // a new customer (no user_code yet) has no agent transactions
          if (!code) return [];
          return (await redeemApi.agentCoupons(code)) as unknown as AgentCoupon[];
        }),
        applyCoupon: fromPromise(async ({ input: i }) => {
          const r = await commands.applyCoupon(i);
          if (!r.ok) throw new Error(r.message);
        }),
        removeCoupon: fromPromise(async ({ input: i }) => {
          const r = await commands.removeCoupon(i);
          if (!r.ok) throw new Error(r.message);
        }),
        confirm: fromPromise(async ({ input: i }) => confirm({ title: i.title, message: i.message })),
      },
      actions: {
        notify: (_, p) => notify(p.kind, p.message),
        openLinkedItem: (_, linked) => {
          if (!linked) return;
          items.open({
            item: linked.item,
            itemMaxQty: linked.itemMaxQty,
            variantId:
              linked.item.pos_item_variants.length === 1
                ? linked.item.pos_item_variants[0].pos_item_variant_id
                : null,
            origin: { coupon: linked.marker },
            onDismiss: () => actorRef.send({ type: 'ITEM_DISMISSED' }),
            onAdded: () => actorRef.send({ type: 'ITEM_ADDED' }),
          });
        },
      },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(machine, { input, ...inspectOptions() });
  const ctx = snapshot.context;
  if (snapshot.status === 'done') {
    queueMicrotask(closeCouponDialog);
    return null;
  }
  const showing =
    snapshot.matches('choosing') ||
    snapshot.matches('loading') ||
    snapshot.matches('loadingAgent') ||
    snapshot.matches('lookingUp') ||
    snapshot.matches('applying');
  if (!showing) return null;
  const busy = snapshot.hasTag('busy');
  const shown = shownCoupons(ctx);
  const agents = shownAgentCoupons(ctx);
  return (
    <Modal
      opened
      onClose={() => send({ type: 'CLOSE' })}
      title={
        <Text fw={700} size="lg">
          {COUPON_DIALOG_TITLE}
        </Text>
      }
      size={ctx.indirect ? 500 : '75%'}
      data-testid="coupon-dialog"
    >
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={ctx.mode === 'agent' ? 'agent' : 'own'}
          onChange={(v) => send({ type: 'MODE', mode: v === 'agent' ? 'agent' : 'own' })}
          data={[
            { value: 'own', label: ctx.indirect ? REDEEM_TEXTS.typeQr : COUPON_TAB_OWN },
            { value: 'agent', label: REDEEM_TEXTS.typeAgent },
          ]}
          aria-label={COUPON_DIALOG_TITLE}
        />
        {ctx.error && (
          <Alert color="red" variant="light" role="alert">
            {ctx.error}
          </Alert>
        )}
        {ctx.mode === 'agent' ? (
          <SearchableOptions
            search={ctx.search}
            onSearch={(search) => send({ type: 'SEARCH', search })}
            busy={busy}
            empty={
              !busy && ctx.agentCoupons !== null && agents.length === 0
                ? REDEEM_OWN.noAgentTransactions
                : null
            }
          >
            {agents.map((a) => (
              <OptionCard
                key={a.pos_trx_code}
                testId="coupon-agent-option"
                disabled={busy}
                onPick={() => send({ type: 'PICK_AGENT', pos_trx_code: a.pos_trx_code })}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>{a.coupon_detail?.coupon_name ?? '-'}</Text>
                    <Text size="sm">
                      {a.pos_trx_code} · {a.agent_code} · {a.trx_id}
                    </Text>
                    {a.coupon_notes && <Text size="sm">{a.coupon_notes}</Text>}
                    <Text size="sm">
                      {a.created_at} · Expired: {a.expired_date ?? '-'}
                    </Text>
                  </Stack>
                  <Badge variant="light" color="dark">
                    {a.agent_code}
                  </Badge>
                </Group>
              </OptionCard>
            ))}
          </SearchableOptions>
        ) : ctx.mode === 'browse' ? (
          <SearchableOptions
            search={ctx.search}
            onSearch={(search) => send({ type: 'SEARCH', search })}
            busy={busy}
            empty={!busy && shown.length === 0 ? 'Tidak ada kupon.' : null}
          >
            {shown.map((c) => (
              <OptionCard
                key={c.coupon_user_id}
                testId="coupon-option"
                disabled={busy}
                onPick={() => send({ type: 'PICK', coupon_user_id: c.coupon_user_id })}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{c.coupon_detail?.coupon_name ?? '-'}</Text>
                    {c.coupon_notes && <Text size="sm">{c.coupon_notes}</Text>}
                    <Text size="sm">Expired: {c.expired_date ?? '-'}</Text>
                  </Stack>
                  <Badge variant="light" color="dark">
                    {c.qty} x
                  </Badge>
                </Group>
              </OptionCard>
            ))}
          </SearchableOptions>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT_CODE' });
            }}
          >
            <Stack gap="sm">
              {cameraAvailable() ? (
                <QrScanner
                  size={220}
                  hideWithoutCamera
                  onScan={(code) => {
                    send({ type: 'CODE', code });
                    send({ type: 'SUBMIT_CODE' });
                  }}
                />
              ) : null}
              <TextInput
                label="Kode kupon"
                value={ctx.code}
                onChange={(e) => send({ type: 'CODE', code: e.currentTarget.value })}
                data-autofocus
              />
              <Button type="submit" loading={busy}>
                Gunakan
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}

/** The browse and Agent lists: a search field, the options in a scrolling column, and the empty text. */
function SearchableOptions(props: {
  search: string;
  onSearch: (search: string) => void;
  busy: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <TextInput
        label="Cari"
        placeholder={SEARCH_PLACEHOLDER}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        data-autofocus
      />
      {props.busy && <Loader size="sm" aria-label="Memuat" />}
      <ScrollArea.Autosize mah="55vh">
        <Stack gap="xs">
          {props.children}
          {props.empty && <Text size="sm">{props.empty}</Text>}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}

/** One option of those lists: the whole card is the button that picks it. */
function OptionCard(props: { testId: string; disabled: boolean; onPick: () => void; children: ReactNode }) {
  return (
    <Card
      withBorder
      padding="sm"
      component="button"
      type="button"
      disabled={props.disabled}
      onClick={props.onPick}
      style={{ textAlign: 'left', cursor: 'pointer' }}
      data-testid={props.testId}
    >
      {props.children}
    </Card>
  );
}
