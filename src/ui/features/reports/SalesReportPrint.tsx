// /report/pos-all-trx/print (002 §2.14): opened after the sync pass (SyncFirst), it reads its parameters from
// the query string and shows the sales report: daily and detail with the server's column definitions (currency
// columns formatted, floored and totalled), by product with No, Item Name (' - variant'), Category, Qty Terjual
// and a total. A chart above the table (hidden in print) and a CSV download.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Center, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import {
  REPORT_PATHS,
  type SalesByProductRow,
  type SalesTrxReportResponse,
} from '../../../api/contract/report';
import { errorMessage } from '../../../api/http';
import { createReportApi } from '../../../api/report';
import type { Separators } from '../../../domain/money';
import {
  columnTotals,
  floorAmount,
  formatReportAmount,
  formatReportQty,
  type ItemNature,
  isItemNature,
  isSalesReportType,
  type ReportColDef,
  reportCsv,
  type SalesReportType,
  salesReportTitle,
} from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import { useOptionalServices } from '../../app/services';
import { useSessionConfig } from '../../app/use-session-config';
import { authOf } from '../storage/brand-export-download';
import { MoreRows } from './MoreRows';
import { downloadText, EmptyReport, ReportPrintFrame } from './ReportPrintFrame';
import { ReportScroll } from './ReportTable';
import { downloadServerCsv } from './server-csv';

type Data =
  | { kind: 'trx'; data: SalesTrxReportResponse; more: TrxRow[][]; next: string | null }
  | { kind: 'product'; rows: SalesByProductRow[] }
  | { kind: 'failed'; message: string };

type TrxRow = SalesTrxReportResponse['payload'][number];

export function readSalesParams(search: string) {
  const q = new URLSearchParams(search);
  const type = q.get('report_type');
  const nature = q.get('item_nature') ?? '';
  return {
    start_date: q.get('start_date') ?? '',
    end_date: q.get('end_date') ?? '',
    report_type: (isSalesReportType(type) ? type : 'by-transaction') as SalesReportType,
    item_nature: (isItemNature(nature) ? nature : '') as ItemNature,
  };
}

/** Net value per day (daily report) for the chart. */
export function netByDay(payload: readonly Record<string, unknown>[]): { day: string; net: number }[] {
  const byDay = new Map<string, number>();
  for (const r of payload) {
    const day = String(r.trx_time ?? '').slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + floorAmount(r.net_total));
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, net]) => ({ day, net }));
}

