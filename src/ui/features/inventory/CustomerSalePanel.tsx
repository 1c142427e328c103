// 'Untuk Customer' (002 §2.4): the side panel that picks the sale a stock-out belongs to — the device's
// pending sales, the server's completed ones (last 7 days, search, pages) and its saved ones — and the
// chosen sale's receipt preview with its secret notes and its stock-out lines.
import { Loader, Pagination, Paper, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { HistoryApi } from '../../../api/history';
import { errorMessage } from '../../../api/http';
import type { PosApi } from '../../../api/pos';
import { type PosTransaction, pendingWork, posTransactionSchema, type Separators } from '../../../domain';
import { HISTORY_SEARCH_DEBOUNCE_MS, historySearchTerm, historyStartRow } from '../../../domain/history';
import { stockOutCompletedWindow } from '../../../domain/inventory-stock-out';
import { historyPreviewMode, type ReceiptConfig, receiptConfig } from '../../../domain/receipt';
import { STOCK_OUT_TEXTS as T } from '../../../domain/texts/inventory-stock-out';
import type { Store } from '../../../projections';
import { listOpen } from '../../../projections/selectors';
import type { InventoryOut } from '../pos/dialogs/dialogs-api';
import { StockOutSection } from '../pos/dialogs/StockOutModal';
import { entryMatches, pendingEntry, type WordingContext } from '../pos/step1/model';
import { TrxCard } from '../pos/step1/TrxCard';
import type { PaperSize } from '../receipt/print';
import { ReceiptScreen } from '../receipt/ReceiptScreen';

const PAGE_SIZE = 10;
type Tab = 'pending' | 'completed' | 'saved';

export interface CustomerSalePanelProps {
  store: Store | null;
  history: Pick<HistoryApi, 'list'>;
  pos: Pick<PosApi, 'listArchive' | 'inventoryOut'>;
  wording: WordingContext;
  receipt: { config: ReceiptConfig; paper: PaperSize; isTablet: boolean; separators: Separators };
  qtyDecimalLength: number;
  selectedId: string | null;
  onSelect: (local_trx_id: string) => void;
  /** Changes after each stock-out, so the chosen sale's stock-out lines are read again. */
  refreshKey: number;
  now: () => Date;
}

/** The sales each tab lists, as PosTransaction (a saved one read leniently, as the cashier's list does). */
function usePending(store: Store | null): PosTransaction[] | undefined {
  return useLiveQuery(
    async () =>
      store
        ? pendingWork(await listOpen(store.db)).sort((a, b) =>
            String(b.trx_local_start_time).localeCompare(String(a.trx_local_start_time)),
          )
        : [],
    [store],
  );
}

export function CustomerSalePanel(props: CustomerSalePanelProps) {
  const { selectedId, onSelect, wording } = props;
  const [tab, setTab] = useState<Tab>('pending');
  const pending = usePending(props.store);
  // a sale named by the cashier ('Stok Keluar' on a completed sale) is not pending: show it where it is
  const [tabChosen, setTabChosen] = useState(false);
  useEffect(() => {
    if (tabChosen || !pending) return;
    setTabChosen(true);
    if (selectedId && !pending.some((t) => t.local_trx_id === selectedId)) setTab('completed');
  }, [pending, selectedId, tabChosen]);
  const [keyword, setKeyword] = useState('');
  const window7 = useMemo(() => stockOutCompletedWindow(props.now()), [props.now]);
  const [date, setDate] = useState(window7.max);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(historySearchTerm(search), HISTORY_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [completed, setCompleted] = useState<{ trxs: PosTransaction[]; total: number } | null>(null);
  const [completedError, setCompletedError] = useState<string | null>(null);
  const [saved, setSaved] = useState<PosTransaction[] | null>(null);
  const [savedError, setSavedError] = useState<string | null>(null);
  // every sale seen, so the preview shows the chosen one whichever tab listed it
  const [known, setKnown] = useState<Record<string, PosTransaction>>({});

  useEffect(() => {
    if (tab !== 'completed') return;
    let live = true;
    setCompleted(null);
    setCompletedError(null);
    props.history
      .list({
        start_date: date,
        end_date: date,
        num_of_rows: PAGE_SIZE,
        start_row: historyStartRow(page, PAGE_SIZE),
        ...(term ? { search_term: term } : {}),
      })
      .then((r) => live && setCompleted({ trxs: r.trxs, total: r.total_trx_count }))
      .catch((e: unknown) => live && setCompletedError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [tab, date, term, page, props.history]);

  useEffect(() => {
    if (tab !== 'saved') return;
    let live = true;
    setSaved(null);
    setSavedError(null);
    props.pos
      .listArchive()
      .then((rows) => {
        if (!live) return;
        setSaved(
          rows.flatMap((r) => {
            const parsed = posTransactionSchema.safeParse(r.trx);
            return parsed.success ? [parsed.data] : [];
          }),
        );
      })
      .catch((e: unknown) => live && setSavedError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [tab, props.pos]);

  useEffect(() => {
    const all = [...(pending ?? []), ...(completed?.trxs ?? []), ...(saved ?? [])];
    if (all.length === 0) return;
    setKnown((k) => {
      const next = { ...k };
      for (const t of all) next[t.local_trx_id] = t;
      return next;
    });
  }, [pending, completed, saved]);

  const cards = (trxs: PosTransaction[] | undefined | null, error: string | null, emptyText: string) => {
    if (error) return <Text c="red">{error}</Text>;
    if (!trxs) return <Loader mx="auto" display="block" />;
    const entries = trxs.map((t) => pendingEntry(t, wording)).filter((e) => entryMatches(e, keyword, e.id));
    if (entries.length === 0)
      return (
        <Text c="dimmed" ta="center" py="md">
          {keyword.trim() || (tab === 'completed' && term) ? T.notFound : emptyText}
        </Text>
      );
    return entries.map((e) => (
      <div key={e.id} data-selected={e.id === selectedId ? 'true' : undefined}>
        <Paper
          radius="md"
          style={{ outline: e.id === selectedId ? '2px solid var(--mantine-color-blue-6)' : undefined }}
        >
          <TrxCard entry={e} onOpen={() => onSelect(e.id)} actions={[]} />
        </Paper>
        {e.id === selectedId && known[e.id] && (
          <SalePreview key={props.refreshKey} trx={known[e.id]} {...props} />
        )}
      </div>
    ));
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-sale-panel">
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="pending">{T.pending}</Tabs.Tab>
          <Tabs.Tab value="completed">{T.completed}</Tabs.Tab>
          <Tabs.Tab value="saved">{T.saved}</Tabs.Tab>
        </Tabs.List>
        <Stack gap="sm" mt="sm">
          {tab === 'completed' ? (
            <>
              <DatePickerInput
                label="Tanggal"
                value={date}
                minDate={window7.min}
                maxDate={window7.max}
                valueFormat="DD MMM YYYY"
                onChange={(v) => {
                  if (v) {
                    setDate(String(v).slice(0, 10));
                    setPage(1);
                  }
                }}
                data-testid="stock-out-completed-date"
              />
              <TextInput
                aria-label={T.search}
                placeholder={T.search}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </>
          ) : (
            <TextInput
              aria-label={T.search}
              placeholder={T.search}
              value={keyword}
              onChange={(e) => setKeyword(e.currentTarget.value)}
            />
          )}
          <ScrollArea.Autosize mah="70dvh" type="auto">
            <Stack gap="xs">
              {tab === 'pending' && cards(pending, null, T.empty)}
              {tab === 'completed' && cards(completed?.trxs, completedError, T.empty)}
              {tab === 'saved' && cards(saved, savedError, T.savedEmpty)}
            </Stack>
          </ScrollArea.Autosize>
          {tab === 'completed' && completed && completed.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(completed.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
        </Stack>
      </Tabs>
    </Paper>
  );
}

/** The chosen sale: its receipt (with secret notes) and what was already taken out of stock for it. */
function SalePreview({ trx, ...props }: CustomerSalePanelProps & { trx: PosTransaction }) {
  const [out, setOut] = useState<InventoryOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { inventoryOut } = props.pos;
  useEffect(() => {
    let live = true;
    setOut(null);
    setError(null);
    inventoryOut(trx.local_trx_id)
      .then((d) => live && setOut(d))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [trx.local_trx_id, inventoryOut]);
  const config = useMemo(() => receiptConfig(props.receipt.config, trx), [props.receipt.config, trx]);
  const mode = useMemo(() => historyPreviewMode(), []);
  return (
    <Stack gap="sm" mt="xs" data-testid="stock-out-sale-preview" data-local-trx-id={trx.local_trx_id}>
      <Paper withBorder radius="md" p="xs" style={{ overflowX: 'auto' }}>
        <ReceiptScreen
          trx={trx}
          config={config}
          mode={mode}
          paper={props.receipt.paper}
          isTablet={props.receipt.isTablet}
          separators={props.receipt.separators}
          buttons="none"
        />
      </Paper>
      {error ? (
        <Text c="red">{error}</Text>
      ) : out === null ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs" data-testid="stock-out-sale-lines">
          <StockOutSection title="Sales" rows={out.sales} qtyDecimalLength={props.qtyDecimalLength} />
          <StockOutSection
            title="Consumptions"
            rows={out.consumptions}
            qtyDecimalLength={props.qtyDecimalLength}
          />
          <StockOutSection
            title="Ingredients"
            rows={out.ingredients}
            qtyDecimalLength={props.qtyDecimalLength}
          />
        </Stack>
      )}
    </Stack>
  );
}
