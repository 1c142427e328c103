// /inventory/stock and /inventory/history 'Daftar Stok' (002 §2.2 reading A, ruling 6): the outlet's stock
// once the device's sales are synchronised (SyncFirst wraps the route), loaded with the 10-second time-out.
// Kategori, SKU, Nama Barang and Varian have column search filters with the match highlighted; every column
// sorts; no pagination. 50,000 rows stay smooth: the rows are prepared once per load (src/domain/stock-list.ts),
// filtering follows the typing in a transition (each input keeps its own text), and only the rows in view are in the DOM
// (@tanstack/react-virtual) — still one real <table>: spacer rows keep the scroll height, aria-rowcount and
// aria-rowindex tell assistive technology where each rendered row stands. A row (click, or Enter on the focused
// row) opens that item's stock card (StockCard, issue 22 item 9): one handler on the table, not one per row.
import { Alert, Box, Center, Loader, Mark, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  forwardRef,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { StockListRow } from '../../../api/contract/inventory';
import { isApiError } from '../../../api/http';
import { createInventoryApi } from '../../../api/inventory';
import { posConfigSchema } from '../../../domain';
import {
  highlightParts,
  isNumericStockColumn,
  nextStockSort,
  type PreparedStockRow,
  prepareStockRows,
  STOCK_COLUMNS,
  STOCK_SEARCH_COLUMNS,
  type StockColumn,
  type StockFilters,
  type StockSearchColumn,
  type StockSort,
  visibleStockRows,
  warmStockRows,
} from '../../../domain/stock-list';
import { STOCK_CARD_TEXTS } from '../../../domain/texts/stock-card';
import { STOCK_LIST_TEXTS as T } from '../../../domain/texts/stock-list';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { SortHeader } from '../../components/SortHeader';
import { StockCard } from './StockCard';

const HEADERS: Record<StockColumn, string> = {
  item_type: T.itemType,
  category_name: T.category,
  sku: T.sku,
  item_name: T.itemName,
  variant_name: T.variant,
  qty: T.qty,
  drv_bad_qty: T.badQty,
  unit_name: T.unit,
};
/** Fixed widths (table-layout: fixed), so the columns do not jump as other rows scroll into view. */
const WIDTHS: Record<StockColumn, number> = {
  item_type: 100,
  category_name: 140,
  sku: 140,
  item_name: 240,
  variant_name: 130,
  qty: 90,
  drv_bad_qty: 95,
  unit_name: 80,
};
const TABLE_WIDTH = Object.values(WIDTHS).reduce((a, b) => a + b, 0);
const SEARCHABLE = new Set<StockColumn>(STOCK_SEARCH_COLUMNS);
const HEADER_ROWS = 2;
const ROW_HEIGHT = 37;
const estimateRowSize = () => ROW_HEIGHT;
/** Rows whose search keys are made per background slice after the first paint. */
const WARM_SLICE = 4000;

/** 002 §8: the stock list's time-out has its own text; any other error shows the server's error.message. */
export function stockListErrorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'timeout') return T.timeout;
  return error instanceof Error && error.message ? error.message : T.timeout;
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: StockListRow[] };

