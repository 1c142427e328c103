import { z } from 'zod';
import { ITEM_NATURES } from '../../domain/reports';
import { API_MESSAGES } from '../../domain/texts/server';
import { WORKER_REPORT_TYPES } from '../../domain/worker-report';

/**
 * The sales report's calls (002 §7; ruling 12 pairs the paths, docs/api.md): daily and detail share
 * cashier/pos-trx-detail (report_type tells them apart), by product is cashier/pos-sales-item-summary.
 */
export const REPORT_PATHS = {
  salesTrx: 'cashier/pos-trx-detail',
  salesByProduct: 'cashier/pos-sales-item-summary',
  workerSummary: 'cashier/pos-sales-trx-commission-summary',
  workerByProduct: 'cashier/pos-sales-trx-commission',
  workerByTrx: 'cashier/pos-sales-trx-commission-by-trx',
} as const;

/** 002 §6: the report's permission, checked by the server (the menu hides the entry too). */
export const REPORT_ROLES = { sales: ['SALES_REPORT'], worker: ['WORKER_ACTIVITY'] } as const;

const day = z
  .string({ error: API_MESSAGES.invalidInput })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.invalidInput });
const nature = z.enum(ITEM_NATURES, { error: API_MESSAGES.invalidInput }).default('');

export const salesReportQuery = z.object(
  { start_date: day, end_date: day, item_nature: nature },
  { error: API_MESSAGES.invalidInput },
);
export type SalesReportQuery = z.input<typeof salesReportQuery>;

/** Rows a page of the daily/detail report holds by default, and at most (issue 27: a year is ~10⁶ rows). */
export const REPORT_PAGE_ROWS = 2_000;
export const REPORT_PAGE_MAX = 5_000;

/** Rows a paged report answers at a time (≤ REPORT_PAGE_MAX); the default when absent. */
const pageLimit = z
  .string({ error: API_MESSAGES.invalidInput })
  .regex(/^[1-9]\d{0,3}$/, { error: API_MESSAGES.invalidInput })
  .refine((v) => Number(v) <= REPORT_PAGE_MAX, { error: API_MESSAGES.invalidInput })
  .optional();

export const salesTrxReportQuery = salesReportQuery.extend({
  report_type: z
    .enum(['by-transaction', 'by-transaction-detail'], { error: API_MESSAGES.invalidInput })
    .default('by-transaction'),
  /** the next_cursor of the page before (the last row's row_key); absent for the first page */
  cursor: z
    .string({ error: API_MESSAGES.invalidInput })
    .regex(/^[1-9]\d{0,15}$/, { error: API_MESSAGES.invalidInput })
    .optional(),
  limit: pageLimit,
  /** csv: every row of the range as one streamed CSV file instead of a page */
  format: z.enum(['page', 'csv'], { error: API_MESSAGES.invalidInput }).default('page'),
});
export type SalesTrxReportQuery = z.input<typeof salesTrxReportQuery>;

export const reportColDef = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['text', 'datetime', 'qty', 'currency']),
});

/**
 * Daily and detail: {col_def, payload} (002 §3 'Sales report response'); rows keyed by row_key. Issue 27: a page
 * of rows at a time in the report's order; next_cursor (null on the last page) asks for the next. The first page
 * (no cursor) also carries the whole range's totals (floored amounts summed, as the totals row shows them), its
 * row count and, for the daily report, the net value per day (the chart).
 */
export const salesTrxReportResponse = z.object({
  col_def: z.array(reportColDef),
  payload: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  next_cursor: z.string().nullable().optional(),
  row_count: z.number().optional(),
  totals: z.record(z.string(), z.number()).optional(),
  by_day: z.array(z.object({ day: z.string(), net: z.number() })).optional(),
});
export type SalesTrxReportResponse = z.infer<typeof salesTrxReportResponse>;

export const salesByProductRow = z.object({
  pos_item_id: z.number(),
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  variant_name: z.string().nullable(),
  category_name: z.string().nullable(),
  qty: z.number(),
});
export type SalesByProductRow = z.infer<typeof salesByProductRow>;
export const salesByProductResponse = z.array(salesByProductRow);

