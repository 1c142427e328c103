// Storage safety (issue 15): the warnings (quota at 80%, unsynced sales older than 24 hours) and the
// recovery notice (which unsynced sales could not be brought back), shown above every signed-in page by
// StorageBanner and on the storage page.
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { isQuotaWarning, isUnsyncedTooOld, type StorageEstimateLike } from '../../../domain/storage-safety';
import { STORAGE_TEXTS as T } from '../../../domain/texts/storage';
import type { TransactionRecord } from '../../../events';
import type { RecoveryNotice } from '../../../projections/storage-guard';
import { useSessionConfig } from '../../app/use-session-config';
import { formatDateTime, formatRupiah } from '../../components/format';

export function StorageWarnings({
  quota,
  unsynced,
  now,
  withLink,
}: {
  quota: StorageEstimateLike | null;
  unsynced: readonly TransactionRecord[];
  now: Date;
  withLink: boolean;
}) {
  const full = isQuotaWarning(quota);
  const old = isUnsyncedTooOld(unsynced, now);
  if (!full && !old) return null;
  const link = withLink ? (
    <Anchor component={Link} href="/storage" fw={600} data-testid="storage-open">
      {T.openStorage}
    </Anchor>
  ) : null;
  return (
    <Stack gap="xs" mb="md">
      {full && (
        <Alert color="orange" variant="light" role="alert" data-testid="storage-quota-warning">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{T.quotaWarning}</Text>
            {link}
          </Group>
        </Alert>
      )}
      {old && (
        <Alert color="red" variant="light" role="alert" data-testid="storage-unsynced-warning">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{T.unsyncedOld}</Text>
            {link}
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

export function RecoveryNoticeView({ notice, onDismiss }: { notice: RecoveryNotice; onDismiss: () => void }) {
  const { separators } = useSessionConfig();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={T.recoveredTitle}
      mb="md"
      data-testid="storage-recovery-notice"
    >
      <Stack gap="xs">
        <Text size="sm">{T.recovered}</Text>
        {!notice.known ? (
          <Text size="sm" data-testid="storage-lost-unknown">
            {T.lostUnknown}
          </Text>
        ) : notice.lost.length === 0 ? (
          <Text size="sm">{T.lostNone}</Text>
        ) : (
          <>
            <Text size="sm" fw={600} data-testid="storage-lost-count">
              {T.lostSome(notice.lost.length)}
            </Text>
            <List size="sm" data-testid="storage-lost-list">
              {notice.lost.map((sale) => (
                <List.Item key={sale.local_trx_id}>
                  {T.lostSale(
                    String(sale.order_no ?? '-'),
                    formatRupiah(sale.drv_grand_total ?? 0, 'IDR', separators),
                    formatDateTime(sale.trx_local_end_time),
                  )}{' '}
                  ({sale.in_export ? T.lostInExport : T.lostNotExported})
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Group>
          <Button
            size="sm"
            variant="filled"
            color="red.9"
            onClick={onDismiss}
            data-testid="storage-recovery-dismiss"
          >
            {T.dismiss}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
