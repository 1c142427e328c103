// An inventory entry's submit: the outcome notice above one button that sends the draft exactly once
// (useInventorySubmit); the button shows its loader while the answer is awaited.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { InventoryNoticeAlert } from '../InventoryNoticeAlert';
import type { InventoryNotice } from '../useInventorySubmit';

export function SubmitBar({
  notice,
  noticeTestId,
  label,
  busy,
  onSubmit,
  testId,
  before,
}: {
  notice: InventoryNotice | null;
  noticeTestId: string;
  label: string;
  busy: boolean;
  onSubmit: () => void;
  testId: string;
  /** Buttons left of the submit (the transfer acceptance's 'Cancel'). */
  before?: ReactNode;
}) {
  return (
    <>
      <InventoryNoticeAlert notice={notice} testId={noticeTestId} />
      <Group justify="flex-end">
        {before}
        <Button size="md" onClick={onSubmit} loading={busy} data-testid={testId}>
          {label}
        </Button>
      </Group>
    </>
  );
}
