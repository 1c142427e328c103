// The cashier page's header (000 §2): back, the title ("Appointment Sales" for status 1, else the
// page title with the transaction), and "Simpan" (archive; SAVE_TRANSACTION) / "Hapus" in steps 2–3.
// The device's state (online, sales waiting to sync) is always shown (issue 10).
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useLocation } from 'wouter';
import { shortId } from '../../../../domain';
import type { CashierEvent, CashierStep } from '../../../../machines/cashier';
import { DeviceStatus } from '../../../components/DeviceStatus';
import { usePos } from '../context';
import { allowed } from './access';

export const PAGE_TITLE = 'Sistem Kasir';
export const APPOINTMENT_TITLE = 'Appointment Sales';

export function Header() {
  const { cashier, trx, config, local_trx_id } = usePos();
  const [, navigate] = useLocation();
  const { step, busy, appointment, send } = cashier;
  const editing = step === 2 || step === 3;
  const title = editing && appointment ? APPOINTMENT_TITLE : PAGE_TITLE;
  const subtitle =
    editing && local_trx_id
      ? `${shortId(local_trx_id)}${trx?.trx_name ? ` - ${trx.trx_name}` : ''}`
      : step === 4
        ? 'Transaksi Selesai'
        : null;
  return (
    <HeaderView
      step={step}
      busy={busy}
      title={title}
      subtitle={subtitle}
      actions={editing && !appointment}
      canSave={allowed(config, 'SAVE_TRANSACTION')}
      send={send}
      navigate={navigate}
    />
  );
}

interface HeaderViewProps {
  step: CashierStep;
  busy: boolean;
  title: string;
  subtitle: string | null;
  /** 'Simpan' / 'Hapus' (steps 2–3, not an appointment). */
  actions: boolean;
  canSave: boolean;
  send: (event: CashierEvent) => void;
  navigate: (to: string) => void;
}

// Values only: a cart change (new transaction object) does not re-render the header.
const HeaderView = memo(function HeaderView({
  step,
  busy,
  title,
  subtitle,
  actions,
  canSave,
  send,
  navigate,
}: HeaderViewProps) {
  const back = () => {
    if (step === 1) navigate('/');
    else if (step === 2 || step === 3) send({ type: 'step.back' });
    else if (step === 4) send({ type: 'done' });
    else send({ type: 'preview.close' });
  };
  return (
    <Paper
      px="md"
      py={6}
      radius={0}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="pos-header"
    >
      <Group justify="space-between" wrap="nowrap" h={52}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button variant="subtle" size="md" onClick={back} disabled={busy} aria-label="Kembali">
            ←
          </Button>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={1} size="h3" lh={1.1}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed" truncate>
                {subtitle}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <DeviceStatus />
          {actions && canSave && (
            <Button size="md" variant="light" onClick={() => send({ type: 'trx.archive' })} disabled={busy}>
              Simpan
            </Button>
          )}
          {actions && (
            <Button
              size="md"
              variant="light"
              color="red"
              onClick={() => send({ type: 'trx.delete' })}
              disabled={busy}
            >
              Hapus
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
});
