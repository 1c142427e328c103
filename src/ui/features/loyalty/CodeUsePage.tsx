// /redeem-qr-transaction 'Penukaran Poin - Melalui Kode QR' (001 §2.4) and /coupon-use-qr 'Penggunaan Kupon -
// Melalui Kode QR' (001 §2.6): one statechart (src/machines/code-use.ts) — the code typed or scanned, the
// preview, 'Redeem Now', the purchase-no. modal, the success dialog, reset.
import { Alert, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type CodeKind, createLoyaltyApi } from '../../../api/loyalty';
import { redeemSuccessText } from '../../../domain/loyalty';
import { LOYALTY_TEXTS as T } from '../../../domain/texts/loyalty';
import { type CodePreview, codeUseMachine } from '../../../machines/code-use';
import { inspectOptions } from '../../app/inspector';
import { useServices } from '../../app/services';
import { cameraAvailable, QrScanner } from '../pos/customer/QrScanner';
import { PurchaseNoModal, TrxSuccessModal } from './RedeemModals';

type Detail = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function PreviewDetails({ kind, preview }: { kind: CodeKind; preview: CodePreview }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {preview.user_name ?? ''} ({preview.user_code ?? ''})
      </Text>
      {preview.details.map((d: Detail) => {
        const image = str(kind === 'coupon' ? d.coupon_image : d.image_url);
        const name = str(kind === 'coupon' ? d.coupon_name : d.item_name);
        return (
          <Group key={JSON.stringify(d)} gap="sm" wrap="nowrap" data-testid="code-detail">
            {image ? <Image src={image} alt={name} w={64} h={64} fit="cover" radius="sm" /> : null}
            <Stack gap={0}>
              <Text>
                {kind === 'coupon' ? '1' : str(d.qty ?? 1)} x {name}
              </Text>
              {kind === 'reward' ? (
                <Text size="sm" c="dimmed">
                  {str(d.drv_total_point)} {str(d.reward_name)}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

export function CodeUsePage({ kind }: { kind: CodeKind }) {
  const { client } = useServices();
  const api = useMemo(() => createLoyaltyApi(client), [client]);
  const machine = useMemo(
    () =>
      codeUseMachine.provide({
        actors: {
          preview: fromPromise(
            async ({ input }: { input: { code: string } }): Promise<CodePreview> =>
              (kind === 'coupon'
                ? await api.couponPreview(input.code)
                : await api.redeemPreview(input.code)) as CodePreview,
          ),
          confirm: fromPromise(async ({ input }: { input: { scancode: string } }) =>
            api.confirm(input.scancode, kind),
          ),
          save: fromPromise(async ({ input }: { input: { scancode: string; pos_trx_code: string } }) =>
            api.save(input.scancode, input.pos_trx_code, kind),
          ),
        },
      }),
    [api, kind],
  );
  const [snap, send] = useMachine(machine, inspectOptions());
  const ctx = snap.context;
  const title = kind === 'coupon' ? T.couponQrTitle : T.redeemQrTitle;
  const busy = snap.matches('looking') || snap.matches('confirming') || snap.matches('saving');
  const atCode = snap.matches('code') || snap.matches('looking');
  const inModal = snap.matches('purchaseNo') || snap.matches('saving');

  return (
    <Stack p="md" gap="md" maw={720}>
      <Title order={2}>{title}</Title>
      {atCode ? (
        <Paper withBorder p="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'code.submit' });
            }}
          >
            <Stack gap="sm">
              {cameraAvailable() ? (
                <QrScanner
                  size={240}
                  hideWithoutCamera
                  onScan={(code) => send({ type: 'code.scanned', code })}
                />
              ) : null}
              <TextInput
                label={T.codeLabel}
                value={ctx.code}
                onChange={(e) => send({ type: 'code.change', code: e.currentTarget.value })}
                error={ctx.error ?? undefined}
                autoComplete="off"
              />
              <Group>
                <Button type="submit" loading={snap.matches('looking')}>
                  {T.check}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
      {ctx.preview && (snap.matches('preview') || snap.matches('confirming')) ? (
        <Paper withBorder p="md">
          <Stack gap="md">
            <PreviewDetails kind={kind} preview={ctx.preview} />
            {ctx.error ? (
              <Alert color="red" role="alert">
                {ctx.error}
              </Alert>
            ) : null}
            <Group>
              <Button onClick={() => send({ type: 'preview.confirm' })} loading={busy}>
                {T.redeemNow}
              </Button>
              <Button variant="default" onClick={() => send({ type: 'preview.cancel' })} disabled={busy}>
                {T.cancel}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <PurchaseNoModal
        opened={inModal}
        purchaseNo={ctx.purchaseNo}
        error={ctx.error}
        saving={snap.matches('saving')}
        onChange={(purchaseNo) => send({ type: 'purchase.change', purchaseNo })}
        onSave={() => send({ type: 'purchase.save' })}
        onCancel={() => send({ type: 'purchase.cancel' })}
        busy={busy}
      >
        {ctx.preview ? (
          <Text>
            {kind === 'coupon'
              ? `${ctx.preview.user_name ?? ''}: 1 x ${str(ctx.preview.details[0]?.coupon_name)} (${ctx.preview.scancode})`
              : redeemSuccessText(ctx.preview as never)}
          </Text>
        ) : null}
      </PurchaseNoModal>
      <TrxSuccessModal
        opened={snap.matches('done')}
        message={ctx.savedMessage}
        onClose={() => send({ type: 'done.close' })}
      />
    </Stack>
  );
}
