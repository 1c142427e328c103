// Many sales fast (issue 27's report benches: 1,000,000 sales): one stored sale (its head, lines and payments) copied
// `count` times by INSERT … SELECT generate_series, in batches, spread evenly over [from, to) and over the given
// outlets in turn. Each copy gets its own local_trx_id, trx_id, line and payment ids; the trx document keeps the
// template's content with the copy's local_trx_id. Nothing is priced or checked: the copies are the template's
// figures, which is what a read benchmark needs. Runs on PGlite and PostgreSQL.
import type { Database } from './create-db';

export interface CopySalesOptions {
  /** local_trx_id of the stored sale to copy */
  template: string;
  count: number;
  /** the copies go to these outlets in turn (all of the template's brand) */
  outlets: number[];
  from: Date;
  to: Date;
  /** trx_id prefix of the copies (unique per outlet with the copy's number) */
  prefix?: string;
  batch?: number;
  onBatch?: (done: number) => void;
}

async function columnsOf(database: Database, table: string, skip: string[]): Promise<string[]> {
  const rows = await database.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name).filter((c) => !skip.includes(c));
}

const maxId = async (database: Database, table: string, id: string) =>
  Number((await database.query<{ m: string | null }>(`SELECT max(${id}) AS m FROM ${table}`, []))[0].m ?? 0);

export async function copySales(database: Database, o: CopySalesOptions): Promise<void> {
  const prefix = o.prefix ?? 'BENCH';
  const batch = o.batch ?? 100_000;
  const headCols = await columnsOf(database, 'pos_sales_trx_heads', [
    'pos_sales_trx_head_id',
    'local_trx_id',
    'trx_id',
    'trx_time',
    'trx',
    'order_no',
    'business_outlet_id',
  ]);
  const lineCols = await columnsOf(database, 'pos_sales_trx_details', [
    'pos_sales_trx_detail_id',
    'pos_sales_trx_head_id',
    'local_trx_detail_id',
  ]);
  const payCols = await columnsOf(database, 'pos_sales_trx_payments', [
    'pos_sales_trx_payment_id',
    'pos_sales_trx_head_id',
    'local_payment_id',
  ]);
  const [t] = await database.query<{ id: string }>(
    'SELECT pos_sales_trx_head_id AS id FROM pos_sales_trx_heads WHERE local_trx_id = $1',
    [o.template],
  );
  if (!t) throw new Error(`template sale ${o.template} not stored`);
  const stepMs = (o.to.getTime() - o.from.getTime()) / o.count;
  for (let lo = 1; lo <= o.count; lo += batch) {
    const hi = Math.min(o.count, lo + batch - 1);
    const before = await maxId(database, 'pos_sales_trx_heads', 'pos_sales_trx_head_id');
    await database.query(
      `INSERT INTO pos_sales_trx_heads (local_trx_id, trx_id, trx_time, order_no, business_outlet_id, trx, ${headCols.join(', ')})
       SELECT i.id, $6 || '-' || lpad(g::text, 8, '0'),
         $3::timestamptz + ((g - 1) * $4::double precision * interval '1 millisecond'),
         g % 1000, ($5::int[])[1 + g % cardinality($5::int[])],
         jsonb_set(t.trx, '{local_trx_id}', to_jsonb(i.id)),
         ${headCols.map((c) => `t.${c}`).join(', ')}
       FROM pos_sales_trx_heads t, generate_series($1::int, $2::int) g,
         LATERAL (SELECT md5($6 || g::text) AS id) i
       WHERE t.pos_sales_trx_head_id = $7::bigint
       ORDER BY g`,
      [lo, hi, o.from.toISOString(), stepMs, o.outlets, prefix, t.id],
    );
    const copy = (table: string, id: string, localId: string, cols: string[]) =>
      database.query(
        `INSERT INTO ${table} (pos_sales_trx_head_id, ${localId}, ${cols.join(', ')})
         SELECT h.pos_sales_trx_head_id, md5(h.pos_sales_trx_head_id::text || '-' || x.${id}::text),
           ${cols.map((c) => `x.${c}`).join(', ')}
         FROM pos_sales_trx_heads h CROSS JOIN ${table} x
         WHERE h.pos_sales_trx_head_id > $1::bigint AND x.pos_sales_trx_head_id = $2::bigint
         ORDER BY h.pos_sales_trx_head_id, x.${id}`,
        [before, t.id],
      );
    await copy('pos_sales_trx_details', 'pos_sales_trx_detail_id', 'local_trx_detail_id', lineCols);
    await copy('pos_sales_trx_payments', 'pos_sales_trx_payment_id', 'local_payment_id', payCols);
    o.onBatch?.(hi);
  }
}
