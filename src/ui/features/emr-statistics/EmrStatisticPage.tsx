// EMR statistics (001 §2.15): a date range, a bordered table without pagination and a chart (@mantine/charts)
// per report — patient visits by month, patients by diagnosis, patients by gender. The menu shows them only
// with the three RME_STATISTICS flags (001 §2.1); each call needs its own flag on the server.
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DiagnosisRow, GenderRow, MonthlyRow } from '../../../api/contract/journal';
import { errorMessage } from '../../../api/http';
import { createJournalApi } from '../../../api/journal';
import { formatMonthName, genderCounts } from '../../../domain/journal';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { addDays, formatLocalTimestamp } from '../../../domain/time-wall';
import { useServices } from '../../app/services';
import { DayInput } from '../../components/DayInput';

export type EmrStatisticKind = 'patient-visit' | 'diagnosis' | 'patient-gender';

const TITLES: Record<EmrStatisticKind, string> = {
  'patient-visit': T.statVisitTitle,
  diagnosis: T.statDiagnosisTitle,
  'patient-gender': T.statGenderTitle,
};

type Rows =
  | { kind: 'patient-visit'; rows: MonthlyRow[] }
  | { kind: 'diagnosis'; rows: DiagnosisRow[] }
  | { kind: 'patient-gender'; rows: GenderRow[] };

export function EmrStatisticPage({ kind }: { kind: EmrStatisticKind }) {
  const { client } = useServices();
  const api = useMemo(() => createJournalApi(client), [client]);
  const today = formatLocalTimestamp(new Date()).slice(0, 10);
  const [start, setStart] = useState<string | null>(`${today.slice(0, 4)}-01-01`);
  const [end, setEnd] = useState<string | null>(today);
  const [data, setData] = useState<Rows | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!start || !end || end < start || end > addDays(start, 365)) {
      setError(!start || !end || end < start ? O.rangeInvalid : O.rangeTooLong);
      return;
    }
    setError(null);
    setBusy(true);
    const q = { start_date: start, end_date: end };
    try {
      if (kind === 'patient-visit') setData({ kind, rows: await api.monthly(q) });
      else if (kind === 'diagnosis') setData({ kind, rows: await api.byDiagnosis(q) });
      else setData({ kind, rows: await api.byGender(q) });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, [api, kind, start, end]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first range loads once; later ones on 'Tampilkan'
  useEffect(() => {
    void load();
  }, [kind]);

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Title order={2}>{TITLES[kind]}</Title>
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap">
          <DayInput label={O.startDate} value={start} onChange={setStart} maxDate={today} />
          <DayInput label={O.endDate} value={end} onChange={setEnd} maxDate={today} />
          <Button onClick={() => void load()} loading={busy}>
            {O.show}
          </Button>
        </Group>
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {data && <StatisticBody data={data} />}
    </Stack>
  );
}

function StatisticBody({ data }: { data: Rows }) {
  if (data.kind === 'patient-visit') {
    const rows = data.rows.map((r) => ({
      month: formatMonthName(r.year_month_number),
      count: r.patient_count,
    }));
    return (
      <>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.monthName}</Table.Th>
              <Table.Th>{T.patientCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyRow cols={2} />}
            {rows.map((r) => (
              <Table.Tr key={r.month}>
                <Table.Td>{r.month}</Table.Td>
                <Table.Td>{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length > 0 && (
          <Paper withBorder p="md" role="figure" aria-label={O.chartTitle}>
            <BarChart
              h={280}
              data={rows}
              dataKey="month"
              series={[{ name: 'count', label: T.patientCount, color: 'teal.7' }]}
            />
          </Paper>
        )}
      </>
    );
  }
  if (data.kind === 'diagnosis') {
    const rows = data.rows;
    return (
      <>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.diagnosisCode}</Table.Th>
              <Table.Th>{T.diagnosisName}</Table.Th>
              <Table.Th>{T.patientCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyRow cols={3} />}
            {rows.map((r) => (
              <Table.Tr key={r.icd_10_id}>
                <Table.Td>{r.icd_skri}</Table.Td>
                <Table.Td>{r.icd_str}</Table.Td>
                <Table.Td>{r.patient_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length > 0 && (
          <Paper withBorder p="md" role="figure" aria-label={O.chartTitle}>
            <BarChart
              h={Math.max(200, rows.length * 36)}
              orientation="vertical"
              yAxisProps={{ width: 80 }}
              data={rows.map((r) => ({ code: r.icd_skri, count: r.patient_count }))}
              dataKey="code"
              series={[{ name: 'count', label: T.patientCount, color: 'indigo.7' }]}
            />
          </Paper>
        )}
      </>
    );
  }
  const { male, female } = genderCounts(data.rows);
  return (
    <>
      <Table withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.male}</Table.Th>
            <Table.Th>{T.female}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{male}</Table.Td>
            <Table.Td>{female}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {male + female > 0 && (
        <Paper withBorder p="md" role="figure" aria-label={O.chartTitle}>
          <DonutChart
            withLabels
            withTooltip={false}
            data={[
              { name: T.male, value: male, color: 'blue.7' },
              { name: T.female, value: female, color: 'pink.7' },
            ]}
          />
        </Paper>
      )}
    </>
  );
}

function EmptyRow({ cols }: { cols: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={cols}>
        <Text c="dimmed" size="sm">
          {O.noRows}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
