// /account-receivable 'Daftar Piutang' (002 §2.12): the brand's open receivables, each column searchable
// (the match highlighted) and sortable; 'Bayar' starts the customer's receivable payment and opens /pos.
import {
  Alert,
  Box,
  Button,
  Center,
  Highlight,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { AccountReceivableRow } from '../../../api/contract';
import { createReceivableApi } from '../../../api/receivable';
import {
  nextReceivableSort,
  RECEIVABLE_COLUMNS,
  type ReceivableColumn,
  type ReceivableFilters,
  type ReceivableSort,
  receivableCellText,
  visibleReceivables,
} from '../../../domain/receivable-list';
import { RECEIVABLE_TEXTS } from '../../../domain/texts';
import { shortId } from '../../../domain/transaction-labels';
import { createCashierCommands } from '../../../projections/commands';
import { useServices } from '../../app/services';
import { useSessionConfig } from '../../app/use-session-config';
import { SortHeader } from '../../components/SortHeader';
import { writeCurrentTrx } from '../pos/current-trx';
import { receivableErrorText } from './errors';

const HEADERS: Record<ReceivableColumn, string> = {
  user_name: RECEIVABLE_TEXTS.userName,
  trx_id: RECEIVABLE_TEXTS.trxId,
  trx_time: RECEIVABLE_TEXTS.trxTime,
  drv_balance: RECEIVABLE_TEXTS.balance,
  outlet_name: RECEIVABLE_TEXTS.outlet,
  payment_method_reference: RECEIVABLE_TEXTS.reference,
};

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: AccountReceivableRow[] };

export function ReceivablePage() {
  const { client, store } = useServices();
  const [, navigate] = useLocation();
  const api = useMemo(() => createReceivableApi(client), [client]);
  const { config, separators } = useSessionConfig();
  const currency = config?.currency_code ?? 'IDR';

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [filters, setFilters] = useState<ReceivableFilters>({});
  const [sort, setSort] = useState<ReceivableSort | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const [payError, setPayError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.list().then(
      (rows) => live && setLoad({ status: 'ready', rows }),
      (error: unknown) => live && setLoad({ status: 'error', message: receivableErrorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const rows = load.status === 'ready' ? load.rows : [];
  const shown = useMemo(
    () => visibleReceivables(rows, filters, sort, currency, separators),
    [rows, filters, sort, currency, separators],
  );

  /** 'Bayar': the customer's receivables → a receivable-payment transaction with this one chosen → /pos?next=true. */
  const pay = async (row: AccountReceivableRow) => {
    if (!config) return;
    setPaying(row.account_receivable_id);
    setPayError(null);
    try {
      const account_receivables = await api.userReceivables(row.user.user_code);
      const commands = createCashierCommands({
        store,
        getConfig: () => config,
        actor: () => config.business_user_id ?? 'device',
      });
      const owed = account_receivables.some((a) => a.account_receivable_id === row.account_receivable_id);
      const started = await commands.startReceivablePayment({
        customer: { ...row.user, account_receivables },
        account_receivable_id: owed ? row.account_receivable_id : null,
      });
      if (!started.ok) {
        setPayError(started.message);
        return;
      }
      writeCurrentTrx(started.local_trx_id);
      navigate('/pos?next=true');
    } catch (error) {
      setPayError(receivableErrorText(error));
    } finally {
      setPaying(null);
    }
  };

  return (
    // miw 0: the flex items may shrink below the table's width, so the table scrolls inside its box
    <Stack gap="md" miw={0} data-testid="receivable-page">
      <Title order={1} size="h2">
        {RECEIVABLE_TEXTS.title}
      </Title>
      {payError && (
        <Alert color="red" role="alert" data-testid="receivable-pay-error">
          {payError}
        </Alert>
      )}
      {load.status === 'loading' && (
        <Center py="xl" data-testid="receivable-loading">
          <Loader aria-label={RECEIVABLE_TEXTS.title} />
        </Center>
      )}
      {load.status === 'error' && (
        <Alert color="red" role="alert" data-testid="receivable-error">
          {load.message}
        </Alert>
      )}
      {load.status === 'ready' && (
        <Paper withBorder radius="md" miw={0} style={{ overflow: 'hidden' }}>
          {/* relative: the visually hidden header text (absolutely placed) scrolls with the table, not the page */}
          <Box pos="relative" style={{ overflowX: 'auto' }} data-testid="receivable-scroll">
            <Table striped highlightOnHover verticalSpacing="xs" miw={1000} data-testid="receivable-table">
              <Table.Thead>
                <Table.Tr>
                  {RECEIVABLE_COLUMNS.map((c) => (
                    <SortHeader
                      key={c}
                      column={c}
                      label={HEADERS[c]}
                      sort={sort}
                      onSort={(col) => setSort(nextReceivableSort(sort, col))}
                    />
                  ))}
                  <Table.Th>
                    <VisuallyHidden>{RECEIVABLE_TEXTS.pay}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
                <Table.Tr>
                  {RECEIVABLE_COLUMNS.map((c) => (
                    <Table.Th key={c} fw={400}>
                      <TextInput
                        size="xs"
                        placeholder={RECEIVABLE_TEXTS.search}
                        aria-label={`${RECEIVABLE_TEXTS.search} ${HEADERS[c]}`}
                        value={filters[c] ?? ''}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setFilters((f) => ({ ...f, [c]: value }));
                        }}
                        data-testid={`filter-${c}`}
                      />
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr
                    key={row.account_receivable_id}
                    data-testid={`receivable-row-${row.local_trx_id}`}
                  >
                    {RECEIVABLE_COLUMNS.map((c) => (
                      <Table.Td
                        key={c}
                        style={c === 'drv_balance' ? { textAlign: 'right', whiteSpace: 'nowrap' } : undefined}
                        data-column={c}
                      >
                        <Highlight component="span" fz="sm" highlight={(filters[c] ?? '').trim()}>
                          {receivableCellText(row, c, currency, separators)}
                        </Highlight>
                        {c === 'trx_id' && row.local_trx_id ? (
                          // the number the customer's receipt prints beside the server's (issue 22 item 6)
                          <Text fz="xs" c="dimmed" data-testid="receivable-receipt-no">
                            {RECEIVABLE_TEXTS.receiptNo(shortId(row.local_trx_id))}
                          </Text>
                        ) : null}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Button
                        size="xs"
                        loading={paying === row.account_receivable_id}
                        disabled={paying !== null || !config}
                        onClick={() => void pay(row)}
                        aria-label={`${RECEIVABLE_TEXTS.pay} ${row.trx_id ?? ''}`.trim()}
                      >
                        {RECEIVABLE_TEXTS.pay}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {shown.length === 0 && (
            <Text c="dimmed" ta="center" py="lg" data-testid="receivable-empty">
              {rows.length === 0 ? RECEIVABLE_TEXTS.empty : RECEIVABLE_TEXTS.notFound}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
