import { Alert } from '@mantine/core';
import type { InventoryNotice } from './useInventorySubmit';

const COLORS = { success: 'teal', error: 'red', info: 'blue' } as const;

/** An inventory submit's outcome: a success or a retry in progress (status), a refusal (alert). */
export function InventoryNoticeAlert({ notice, testId }: { notice: InventoryNotice | null; testId: string }) {
  if (!notice) return null;
  return (
    <Alert
      color={COLORS[notice.kind]}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      data-kind={notice.kind}
    >
      {notice.text}
    </Alert>
  );
}
