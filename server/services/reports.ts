// The sales report (002 §2.14, §7): the outlet's completed NORMAL sales (status 3; voids are 4) whose time lies
// in the WIB days asked for, of the signed-in session's brand and outlet only (never the query's), optionally
// one item nature. Figures are the server's stored ones (lines as priced by the server, ruling 21).
import type { SalesReportQuery, SalesTrxReportQuery } from '../../src/api/contract/report';
import { TRX_STATUS } from '../../src/domain/model/common';
import { type ItemNature, type ReportColDef, reportPeriod } from '../../src/domain/reports';
import { REPORT_OWN } from '../../src/domain/texts/reports';
import { formatOutletStamp } from '../../src/domain/time-wall';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;

export function period(q: { start_date: string; end_date: string }) {
  const p = reportPeriod(q.start_date, q.end_date);
  if (p.ok) return p;
  if (p.problem === 'span') throw invalid(REPORT_OWN.spanTooLong, 'end_date');
  if (p.problem === 'order') throw invalid(REPORT_OWN.endBeforeStart, 'end_date');
  throw invalid(REPORT_OWN.invalidDate, p.problem);
}

/** $1 business, $2 outlet, $3 start, $4 end (exclusive), $5 nature ('' = both). */
const LINES = `
  FROM pos_sales_trx_heads h JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
  WHERE h.business_id = $1::int AND h.business_outlet_id = $2::int
    AND h.trx_time >= $3::timestamptz AND h.trx_time < $4::timestamptz
    AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL'
    AND ($5::text = '' OR (CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END) = $5::text)`;

const TRX_COLUMNS: ReportColDef[] = [
  { key: 'trx_id', title: 'ID Transaksi', type: 'text' },
  { key: 'trx_time', title: 'Waktu Transaksi', type: 'datetime' },
  { key: 'user_name', title: 'Nama Pelanggan', type: 'text' },
  { key: 'qty', title: 'Qty', type: 'qty' },
  { key: 'gross_total', title: 'Gross Sales', type: 'currency' },
  { key: 'discount_total', title: 'Discount Value', type: 'currency' },
  { key: 'net_total', title: 'Net Value', type: 'currency' },
];
const DETAIL_COLUMNS: ReportColDef[] = [
  { key: 'trx_id', title: 'ID Transaksi', type: 'text' },
  { key: 'trx_time', title: 'Waktu Transaksi', type: 'datetime' },
  { key: 'user_name', title: 'Nama Pelanggan', type: 'text' },
  { key: 'item_name', title: 'Item', type: 'text' },
  { key: 'item_nature', title: 'Jenis Barang', type: 'text' },
  { key: 'qty', title: 'Qty', type: 'qty' },
  { key: 'unit_price', title: 'Price', type: 'currency' },
  { key: 'gross_total', title: 'Gross Sales', type: 'currency' },
  { key: 'discount_total', title: 'Discount Value', type: 'currency' },
  { key: 'net_total', title: 'Net Value', type: 'currency' },
];

const params = (auth: AuthContext, p: { start: Date; end: Date }, nature: ItemNature) => [
  auth.business_id,
  auth.outlet_id ?? -1,
  p.start.toISOString(),
  p.end.toISOString(),
  nature,
];
const stamp = (v: unknown) => formatOutletStamp(new Date(v as string));

/** Daily (one row a sale) or detail (one row a line): {col_def, payload}. */
export async function salesTrxReport(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<SalesTrxReportQuery>,
): Promise<{ col_def: ReportColDef[]; payload: Row[] }> {
  const p = period(q);
  const args = params(auth, p, q.item_nature as ItemNature);
  if (q.report_type === 'by-transaction') {
    const rows = await deps.database.query<Row>(
      `SELECT h.pos_sales_trx_head_id, h.trx_id, h.trx_time, h.customer_name AS user_name,
         sum(d.qty) AS qty, sum(d.gross_total) AS gross_total, sum(d.discount_total) AS discount_total,
         sum(d.line_total) AS net_total
       ${LINES}
       GROUP BY h.pos_sales_trx_head_id ORDER BY h.trx_time, h.pos_sales_trx_head_id`,
      args,
    );
    return {
      col_def: TRX_COLUMNS,
      payload: rows.map((r) => ({
        row_key: String(r.pos_sales_trx_head_id),
        trx_id: String(r.trx_id),
        trx_time: stamp(r.trx_time),
        user_name: (r.user_name as string | null) ?? 'GUEST',
        qty: Number(r.qty),
        gross_total: Number(r.gross_total),
        discount_total: Number(r.discount_total),
        net_total: Number(r.net_total),
      })),
    };
  }
  const rows = await deps.database.query<Row>(
    `SELECT d.pos_sales_trx_detail_id, h.trx_id, h.trx_time, h.customer_name AS user_name,
       d.item_name, d.variant_name, CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END AS nature,
       d.qty, d.unit_price, d.gross_total, d.discount_total, d.line_total
     ${LINES}
     ORDER BY h.trx_time, h.pos_sales_trx_head_id, d.line_no`,
    args,
  );
  return {
    col_def: DETAIL_COLUMNS,
    payload: rows.map((r) => ({
      row_key: String(r.pos_sales_trx_detail_id),
      trx_id: String(r.trx_id),
      trx_time: stamp(r.trx_time),
      user_name: (r.user_name as string | null) ?? 'GUEST',
      item_name: `${r.item_name ?? ''}${r.variant_name ? ` - ${r.variant_name}` : ''}`,
      item_nature: String(r.nature),
      qty: Number(r.qty),
      unit_price: Number(r.unit_price),
      gross_total: Number(r.gross_total),
      discount_total: Number(r.discount_total),
      net_total: Number(r.line_total),
    })),
  };
}

/** By product: the quantity sold of each item variant, with its category from the brand's catalogue. */
export async function salesByProductReport(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<SalesReportQuery>,
): Promise<Row[]> {
  const p = period(q);
  const rows = await deps.database.query<Row>(
    `SELECT d.pos_item_id, d.pos_item_variant_id, d.item_name, d.variant_name, sum(d.qty) AS qty,
       (SELECT c.doc->>'category_name' FROM catalogue_entities c WHERE c.business_id = $1::int
          AND c.business_outlet_id = 0 AND c.kind = 'pos_items' AND c.entity_id = d.pos_item_id::text) AS category_name
     ${LINES}
     GROUP BY d.pos_item_id, d.pos_item_variant_id, d.item_name, d.variant_name
     ORDER BY d.item_name, d.variant_name, d.pos_item_variant_id`,
    params(auth, p, q.item_nature as ItemNature),
  );
  return rows.map((r) => ({
    pos_item_id: Number(r.pos_item_id),
    pos_item_variant_id: Number(r.pos_item_variant_id),
    item_name: String(r.item_name ?? ''),
    variant_name: (r.variant_name as string | null) ?? null,
    category_name: (r.category_name as string | null) ?? null,
    qty: Number(r.qty),
  }));
}
