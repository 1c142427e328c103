// Home (000 §2): version, configuration time + "Perbarui Konfigurasi", "Ganti Akun Kasir",
// device settings, closing card, summaries, the 48-hour alert. Device/closing/summary need CASHIER_SYSTEM.
import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { APP_BUILD, APP_VERSION } from '../../../api/contract';
import { formatMoney, isOn, type Separators } from '../../../domain';
import { DEVICE_TEXTS } from '../../../domain/texts/device';
import { isSignInStale } from '../../../machines/session-types';
import type { DeviceSettings } from '../../app/session-context';
import { hasAccess, type ShellUserData } from '../../app/user-data';
import { formatDateTime } from '../../components/format';
import { PrinterSettings } from '../../printing/PrinterSettings';
import { SwitchAccountModal } from './SwitchAccountModal';
import { type MethodCard, type SummaryTrx, summarisePaymentMethods, summariseTransactions } from './summary';

export const STALE_SIGN_IN_MESSAGE =
  'Anda sudah sign in lebih dari 48 jam. Silakan sign out dan sign in kembali untuk menghindari kehilangan data.';

export const SETTLEMENT_BUTTONS = [
  { href: '/settlement/signed-in', label: 'Settlement Sign In' },
  { href: '/settlement/today', label: 'Settlement Hari Ini' },
  { href: '/settlement/today-by-outlet', label: 'Settlement Hari Ini (Outlet)' },
] as const;

export interface HomeViewProps {
  userData: ShellUserData;
  device: DeviceSettings;
  transactions: readonly SummaryTrx[];
  now: Date;
  reloading: boolean;
  switching: boolean;
  onReloadConfig: () => void;
  onSwitchAccount: (email: string, password: string) => void;
  onDeviceChange: (patch: Partial<DeviceSettings>) => void;
}

export function HomeView(props: HomeViewProps) {
  const { userData, device, transactions, now } = props;
  const [switchOpen, setSwitchOpen] = useState(false);
  // The modal closes once the switch has landed: another business user is signed in.
  const userAtOpen = useRef(userData.business_user_id);
  useEffect(() => {
    if (switchOpen && userData.business_user_id !== userAtOpen.current) setSwitchOpen(false);
  }, [switchOpen, userData.business_user_id]);
  const cashier = hasAccess(userData, 'CASHIER_SYSTEM');
  const sep: Separators = device;
  const summary = summariseTransactions(transactions);
  const methods = isOn(userData.is_getpos)
    ? summarisePaymentMethods(transactions, userData.payment_method ?? [])
    : null;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Home
      </Title>
      {isSignInStale(userData.signed_in_at, now) && (
        <Alert color="red" variant="filled" title="Peringatan" data-testid="stale-sign-in">
          {STALE_SIGN_IN_MESSAGE}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Text c="dimmed" size="sm">
              Versi Aplikasi
            </Text>
            <Text fw={700} size="xl" data-testid="app-version">
              {APP_VERSION}
            </Text>
            <Text size="xs" c="dimmed">
              Build {APP_BUILD}
            </Text>
            <Text c="dimmed" size="sm" mt="sm">
              Konfigurasi terakhir diperbarui
            </Text>
            <Text fw={500} data-testid="retrieve-time">
              {formatDateTime(userData.retrieve_time)}
            </Text>
            <Group mt="sm">
              <Button size="md" onClick={props.onReloadConfig} loading={props.reloading}>
                Perbarui Konfigurasi
              </Button>
              <Button
                size="md"
                variant="light"
                onClick={() => {
                  userAtOpen.current = userData.business_user_id;
                  setSwitchOpen(true);
                }}
              >
                Ganti Akun Kasir
              </Button>
            </Group>
          </Stack>
        </Card>

        {cashier && (
          <Card withBorder radius="md" p="lg" data-testid="device-settings">
            <Stack gap="sm">
              <Text fw={700}>Pengaturan Perangkat</Text>
              <Text size="sm" c="dimmed">
                Mode Tampilan
              </Text>
              <SegmentedControl
                size="md"
                value={device.displayMode}
                onChange={(value) =>
                  props.onDeviceChange({ displayMode: value === 'TABLET' ? 'TABLET' : 'DESKTOP' })
                }
                data={[
                  { value: 'DESKTOP', label: 'Desktop' },
                  { value: 'TABLET', label: 'Tablet' },
                ]}
              />
              <Text size="sm" data-testid="display-mode-help">
                {DEVICE_TEXTS[device.displayMode === 'TABLET' ? 'TABLET' : 'DESKTOP']}
              </Text>
              <Text size="sm" c="dimmed">
                Ukuran Kertas Printer
              </Text>
              <SegmentedControl
                size="md"
                value={device.printerPaperSize}
                onChange={(value) =>
                  props.onDeviceChange({ printerPaperSize: value === '6cm' ? '6cm' : '8cm' })
                }
                data={[
                  { value: '8cm', label: '8cm' },
                  { value: '6cm', label: '6cm' },
                ]}
              />
              <PrinterSettings device={device} onChange={props.onDeviceChange} />
            </Stack>
          </Card>
        )}
      </SimpleGrid>

      {cashier && (
        <Card withBorder radius="md" p="lg" data-testid="closing-card">
          <Stack gap="sm">
            <Text fw={700}>Closing</Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Waktu sign in:
              </Text>
              <Text fw={500} data-testid="signed-in-at">
                {formatDateTime(userData.signed_in_at)}
              </Text>
            </Group>
            <Group>
              {SETTLEMENT_BUTTONS.map((b) => (
                <Button
                  key={b.href}
                  component="a"
                  href={b.href}
                  target="_blank"
                  rel="noopener"
                  size="md"
                  variant="outline"
                >
                  {b.label}
                </Button>
              ))}
            </Group>
          </Stack>
        </Card>
      )}

      {cashier && (
        <Card withBorder radius="md" p="lg" data-testid="trx-summary">
          <Text fw={700} mb="sm">
            Ringkasan Seluruh Transaksi
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            <Stat label="Transaksi Selesai" value={String(summary.completedCount)} />
            <Stat label="Total Transaksi Selesai" value={formatMoney(summary.completedTotal, sep)} />
            <Stat label="Biaya Tambahan" value={formatMoney(summary.completedExtraCharges, sep)} />
            <Stat label="Transaksi Pending" value={String(summary.pendingCount)} />
            <Stat label="Total Transaksi Pending" value={formatMoney(summary.pendingTotal, sep)} />
          </SimpleGrid>
        </Card>
      )}

      {cashier && methods && <PaymentMethodCards cards={methods} separators={sep} />}

      <SwitchAccountModal
        opened={switchOpen}
        busy={props.switching}
        onClose={() => setSwitchOpen(false)}
        onSubmit={(email, password) => {
          props.onSwitchAccount(email, password);
        }}
      />
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

export function PaymentMethodCards({ cards, separators }: { cards: MethodCard[]; separators: Separators }) {
  return (
    <Stack gap="sm" data-testid="payment-method-summary">
      <Text fw={700}>Ringkasan Metode Pembayaran</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {cards.map((card) => (
          <Card key={card.key} withBorder radius="md" p="md" data-method={card.label}>
            <Text fw={700}>{card.label}</Text>
            <Group justify="space-between" mt="xs">
              <Text size="sm" c="dimmed">
                Jumlah Transaksi
              </Text>
              <Text fw={500}>{card.count}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Nominal
              </Text>
              <Text fw={500}>{formatMoney(card.amount, separators)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Biaya Tambahan
              </Text>
              <Text fw={500}>{formatMoney(card.extraCharges, separators)}</Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
