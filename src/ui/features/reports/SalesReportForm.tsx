// /report/pos-all-trx 'Penjualan' (002 §2.13–2.14, §5): report type, product type (hidden for the detail
// type), the dates (default today–today, DD MMM YYYY); Submit validates, synchronises the device's sales with
// the loader 'Synchronizing transactions..', then opens the print page in a new tab with the query parameters.
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { outletDate } from '../../../domain/history';
import type { ItemNature, SalesReportType } from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import { SYNC_FIRST_TEXTS } from '../../../domain/texts/sync';
import { useOptionalServices } from '../../app/services';
import { DayInput } from '../../components/DayInput';
import { notify } from '../../components/feedback';

export const REPORT_DATE_FORMAT = 'DD MMM YYYY';

const TYPES: { value: SalesReportType; label: string }[] = [
  { value: 'by-transaction', label: REPORT_TEXTS.daily },
  { value: 'by-transaction-detail', label: REPORT_TEXTS.detail },
  { value: 'by-product', label: REPORT_TEXTS.byProduct },
];

/** The print page's address (002 §2.14). */
export const salesPrintUrl = (q: {
  start_date: string;
  end_date: string;
  report_type: SalesReportType;
  item_nature: ItemNature;
}) => `/report/pos-all-trx/print?${new URLSearchParams(q).toString()}`;

export function SalesReportForm({
  open = (url) => window.open(url, '_blank'),
}: {
  open?: (url: string) => void;
}) {
  const sync = useOptionalServices()?.sync ?? null;
  const today = outletDate(new Date());
  const [type, setType] = useState<SalesReportType | null>(null);
  const [nature, setNature] = useState<ItemNature>('');
  const [start, setStart] = useState<string | null>(today);
  const [end, setEnd] = useState<string | null>(today);
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);

  const submit = async () => {
    const problem = !type ? REPORT_TEXTS.typeRequired : !start || !end ? REPORT_TEXTS.dateRequired : null;
    setError(problem);
    if (problem || !type || !start || !end) {
      if (problem) notify('error', problem);
      return;
    }
    setSyncing(true);
    try {
      await sync?.run();
      open(
        salesPrintUrl({
          start_date: start,
          end_date: end,
          report_type: type,
          item_nature: type === 'by-transaction-detail' ? '' : nature,
        }),
      );
    } catch (e) {
      // 002 §2.13, §4: a failed sync goes to the general handling, the loader hidden
      notify('error', errorMessage(e));
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="md" maw={560} data-testid="sales-report-form">
      <Title order={1} size="h2">
        {REPORT_TEXTS.sales}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Select
            label={REPORT_OWN.reportType}
            data={TYPES}
            value={type}
            onChange={(v) => {
              setType(v as SalesReportType | null);
              setError(null);
            }}
            data-testid="report-type"
          />
          {type !== 'by-transaction-detail' && (
            <Select
              label={REPORT_TEXTS.itemNature}
              data={[
                { value: '', label: REPORT_TEXTS.both },
                { value: 'SERVICE', label: 'SERVICE' },
                { value: 'RETAIL', label: 'RETAIL' },
              ]}
              value={nature}
              onChange={(v) => setNature((v ?? '') as ItemNature)}
              allowDeselect={false}
              data-testid="report-nature"
            />
          )}
          <Text size="sm" fw={500}>
            {REPORT_TEXTS.dates}
          </Text>
          <Group grow>
            <DayInput
              aria-label={`${REPORT_TEXTS.dates} (awal)`}
              valueFormat={REPORT_DATE_FORMAT}
              placeholder={REPORT_DATE_FORMAT}
              value={start}
              onChange={(d) => {
                setStart(d);
                setError(null);
              }}
              clearable
              data-testid="report-start"
            />
            <DayInput
              aria-label={`${REPORT_TEXTS.dates} (akhir)`}
              valueFormat={REPORT_DATE_FORMAT}
              placeholder={REPORT_DATE_FORMAT}
              value={end}
              onChange={(d) => {
                setEnd(d);
                setError(null);
              }}
              clearable
              data-testid="report-end"
            />
          </Group>
          {error && (
            <Alert color="red" role="alert" data-testid="report-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void submit()} disabled={syncing} data-testid="report-submit">
              {REPORT_TEXTS.submit}
            </Button>
            {syncing && (
              <Group gap="xs" data-testid="report-syncing">
                <Loader size="sm" />
                <Text size="sm">{SYNC_FIRST_TEXTS.reportLoading}</Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
