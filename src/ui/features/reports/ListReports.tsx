// Kupon Expired (/report/coupon), Rekapitulasi Omset (/report/custom/omzet-recap), Ulang Tahun Pelanggan
// (/report/customer-birthday), Konsumsi Produk (/report/product-consumption) and Pengingat Treatment
// (/report/treatment-reminder), 002 §2.16–2.20: each form is the common one (dates, Submit → the print page with
// start_date and end_date); each print page the common header, its columns, totals, the empty state, phones
// with a leading 0 and an 'Open WhatsApp' link to 62 + the phone; the omzet recap has a chart (hidden in print)
// and the period's totals below the table. Every page downloads its table as CSV.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  BirthdayRow,
  ExpiredCouponRow,
  OmzetRow,
  ProductConsumptionRow,
  TreatmentReminderRow,
} from '../../../api/contract/report';
import type { ReportApi } from '../../../api/report';
import { messagingLink, phoneShown } from '../../../domain/report-lists';
import { floorAmount, formatReportAmount, reportCsv } from '../../../domain/reports';
import { STOCK_OUT_TEXTS } from '../../../domain/texts/inventory-stock-out';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import { useSessionConfig } from '../../app/use-session-config';
import { ReportFormShell } from './ReportFormShell';
import { downloadText, EmptyReport, ReportPrintFrame, reportDay } from './ReportPrintFrame';
import { type ReportColumn, ReportTable, tableCsvParts } from './ReportTable';
import { useReport } from './use-report';

const printUrl = (path: string) => (d: { start_date: string; end_date: string }) =>
  `${path}/print?${new URLSearchParams(d).toString()}`;

export const CouponReportForm = ({ open }: { open?: (u: string) => void }) => (
  <ReportFormShell
    title={REPORT_TEXTS.coupon}
    testId="coupon-report-form"
    need="end"
    url={printUrl('/report/coupon')}
    open={open}
  />
);
export const OmzetReportForm = ({ open }: { open?: (u: string) => void }) => (
  <ReportFormShell
    title={REPORT_TEXTS.omzet}
    testId="omzet-report-form"
    url={printUrl('/report/custom/omzet-recap')}
    open={open}
  />
);
export const BirthdayReportForm = ({ open }: { open?: (u: string) => void }) => (
  <ReportFormShell
    title={REPORT_TEXTS.birthday}
    testId="birthday-report-form"
    url={printUrl('/report/customer-birthday')}
    open={open}
  />
);

export const ConsumptionReportForm = ({ open }: { open?: (u: string) => void }) => (
  <ReportFormShell
    title={REPORT_TEXTS.consumption}
    testId="consumption-report-form"
    url={printUrl('/report/product-consumption')}
    open={open}
  />
);
export const ReminderReportForm = ({ open }: { open?: (u: string) => void }) => (
  <ReportFormShell
    title={REPORT_TEXTS.reminder}
    testId="reminder-report-form"
    url={printUrl('/report/treatment-reminder')}
    open={open}
  />
);

const readDates = (search: string) => {
  const q = new URLSearchParams(search);
  return { start_date: q.get('start_date') ?? '', end_date: q.get('end_date') ?? '' };
};

const waLink = (phone: string) => {
  const href = messagingLink(phone);
  return href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" className="rp-noprint">
      {REPORT_TEXTS.openWhatsApp}
    </Anchor>
  ) : null;
};

/** A list report's print page: loads its rows, shows the table (or the empty state), the CSV of the table. */
function ListPrint<R>({
  search,
  title,
  file,
  load,
  columns,
  rowKey,
  chart,
  footer,
}: {
  search: string;
  title: string;
  file: string;
  load: (api: ReportApi, q: { start_date: string; end_date: string }) => Promise<R[]>;
  columns: ReportColumn<R>[];
  rowKey: (r: R) => string;
  chart?: (rows: R[]) => ReactNode;
  footer?: (rows: R[]) => ReactNode;
}) {
  const { config, separators } = useSessionConfig();
  const currency = config?.currency_code ?? 'IDR';
  const q = readDates(search);
  const loaded = useReport((api) => load(api, q), search);
  let body: ReactNode = (
    <Center py="xl">
      <Loader aria-label={title} />
    </Center>
  );
  let onCsv: (() => void) | undefined;
  if (loaded && !loaded.ok)
    body = (
      <Alert color="red" role="alert">
        {loaded.message}
      </Alert>
    );
  if (loaded?.ok) {
    const rows = loaded.data;
    onCsv = () =>
      downloadText(`${file}-${q.start_date}-${q.end_date}.csv`, reportCsv(...tableCsvParts(columns, rows)));
    body =
      rows.length === 0 ? (
        <EmptyReport />
      ) : (
        <Stack gap="sm">
          <ReportTable
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            currency={currency}
            separators={separators}
          />
          {footer?.(rows)}
        </Stack>
      );
  }
  return (
    <ReportPrintFrame
      title={title}
      start_date={q.start_date}
      end_date={q.end_date}
      onCsv={onCsv}
      chart={loaded?.ok && loaded.data.length > 0 ? chart?.(loaded.data) : null}
    >
      {body}
    </ReportPrintFrame>
  );
}

