// /report/worker-commission/print 'Riwayat Komisi Pekerja' (002 §2.15): the common header with Jenis Produk;
// only the selected workers; the summary (one table, net values per worker, a chart above it hidden in print),
// or per worker a table by transaction, by product or in the simple format. 'Total Commission' shows only
// when the server sent it (the role's commission-value flag, 002 §6). Every table has a totals row; amounts
// are floored. CSV of what is shown. By transaction and the simple format (issue 27) load a page of rows at a
// time (only the selected workers): every worker's heading and whole-range totals at once, the rows as they load
// ('Menampilkan X dari N baris…' while some are not), and the server's CSV of every row.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import {
  REPORT_PATHS,
  type WorkerProductRow,
  type WorkerSummaryRow,
  type WorkerTrxPageResponse,
  type WorkerTrxPageRow,
  type WorkerTrxRow,
} from '../../../api/contract/report';
import { errorMessage } from '../../../api/http';
import { createReportApi } from '../../../api/report';
import type { Separators } from '../../../domain/money';
import { floorAmount, formatReportAmount, reportCsv } from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import {
  isWorkerReportType,
  type WorkerReportType,
  workerCheckboxLabel,
} from '../../../domain/worker-report';
import { useOptionalServices } from '../../app/services';
import { useSessionConfig } from '../../app/use-session-config';
import { authOf } from '../storage/brand-export-download';
import { MoreRows } from './MoreRows';
import { downloadText, EmptyReport, ReportPrintFrame } from './ReportPrintFrame';
import { type ReportColumn, ReportTable, tableCsvParts } from './ReportTable';
import { downloadServerCsv } from './server-csv';
import { useReport } from './use-report';

export function readWorkerParams(search: string) {
  const q = new URLSearchParams(search);
  const type = q.get('report_type');
  const nature = q.get('item_nature');
  return {
    start_date: q.get('start_date') ?? '',
    end_date: q.get('end_date') ?? '',
    report_type: (isWorkerReportType(type) ? type : 'summary') as WorkerReportType,
    item_nature: (nature === 'RETAIL' || nature === 'SERVICE' ? nature : undefined) as
      | 'RETAIL'
      | 'SERVICE'
      | undefined,
    commission_workers: (q.get('commission_workers') ?? '')
      .split(',')
      .map((x) => Number(x))
      .filter((x) => Number.isInteger(x) && x > 0),
  };
}

type Named = { business_commission_worker_id: number; firstname: string; lastname: string; initial: string };
type PerWorker<R> = (Named & { commissions: R[] })[];
type Data =
  | { kind: 'summary'; rows: WorkerSummaryRow[] }
  | { kind: 'product'; workers: PerWorker<WorkerProductRow> }
  | { kind: 'pages'; first: WorkerTrxPageResponse };

/** Rows a page of by transaction / simple asks for (issue 27). */
export const WORKER_PAGE_ROWS = 1_000;
type PagedWorker = NonNullable<WorkerTrxPageResponse['workers']>[number];

const has = (rows: readonly object[], key: string) => rows.some((r) => key in r);

function figureColumns<R extends WorkerProductRow | WorkerTrxRow>(
  withCommission: boolean,
): ReportColumn<R>[] {
  const cols: ReportColumn<R>[] = [
    { key: 'qty', title: REPORT_TEXTS.qty, kind: 'qty', value: (r) => r.qty },
    { key: 'gross', title: REPORT_TEXTS.gross, kind: 'money', value: (r) => r.gross_total },
    { key: 'discount', title: REPORT_TEXTS.discount, kind: 'money', value: (r) => r.discount_value },
    { key: 'net', title: REPORT_TEXTS.net, kind: 'money', value: (r) => r.net_value },
    { key: 'base', title: REPORT_TEXTS.commissionBase, kind: 'money', value: (r) => r.commission_base_value },
  ];
  if (withCommission)
    cols.push({
      key: 'commission',
      title: REPORT_TEXTS.totalCommission,
      kind: 'money',
      value: (r) => r.total_commission ?? 0,
    });
  return cols;
}

