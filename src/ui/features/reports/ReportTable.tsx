// A report table (002 §2.13–2.20): No, then the report's columns; amounts floored and shown with the currency
// code, quantities with 2 decimals; a bold totals row summing the amount and quantity columns (or the ones a
// report names), or the whole range's totals a paged report's server sent. The same columns give the CSV (reportCsv: numbers stay numbers, text cells
// that a spreadsheet would run as formulas are neutralised).
import { ScrollArea, Table } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import type { Separators } from '../../../domain/money';
import { floorAmount, formatReportAmount, formatReportQty, reportCsv } from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';

export type ColumnKind = 'text' | 'money' | 'qty' | 'int';
export interface ReportColumn<R> {
  key: string;
  title: string;
  kind?: ColumnKind;
  value: (row: R) => unknown;
  /** a cell other than its value (a link); the CSV keeps the value */
  render?: (row: R) => ReactNode;
  /** summed in the totals row (default: money and qty columns) */
  total?: boolean;
}

const summed = <R,>(c: ReportColumn<R>) => c.total ?? (c.kind === 'money' || c.kind === 'qty');

export function columnTotal<R>(c: ReportColumn<R>, rows: readonly R[]): number {
  if (c.kind === 'qty') return Math.round(rows.reduce((s, r) => s + Number(c.value(r) ?? 0) * 100, 0)) / 100;
  return rows.reduce((s, r) => s + floorAmount(c.value(r)), 0);
}

export function formatCell(
  kind: ColumnKind | undefined,
  v: unknown,
  currency: string,
  separators: Separators,
): string {
  if (kind === 'money') return `${currency} ${formatReportAmount(v, separators)}`;
  if (kind === 'qty') return formatReportQty(v, separators);
  if (kind === 'int') return formatReportAmount(v, separators);
  return String(v ?? '');
}

/**
 * A report table's horizontal scroller (a wide table on a 10-inch tablet): its viewport takes the keyboard focus, so
 * the rows past the edge can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function ReportScroll({ children }: { children: ReactNode }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
      {children}
    </ScrollArea>
  );
}

/** The CSV of a report table: No and the columns (amounts floored, plain numbers), then the totals row. */
export function tableCsv<R>(
  columns: readonly ReportColumn<R>[],
  rows: readonly R[],
  lead: string[] = [],
): string {
  return reportCsv(...tableCsvParts(columns, rows, lead));
}
export function tableCsvParts<R>(
  columns: readonly ReportColumn<R>[],
  rows: readonly R[],
  lead: string[] = [],
): [string[], unknown[][]] {
  const headers = [...lead.map(() => ''), REPORT_TEXTS.no, ...columns.map((c) => c.title)];
  const cell = (c: ReportColumn<R>, r: R) => {
    const v = c.value(r);
    return c.kind === 'money' || c.kind === 'int' ? floorAmount(v) : c.kind === 'qty' ? Number(v ?? 0) : v;
  };
  const body = rows.map((r, i) => [...lead, i + 1, ...columns.map((c) => cell(c, r))]);
  const hasTotals = columns.some(summed);
  const totals = hasTotals
    ? [[...lead, REPORT_OWN.total, ...columns.map((c) => (summed(c) ? columnTotal(c, rows) : ''))]]
    : [];
  return [headers, [...body, ...totals]];
}

export function ReportTable<R>({
  columns,
  rows,
  pages,
  totals,
  rowKey,
  currency,
  separators,
  testId = 'report-table',
  caption,
}: {
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  /** the rows as the pages they were loaded in (issue 27): a page appended renders alone */
  pages?: readonly (readonly R[])[];
  /** the totals row's figures by column key (a paged report's whole range), instead of the rows' sums */
  totals?: Readonly<Record<string, number | undefined>>;
  rowKey: (row: R, i: number) => string;
  currency: string;
  separators: Separators;
  testId?: string;
  caption?: string;
}) {
  const right = (c: ReportColumn<R>) => (c.kind && c.kind !== 'text' ? ('right' as const) : undefined);
  const hasTotals = columns.some(summed);
  const chunks = pages ?? [rows];
  const offsets = chunks.map((_, i) => chunks.slice(0, i).reduce((n, p) => n + p.length, 0));
  return (
    <ReportScroll>
      <Table striped withTableBorder withColumnBorders data-testid={testId}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{REPORT_TEXTS.no}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={right(c)}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chunks.map((chunk, i) => (
            <RowChunk
              // biome-ignore lint/suspicious/noArrayIndexKey: pages only ever append, in order
              key={i}
              rows={chunk as readonly unknown[]}
              offset={offsets[i] ?? 0}
              columns={columns as readonly ReportColumn<unknown>[]}
              rowKey={rowKey as (row: unknown, i: number) => string}
              currency={currency}
              separators={separators}
            />
          ))}
        </Table.Tbody>
        {hasTotals && (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="report-totals">
              <Table.Td>{REPORT_OWN.total}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={right(c)}>
                  {summed(c)
                    ? formatCell(
                        c.kind,
                        totals ? (totals[c.key] ?? 0) : columnTotal(c, rows),
                        currency,
                        separators,
                      )
                    : ''}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ReportScroll>
  );
}

/** One page of a table's rows; memoised so a page appended below never renders the ones above again. */
const RowChunk = memo(function RowChunk({
  rows,
  offset,
  columns,
  rowKey,
  currency,
  separators,
}: {
  rows: readonly unknown[];
  offset: number;
  columns: readonly ReportColumn<unknown>[];
  rowKey: (row: unknown, i: number) => string;
  currency: string;
  separators: Separators;
}) {
  const right = (c: ReportColumn<unknown>) => (c.kind && c.kind !== 'text' ? ('right' as const) : undefined);
  return rows.map((r, j) => (
    <Table.Tr key={rowKey(r, offset + j)}>
      <Table.Td>{offset + j + 1}</Table.Td>
      {columns.map((c) => (
        <Table.Td key={c.key} ta={right(c)}>
          {c.render ? c.render(r) : formatCell(c.kind, c.value(r), currency, separators)}
        </Table.Td>
      ))}
    </Table.Tr>
  ));
});