const COUPON_COLUMNS: ReportColumn<ExpiredCouponRow>[] = [
  { key: 'phone', title: REPORT_TEXTS.phone, value: (r) => phoneShown(r.drv_primary_phone) },
  { key: 'name', title: REPORT_TEXTS.customerName, value: (r) => r.name },
  { key: 'coupon', title: REPORT_TEXTS.couponName, value: (r) => r.coupon_name },
  { key: 'notes', title: REPORT_TEXTS.couponNotes, value: (r) => r.coupon_notes },
  { key: 'outlet', title: REPORT_TEXTS.originOutlet, value: (r) => r.outlet_name },
  // shown as 'x' + qty; the bold last row totals it
  {
    key: 'qty',
    title: REPORT_TEXTS.qty,
    kind: 'int',
    value: (r) => r.qty,
    render: (r) => `x${r.qty}`,
    total: true,
  },
  { key: 'end', title: REPORT_TEXTS.expiry, value: (r) => reportDay(r.end_date) },
  { key: 'days', title: REPORT_TEXTS.daysLeft, value: (r) => REPORT_OWN.days(r.num_of_days) },
  {
    key: 'wa',
    title: REPORT_OWN.message,
    value: (r) => messagingLink(r.drv_primary_phone) ?? '',
    render: (r) => waLink(r.drv_primary_phone),
  },
];

export const CouponReportPrint = ({ search = window.location.search }: { search?: string }) => (
  <ListPrint
    search={search}
    title={REPORT_TEXTS.coupon}
    file="kupon-expired"
    load={(api, q) => api.expiredCoupons(q)}
    columns={COUPON_COLUMNS}
    rowKey={(r) => String(r.coupon_user_id)}
  />
);

const BIRTHDAY_COLUMNS: ReportColumn<BirthdayRow>[] = [
  { key: 'phone', title: REPORT_TEXTS.phoneNumber, value: (r) => phoneShown(r.user_phone) },
  { key: 'name', title: REPORT_TEXTS.customerNameEn, value: (r) => r.user_name },
  { key: 'birthday', title: REPORT_TEXTS.birthdayCol, value: (r) => reportDay(r.user_birth_date) },
  { key: 'age', title: REPORT_TEXTS.age, value: (r) => String(r.user_age) },
  {
    key: 'wa',
    title: REPORT_OWN.message,
    value: (r) => messagingLink(r.user_phone) ?? '',
    render: (r) => waLink(r.user_phone),
  },
];

export const BirthdayReportPrint = ({ search = window.location.search }: { search?: string }) => (
  <ListPrint
    search={search}
    title={REPORT_TEXTS.birthday}
    file="ulang-tahun-pelanggan"
    load={(api, q) => api.birthdays(q)}
    columns={BIRTHDAY_COLUMNS}
    rowKey={(r) => r.user_code}
  />
);

const money = (key: keyof OmzetRow, title: string): ReportColumn<OmzetRow> => ({
  key,
  title,
  kind: 'money',
  value: (r) => r[key],
});
const OMZET_COLUMNS: ReportColumn<OmzetRow>[] = [
  { key: 'date', title: REPORT_TEXTS.trxDate, value: (r) => reportDay(r.trx_date) },
  money('service_total_commission', REPORT_TEXTS.service),
  money('retail_total_commission', REPORT_TEXTS.retail),
  money('drv_omzet', REPORT_TEXTS.omzetCol),
  money('drv_variant_cost', REPORT_TEXTS.cost),
  money('royalty_fee', REPORT_TEXTS.royalty),
  money('marketing_fee', REPORT_TEXTS.marketing),
  money('total_fee', REPORT_TEXTS.totalFee),
  money('net_value', REPORT_TEXTS.netCol),
];

