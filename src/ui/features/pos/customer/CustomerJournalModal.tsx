// Customer Journals (000 §2): the customer's journal activities created today that carry
// notes_for_cashier, as a table of time and note.
import { Loader, Modal, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../api/http';
import type { Customer, Now } from '../../../../domain';
import type { CustomerApi } from './customer-api';
import { journalRows } from './customer-view';

export interface CustomerJournalModalViewProps {
  opened: boolean;
  onClose: () => void;
  customer: Customer | null;
  api: Pick<CustomerApi, 'customerActivity'>;
  now: () => Now;
}

type Rows = { time: string; note: string }[];

export function CustomerJournalModalView({
  opened,
  onClose,
  customer,
  api,
  now,
}: CustomerJournalModalViewProps) {
  const [rows, setRows] = useState<Rows | null>(null);
  const [error, setError] = useState<string | null>(null);
  const type = customer?.user_identifier_type;
  const value = customer?.user_identifier_string;

  useEffect(() => {
    if (!opened || !type || !value) return;
    let live = true;
    setRows(null);
    setError(null);
    api
      .customerActivity({ user_identifier_type: type, user_identifier_string: value })
      .then(({ customer_activities }) => live && setRows(journalRows(customer_activities, now())))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [opened, type, value, api, now]);

  return (
    <Modal opened={opened} onClose={onClose} title="Customer Journals" size="lg" centered>
      {error ? (
        <Text c="red">{error}</Text>
      ) : rows === null ? (
        <Loader mx="auto" display="block" />
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Time</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text c="dimmed" ta="center">
                    -
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={`${r.time}|${r.note}`}>
                  <Table.Td>{r.time}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{r.note}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
