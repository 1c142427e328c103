// 'Riwayat Transaksi' (002 §2.9): the day's transactions of the outlet from the server (a page at a time,
// searched), their cards, and the chosen one's receipt preview with 'Print' (the copy page in a new tab)
// and the digital receipt inputs. Two panes side by side on a wide screen, stacked on a narrow one.
import '@mantine/dates/styles.css';
import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { HistoryTrx } from '../../../api/contract/history';
import { formatMoney, type Separators } from '../../../domain';
import {
  HISTORY_PAGE_SIZES,
  type HistoryPageSize,
  historyCardName,
  historyCardTitle,
  historyPageCount,
  showsHistoryPagination,
} from '../../../domain/history';
import { TRX_STATUS } from '../../../domain/model/common';
import { HISTORY_TEXTS as T } from '../../../domain/texts/history';

export interface HistoryViewProps {
  date: string;
  minDate: string;
  maxDate: string;
  onDateChange: (date: string) => void;
  search: string;
  onSearchChange: (term: string) => void;
  pageSize: HistoryPageSize;
  onPageSizeChange: (size: HistoryPageSize) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** null while the first page loads. */
  trxs: readonly HistoryTrx[] | null;
  total: number;
  loading: boolean;
  /** The list answered for a search term (the empty state says 'Transaksi tidak ditemukan'). */
  searched: boolean;
  selectedId: string | null;
  onSelect: (local_trx_id: string) => void;
  /** TRX_WORKER_EDIT: the 'Edit' link on sales-type cards. */
  canEdit: boolean;
  separators: Separators;
  /** The chosen transaction's receipt, 'Print' and digital receipt inputs. */
  preview: ReactNode;
}

const isSale = (t: HistoryTrx) => (t.trx_type ?? 'NORMAL') === 'NORMAL';

function HistoryCard({
  trx,
  selected,
  onSelect,
  canEdit,
  separators,
}: {
  trx: HistoryTrx;
  selected: boolean;
  onSelect: () => void;
  canEdit: boolean;
  separators: Separators;
}) {
  const notes = trx.trx_notes?.trim();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="history-card"
      data-local-trx-id={trx.local_trx_id}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={selected ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <UnstyledButton
          onClick={onSelect}
          aria-pressed={selected}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="history-card-select"
        >
          <Text size="sm" c="dimmed">
            {trx.trx_local_end_time ?? trx.created_at}
          </Text>
          <Group gap="xs">
            <Text fw={700}>{historyCardTitle(trx.local_trx_id)}</Text>
            {trx.trx_status_id === TRX_STATUS.VOID ? (
              <Badge color="red" variant="light">
                {T.void}
              </Badge>
            ) : null}
          </Group>
          {trx.order_no ? (
            <Text size="sm">
              {T.orderNo} {trx.order_no}
            </Text>
          ) : null}
          <Text size="sm">{historyCardName(trx)}</Text>
          <Text fw={700}>{formatMoney(trx.drv_grand_total ?? 0, separators)}</Text>
          {notes ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {T.notes}: {notes}
            </Text>
          ) : null}
        </UnstyledButton>
        {canEdit && isSale(trx) ? (
          <Button
            component={Link}
            href={`/trx-edit/${encodeURIComponent(trx.local_trx_id)}`}
            variant="light"
            size="sm"
            data-testid="history-edit"
            aria-label={`${T.edit} ${historyCardTitle(trx.local_trx_id)}`}
          >
            {T.edit}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

export function HistoryView(props: HistoryViewProps) {
  const { trxs, total, pageSize } = props;
  const empty = trxs !== null && trxs.length === 0 && !props.loading;
  return (
    <Stack gap="md" data-testid="history-page">
      <Title order={1} size="h2">
        {T.title}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DatePickerInput
          label={T.dateLabel}
          value={props.date}
          onChange={(v) => v && props.onDateChange(String(v).slice(0, 10))}
          minDate={props.minDate}
          maxDate={props.maxDate}
          valueFormat="DD MMM YYYY"
          size="md"
          w={180}
          data-testid="history-date"
        />
        <TextInput
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          value={props.search}
          onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          type="search"
          size="md"
          style={{ flex: '1 1 260px' }}
          data-testid="history-search"
        />
        <Select
          label={T.pageSizeLabel}
          data={HISTORY_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && props.onPageSizeChange(Number(v) as HistoryPageSize)}
          allowDeselect={false}
          size="md"
          w={130}
          data-testid="history-page-size"
        />
      </Group>
      <Box
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--mantine-spacing-md)',
          alignItems: 'flex-start',
        }}
      >
        <Stack
          gap="sm"
          style={{ flex: '1 1 400px', minWidth: 0 }}
          component="section"
          aria-label={T.listLabel}
          aria-busy={props.loading}
          data-testid="history-list"
          data-total={total}
        >
          {trxs === null ? (
            <Center mih={200}>
              <Loader />
            </Center>
          ) : null}
          {empty ? (
            <Center mih={160}>
              <Text c="dimmed" data-testid="history-empty">
                {props.searched ? T.notFound : T.empty}
              </Text>
            </Center>
          ) : null}
          {trxs?.map((t) => (
            <HistoryCard
              key={t.local_trx_id}
              trx={t}
              selected={t.local_trx_id === props.selectedId}
              onSelect={() => props.onSelect(t.local_trx_id)}
              canEdit={props.canEdit}
              separators={props.separators}
            />
          ))}
          {showsHistoryPagination(total) ? (
            <Pagination
              total={historyPageCount(total, pageSize)}
              value={props.page}
              onChange={props.onPageChange}
              withEdges
              siblings={1}
              data-testid="history-pagination"
              getControlProps={(control) => ({ 'aria-label': control })}
              getItemProps={(page) => ({ 'aria-label': `${page}` })}
            />
          ) : null}
        </Stack>
        <Box
          component="section"
          aria-label={T.previewLabel}
          style={{ flex: '1 1 400px', minWidth: 0 }}
          data-testid="history-preview"
        >
          {props.preview ?? (
            <Center mih={160}>
              <Text c="dimmed">{T.previewHint}</Text>
            </Center>
          )}
        </Box>
      </Box>
    </Stack>
  );
}