export function WorkerReportPrint({ search = window.location.search }: { search?: string }) {
  const { config, separators } = useSessionConfig();
  const currency = config?.currency_code ?? 'IDR';
  const params = useMemo(() => readWorkerParams(search), [search]);
  const loaded = useReport<Data>(async (api) => {
    const q = { start_date: params.start_date, end_date: params.end_date };
    if (params.report_type === 'summary') return { kind: 'summary', rows: await api.workerSummary(q) };
    if (params.report_type === 'by-product')
      return {
        kind: 'product',
        workers: await api.workerByProduct({ ...q, item_nature: params.item_nature }),
      };
    if (params.commission_workers.length === 0)
      return { kind: 'pages', first: { workers: [], rows: [], next_cursor: null } };
    return {
      kind: 'pages',
      first: await api.workerByTrxPage({
        ...q,
        report_type: params.report_type,
        commission_workers: params.commission_workers.join(','),
        limit: String(WORKER_PAGE_ROWS),
      }),
    };
  }, search);
  const client = useOptionalServices()?.client ?? null;
  const store = useOptionalServices()?.store ?? null;
  const api = useMemo(() => (client ? createReportApi(client) : null), [client]);
  // the pages after the first (issue 27), asked for when the end of the loaded rows comes into view
  const [more, setMore] = useState<{
    search: string;
    pages: WorkerTrxPageRow[][];
    next: string | null;
    failed?: string;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [csvError, setCsvError] = useState(false);
  const first = loaded?.ok && loaded.data.kind === 'pages' ? loaded.data.first : null;
  const extra = more?.search === search ? more : null;
  const next = extra ? extra.next : (first?.next_cursor ?? null);
  const loadMore = useCallback(() => {
    if (
      !api ||
      !next ||
      loadingMore ||
      params.report_type === 'by-product' ||
      params.report_type === 'summary'
    )
      return;
    setLoadingMore(true);
    api
      .workerByTrxPage({
        start_date: params.start_date,
        end_date: params.end_date,
        report_type: params.report_type,
        commission_workers: params.commission_workers.join(','),
        limit: String(WORKER_PAGE_ROWS),
        cursor: next,
      })
      .then(
        (d) => {
          setMore((cur) => {
            const pages = cur?.search === search ? cur.pages : [];
            return { search, pages: [...pages, d.rows], next: d.next_cursor };
          });
          setLoadingMore(false);
        },
        (e: unknown) => {
          setMore((cur) => ({
            search,
            pages: cur?.search === search ? cur.pages : [],
            next: null,
            failed: errorMessage(e),
          }));
          setLoadingMore(false);
        },
      );
  }, [api, next, loadingMore, params, search]);
  const pages = useMemo(() => (first ? [first.rows, ...(extra?.pages ?? [])] : []), [first, extra]);
  const picked = new Set(params.commission_workers);
  const only = <W extends Named>(ws: readonly W[]) =>
    ws.filter((w) => picked.has(w.business_commission_worker_id));

  let body: React.ReactNode = (
    <Center py="xl">
      <Loader aria-label={REPORT_TEXTS.workerTitle} />
    </Center>
  );
  let chart: React.ReactNode = null;
  let onCsv: (() => void) | undefined;
  const file = `aktivitas-pekerja-${params.report_type}-${params.start_date}-${params.end_date}.csv`;
  if (loaded && !loaded.ok)
    body = (
      <Alert color="red" role="alert">
        {loaded.message}
      </Alert>
    );
  if (loaded?.ok && loaded.data.kind === 'summary') {
    const rows = only(loaded.data.rows);
    const cols: ReportColumn<WorkerSummaryRow>[] = [
      { key: 'worker', title: REPORT_TEXTS.workerCol, value: (r) => workerCheckboxLabel(r) },
      { key: 'retail', title: REPORT_TEXTS.retailNet, kind: 'money', value: (r) => r.retail_net_value },
      { key: 'service', title: REPORT_TEXTS.serviceNet, kind: 'money', value: (r) => r.service_net_value },
    ];
    if (has(rows, 'total_commission'))
      cols.push({
        key: 'commission',
        title: REPORT_TEXTS.totalCommission,
        kind: 'money',
        value: (r) => r.total_commission ?? 0,
      });
    onCsv = () => downloadText(file, reportCsv(...tableCsvParts(cols, rows)));
    if (rows.some((r) => r.retail_net_value + r.service_net_value > 0))
      chart = (
        <Paper withBorder p="sm" radius="md" data-testid="report-chart">
          <Title order={2} size="h5" mb="xs">
            {REPORT_OWN.workerChart}
          </Title>
          <BarChart
            h={240}
            type="stacked"
            data={rows.map((r) => ({
              worker: r.initial || r.firstname,
              service: floorAmount(r.service_net_value),
              retail: floorAmount(r.retail_net_value),
            }))}
            dataKey="worker"
            series={[
              { name: 'service', label: REPORT_TEXTS.serviceNet, color: 'teal.8' },
              { name: 'retail', label: REPORT_TEXTS.retailNet, color: 'indigo.7' },
            ]}
            valueFormatter={(v) => formatReportAmount(v, separators)}
            withLegend
          />
        </Paper>
      );
    body =
      rows.length === 0 ? (
        <EmptyReport />
      ) : (
        <ReportTable
          columns={cols}
          rows={rows}
          rowKey={(r) => String(r.business_commission_worker_id)}
          currency={currency}
          separators={separators}
        />
      );
  }
  if (loaded?.ok && loaded.data.kind === 'pages') {
    const simple = params.report_type === 'by-simple';
    const workers = only(loaded.data.first.workers ?? []).filter((w) => w.row_count > 0);
    const withCommission = !simple && workers.some((w) => 'total_commission' in w.totals);
    const cols = trxColumns(simple, withCommission);
    const shown = pages.reduce((n, p) => n + p.length, 0);
    const rowCount = workers.reduce((n, w) => n + w.row_count, 0);
    const lastWorker = pages.at(-1)?.at(-1)?.business_commission_worker_id ?? null;
    onCsv = () => {
      setCsvError(false);
      void (async () => {
        const auth = authOf(store ? (await store.db.session.get('current'))?.user : null);
        if (!auth) throw new Error('no session');
        await downloadServerCsv(
          auth,
          REPORT_PATHS.workerByTrx,
          {
            start_date: params.start_date,
            end_date: params.end_date,
            report_type: params.report_type,
            commission_workers: params.commission_workers.join(','),
          },
          file,
        );
      })().catch(() => setCsvError(true));
    };
    body =
      workers.length === 0 ? (
        <EmptyReport />
      ) : (
        <Stack gap="lg">
          {csvError && (
            <Alert color="red" role="alert" className="rp-noprint">
              {REPORT_OWN.csvFailed}
            </Alert>
          )}
          {extra?.failed && (
            <Alert color="red" role="alert">
              {extra.failed}
            </Alert>
          )}
          {next !== null && (
            <Text size="sm" data-testid="report-shown">
              {REPORT_OWN.shownOf(
                formatReportAmount(shown, separators),
                formatReportAmount(rowCount, separators),
              )}
            </Text>
          )}
          {workers.map((w) => (
            <PagedWorkerSection
              key={w.business_commission_worker_id}
              worker={w}
              pages={pages}
              columns={cols}
              currency={currency}
              separators={separators}
              more={
                next !== null && w.business_commission_worker_id === lastWorker ? (
                  <MoreRows loading={loadingMore} onMore={loadMore} />
                ) : null
              }
            />
          ))}
        </Stack>
      );
  }
  if (loaded?.ok && loaded.data.kind === 'product') {
    const workers = only(loaded.data.workers).filter((w) => w.commissions.length > 0);
    const withCommission = has(
      workers.flatMap((w) => w.commissions),
      'total_commission',
    );
    const cols: ReportColumn<WorkerProductRow>[] = [
      { key: 'item', title: REPORT_TEXTS.item, value: (r) => r.item_name },
      { key: 'price', title: REPORT_TEXTS.price, kind: 'money', value: (r) => r.variant_price, total: false },
      ...figureColumns<WorkerProductRow>(withCommission),
    ];
    onCsv = () => {
      const parts = workers.map((w) => tableCsvParts(cols, w.commissions, [workerCheckboxLabel(w)]));
      const headers = [REPORT_TEXTS.workerCol, ...(parts[0]?.[0].slice(1) ?? [])];
      downloadText(
        file,
        reportCsv(
          headers,
          parts.flatMap((p) => p[1]),
        ),
      );
    };
    body =
      workers.length === 0 ? (
        <EmptyReport />
      ) : (
        <Stack gap="lg">
          {workers.map((w) => (
            <Stack key={w.business_commission_worker_id} gap={4} data-testid="report-worker-section">
              <Title order={2} size="h5">
                {workerCheckboxLabel(w)}
              </Title>
              <ReportTable
                columns={cols}
                rows={w.commissions}
                rowKey={(r, i) => `${r.pos_item_variant_id}-${i}`}
                currency={currency}
                separators={separators}
              />
            </Stack>
          ))}
        </Stack>
      );
  }

  return (
    <ReportPrintFrame
      title={REPORT_TEXTS.workerTitle}
      start_date={params.start_date}
      end_date={params.end_date}
      extraHeader={[
        {
          label: REPORT_TEXTS.productType,
          value: params.report_type === 'by-product' ? (params.item_nature ?? '') : REPORT_TEXTS.bothUpper,
        },
      ]}
      onCsv={onCsv}
      chart={chart}
    >
      {body}
    </ReportPrintFrame>
  );
}

const trxRowKey = (r: WorkerTrxRow) => r.row_key;
const TRX_COLUMNS = new Map<string, ReportColumn<WorkerTrxRow>[]>();
/** By transaction's columns (or the simple format's), the same objects each time (the row pages are memoised). */
function trxColumns(simple: boolean, withCommission: boolean): ReportColumn<WorkerTrxRow>[] {
  const key = `${simple}-${withCommission}`;
  const known = TRX_COLUMNS.get(key);
  if (known) return known;
  const cols: ReportColumn<WorkerTrxRow>[] = [
    { key: 'trx', title: REPORT_TEXTS.trxId, value: (r) => r.trx_id },
    ...(simple ? [] : [{ key: 'time', title: REPORT_TEXTS.trxTime, value: (r: WorkerTrxRow) => r.trx_time }]),
    { key: 'customer', title: REPORT_TEXTS.customerName, value: (r) => r.user_name },
    { key: 'item', title: REPORT_TEXTS.item, value: (r) => r.item_name },
    ...(simple
      ? [{ key: 'qty', title: REPORT_TEXTS.qty, kind: 'qty' as const, value: (r: WorkerTrxRow) => r.qty }]
      : figureColumns<WorkerTrxRow>(withCommission)),
  ];
  TRX_COLUMNS.set(key, cols);
  return cols;
}

const byPage = new WeakMap<readonly WorkerTrxPageRow[], Map<number, WorkerTrxPageRow[]>>();
/** A page's rows of one worker, the same array each time (its rows render once). */
function rowsOf(page: readonly WorkerTrxPageRow[], worker: number): WorkerTrxPageRow[] {
  let map = byPage.get(page);
  if (!map) {
    map = new Map();
    for (const r of page) {
      const list = map.get(r.business_commission_worker_id) ?? [];
      list.push(r);
      map.set(r.business_commission_worker_id, list);
    }
    byPage.set(page, map);
  }
  return map.get(worker) ?? [];
}

/** One selected worker of a paged report: the heading, the rows loaded so far, the whole range's totals. */
function PagedWorkerSection({
  worker,
  pages,
  columns,
  currency,
  separators,
  more,
}: {
  worker: PagedWorker;
  pages: readonly WorkerTrxPageRow[][];
  columns: ReportColumn<WorkerTrxRow>[];
  currency: string;
  separators: Separators;
  more: React.ReactNode;
}) {
  const id = worker.business_commission_worker_id;
  const mine = useMemo(() => pages.map((p) => rowsOf(p, id)).filter((p) => p.length > 0), [pages, id]);
  const t = worker.totals;
  const totals = {
    qty: t.qty,
    gross: t.gross_total,
    discount: t.discount_value,
    net: t.net_value,
    base: t.commission_base_value,
    commission: t.total_commission,
  };
  return (
    <Stack gap={4} data-testid="report-worker-section">
      <Title order={2} size="h5">
        {workerCheckboxLabel(worker)}
      </Title>
      <ReportTable
        columns={columns}
        rows={mine.flat()}
        pages={mine}
        totals={totals}
        rowKey={trxRowKey}
        currency={currency}
        separators={separators}
      />
      {more}
    </Stack>
  );
}
