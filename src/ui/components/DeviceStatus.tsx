// The device's state, always in the header (issue 10, ruling 24): online or offline, and how many
// completed sales wait to be synced. The spec has no text for it; the labels are ours (DEVICE_STATUS).
import { Badge, Group } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useOutboxCount } from '../app/read-models';

export const DEVICE_STATUS = {
  online: 'Online',
  offline: 'Offline',
  waiting: (n: number) => `Belum sync: ${n}`,
  label: 'Status perangkat',
} as const;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const onlineNow = () => navigator.onLine !== false;

/** navigator.onLine, re-read on the browser's online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, onlineNow, () => true);
}

export function DeviceStatus() {
  const online = useOnline();
  const waiting = useOutboxCount();
  return <DeviceStatusView online={online} waiting={waiting} />;
}

export function DeviceStatusView({ online, waiting }: { online: boolean; waiting: number }) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-label={DEVICE_STATUS.label}
      data-testid="device-status"
      data-online={online ? '1' : '0'}
      data-waiting={waiting}
    >
      <Badge
        color={online ? 'teal' : 'red'}
        c={online ? 'teal.9' : 'red.9'}
        variant="light"
        size="lg"
        tt="none"
        leftSection={<span aria-hidden="true">●</span>}
        data-testid="device-network"
      >
        {online ? DEVICE_STATUS.online : DEVICE_STATUS.offline}
      </Badge>
      <Badge
        color={waiting > 0 ? 'orange' : 'gray'}
        // red.9 on the light orange: orange.9 there is under 4.5:1 (axe, issue 15's storage page)
        c={waiting > 0 ? 'red.9' : 'gray.8'}
        variant="light"
        size="lg"
        tt="none"
        data-testid="device-outbox"
      >
        {DEVICE_STATUS.waiting(waiting)}
      </Badge>
    </Group>
  );
}
