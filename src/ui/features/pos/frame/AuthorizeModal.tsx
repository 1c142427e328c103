// The password + reason modal the cashier machine asks for (its `authorize` actor): 'Otorisasi Hapus
// Transaksi' (Alasan Penghapusan) and the void (Alasan Pembatalan). The machine checks blank fields
// and verifies the password with the server; this modal collects them. It stays open while the
// machine checks them: when it asks again the typed reason is kept (and the password, unless the
// server refused it), and the reason for asking again shows in the dialog, once (no toast besides).
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';
import type { Authorization, AuthorizationRequest } from '../../../../machines/cashier';

export interface PendingAuthorization {
  request: AuthorizationRequest;
  resolve: (value: Authorization | null) => void;
}

export interface AuthorizeModalProps {
  pending: PendingAuthorization | null;
  /** The cashier machine is running a call (the check of what was typed). */
  busy: boolean;
}

/**
 * Memoised (issue 28): the page re-renders its frame's parts on every cart change, and this closed
 * Mantine modal reads only the request and the busy flag.
 */
export const AuthorizeModal = memo(function AuthorizeModal({ pending, busy }: AuthorizeModalProps) {
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<AuthorizationRequest | null>(null);
  // Sent and being checked: the dialog stays until the machine asks again or finishes.
  const [checking, setChecking] = useState(false);
  const sawBusy = useRef(false);

  useEffect(() => {
    if (!pending) return;
    setShown(pending.request);
    setChecking(false);
    setPassword(pending.request.password ?? '');
    setReason(pending.request.reason ?? '');
  }, [pending]);

  useEffect(() => {
    if (!checking) {
      sawBusy.current = false;
      return;
    }
    if (busy) sawBusy.current = true;
    else if (sawBusy.current && !pending) {
      // The check passed and the flow went on (or ended): nothing more to ask.
      setChecking(false);
      setShown(null);
    }
  }, [checking, busy, pending]);

  const settle = (value: Authorization | null) => {
    setChecking(value !== null);
    if (value === null) setShown(null);
    pending?.resolve(value);
  };
  const request = pending?.request ?? shown;
  const message = pending?.request.message ?? null;
  return (
    <Modal
      opened={!!pending || checking}
      onClose={() => !checking && settle(null)}
      title={request?.title}
      centered
      zIndex={400}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (pending) settle({ password, reason });
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            size="md"
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
            autoComplete="off"
          />
          <TextInput
            size="md"
            label={request?.reasonLabel}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="md" variant="default" onClick={() => settle(null)} disabled={checking}>
              Batal
            </Button>
            <Button size="md" type="submit" loading={checking}>
              Konfirmasi
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