/** Worker activity (002 §2.15, §7): the dates; by product also the product type; by transaction the type. */
export const workerReportQuery = z.object(
  {
    start_date: day,
    end_date: day,
    item_nature: z.enum(['SERVICE', 'RETAIL'], { error: API_MESSAGES.invalidInput }).optional(),
    report_type: z.enum(WORKER_REPORT_TYPES, { error: API_MESSAGES.invalidInput }).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type WorkerReportQuery = z.input<typeof workerReportQuery>;

const workerFields = {
  business_commission_worker_id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  initial: z.string(),
};
/** total_commission is left out when the role may not see it (002 §6 *_COMMISSION_VALUE). */
const commission = z.number().optional();

export const workerSummaryRow = z.object({
  ...workerFields,
  retail_net_value: z.number(),
  service_net_value: z.number(),
  total_commission: commission,
});
export type WorkerSummaryRow = z.infer<typeof workerSummaryRow>;
export const workerSummaryResponse = z.array(workerSummaryRow);

const figures = {
  qty: z.number(),
  gross_total: z.number(),
  discount_value: z.number(),
  net_value: z.number(),
  commission_base_value: z.number(),
  total_commission: commission,
};
export const workerProductRow = z.object({
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  variant_price: z.number(),
  ...figures,
});
export type WorkerProductRow = z.infer<typeof workerProductRow>;
export const workerTrxRow = z.object({
  row_key: z.string(),
  trx_id: z.string(),
  trx_time: z.string(),
  user_name: z.string(),
  item_name: z.string(),
  ...figures,
});
export type WorkerTrxRow = z.infer<typeof workerTrxRow>;

export const workerProductResponse = z.array(
  z.object({ ...workerFields, commissions: z.array(workerProductRow) }),
);
export type WorkerProductResponse = z.infer<typeof workerProductResponse>;
export const workerTrxResponse = z.array(z.object({ ...workerFields, commissions: z.array(workerTrxRow) }));
export type WorkerTrxResponse = z.infer<typeof workerTrxResponse>;

/**
 * Issue 27 (ours, beside the spec's answer): by transaction / simple a page at a time. With `limit` or `cursor`
 * (or format=page) the call answers {workers, rows, next_cursor}: rows in the report's order (worker by first
 * appearance, then time, sale, line, part), each naming its worker; the first page (no cursor) also lists the
 * workers with their whole-range row counts and totals (each row's amounts floored, then summed: the totals row).
 * `commission_workers` (ids, comma-separated) reads only those workers; format=csv streams every row as CSV.
 * Without any of these the call answers the spec's whole list.
 */
export const workerTrxReportQuery = workerReportQuery.extend({
  /** the next_cursor of the page before: where it ended and the workers still to come (digits and dots) */
  cursor: z
    .string({ error: API_MESSAGES.invalidInput })
    .regex(/^[1-9]\d{0,15}\.\d{1,9}\.\d{1,9}(?:\.\d{1,16}){1,500}$/, { error: API_MESSAGES.invalidInput })
    .optional(),
  limit: pageLimit,
  commission_workers: z
    .string({ error: API_MESSAGES.invalidInput })
    .regex(/^\d{1,16}(?:,\d{1,16}){0,499}$/, { error: API_MESSAGES.invalidInput })
    .optional(),
  format: z.enum(['list', 'page', 'csv'], { error: API_MESSAGES.invalidInput }).optional(),
});
export type WorkerTrxReportQuery = z.input<typeof workerTrxReportQuery>;

/** a worker's whole-range totals: the row figures, summed as the totals row sums them */
export const workerTrxTotals = z.object(figures);
export type WorkerTrxTotals = z.infer<typeof workerTrxTotals>;
export const workerTrxPageRow = workerTrxRow.extend({ business_commission_worker_id: z.number() });
export type WorkerTrxPageRow = z.infer<typeof workerTrxPageRow>;
export const workerTrxPageResponse = z.object({
  workers: z.array(z.object({ ...workerFields, row_count: z.number(), totals: workerTrxTotals })).optional(),
  rows: z.array(workerTrxPageRow),
  next_cursor: z.string().nullable(),
});
export type WorkerTrxPageResponse = z.infer<typeof workerTrxPageResponse>;

/** The list reports (002 §2.17–2.19, §7): GET ?start_date=&end_date= → rows. */
export const LIST_REPORT_PATHS = {
  coupon: 'cashier/coupon-expired',
  omzet: 'cashier/omzet-recapitulation',
  birthday: 'cashier/customer-birthday',
  consumption: 'cashier/product-consumption',
  reminder: 'cashier/treatment-reminder',
} as const;
export const LIST_REPORT_ROLES = {
  coupon: ['EXPIRED_COUPON'],
  omzet: ['OMZET_RECAPITULATION'],
  birthday: ['CUSTOMER_BIRTHDAY'],
  consumption: ['PRODUCT_CONSUMPTION'],
  reminder: ['TREATMENT_REMINDER'],
} as const;
export const listReportQuery = z.object(
  { start_date: day, end_date: day },
  { error: API_MESSAGES.invalidInput },
);
export type ListReportQuery = z.input<typeof listReportQuery>;

/** 002 §3 expired coupon row. */
export const expiredCouponRow = z.object({
  coupon_user_id: z.number(),
  drv_primary_phone: z.string(),
  name: z.string(),
  coupon_name: z.string(),
  coupon_notes: z.string(),
  outlet_name: z.string(),
  qty: z.number(),
  end_date: z.string(),
  num_of_days: z.number(),
});
export type ExpiredCouponRow = z.infer<typeof expiredCouponRow>;
/** 002 §3 omzet recap row (amounts numeric). */
export const omzetRow = z.object({
  trx_date: z.string(),
  service_total_commission: z.number(),
  retail_total_commission: z.number(),
  drv_omzet: z.number(),
  drv_variant_cost: z.number(),
  royalty_fee: z.number(),
  marketing_fee: z.number(),
  total_fee: z.number(),
  net_value: z.number(),
});
export type OmzetRow = z.infer<typeof omzetRow>;
/** 002 §3 customer birthday row (user_phone without its leading 0). */
export const birthdayRow = z.object({
  user_code: z.string(),
  user_phone: z.string(),
  user_name: z.string(),
  user_birth_date: z.string(),
  birthday: z.string(),
  user_age: z.number(),
});
export type BirthdayRow = z.infer<typeof birthdayRow>;

/** 002 §2.16: the outlet's consumption stock-outs of the period per type (GENERAL / FOR_CUSTOMER) and variant. */
export const productConsumptionRow = z.object({
  consumption_type: z.enum(['GENERAL', 'FOR_CUSTOMER']),
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  variant_name: z.string().nullable(),
  qty: z.number(),
});
export type ProductConsumptionRow = z.infer<typeof productConsumptionRow>;
/** 002 §3 treatment reminder row (user_phone without its leading 0); row key user_code + pos_item_id. */
export const treatmentReminderRow = z.object({
  user_code: z.string(),
  pos_item_id: z.number(),
  user_phone: z.string(),
  user_name: z.string(),
  treatment_name: z.string(),
  trx_date: z.string(),
  expected_return_date: z.string(),
});
export type TreatmentReminderRow = z.infer<typeof treatmentReminderRow>;

/** Issue 27: the owner's full data export of the brand (GET, a file download, not JSON-wrapped). */
export const BRAND_EXPORT_PATH = 'cashier/brand-export';
export const brandExportQuery = z.object(
  {
    format: z.enum(['zip', 'json'], { error: API_MESSAGES.invalidInput }).default('zip'),
    /** json only: '1' adds each sale's whole document (`trx`), ten times the bytes; the zip never carries it */
    documents: z.enum(['0', '1'], { error: API_MESSAGES.invalidInput }).default('0'),
  },
  { error: API_MESSAGES.invalidInput },
);
export type BrandExportQuery = z.input<typeof brandExportQuery>;
