// 'Riwayat Transaksi (Bill)' and '(Item)' (001 §2.7): an optional date range (not before 1 January of the
// previous year, not after today), the type filter's eight values, num_of_rows 100.
import { Alert, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { BillRow, ItemRow } from '../../../api/contract/member';
import { errorMessage } from '../../../api/http';
import type { MemberApi } from '../../../api/member';
import { outletDate } from '../../../domain/history';
import {
  HISTORY_NUM_OF_ROWS,
  HISTORY_TYPE_FILTERS,
  type HistoryTypeFilter,
  historyMinDate,
  validateHistoryRange,
} from '../../../domain/member-info';
import { formatMoney } from '../../../domain/money';
import { MEMBER_INFO_OWN as O, MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { useSessionConfig } from '../../app/use-session-config';

export const HISTORY_TYPE_LABELS: Record<HistoryTypeFilter, string> = {
  all: T.allTypes,
  redeem: T.typeRedeem,
  'coupon-sell': T.typeCouponSell,
  'coupon-use': O.typeCouponUse,
  'deposit-topup': T.topUp,
  'deposit-use': O.typeDepositUse,
  piutang: T.typeReceivable,
  'piutang-pembayaran': T.typeReceivablePayment,
};

type Rows = { kind: 'bills'; rows: BillRow[] } | { kind: 'items'; rows: ItemRow[] };

export function HistoryTab({
  api,
  kind,
  userId,
}: {
  api: MemberApi;
  kind: 'bills' | 'items';
  userId: string;
}) {
  const { separators } = useSessionConfig();
  const today = outletDate(Date.now());
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [type, setType] = useState<HistoryTypeFilter>('all');
  const [data, setData] = useState<Rows | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const money = (n: number) => formatMoney(n, separators);

  const load = useCallback(
    async (range: { start_date: string; end_date: string }, filter: HistoryTypeFilter) => {
      if (!userId) {
        setError(T.historyNeedsCustomer);
        return;
      }
      const problem = validateHistoryRange(range, today);
      if (problem) {
        setError(problem === 'startRequired' ? T.historyNeedsStart : O.historyRange);
        return;
      }
      setLoading(true);
      setError(null);
      try {
        const query = { user_code: userId, ...range, num_of_rows: HISTORY_NUM_OF_ROWS, type: filter };
        setData(
          kind === 'bills' ? { kind, rows: await api.bills(query) } : { kind, rows: await api.items(query) },
        );
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setLoading(false);
      }
    },
    [api, kind, today, userId],
  );

  useEffect(() => {
    void load({ start_date: '', end_date: '' }, 'all');
  }, [load]);

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load({ start_date: start, end_date: end }, type);
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            type="date"
            label={O.startDate}
            value={start}
            min={historyMinDate(today)}
            max={today}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={O.endDate}
            value={end}
            min={start || historyMinDate(today)}
            max={today}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <Select
            size="md"
            label={T.typeFilter}
            data={HISTORY_TYPE_FILTERS.map((v) => ({ value: v, label: HISTORY_TYPE_LABELS[v] }))}
            value={type}
            onChange={(v) => setType((v as HistoryTypeFilter | null) ?? 'all')}
            allowDeselect={false}
            w={240}
          />
          <Button type="submit" size="md" loading={loading}>
            {T.filter}
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {loading && !data && <Loader size="sm" />}
      {data && (
        <Paper withBorder style={{ overflowX: 'auto' }}>
          {data.kind === 'bills' ? (
            <Table striped data-testid="bill-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{O.trxNo}</Table.Th>
                  <Table.Th>{T.time}</Table.Th>
                  <Table.Th>{T.type}</Table.Th>
                  <Table.Th>{T.grandTotal}</Table.Th>
                  <Table.Th>{T.payment}</Table.Th>
                  <Table.Th>{T.notes}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.length === 0 && <EmptyRow span={6} />}
                {data.rows.map((b) => (
                  <Table.Tr key={b.local_trx_id}>
                    <Table.Td>{b.trx_id}</Table.Td>
                    <Table.Td>{b.trx_local_end_time}</Table.Td>
                    <Table.Td>
                      {b.trx_type}
                      {b.redeem ? ` · ${T.typeRedeem}` : ''}
                      {b.coupon ? ` · ${T.tabCoupons}` : ''}
                    </Table.Td>
                    <Table.Td>{money(b.drv_grand_total)}</Table.Td>
                    <Table.Td>
                      {b.payments
                        .map((p) => `${p.payment_method_name} ${money(p.payment_amount)}`)
                        .join(', ')}
                    </Table.Td>
                    <Table.Td>{b.trx_notes ?? '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Table striped data-testid="item-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.time}</Table.Th>
                  <Table.Th>{T.customer}</Table.Th>
                  <Table.Th>{T.item}</Table.Th>
                  <Table.Th>{T.worker}</Table.Th>
                  <Table.Th>{T.seller}</Table.Th>
                  <Table.Th>{T.price}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.length === 0 && <EmptyRow span={6} />}
                {data.rows.flatMap((t) =>
                  t.item_trx_history_pos_sales_trx_details.map((d, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a sale's lines in their order
                    <Table.Tr key={`${t.local_trx_id}-${i}`}>
                      <Table.Td>
                        {t.trx_local_end_time}
                        {t.document_date ? ` (${t.document_date})` : ''}
                      </Table.Td>
                      <Table.Td>
                        {t.user_name}
                        <Text size="xs" c="dimmed">
                          {[t.drv_primary_phone, t.reference_code].filter(Boolean).join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {d.package_name ? `${d.package_name} › ` : ''}
                        {d.item_name}
                        {d.notes && (
                          <Text size="xs" c="dimmed">
                            {d.notes}
                          </Text>
                        )}
                        {d.secret_notes && (
                          <Text size="xs" c="dimmed">
                            {O.secretNotes}: {d.secret_notes}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{d.worker_name ?? '-'}</Table.Td>
                      <Table.Td>{d.seller_name ?? '-'}</Table.Td>
                      <Table.Td>{`${money(d.price)} IDR`}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function EmptyRow({ span }: { span: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Text size="sm" c="dimmed">
          {O.noRows}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
