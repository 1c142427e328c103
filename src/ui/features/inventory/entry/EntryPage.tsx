// The frame every inventory entry screen shares (issue 23 item 17): the page heading and the draft's
// local_trx_id on the root (browser tests read it), then the screen's own panes.
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function EntryPage({
  title,
  testId,
  localTrxId,
  children,
}: {
  title: string;
  testId?: string;
  localTrxId?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" miw={0} data-testid={testId} data-local-trx-id={localTrxId}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
