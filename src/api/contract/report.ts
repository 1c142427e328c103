import { z } from 'zod';
import { ITEM_NATURES } from '../../domain/reports';
import { API_MESSAGES } from '../../domain/texts/server';

/**
 * The sales report's calls (002 §7; ruling 12 pairs the paths, docs/api.md): daily and detail share
 * cashier/pos-trx-detail (report_type tells them apart), by product is cashier/pos-sales-item-summary.
 */
export const REPORT_PATHS = {
  salesTrx: 'cashier/pos-trx-detail',
  salesByProduct: 'cashier/pos-sales-item-summary',
} as const;

/** 002 §6: the report's permission, checked by the server (the menu hides the entry too). */
export const REPORT_ROLES = { sales: ['SALES_REPORT'] } as const;

const day = z
  .string({ error: API_MESSAGES.invalidInput })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.invalidInput });
const nature = z.enum(ITEM_NATURES, { error: API_MESSAGES.invalidInput }).default('');

export const salesReportQuery = z.object(
  { start_date: day, end_date: day, item_nature: nature },
  { error: API_MESSAGES.invalidInput },
);
export type SalesReportQuery = z.input<typeof salesReportQuery>;

export const salesTrxReportQuery = salesReportQuery.extend({
  report_type: z
    .enum(['by-transaction', 'by-transaction-detail'], { error: API_MESSAGES.invalidInput })
    .default('by-transaction'),
});
export type SalesTrxReportQuery = z.input<typeof salesTrxReportQuery>;

export const reportColDef = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['text', 'datetime', 'qty', 'currency']),
});

/** Daily and detail: {col_def, payload} (002 §3 'Sales report response'); rows keyed by row_key. */
export const salesTrxReportResponse = z.object({
  col_def: z.array(reportColDef),
  payload: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
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
