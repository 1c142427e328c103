// The two closing steps of a redemption by code (001 §2.4–2.6): 'Redeem Berhasil' with the server's message and
// Purchase No. / 'Simpan', then the transaction's success dialog. Shared by the QR code and coupon pages
// (CodeUsePage) and the SMS page (SmsRedeemPage).
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOYALTY_TEXTS as T } from '../../../domain/texts/loyalty';

/**
 * The purchase-no. modal; `children` is the message above the field. Without `onCancel` it cannot be closed
 * (no close button, Escape or outside click, no Batal): the SMS code is already used.
 */
export function PurchaseNoModal({
  opened,
  purchaseNo,
  error,
  saving,
  onChange,
  onSave,
  onCancel,
  busy = false,
  children,
}: {
  opened: boolean;
  purchaseNo: string;
  error: string | null;
  saving: boolean;
  onChange: (purchaseNo: string) => void;
  onSave: () => void;
  onCancel?: () => void;
  /** Batal is disabled while busy */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel ?? (() => undefined)}
      withCloseButton={onCancel !== undefined}
      title={T.redeemSuccess}
      closeOnClickOutside={false}
      closeOnEscape={onCancel !== undefined}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Stack gap="sm">
          {children}
          <TextInput
            label={T.purchaseNo}
            value={purchaseNo}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                {T.cancel}
              </Button>
            ) : null}
            <Button type="submit" loading={saving}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The success dialog after Simpan: the server's message, else the spec's text; Tutup starts afresh. */
export function TrxSuccessModal({
  opened,
  message,
  onClose,
}: {
  opened: boolean;
  message: string | null | undefined;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={T.trxSuccessTitle}>
      <Stack gap="sm">
        <Text>{message ?? T.trxSuccessText}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{T.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
