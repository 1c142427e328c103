import { Group, Table, UnstyledButton } from '@mantine/core';

export interface ColumnSort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** A sortable column's header: a button with the arrow, and aria-sort for the active column. */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  onSort,
  alignEnd = false,
}: {
  column: C;
  label: string;
  sort: ColumnSort<C> | null;
  onSort: (c: C) => void;
  /** numeric columns: the label sits at the right, over the figures */
  alignEnd?: boolean;
}) {
  const active = sort?.column === column;
  const arrow = active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕';
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={alignEnd ? 'flex-end' : undefined}>
          <span>{label}</span>
          <span aria-hidden="true" style={{ opacity: active ? 1 : 0.4 }}>
            {arrow}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
