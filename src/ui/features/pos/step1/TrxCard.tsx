// One entry of the pending, completed or saved list (000 §2 step 1): the wording comes from
// model.ts, the actions are buttons big enough for a finger.
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ListEntry } from './model';

export interface TrxCardAction {
  label: string;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
}

export function TrxCard({
  entry,
  onOpen,
  actions,
}: {
  entry: ListEntry;
  onOpen?: () => void;
  actions: TrxCardAction[];
}) {
  const body = (
    <Stack gap={2}>
      {/* '[VOID]' and the order number never shrink; the title wraps rather than being cut (issue 10:
          at 800 px both were cut off). */}
      <Group gap={6} wrap="nowrap" align="flex-start">
        {entry.voidMark && (
          <Badge color="red" variant="filled" radius="sm" style={{ flexShrink: 0 }} data-testid="void-mark">
            {entry.voidMark}
          </Badge>
        )}
        {entry.orderNo && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {entry.orderNo}
          </Text>
        )}
        <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="trx-card-title">
          {entry.title}
        </Text>
      </Group>
      <Text size="sm" truncate>
        {entry.customer} · {entry.contact}
      </Text>
      {entry.summary && (
        <Text size="sm" fw={600}>
          {entry.summary}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {entry.time}
      </Text>
      {entry.documentDate && (
        <Text size="xs" c="dimmed">
          {entry.documentDate}
        </Text>
      )}
      {(entry.label || entry.area) && (
        <Group gap={6}>
          {entry.label && (
            <Badge variant="light" radius="sm">
              {entry.label}
            </Badge>
          )}
          {entry.area && (
            <Badge variant="outline" color="gray" radius="sm">
              {entry.area}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="trx-card" data-id={entry.id}>
      {onOpen ? (
        <UnstyledButton onClick={onOpen} w="100%" aria-label={`Buka ${entry.title}`}>
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
      {actions.length > 0 && (
        <Group gap="xs" mt="xs" wrap="wrap">
          {actions.map((a) => (
            <Button
              key={a.label}
              size="compact-md"
              variant="light"
              color={a.color}
              disabled={a.disabled}
              onClick={a.onClick}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      )}
    </Paper>
  );
}

const PAGE = 30;

/** A list that grows by pages of 30: a long day stays light to render. */
export function PagedList<T>({
  items,
  render,
  empty,
}: {
  items: readonly T[];
  render: (item: T) => ReactNode;
  empty: string;
}) {
  const [shown, setShown] = useState(PAGE);
  if (items.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="list-empty">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs">
      {items.slice(0, shown).map(render)}
      {items.length > shown && (
        <Button variant="subtle" size="md" onClick={() => setShown((n) => n + PAGE)}>
          Tampilkan lebih banyak ({items.length - shown})
        </Button>
      )}
    </Stack>
  );
}
