// The common report form (002 §2.13, §5): a date range labelled 'Pilih tanggal laporan' (DD MMM YYYY, default
// today–today), the report's own fields, Submit. Submit validates (the report's rule first, then the dates),
// synchronises the device's sales with the loader 'Synchronizing transactions..', then opens the print page in
// a new tab; a failed sync goes to the general handling with the loader hidden.
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { outletDate } from '../../../domain/history';
import { REPORT_TEXTS } from '../../../domain/texts/reports';
import { SYNC_FIRST_TEXTS } from '../../../domain/texts/sync';
import { useOptionalServices } from '../../app/services';
import { DayInput } from '../../components/DayInput';
import { notify } from '../../components/feedback';

export const REPORT_DATE_FORMAT = 'DD MMM YYYY';

export interface ReportDates {
  start: string | null;
  end: string | null;
}

/** 002 §5: which dates a form needs ('end': only the end date, as for expired coupons). */
export const datesProblem = (d: ReportDates, need: 'both' | 'end' = 'both'): string | null =>
  (need === 'both' && !d.start) || !d.end ? REPORT_TEXTS.dateRequired : null;

export function ReportFormShell({
  title,
  testId,
  children,
  validate,
  url,
  need = 'both',
  maw = 640,
  open = (u) => window.open(u, '_blank'),
}: {
  title: string;
  testId: string;
  /** the report's own fields; as a function, given what clears the shown error (a select's change) */
  children?: ReactNode | ((clearError: () => void) => ReactNode);
  /** the report's own check, before the dates' (002 §5) */
  validate?: (d: ReportDates) => string | null;
  url: (d: { start_date: string; end_date: string }) => string;
  need?: 'both' | 'end';
  maw?: number;
  open?: (url: string) => void;
}) {
  const sync = useOptionalServices()?.sync ?? null;
  const today = outletDate(new Date());
  const [start, setStart] = useState<string | null>(today);
  const [end, setEnd] = useState<string | null>(today);
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);

  const submit = async () => {
    const dates = { start, end };
    const problem = validate?.(dates) ?? datesProblem(dates, need);
    setError(problem);
    if (problem) {
      notify('error', problem);
      return;
    }
    const end_date = end ?? today;
    setSyncing(true);
    try {
      await sync?.run();
      open(url({ start_date: start ?? end_date, end_date }));
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="md" maw={maw} data-testid={testId} onChange={() => setError(null)}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {typeof children === 'function' ? children(() => setError(null)) : children}
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
