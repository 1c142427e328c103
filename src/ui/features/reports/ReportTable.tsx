// A report table (002 §2.13–2.20): No, then the report's columns; amounts floored and shown with the currency
// code, quantities with 2 decimals; a bold totals row summing the amount and quantity columns (or the ones a
// report names). No pagination. The same columns give the CSV (reportCsv: numbers stay numbers, text cells
// that a spreadsheet would run as formulas are neutralised).
import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
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
  rowKey,
  currency,
  separators,
  testId = 'report-table',
  caption,
}: {
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, i: number) => string;
  currency: string;
  separators: Separators;
  testId?: string;
  caption?: string;
}) {
  const right = (c: ReportColumn<R>) => (c.kind && c.kind !== 'text' ? ('right' as const) : undefined);
  const hasTotals = columns.some(summed);
  return (
    <ScrollArea type="auto">
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
          {rows.map((r, i) => (
            <Table.Tr key={rowKey(r, i)}>
              <Table.Td>{i + 1}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={right(c)}>
                  {c.render ? c.render(r) : formatCell(c.kind, c.value(r), currency, separators)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {hasTotals && (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="report-totals">
              <Table.Td>{REPORT_OWN.total}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={right(c)}>
                  {summed(c) ? formatCell(c.kind, columnTotal(c, rows), currency, separators) : ''}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollArea>
  );
}
