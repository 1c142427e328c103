import {
  REPORT_PATHS,
  type SalesByProductRow,
  type SalesReportQuery,
  type SalesTrxReportQuery,
  type SalesTrxReportResponse,
  salesByProductResponse,
  salesTrxReportResponse,
} from './contract/report';
import type { ApiClient } from './http';

export interface ReportApi {
  /** Daily and detail sales: {col_def, payload}. */
  salesTrx(q: SalesTrxReportQuery): Promise<SalesTrxReportResponse>;
  /** Sales by product: quantity sold per variant. */
  salesByProduct(q: SalesReportQuery): Promise<SalesByProductRow[]>;
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
  };
}