export function SalesReportPrint({ search = window.location.search }: { search?: string }) {
  // outside the app's providers (shell tests rendering routes alone) nothing loads
  const client = useOptionalServices()?.client ?? null;
  const { config, separators } = useSessionConfig();
  const currency = config?.currency_code ?? 'IDR';
  const params = useMemo(() => readSalesParams(search), [search]);
  const api = useMemo(() => (client ? createReportApi(client) : null), [client]);
  const [data, setData] = useState<Data | null>(null);
  useEffect(() => {
    if (!api) return;
    let live = true;
    const { report_type, ...rest } = params;
    const load: Promise<Data> =
      report_type === 'by-product'
        ? api.salesByProduct(rest).then((rows) => ({ kind: 'product', rows }))
        : api
            .salesTrx({ ...rest, report_type })
            .then((d) => ({ kind: 'trx', data: d, more: [], next: d.next_cursor ?? null }));
    load.then(
      (d) => live && setData(d),
      (e: unknown) => live && setData({ kind: 'failed', message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, params]);

  // issue 27: the next page of the daily/detail report, asked for when the end of the table comes into view
  const [loadingMore, setLoadingMore] = useState(false);
  const [csvError, setCsvError] = useState(false);
  const next = data?.kind === 'trx' ? data.next : null;
  const loadMore = useCallback(() => {
    if (!api || !next || loadingMore || params.report_type === 'by-product') return;
    setLoadingMore(true);
    const { report_type, ...rest } = params;
    api.salesTrx({ ...rest, report_type, cursor: next }).then(
      (d) => {
        setData((cur) =>
          cur?.kind === 'trx' && cur.next === next
            ? { ...cur, more: [...cur.more, d.payload], next: d.next_cursor ?? null }
            : cur,
        );
        setLoadingMore(false);
      },
      (e: unknown) => {
        setData({ kind: 'failed', message: errorMessage(e) });
        setLoadingMore(false);
      },
    );
  }, [api, next, loadingMore, params]);
  const store = useOptionalServices()?.store ?? null;

  const title = salesReportTitle(params.report_type, params.item_nature);
  const money = (v: unknown) => `${currency} ${formatReportAmount(v, separators)}`;
  const cell = (c: ReportColDef, v: unknown) =>
    c.type === 'currency' ? money(v) : c.type === 'qty' ? formatReportQty(v, separators) : String(v ?? '');

  let body: React.ReactNode = (
    <Center py="xl">
      <Loader aria-label={title} />
    </Center>
  );
  let onCsv: (() => void) | undefined;
  let chart: React.ReactNode = null;
  if (data?.kind === 'failed')
    body = (
      <Alert color="red" role="alert">
        {data.message}
      </Alert>
    );
  if (data?.kind === 'trx') {
    const { col_def, payload } = data.data;
    const pages = [payload, ...data.more];
    const shown = pages.reduce((n, p) => n + p.length, 0);
    const rowCount = data.data.row_count ?? shown;
    // the whole range's totals come with the first page (the server's); computed here only from an older answer
    const totals = data.data.totals ?? columnTotals(col_def, payload);
    const fileName = `laporan-penjualan-${params.report_type}-${params.start_date}-${params.end_date}.csv`;
    onCsv = () => {
      setCsvError(false);
      void (async () => {
        const auth = authOf(store ? (await store.db.session.get('current'))?.user : null);
        if (!auth) throw new Error('no session');
        const { report_type, start_date, end_date, item_nature } = params;
        await downloadServerCsv(
          auth,
          REPORT_PATHS.salesTrx,
          { report_type, start_date, end_date, item_nature },
          fileName,
        );
      })().catch(() => setCsvError(true));
    };
    const byDay = data.data.by_day ?? netByDay(payload);
    if (params.report_type === 'by-transaction' && shown > 0)
      chart = (
        <Paper withBorder p="sm" radius="md" data-testid="report-chart">
          <Title order={2} size="h5" mb="xs">
            {REPORT_OWN.chartTitle}
          </Title>
          <BarChart
            h={220}
            data={byDay}
            dataKey="day"
            series={[{ name: 'net', label: 'Net Value', color: 'teal.8' }]}
            valueFormatter={(v) => formatReportAmount(v, separators)}
          />
        </Paper>
      );
    const offsets = pages.map((_, i) => pages.slice(0, i).reduce((n, p) => n + p.length, 0));
    body =
      shown === 0 ? (
        <EmptyReport />
      ) : (
        <>
          {csvError && (
            <Alert color="red" role="alert" className="rp-noprint">
              {REPORT_OWN.csvFailed}
            </Alert>
          )}
          {data.next !== null && (
            <Text size="sm" data-testid="report-shown">
              {REPORT_OWN.shownOf(
                formatReportAmount(shown, separators),
                formatReportAmount(rowCount, separators),
              )}
            </Text>
          )}
          <ReportScroll>
            <Table striped withTableBorder withColumnBorders data-testid="report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{REPORT_TEXTS.no}</Table.Th>
                  {col_def.map((c) => (
                    <Table.Th
                      key={c.key}
                      ta={c.type === 'currency' || c.type === 'qty' ? 'right' : undefined}
                    >
                      {c.title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.map((rows, i) => (
                  <PageRows
                    // biome-ignore lint/suspicious/noArrayIndexKey: pages only ever append, in order
                    key={i}
                    rows={rows}
                    offset={offsets[i] ?? 0}
                    colDef={col_def}
                    currency={currency}
                    separators={separators}
                  />
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700} data-testid="report-totals">
                  <Table.Td>{REPORT_OWN.total}</Table.Td>
                  {col_def.map((c) => (
                    <Table.Td key={c.key} ta={c.key in totals ? 'right' : undefined}>
                      {c.key in totals ? cell(c, totals[c.key]) : ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ReportScroll>
          {data.next !== null && <MoreRows loading={loadingMore} onMore={loadMore} />}
        </>
      );
  }
  if (data?.kind === 'product') {
    const { rows } = data;
    const total = Math.round(rows.reduce((s, r) => s + r.qty * 100, 0)) / 100;
    const name = (r: SalesByProductRow) => `${r.item_name}${r.variant_name ? ` - ${r.variant_name}` : ''}`;
    onCsv = () =>
      downloadText(
        `laporan-penjualan-by-product-${params.start_date}-${params.end_date}.csv`,
        reportCsv(
          [REPORT_TEXTS.no, REPORT_TEXTS.itemName, REPORT_TEXTS.category, REPORT_TEXTS.qtySold],
          rows.map((r, i) => [i + 1, name(r), r.category_name ?? '', r.qty]),
        ),
      );
    body =
      rows.length === 0 ? (
        <EmptyReport />
      ) : (
        <Table striped withTableBorder withColumnBorders data-testid="report-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{REPORT_TEXTS.no}</Table.Th>
              <Table.Th>{REPORT_TEXTS.itemName}</Table.Th>
              <Table.Th>{REPORT_TEXTS.category}</Table.Th>
              <Table.Th ta="right">{REPORT_TEXTS.qtySold}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.pos_item_variant_id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{name(r)}</Table.Td>
                <Table.Td>{r.category_name ?? ''}</Table.Td>
                <Table.Td ta="right">{formatReportQty(r.qty, separators)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="report-totals">
              <Table.Td colSpan={3}>{REPORT_OWN.total}</Table.Td>
              <Table.Td ta="right">{formatReportQty(total, separators)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      );
  }

  return (
    <ReportPrintFrame
      title={title}
      start_date={params.start_date}
      end_date={params.end_date}
      onCsv={onCsv}
      chart={chart}
    >
      {body}
    </ReportPrintFrame>
  );
}

/** One page of rows; memoised so a page appended below never renders the ones above again. */
const PageRows = memo(function PageRows({
  rows,
  offset,
  colDef,
  currency,
  separators,
}: {
  rows: readonly TrxRow[];
  offset: number;
  colDef: readonly ReportColDef[];
  currency: string;
  separators: Separators;
}) {
  const cell = (c: ReportColDef, v: unknown) =>
    c.type === 'currency'
      ? `${currency} ${formatReportAmount(v, separators)}`
      : c.type === 'qty'
        ? formatReportQty(v, separators)
        : String(v ?? '');
  return rows.map((r, i) => (
    <Table.Tr key={String(r.row_key ?? offset + i)}>
      <Table.Td>{offset + i + 1}</Table.Td>
      {colDef.map((c) => (
        <Table.Td key={c.key} ta={c.type === 'currency' || c.type === 'qty' ? 'right' : undefined}>
          {cell(c, r[c.key])}
        </Table.Td>
      ))}
    </Table.Tr>
  ));
});
