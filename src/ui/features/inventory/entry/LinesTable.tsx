// The list of an inventory entry ('Detail Barang …', issue 23 item 17): one row per listed variant with the
// screen's columns, a delete per row (the screen confirms it), an empty row, and an optional footer.
import { ActionIcon, Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LineColumn<L> {
  /** data-column of the cells. */
  key: string;
  header: string;
  numeric?: boolean;
  nowrap?: boolean;
  cell: (line: L) => ReactNode;
}

export function LinesTable<L>({
  title,
  columns,
  lines,
  rowKey,
  rowTestId,
  testId,
  minWidth,
  empty,
  deleteHeader,
  deleteLabel,
  onDelete,
  deleteText,
  deleteTestId,
  footer,
}: {
  title: string;
  columns: readonly LineColumn<L>[];
  lines: readonly L[];
  rowKey: (line: L) => string | number;
  rowTestId?: (line: L) => string;
  testId: string;
  minWidth: number;
  /** Shown in one row across the table while nothing is listed. */
  empty: { text: string; testId?: string };
  /** The delete column's header: shown, or read by screen readers only. */
  deleteHeader: { text: string; hidden?: boolean };
  /** The delete button's accessible name. */
  deleteLabel: (line: L) => string;
  onDelete: (line: L) => void;
  /** A text button with this text instead of the ✕ icon. */
  deleteText?: string;
  deleteTestId?: (line: L) => string;
  /** Rows of the table's foot (a total). */
  footer?: ReactNode;
}) {
  const span = columns.length + 1;
  return (
    <Paper withBorder radius="md" p="md" miw={0}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped withTableBorder data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {c.header}
                </Table.Th>
              ))}
              <Table.Th>
                {deleteHeader.hidden ? (
                  <VisuallyHidden>{deleteHeader.text}</VisuallyHidden>
                ) : (
                  deleteHeader.text
                )}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text c="dimmed" size="sm" ta="center" data-testid={empty.testId}>
                    {empty.text}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((l) => (
              <Table.Tr key={rowKey(l)} data-testid={rowTestId?.(l)}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.numeric ? 'right' : undefined}
                    data-column={c.key}
                    style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {c.cell(l)}
                  </Table.Td>
                ))}
                <Table.Td>
                  {deleteText ? (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => onDelete(l)}
                      aria-label={deleteLabel(l)}
                      data-testid={deleteTestId?.(l)}
                    >
                      {deleteText}
                    </Button>
                  ) : (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      onClick={() => onDelete(l)}
                      aria-label={deleteLabel(l)}
                      data-testid={deleteTestId?.(l)}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
