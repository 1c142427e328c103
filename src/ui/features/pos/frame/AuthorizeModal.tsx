// The password + reason modal the cashier machine asks for (its `authorize` actor): 'Otorisasi Hapus
// Transaksi' (Alasan Penghapusan) and the void (Alasan Pembatalan). The machine checks blank fields
// and verifies the password with the server; this modal only collects them.
import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Authorization, AuthorizationRequest } from '../../../../machines/cashier';

export interface PendingAuthorization {
  request: AuthorizationRequest;
  resolve: (value: Authorization | null) => void;
}

export function AuthorizeModal({ pending }: { pending: PendingAuthorization | null }) {
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (pending) {
      setPassword('');
      setReason('');
    }
  }, [pending]);
  const settle = (value: Authorization | null) => pending?.resolve(value);
  return (
    <Modal
      opened={!!pending}
      onClose={() => settle(null)}
      title={pending?.request.title}
      centered
      zIndex={400}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          settle({ password, reason });
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
            label={pending?.request.reasonLabel}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="md" variant="default" onClick={() => settle(null)}>
              Batal
            </Button>
            <Button size="md" type="submit">
              Konfirmasi
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
