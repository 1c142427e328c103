// The owner's list of reads, writes and refusals of medical records (issue 25 privacy): a section of /audit
// (AUDIT_LOG), newest first, with an optional date range.
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EmrAccessRow } from '../../../api/contract/emr-records';
import { createEmrRecordsApi } from '../../../api/emr-records';
import { errorMessage } from '../../../api/http';
import { EMR_FIELDS, type EmrField } from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { useServices } from '../../app/services';

const RECORD_LABELS: Record<EmrField, string> = {
  screening_rawat_jalan: T.tabScreening,
  riwayat_alergi: T.tabAllergy,
  rekam_medis_tubuh: T.tabBodyMap,
  persetujuan_medis: T.tabConsent,
  discharge_planning: T.tabDischarge,
};
const recordLabel = (r: string) =>
  (EMR_FIELDS as readonly string[]).includes(r) ? RECORD_LABELS[r as EmrField] : O.recordAll;
const ACTION = {
  read: { label: O.actionRead, color: 'blue' },
  write: { label: O.actionWrite, color: 'teal' },
  refused: { label: O.actionRefused, color: 'red' },
} as const;

export function EmrAccessLog() {
  const { client } = useServices();
  const api = useMemo(() => createEmrRecordsApi(client), [client]);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [rows, setRows] = useState<EmrAccessRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (range: { start_date?: string; end_date?: string }) => {
      try {
        setError(null);
        setRows(await api.accessLog(range));
      } catch (e) {
        setError(errorMessage(e));
      }
    },
    [api],
  );
  useEffect(() => {
    void load({});
  }, [load]);

  return (
    <Paper withBorder p="md" data-testid="emr-access-log">
      <Stack gap="sm">
        <Title order={3}>{O.accessTitle}</Title>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={O.startDate}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={O.endDate}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <Button onClick={() => void load({ start_date: start || undefined, end_date: end || undefined })}>
            {O.accessLoad}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <ScrollArea>
          <Table striped withTableBorder miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.accessTime}</Table.Th>
                <Table.Th>{T.accessUser}</Table.Th>
                <Table.Th>{T.accessOutlet}</Table.Th>
                <Table.Th>{T.accessCustomer}</Table.Th>
                <Table.Th>{T.accessRecord}</Table.Th>
                <Table.Th>{O.accessAction}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed">
                      {O.noRows}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows?.map((r) => (
                <Table.Tr key={r.emr_access_id} data-testid="emr-access-row">
                  <Table.Td>{r.at}</Table.Td>
                  <Table.Td>{r.user_name}</Table.Td>
                  <Table.Td>{r.outlet_name ?? '-'}</Table.Td>
                  <Table.Td>{r.customer_name ? `${r.customer_name} (${r.user_code})` : '-'}</Table.Td>
                  <Table.Td>{recordLabel(r.record)}</Table.Td>
                  <Table.Td>
                    <Badge color={ACTION[r.action].color} variant="light">
                      {ACTION[r.action].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