export function OmzetReportPrint({ search = window.location.search }: { search?: string }) {
  const { config, separators } = useSessionConfig();
  const currency = config?.currency_code ?? 'IDR';
  const amount = (v: number) => `${currency} ${formatReportAmount(v, separators)}`;
  const sum = (rows: OmzetRow[], k: keyof OmzetRow) => rows.reduce((a, r) => a + floorAmount(r[k]), 0);
  return (
    <ListPrint
      search={search}
      title={REPORT_TEXTS.omzet}
      file="rekapitulasi-omset"
      load={(api, q) => api.omzetRecap(q)}
      columns={OMZET_COLUMNS}
      rowKey={(r) => r.trx_date}
      chart={(rows) => (
        <Paper withBorder p="sm" radius="md" data-testid="report-chart">
          <Title order={2} size="h5" mb="xs">
            {REPORT_OWN.omzetChart}
          </Title>
          <BarChart
            h={220}
            type="stacked"
            data={rows.map((r) => ({
              day: r.trx_date,
              service: floorAmount(r.service_total_commission),
              retail: floorAmount(r.retail_total_commission),
            }))}
            dataKey="day"
            series={[
              { name: 'service', label: REPORT_TEXTS.service, color: 'teal.8' },
              { name: 'retail', label: REPORT_TEXTS.retail, color: 'indigo.7' },
            ]}
            valueFormatter={(v) => formatReportAmount(v, separators)}
            withLegend
          />
        </Paper>
      )}
      footer={(rows) => (
        <Stack gap={2} data-testid="omzet-summary">
          <Text>
            {REPORT_OWN.omzetTotal}: <b>{amount(sum(rows, 'drv_omzet'))}</b>
          </Text>
          <Text>{REPORT_TEXTS.royaltyNote}</Text>
          <Text>{REPORT_TEXTS.marketingNote}</Text>
          <Text>
            {REPORT_OWN.feeTotal}: <b>{amount(sum(rows, 'total_fee'))}</b>
          </Text>
        </Stack>
      )}
    />
  );
}

/** 002 §2.16: No, Tipe Transaksi (the stock out's consumption type), Item (with ' - variant'), Qty; a total. */
const CONSUMPTION_COLUMNS: ReportColumn<ProductConsumptionRow>[] = [
  {
    key: 'type',
    title: REPORT_TEXTS.trxType,
    value: (r) =>
      r.consumption_type === 'FOR_CUSTOMER' ? STOCK_OUT_TEXTS.forCustomer : STOCK_OUT_TEXTS.general,
  },
  {
    key: 'item',
    title: REPORT_TEXTS.item,
    value: (r) => (r.variant_name ? `${r.item_name} - ${r.variant_name}` : r.item_name),
  },
  { key: 'qty', title: REPORT_TEXTS.qty, kind: 'qty', value: (r) => r.qty },
];

export const ConsumptionReportPrint = ({ search = window.location.search }: { search?: string }) => (
  <ListPrint
    search={search}
    title={REPORT_TEXTS.consumption}
    file="konsumsi-produk"
    load={(api, q) => api.productConsumption(q)}
    columns={CONSUMPTION_COLUMNS}
    rowKey={(r) => `${r.consumption_type}-${r.pos_item_variant_id}`}
  />
);

/** 002 §2.20: No, Phone Number (leading 0), Customer Name, Treatment, Treatment Date, Expected Return Date, link. */
const REMINDER_COLUMNS: ReportColumn<TreatmentReminderRow>[] = [
  { key: 'phone', title: REPORT_TEXTS.phoneNumber, value: (r) => phoneShown(r.user_phone) },
  { key: 'name', title: REPORT_TEXTS.customerNameEn, value: (r) => r.user_name },
  { key: 'treatment', title: REPORT_TEXTS.treatment, value: (r) => r.treatment_name },
  { key: 'date', title: REPORT_TEXTS.treatmentDate, value: (r) => reportDay(r.trx_date) },
  { key: 'back', title: REPORT_TEXTS.expectedReturn, value: (r) => reportDay(r.expected_return_date) },
  {
    key: 'wa',
    title: REPORT_OWN.message,
    value: (r) => messagingLink(r.user_phone) ?? '',
    render: (r) => waLink(r.user_phone),
  },
];

export const ReminderReportPrint = ({ search = window.location.search }: { search?: string }) => (
  <ListPrint
    search={search}
    title={REPORT_TEXTS.reminder}
    file="pengingat-treatment"
    load={(api, q) => api.treatmentReminders(q)}
    columns={REMINDER_COLUMNS}
    rowKey={(r) => `${r.user_code}-${r.pos_item_id}`}
  />
);
