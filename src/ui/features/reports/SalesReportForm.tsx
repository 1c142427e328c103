// /report/pos-all-trx 'Penjualan' (002 §2.13–2.14, §5): report type, product type (hidden for the detail
// type), the dates (default today–today, DD MMM YYYY); Submit validates, synchronises the device's sales with
// the loader 'Synchronizing transactions..', then opens the print page in a new tab with the query parameters.
// The dates, Submit, the sync and the error are the common report form's (ReportFormShell).
import { Select } from '@mantine/core';
import { useState } from 'react';
import type { ItemNature, SalesReportType } from '../../../domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import { ReportFormShell } from './ReportFormShell';

const TYPES: { value: SalesReportType; label: string }[] = [
  { value: 'by-transaction', label: REPORT_TEXTS.daily },
  { value: 'by-transaction-detail', label: REPORT_TEXTS.detail },
  { value: 'by-product', label: REPORT_TEXTS.byProduct },
];

/** The print page's address (002 §2.14). */
export const salesPrintUrl = (q: {
  start_date: string;
  end_date: string;
  report_type: SalesReportType;
  item_nature: ItemNature;
}) => `/report/pos-all-trx/print?${new URLSearchParams(q).toString()}`;

export function SalesReportForm({
  open = (url) => window.open(url, '_blank'),
}: {
  open?: (url: string) => void;
}) {
  const [type, setType] = useState<SalesReportType | null>(null);
  const [nature, setNature] = useState<ItemNature>('');

  return (
    <ReportFormShell
      title={REPORT_TEXTS.sales}
      testId="sales-report-form"
      maw={560}
      validate={() => (!type ? REPORT_TEXTS.typeRequired : null)}
      url={({ start_date, end_date }) =>
        salesPrintUrl({
          start_date,
          end_date,
          report_type: type as SalesReportType,
          item_nature: type === 'by-transaction-detail' ? '' : nature,
        })
      }
      open={open}
    >
      {(clearError) => (
        <>
          <Select
            label={REPORT_OWN.reportType}
            data={TYPES}
            value={type}
            onChange={(v) => {
              setType(v as SalesReportType | null);
              clearError();
            }}
            data-testid="report-type"
          />
          {type !== 'by-transaction-detail' && (
            <Select
              label={REPORT_TEXTS.itemNature}
              data={[
                { value: '', label: REPORT_TEXTS.both },
                { value: 'SERVICE', label: 'SERVICE' },
                { value: 'RETAIL', label: 'RETAIL' },
              ]}
              value={nature}
              onChange={(v) => setNature((v ?? '') as ItemNature)}
              allowDeselect={false}
              data-testid="report-nature"
            />
          )}
        </>
      )}
    </ReportFormShell>
  );
}
