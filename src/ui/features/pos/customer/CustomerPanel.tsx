// The current-customer panel of step 2's right side (000 §2): name or 'New Customer', the
// membership, a red '$$' for receivables, the birthday line, the contact or 'No information'.
// A tap opens Set Customer; 'Lihat Catatan Jurnal Pelanggan' opens the customer's journal. The button is
// named by what it shows (the customer, then 'Set Customer' in view): an aria-label of its own differed from
// its visible text (axe label-content-name-mismatch, WCAG 2.5.3), so a voice user saying what they see
// could not reach it.
import { Anchor, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import type { Customer, Now } from '../../../../domain';
import { CakeIcon } from './CakeIcon';
import {
  BIRTHDAY_GREETING,
  customerPanelView,
  JOURNAL_LINK_LABEL,
  SET_CUSTOMER_LABEL,
} from './customer-view';
import { ReceivableMark } from './ReceivableMark';

export interface CustomerPanelViewProps {
  customer: Customer | null;
  customer_journal: number | boolean | null | undefined;
  now: Now;
  onOpen: () => void;
  onOpenJournal: () => void;
}

export function CustomerPanelView({
  customer,
  customer_journal,
  now,
  onOpen,
  onOpenJournal,
}: CustomerPanelViewProps) {
  const v = customerPanelView(customer, { now, customer_journal });
  const markId = useId();
  return (
    <Paper withBorder p={0} radius="md">
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        p="sm"
        style={{ minHeight: 56 }}
        data-testid="customer-panel"
        aria-describedby={v.receivables ? markId : undefined}
      >
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} truncate>
              {v.name}
              {v.membership}
            </Text>
            {v.receivables && <ReceivableMark id={markId} />}
            <Text size="sm" c="teal.8" fw={500} ml="auto" style={{ flex: 'none' }}>
              {SET_CUSTOMER_LABEL}
            </Text>
          </Group>
          {v.birthday && (
            <Group gap={4} c="pink.7">
              <CakeIcon />
              <Text size="sm" c="pink.7" fw={500}>
                {BIRTHDAY_GREETING}
              </Text>
            </Group>
          )}
          <Text size="sm" c="dimmed" truncate>
            {v.contact}
          </Text>
        </Stack>
      </UnstyledButton>
      {v.showJournalLink && (
        <Anchor component="button" type="button" size="sm" px="sm" pb="sm" onClick={onOpenJournal}>
          {JOURNAL_LINK_LABEL}
        </Anchor>
      )}
    </Paper>
  );
}
