// 'Otorisasi Hapus Transaksi' / 'Otorisasi Hapus Item' / 'Otorisasi Pengubahan Qty Item' (000 §2,
// §5): a masked password and a reason; the password is verified by the server before the
// caller's command runs (it receives { password, reason, verified: true }).
import { Button, Group, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Authorization } from '../../../../projections/commands';
import { type AuthorizationKind, reasonLabel, verifyAuthorization } from './authorization';
import type { DialogsApi } from './dialogs-api';

export interface AuthorizationModalViewProps {
  opened: boolean;
  title: string;
  kind: AuthorizationKind;
  api: Pick<DialogsApi, 'validatePin'>;
  onAuthorized: (authorization: Authorization) => void;
  onCancel: () => void;
  /** Nested over the item modal ('Otorisasi Pengubahan Qty Item'). */
  zIndex?: number;
}

export function AuthorizationModalView({
  opened,
  title,
  kind,
  api,
  onAuthorized,
  onCancel,
  zIndex,
}: AuthorizationModalViewProps) {
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setPassword('');
      setReason('');
      setMessage(null);
    }
  }, [opened]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const out = await verifyAuthorization(api, { password, reason, kind });
    setBusy(false);
    if (out.ok) onAuthorized(out.authorization);
    else setMessage(out.message);
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={zIndex ?? 400}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label="Password"
            size="md"
            data-autofocus
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Textarea
            label={reasonLabel(kind)}
            size="md"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onCancel}>
              Batal
            </Button>
            <Button type="submit" size="md" color="red" loading={busy}>
              Otorisasi
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
