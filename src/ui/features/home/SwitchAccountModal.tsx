// "Ganti Akun Kasir": e-mail and password; the statechart does the soft sign-out and the sign-in.
import { Button, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export function SwitchAccountModal({
  opened,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (email: string, password: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email.trim(), password);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Ganti Akun Kasir" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            name="switch-email"
            type="email"
            size="md"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="switch-password"
            size="md"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={busy}>
            Ganti Akun Kasir
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
