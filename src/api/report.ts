import {
  type BirthdayRow,
  birthdayRow,
  type ExpiredCouponRow,
  expiredCouponRow,
  LIST_REPORT_PATHS,
  type ListReportQuery,
  type OmzetRow,
  omzetRow,
  type ProductConsumptionRow,
  productConsumptionRow,
  REPORT_PATHS,
  type SalesByProductRow,
  type SalesReportQuery,
  type SalesTrxReportQuery,
  type SalesTrxReportResponse,
  salesByProductResponse,
  salesTrxReportResponse,
  type TreatmentReminderRow,
  treatmentReminderRow,
  type WorkerProductResponse,
  type WorkerReportQuery,
  type WorkerSummaryRow,
  type WorkerTrxPageResponse,
  type WorkerTrxReportQuery,
  type WorkerTrxResponse,
  workerProductResponse,
  workerSummaryResponse,
  workerTrxPageResponse,
  workerTrxResponse,
} from './contract/report';
import type { ApiClient } from './http';

export interface ReportApi {
  /** Daily and detail sales: {col_def, payload}. */
  salesTrx(q: SalesTrxReportQuery): Promise<SalesTrxReportResponse>;
  /** Sales by product: quantity sold per variant. */
  salesByProduct(q: SalesReportQuery): Promise<SalesByProductRow[]>;
  /** Worker activity (002 §2.15): summary, by product, by transaction (also the simple format). */
  workerSummary(q: WorkerReportQuery): Promise<WorkerSummaryRow[]>;
  workerByProduct(q: WorkerReportQuery): Promise<WorkerProductResponse>;
  workerByTrx(q: WorkerReportQuery): Promise<WorkerTrxResponse>;
  /** Issue 27: by transaction / simple a page at a time (with limit or cursor), the first with the totals. */
  workerByTrxPage(q: WorkerTrxReportQuery): Promise<WorkerTrxPageResponse>;
  /** The list reports (002 §2.17–2.19). */
  expiredCoupons(q: ListReportQuery): Promise<ExpiredCouponRow[]>;
  omzetRecap(q: ListReportQuery): Promise<OmzetRow[]>;
  birthdays(q: ListReportQuery): Promise<BirthdayRow[]>;
  /** 002 §2.16 and §2.20. */
  productConsumption(q: ListReportQuery): Promise<ProductConsumptionRow[]>;
  treatmentReminders(q: ListReportQuery): Promise<TreatmentReminderRow[]>;
}

const query = (q: object) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

export function createReportApi(client: ApiClient): ReportApi {
  return {
    salesTrx: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.salesTrx,
        query: query(q),
        schema: salesTrxReportResponse,
      }),
    salesByProduct: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.salesByProduct,
        query: query(q),
        schema: salesByProductResponse,
      }),
    workerSummary: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.workerSummary,
        query: query(q),
        schema: workerSummaryResponse,
      }),
    workerByProduct: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.workerByProduct,
        query: query(q),
        schema: workerProductResponse,
      }),
    workerByTrx: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.workerByTrx,
        query: query(q),
        schema: workerTrxResponse,
      }),
    workerByTrxPage: (q) =>
      client.request({
        method: 'GET',
        path: REPORT_PATHS.workerByTrx,
        query: query({ ...q, format: 'page' }),
        schema: workerTrxPageResponse,
      }),
    expiredCoupons: (q) =>
      client.request({
        method: 'GET',
        path: LIST_REPORT_PATHS.coupon,
        query: query(q),
        schema: expiredCouponRow.array(),
      }),
    omzetRecap: (q) =>
      client.request({
        method: 'GET',
        path: LIST_REPORT_PATHS.omzet,
        query: query(q),
        schema: omzetRow.array(),
      }),
    birthdays: (q) =>
      client.request({
        method: 'GET',
        path: LIST_REPORT_PATHS.birthday,
        query: query(q),
        schema: birthdayRow.array(),
      }),
    productConsumption: (q) =>
      client.request({
        method: 'GET',
        path: LIST_REPORT_PATHS.consumption,
        query: query(q),
        schema: productConsumptionRow.array(),
      }),
    treatmentReminders: (q) =>
      client.request({
        method: 'GET',
        path: LIST_REPORT_PATHS.reminder,
        query: query(q),
        schema: treatmentReminderRow.array(),
      }),
  };
}
