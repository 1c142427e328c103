// /report/worker-commission/print 'Riwayat Komisi Pekerja' (002 §2.15): the common header with Jenis Produk;
// only the selected workers; the summary (one table, net values per worker, a chart above it hidden in print),
// or per worker a table by transaction, by product or in the simple format. 'Total Commission' shows only
// when the server sent it (the role's commission-value flag, 002 §6). Every table has a totals row; amounts
// are floored. CSV of what is shown.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { WorkerProductRow, WorkerSummaryRow, WorkerTrxRow } from '../../../api/contract/report';
import { floorAmount, formatReportAmount, reportCsv } from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import {
  isWorkerReportType,
  type WorkerReportType,
  workerCheckboxLabel,
} from '../../../domain/worker-report';
import { useSessionConfig } from '../../app/use-session-config';
import { downloadText, EmptyReport, ReportPrintFrame } from './ReportPrintFrame';
import { type ReportColumn, ReportTable, tableCsvParts } from './ReportTable';
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
  | { kind: 'trx'; workers: PerWorker<WorkerTrxRow> };

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
    return { kind: 'trx', workers: await api.workerByTrx({ ...q, report_type: params.report_type }) };
  }, search);
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
  if (loaded?.ok && loaded.data.kind !== 'summary') {
    const simple = params.report_type === 'by-simple';
    const perWorker = (
      loaded.data.kind === 'product' ? only(loaded.data.workers) : only(loaded.data.workers)
    ) as PerWorker<WorkerProductRow | WorkerTrxRow>;
    const workers = perWorker.filter((w) => w.commissions.length > 0);
    const withCommission =
      !simple &&
      has(
        workers.flatMap((w) => w.commissions),
        'total_commission',
      );
    const trxCol = <R extends WorkerTrxRow>(): ReportColumn<R>[] => [
      { key: 'trx', title: REPORT_TEXTS.trxId, value: (r) => r.trx_id },
      ...(simple ? [] : [{ key: 'time', title: REPORT_TEXTS.trxTime, value: (r: R) => r.trx_time }]),
      { key: 'customer', title: REPORT_TEXTS.customerName, value: (r) => r.user_name },
      { key: 'item', title: REPORT_TEXTS.item, value: (r) => r.item_name },
    ];
    const cols = (
      loaded.data.kind === 'product'
        ? [
            { key: 'item', title: REPORT_TEXTS.item, value: (r: WorkerProductRow) => r.item_name },
            {
              key: 'price',
              title: REPORT_TEXTS.price,
              kind: 'money',
              value: (r: WorkerProductRow) => r.variant_price,
              total: false,
            },
            ...figureColumns<WorkerProductRow>(withCommission),
          ]
        : simple
          ? [
              ...trxCol(),
              { key: 'qty', title: REPORT_TEXTS.qty, kind: 'qty', value: (r: WorkerTrxRow) => r.qty },
            ]
          : [...trxCol(), ...figureColumns<WorkerTrxRow>(withCommission)]
    ) as ReportColumn<WorkerProductRow | WorkerTrxRow>[];
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
                rowKey={(r, i) => ('row_key' in r ? r.row_key : `${r.pos_item_variant_id}-${i}`)}
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
