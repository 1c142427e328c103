// The workers a sale names (line worker, commission shares, sellers, package items' workers) must be the
// brand's commission workers at this outlet: a device cannot credit a commission to someone the outlet never
// had. Judged on the catalogue's history, so an offline sale naming a worker who has since left still stores.
import type { SaleTrx } from '../../../src/api/contract/pos';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import type { Database } from '../../db/create-db';
import { invalid } from '../../lib/errors';

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);
const idOf = (w: unknown): unknown => (isDoc(w) ? w.business_commission_worker_id : undefined);
const named = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

/** Each worker id a line names, with the field that names it (relative to the transaction). */
export function lineWorkers(line: Doc, i: number): { id: string; field: string }[] {
  const out: { id: string; field: string }[] = [];
  const add = (v: unknown, field: string) => {
    if (named(v)) out.push({ id: String(v), field });
  };
  const base = `details.${i}`;
  add(line.business_commission_worker_id, `${base}.business_commission_worker_id`);
  add(idOf(line.commission_worker), `${base}.commission_worker`);
  const shares = (v: unknown, field: string) => {
    if (Array.isArray(v))
      for (const [j, s] of v.entries()) add(idOf(isDoc(s) ? s.commission_worker : null), `${field}.${j}`);
  };
  shares(line.commission_workers, `${base}.commission_workers`);
  if (Array.isArray(line.item_sellers))
    for (const [j, s] of line.item_sellers.entries()) add(idOf(s), `${base}.item_sellers.${j}`);
  if (Array.isArray(line.pos_item_package_details))
    line.pos_item_package_details.forEach((p, j) => {
      if (!isDoc(p)) return;
      add(
        idOf(p.business_commission_worker),
        `${base}.pos_item_package_details.${j}.business_commission_worker`,
      );
      shares(p.commission_workers, `${base}.pos_item_package_details.${j}.commission_workers`);
    });
  return out;
}

/** Every worker id the sale names (text, as catalogue entity ids are). */
export function saleWorkerIds(trx: SaleTrx): string[] {
  return [...new Set(trx.details.flatMap((d, i) => lineWorkers(d as unknown as Doc, i).map((w) => w.id)))];
}

/** The field of the first worker not among `known`, or null. */
export function unknownWorkerField(trx: SaleTrx, known: ReadonlySet<string>): string | null {
  for (const [i, d] of trx.details.entries())
    for (const w of lineWorkers(d as unknown as Doc, i)) if (!known.has(w.id)) return w.field;
  return null;
}

/**
 * For a sale not priced through the catalogue (top-up, receivable payment, coupon sale, membership: their
 * sellers): refuses a worker the outlet never had, naming the field. One query, only when workers are named.
 */
export async function checkSaleWorkers(
  database: Database,
  input: { businessId: number; outletId: number; trx: SaleTrx },
): Promise<void> {
  const ids = saleWorkerIds(input.trx);
  if (ids.length === 0) return;
  const rows = await database.query<{ entity_id: string }>(
    `SELECT DISTINCT entity_id FROM catalogue_history
     WHERE business_id = $1 AND business_outlet_id IN (0, $2) AND kind = 'commission_worker'
       AND entity_id = ANY($3::text[]) AND doc IS NOT NULL AND (outlet_ids IS NULL OR $2 = ANY (outlet_ids))`,
    [input.businessId, input.outletId, ids],
  );
  const field = unknownWorkerField(input.trx, new Set(rows.map((r) => String(r.entity_id))));
  if (field) throw invalid(POS_MESSAGES.workerNotInCatalogue, field);
}