export function StockListPage() {
  const { client } = useServices();
  const { view } = useSession();
  const api = useMemo(() => createInventoryApi(client), [client]);
  const separators = useMemo(
    () => ({
      decimalSeparator: view.device.decimalSeparator,
      thousandSeparator: view.device.thousandSeparator,
    }),
    [view.device.decimalSeparator, view.device.thousandSeparator],
  );

  const config = useMemo(() => {
    const parsed = posConfigSchema.safeParse(view.userData);
    return parsed.success ? parsed.data : null;
  }, [view.userData]);
  const [cardFor, setCardFor] = useState<{ pos_item_variant_id: number; item_name: string } | null>(null);

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // each filter input keeps what is typed (a keystroke renders that input only); the page's filters, and
  // the (50,000-row) filtering, follow in a transition, which the next keystroke may interrupt
  const [filters, setFilters] = useState<StockFilters>({});
  const [sort, setSort] = useState<StockSort | null>(null);
  const onFilter = useCallback((column: StockSearchColumn, value: string) => {
    startTransition(() => setFilters((f) => ({ ...f, [column]: value })));
  }, []);
  const onSort = useCallback((column: StockColumn) => setSort((s) => nextStockSort(s, column)), []);

  useEffect(() => {
    let live = true;
    api.stockList().then(
      (rows) => live && setLoad({ status: 'ready', rows }),
      (error: unknown) => live && setLoad({ status: 'error', message: stockListErrorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const prepared = useMemo(
    () => prepareStockRows(load.status === 'ready' ? load.rows : [], separators),
    [load, separators],
  );
  const shown = useMemo(() => visibleStockRows(prepared, filters, sort), [prepared, filters, sort]);
  // after the first paint, the remaining rows' search keys are made in slices between frames
  useEffect(() => {
    let at = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      at = warmStockRows(prepared, at, at + WARM_SLICE);
      if (at < prepared.rows.length) timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [prepared]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  // the header's height, read once the table is there (reading it after every render forced a layout of the
  // whole table on each keystroke); its columns have fixed widths, so it does not change afterwards
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured when the table appears
  useLayoutEffect(() => {
    if (headRef.current) setHeadHeight(headRef.current.offsetHeight);
  }, [load.status]);
  // stable while the shown rows are: a new function would make the virtualizer walk every row's key again
  // (50,000) on each render, the keystroke's own included
  const getItemKey = useCallback((i: number) => shown[i].row.pos_item_variant_id, [shown]);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 12,
    scrollMargin: headHeight,
    getItemKey,
  });
  // a new filter or sort starts at the top of the list
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters or the sort change
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filters, sort]);

  // the row's item, found from the event's row (rows carry data-variant)
  const openCard = useCallback(
    (target: EventTarget) => {
      const tr = (target as Element).closest?.('tr[data-variant]');
      const id = Number(tr?.getAttribute('data-variant'));
      const row = shown.find((p) => p.row.pos_item_variant_id === id)?.row;
      if (row)
        setCardFor({
          pos_item_variant_id: id,
          item_name: [row.item_name, row.variant_name].filter(Boolean).join(' - '),
        });
    },
    [shown],
  );

  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start - headHeight : 0;
  const padBottom = items.length
    ? virtualizer.getTotalSize() - (items[items.length - 1].end - headHeight)
    : 0;

  return (
    <Stack gap="md" miw={0} data-testid="stock-list-page">
      <Title order={1} size="h2">
        {T.title}
      </Title>
      {load.status === 'loading' && (
        <Center py="xl" data-testid="stock-list-loading">
          <Loader aria-label={T.title} />
        </Center>
      )}
      {load.status === 'error' && (
        <Alert color="red" role="alert" data-testid="stock-list-error">
          {load.message}
        </Alert>
      )}
      {load.status === 'ready' && (
        <Text size="sm" c="dimmed" data-testid="stock-list-card-hint">
          {STOCK_CARD_TEXTS.rowHint}
        </Text>
      )}
      {load.status === 'ready' && (
        <Paper withBorder radius="md" miw={0} style={{ overflow: 'hidden' }}>
          <Box
            ref={scrollRef}
            // a scrolling region reachable by keyboard (axe scrollable-region-focusable)
            tabIndex={0}
            role="region"
            aria-label={T.title}
            pos="relative"
            // its layout, style and paint are its own: a keystroke re-lays out the rows in view, not the page
            style={{ overflow: 'auto', height: 'max(320px, calc(100dvh - 200px))', contain: 'strict' }}
            data-testid="stock-list-scroll"
          >
            <Table
              stickyHeader
              highlightOnHover
              verticalSpacing="xs"
              w={TABLE_WIDTH}
              style={TABLE_STYLE}
              onClick={(e) => openCard(e.target)}
              onKeyDown={(e) => {
                if (
                  (e.key === 'Enter' || e.key === ' ') &&
                  (e.target as Element).matches('tr[data-variant]')
                ) {
                  e.preventDefault();
                  openCard(e.target);
                }
              }}
              aria-rowcount={shown.length + HEADER_ROWS}
              // the filters the rows below were rendered with (bench/stock-list-paint.bench.ts times a
              // keystroke until this shows it)
              data-applied-filters={JSON.stringify(filters)}
              data-testid="stock-list-table"
            >
              <colgroup>
                {STOCK_COLUMNS.map((c) => (
                  <col key={c} style={{ width: WIDTHS[c] }} />
                ))}
              </colgroup>
              <StockHeader ref={headRef} sort={sort} onSort={onSort} onFilter={onFilter} />
              <Table.Tbody>
                {padTop > 0 && (
                  <tr aria-hidden="true" data-testid="stock-list-spacer-top">
                    <td colSpan={STOCK_COLUMNS.length} style={{ height: padTop, padding: 0, border: 0 }} />
                  </tr>
                )}
                <StockRows
                  items={items}
                  shown={shown}
                  filters={filters}
                  measureElement={virtualizer.measureElement}
                />
                {padBottom > 0 && (
                  <tr aria-hidden="true">
                    <td colSpan={STOCK_COLUMNS.length} style={{ height: padBottom, padding: 0, border: 0 }} />
                  </tr>
                )}
              </Table.Tbody>
            </Table>
            {shown.length === 0 && (
              <Text c="dimmed" ta="center" py="lg" data-testid="stock-list-empty">
                {T.notFound}
              </Text>
            )}
          </Box>
        </Paper>
      )}
      <StockCard
        api={api}
        item={cardFor}
        locations={config?.storage_locations ?? []}
        qtyDecimals={Math.max(2, Number(config?.qty_decimal_length ?? 0))}
        separators={separators}
        onClose={() => setCardFor(null)}
      />
    </Stack>
  );
}

/**
 * The two header rows: the sortable column names and the filter inputs. Memoised (its props are stable
 * but for the sort), so neither a keystroke nor the filtered rows render it again.
 */
const StockHeader = memo(
  forwardRef<
    HTMLTableSectionElement,
    {
      sort: StockSort | null;
      onSort: (column: StockColumn) => void;
      onFilter: (column: StockSearchColumn, value: string) => void;
    }
  >(function StockHeader({ sort, onSort, onFilter }, ref) {
    return (
      <Table.Thead ref={ref} style={{ zIndex: 1 }}>
        <Table.Tr aria-rowindex={1}>
          {STOCK_COLUMNS.map((c) => (
            <SortHeader
              key={c}
              column={c}
              label={HEADERS[c]}
              alignEnd={isNumericStockColumn(c)}
              sort={sort}
              onSort={onSort}
            />
          ))}
        </Table.Tr>
        <Table.Tr aria-rowindex={2}>
          {STOCK_COLUMNS.map((c) => (
            <Table.Td key={c} fw={400}>
              {SEARCHABLE.has(c) && <FilterInput column={c as StockSearchColumn} onFilter={onFilter} />}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Thead>
    );
  }),
);

/** A column's search box: its own state, so a keystroke renders this input alone. */
function FilterInput({
  column,
  onFilter,
}: {
  column: StockSearchColumn;
  onFilter: (column: StockSearchColumn, value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      size="xs"
      placeholder={T.search}
      aria-label={`${T.search} ${HEADERS[column]}`}
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setValue(next);
        onFilter(column, next);
      }}
      data-testid={`filter-${column}`}
    />
  );
}

// The rendered rows' elements written out with the classes, attributes and styles Mantine's Table.Tr,
// Table.Td, Highlight and Mark give them (the same DOM), without a Mantine component per cell: a keystroke
// renders every row in view again, and the components' style resolution was most of that render.
const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;
const HIGHLIGHT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root mantine-Highlight-root`;
const HIGHLIGHT_STYLE = { fontSize: 'var(--mantine-font-size-sm)' };
const MARK_CLASS = `${Mark.classes.root} mantine-Mark-root`;
const MARK_STYLE = {
  '--mark-bg-dark': 'var(--mantine-color-yellow-5)',
  '--mark-bg-light': 'var(--mantine-color-yellow-2)',
} as CSSProperties;
const STRIPE_STYLE = { background: 'var(--mantine-color-gray-0)' };
const NUMERIC_STYLE = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const TEXT_STYLE = { overflowWrap: 'anywhere' } as const;
/** cursor is inherited: the rows show they open the stock card without a style of their own */
const TABLE_STYLE = { tableLayout: 'fixed', cursor: 'pointer' } as const;

/** A cell's text with the search term marked (the parts of Mantine's Highlight: highlightParts). */
function Highlighted({ text, term }: { text: string; term: string }) {
  return (
    <span className={HIGHLIGHT_CLASS} style={HIGHLIGHT_STYLE}>
      {highlightParts(text, term).map(({ chunk, highlighted }, i) =>
        highlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <mark key={i} className={MARK_CLASS} style={MARK_STYLE} data-highlight={chunk}>
            {chunk}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <span key={i}>{chunk}</span>
        ),
      )}
    </span>
  );
}

/**
 * The rendered rows: memoised, so a keystroke's urgent render (the input only) leaves them alone and they
 * render once, when the deferred filters and the rows they show arrive.
 */
const StockRows = memo(function StockRows({
  items,
  shown,
  filters,
  measureElement,
}: {
  items: VirtualItem[];
  shown: readonly PreparedStockRow<StockListRow>[];
  filters: StockFilters;
  measureElement: (node: Element | null) => void;
}) {
  // each searchable column's term, trimmed once for all rows
  const terms = STOCK_COLUMNS.map((c) =>
    SEARCHABLE.has(c) ? (filters[c as StockSearchColumn] ?? '').trim() : '',
  );
  return items.map((item) => {
    const p = shown[item.index];
    const text = p.text;
    return (
      <tr
        key={item.key}
        className={TR_CLASS}
        data-with-row-border="true"
        data-hover="true"
        data-index={item.index}
        ref={measureElement}
        aria-rowindex={item.index + HEADER_ROWS + 1}
        data-testid={`stock-row-${p.row.pos_item_variant_id}`}
        // focusable: Enter opens the stock card (the table's handler)
        tabIndex={0}
        data-variant={p.row.pos_item_variant_id}
        // striped by the row's place in the list (nth-of-type would count the spacer row)
        style={item.index % 2 ? STRIPE_STYLE : undefined}
      >
        {STOCK_COLUMNS.map((c, k) => (
          <td
            key={c}
            className={TD_CLASS}
            data-column={c}
            style={isNumericStockColumn(c) ? NUMERIC_STYLE : TEXT_STYLE}
          >
            {terms[k] ? <Highlighted text={text[c]} term={terms[k]} /> : text[c]}
          </td>
        ))}
      </tr>
    );
  });
});
