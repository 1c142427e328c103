// The red '$$' of a customer who owes receivables (000 §2), explained (issue 22 item 6): a tooltip on
// hover or focus and the same words as text for screen readers (the mark itself is hidden from them).
import { Badge, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { RECEIVABLE_TEXTS } from '../../../../domain/texts/receivable';
import { RECEIVABLE_MARK } from './customer-view';

export function ReceivableMark({ id, badge = false }: { id?: string; badge?: boolean }) {
  const mark = badge ? (
    <Badge color="red" variant="light" aria-hidden data-testid="receivable-mark">
      {RECEIVABLE_MARK}
    </Badge>
  ) : (
    <Text component="span" fw={700} c="red" aria-hidden data-testid="receivable-mark">
      {RECEIVABLE_MARK}
    </Text>
  );
  return (
    <>
      <Tooltip
        label={RECEIVABLE_TEXTS.hasReceivable}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {mark}
      </Tooltip>
      <VisuallyHidden id={id} data-testid="receivable-mark-text">
        {RECEIVABLE_TEXTS.hasReceivable}
      </VisuallyHidden>
    </>
  );
}
