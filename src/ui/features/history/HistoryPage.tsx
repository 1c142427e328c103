// /trx-history (002 §2.9), opened after the sync-first pass (SyncFirst wraps the route): the state of the
// filters and the page, the server's list, the chosen transaction's preview.
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HistoryTrx } from '../../../api/contract/history';
import { createHistoryApi, type HistoryApi } from '../../../api/history';
import { errorMessage } from '../../../api/http';
import {
  HISTORY_DEFAULT_PAGE_SIZE,
  HISTORY_SEARCH_DEBOUNCE_MS,
  type HistoryPageSize,
  historyDateWindow,
  historySearchTerm,
  historyStartRow,
} from '../../../domain/history';
import { historyPreviewMode, receiptConfig } from '../../../domain/receipt';
import { HISTORY_TEXTS as T } from '../../../domain/texts/history';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { hasAccess } from '../../app/user-data';
import { notify } from '../../components/feedback';
import { DigitalReceiptForm } from '../receipt/DigitalReceiptForm';
import { ReceiptScreen } from '../receipt/ReceiptScreen';
import { useReceiptEnv } from '../receipt/use-receipt-env';
import { HistoryView } from './HistoryView';

/** The copy print page of a transaction (002 §2.10), opened in a new tab by 'Print'. */
export const historyCopyPath = (local_trx_id: string) => `/trx-history/${encodeURIComponent(local_trx_id)}`;

export function HistoryPage({ api: given, now = () => new Date() }: { api?: HistoryApi; now?: () => Date }) {
  const { client } = useServices();
  const { view } = useSession();
  const api = useMemo(() => given ?? createHistoryApi(client), [given, client]);
  const env = useReceiptEnv();
  const window40 = useMemo(() => historyDateWindow(now()), [now]);
  const [date, setDate] = useState(window40.max);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(historySearchTerm(search), HISTORY_SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<HistoryPageSize>(HISTORY_DEFAULT_PAGE_SIZE);
  // a new day, term or size starts again at page 1
  const pageKey = `${date}|${term}|${pageSize}`;
  const [pageAt, setPageAt] = useState({ key: pageKey, page: 1 });
  const page = pageAt.key === pageKey ? pageAt.page : 1;
  const setPage = useCallback((p: number) => setPageAt({ key: pageKey, page: p }), [pageKey]);
  const [result, setResult] = useState<{ trxs: HistoryTrx[]; total: number; term: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .list({
        start_date: date,
        end_date: date,
        num_of_rows: pageSize,
        start_row: historyStartRow(page, pageSize),
        ...(term ? { search_term: term } : {}),
      })
      .then((r) => {
        if (!live) return;
        setResult({ trxs: r.trxs, total: r.total_trx_count, term });
        setSelectedId((id) => (id && r.trxs.some((t) => t.local_trx_id === id) ? id : null));
      })
      .catch((e: unknown) => {
        if (!live) return;
        setResult((r) => r ?? { trxs: [], total: 0, term });
        notify('error', errorMessage(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, date, term, page, pageSize]);

  const selected = result?.trxs.find((t) => t.local_trx_id === selectedId) ?? null;
  const select = useCallback((id: string) => {
    setSelectedId(id);
    // stacked (narrow screen): bring the preview into view
    requestAnimationFrame(() => {
      const el = previewRef.current;
      if (el && window.innerWidth < 1100) el.scrollIntoView({ block: 'start', behavior: 'smooth' });
    });
  }, []);
  const mode = useMemo(() => historyPreviewMode(), []);
  const config = useMemo(
    () => (selected ? receiptConfig(env.config, selected) : env.config),
    [env.config, selected],
  );

  const preview = selected ? (
    <Stack gap="md" ref={previewRef} data-testid="history-receipt" data-local-trx-id={selected.local_trx_id}>
      <Paper withBorder radius="md" p="sm" style={{ overflowX: 'auto' }}>
        <ReceiptScreen
          trx={selected}
          config={config}
          mode={mode}
          paper={env.paper}
          isTablet={env.isTablet}
          separators={env.separators}
          buttons="none"
        />
      </Paper>
      <Group>
        <Button
          size="md"
          data-testid="history-print"
          onClick={() => window.open(historyCopyPath(selected.local_trx_id), '_blank')}
        >
          {T.print}
        </Button>
      </Group>
      <DigitalReceiptForm
        key={selected.local_trx_id}
        local_trx_id={selected.local_trx_id}
        customer={selected.customer ?? null}
      />
    </Stack>
  ) : null;

  return (
    <HistoryView
      date={date}
      minDate={window40.min}
      maxDate={window40.max}
      onDateChange={setDate}
      search={search}
      onSearchChange={setSearch}
      pageSize={pageSize}
      onPageSizeChange={setPageSize}
      page={page}
      onPageChange={setPage}
      trxs={result?.trxs ?? null}
      total={result?.total ?? 0}
      loading={loading}
      searched={(result?.term ?? '') !== ''}
      selectedId={selectedId}
      onSelect={select}
      canEdit={hasAccess(view.userData, 'TRX_WORKER_EDIT')}
      separators={env.separators}
      preview={preview}
    />
  );
}
