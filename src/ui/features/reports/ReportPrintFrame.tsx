// The common frame of a report's print page (002 §2.13): the header (Outlet, Kasir, Tanggal Laporan, Waktu
// Pembuatan Laporan), then the chart and the table or the empty state; 'Print' and the CSV download, the
// chart and the buttons hidden in print. No pagination.
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import { formatOutletTime } from '../../../domain/time-format';
import { useSession } from '../../app/session-context';
import { saveBlob } from '../../components/save-file';

const PRINT_CSS = `
  @media print {
    .rp-noprint, .mantine-Notifications-root { display: none !important; }
    .rp-page { padding: 0 !important; }
    .rp-page table { font-size: 10pt; }
  }
`;

/** 'DD MMM YYYY' (002 §9) of a request date. */
export const reportDay = (date: string) => formatOutletTime(`${date} 00:00:00`, 'dd MMM yyyy', 'en') ?? date;

export function ReportPrintFrame({
  title,
  start_date,
  end_date,
  extraHeader,
  onCsv,
  chart,
  children,
}: {
  title: string;
  start_date: string;
  end_date: string;
  extraHeader?: { label: string; value: string }[];
  onCsv?: () => void;
  chart?: ReactNode;
  children: ReactNode;
}) {
  const { view } = useSession();
  const u = (view.userData ?? {}) as Record<string, unknown>;
  const rows = [
    { label: REPORT_TEXTS.outlet, value: `${u.brand_name ?? ''} - ${u.outlet_name ?? ''}` },
    { label: REPORT_TEXTS.cashier, value: String(u.cashier_name ?? '') },
    ...(extraHeader ?? []),
    { label: REPORT_TEXTS.reportDate, value: `${reportDay(start_date)} - ${reportDay(end_date)}` },
    {
      label: REPORT_TEXTS.createdAt,
      value: formatOutletTime(new Date(), 'dd MMM yyyy HH:mm:ss', 'en') ?? '',
    },
  ];
  return (
    <Stack component="main" gap="md" p="md" className="rp-page" data-testid="report-print">
      <style>{PRINT_CSS}</style>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Table withRowBorders={false} style={{ width: 'auto' }} verticalSpacing={2} data-testid="report-header">
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th fw={600} pr="md">
                {r.label}
              </Table.Th>
              <Table.Td>: {r.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group className="rp-noprint">
        <Button onClick={() => window.print()} data-testid="report-print-button">
          {REPORT_OWN.print}
        </Button>
        {onCsv && (
          <Button variant="outline" onClick={onCsv} data-testid="report-csv">
            {REPORT_OWN.csv}
          </Button>
        )}
      </Group>
      {chart ? <div className="rp-noprint">{chart}</div> : null}
      {children}
    </Stack>
  );
}

export function EmptyReport() {
  return (
    <Text c="dimmed" data-testid="report-empty">
      {REPORT_OWN.empty}
    </Text>
  );
}

/** Saves text as a file (the CSV download). */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  // a BOM so spreadsheet programs read the file as UTF-8
  saveBlob(new Blob([`\uFEFF${text}`], { type }), name);
}
