import { sql } from 'drizzle-orm';
import type { StoredTrxResponse } from '../../src/api/contract/receipt';
import { RECEIPT_MESSAGES } from '../../src/domain/texts/receipt';
import { transaction } from '../db/retry';
import type { Tx } from '../db/rows';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import { isVoid, outletSale, receiptTokenFor, storedTrxView } from './receipt-sales';
import type { AuthContext } from './sessions';

type Doc = Record<string, unknown>;

/** Line fields a post-edit may change (000 §4 'Post-edit mode', §7 PUT). */
const LINE_WORKER_FIELDS = [
  'commission_worker',
  'commission_workers',
  'business_commission_worker_id',
] as const;
/** Package item fields a post-edit may change. */
const PACKAGE_WORKER_FIELDS = ['business_commission_worker', 'commission_workers'] as const;
/** Line bookkeeping the device changes on its own after the sale (printing, the edit session mark). */
const LINE_IGNORED = ['last_printed_at', 'edit_session_id'] as const;
/**
 * Transaction bookkeeping: what the server assigned or the device records about syncing. The customer is
 * compared by user_code (a new customer gets its code from the server's answer).
 */
const TRX_IGNORED = [
  'pos_sales_trx_head_id',
  'trx_id',
  'created_at',
  'sync_time',
  'is_synced',
  'isSynced',
  'is_synced_key',
  'local_sync_time',
  'deposit_balance',
  'top_up_deposit_rewards',
  'membership_period',
  'customerModalOpened',
  'customer',
  'receipt_token',
  'trx_edits',
  'void_reason',
  'edit_session_id',
] as const;

const omit = (d: Doc, keys: readonly string[]): Doc => {
  const out: Doc = {};
  for (const [k, v] of Object.entries(d)) if (!keys.includes(k)) out[k] = v;
  return out;
};
const isDoc = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The first path where two JSON values differ, or null. Key order does not matter, and a missing key
 * equals null (the stored copy went through jsonb; the device may drop nulls).
 */
export function firstDifference(a: unknown, b: unknown, path: string[] = []): string[] | null {
  const na = a === undefined ? null : a;
  const nb = b === undefined ? null : b;
  if (Array.isArray(na) || Array.isArray(nb)) {
    if (!Array.isArray(na) || !Array.isArray(nb) || na.length !== nb.length) return path;
    for (let i = 0; i < na.length; i++) {
      const d = firstDifference(na[i], nb[i], [...path, String(i)]);
      if (d) return d;
    }
    return null;
  }
  if (isDoc(na) || isDoc(nb)) {
    if (!isDoc(na) || !isDoc(nb)) return path;
    for (const k of new Set([...Object.keys(na), ...Object.keys(nb)])) {
      const d = firstDifference(na[k], nb[k], [...path, k]);
      if (d) return d;
    }
    return null;
  }
  return na === nb ? null : path;
}

const details = (trx: Doc): Doc[] => (Array.isArray(trx.details) ? (trx.details as Doc[]) : []);
const packages = (line: Doc): Doc[] =>
  Array.isArray(line.pos_item_package_details) ? (line.pos_item_package_details as Doc[]) : [];

/** The transaction without anything a post-edit may change or the device keeps for itself. */
function comparable(trx: Doc): Doc {
  return {
    ...omit(trx, TRX_IGNORED),
    details: details(trx).map((line) => ({
      ...omit(line, [...LINE_WORKER_FIELDS, ...LINE_IGNORED, 'pos_item_package_details']),
      pos_item_package_details: packages(line).map((p) => omit(p, PACKAGE_WORKER_FIELDS)),
    })),
  };
}

/** The stored transaction with the edited worker fields taken from the device's copy. */
function withWorkers(stored: Doc, edited: Doc, editSessionId: string): Doc {
  const editedLines = details(edited);
  return {
    ...stored,
    details: details(stored).map((line, i) => {
      const from = editedLines[i];
      const next: Doc = { ...line };
      let changed = false;
      for (const k of LINE_WORKER_FIELDS) {
        if (firstDifference(line[k], from[k])) changed = true;
        next[k] = from[k] ?? null;
      }
      const editedPackages = packages(from);
      if (packages(line).length) {
        next.pos_item_package_details = packages(line).map((p, j) => {
          const q = { ...p };
          for (const k of PACKAGE_WORKER_FIELDS) {
            if (firstDifference(p[k], editedPackages[j]?.[k])) changed = true;
            q[k] = editedPackages[j]?.[k] ?? null;
          }
          return q;
        });
      }
      if (changed) next.edit_session_id = editSessionId;
      return next;
    }),
  };
}

/** Every worker id a line names (single, multi, package items), as text. */
function workerIds(line: Doc): string[] {
  const id = (w: unknown) => (isDoc(w) ? w.business_commission_worker_id : undefined);
  const shares = (v: unknown) =>
    Array.isArray(v) ? v.map((x) => id(isDoc(x) ? x.commission_worker : null)) : [];
  return [
    line.business_commission_worker_id,
    id(line.commission_worker),
    ...shares(line.commission_workers),
    ...packages(line).flatMap((p) => [id(p.business_commission_worker), ...shares(p.commission_workers)]),
  ]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
}

/**
 * The first line naming a worker the sale did not have and the outlet does not know (its commission workers,
 * catalogue kind 'commission_worker'), or null.
 */
async function lineWithUnknownWorker(
  tx: Pick<Tx, 'execute'>,
  auth: AuthContext,
  before: Doc,
  after: Doc,
): Promise<number | null> {
  const known = new Set(details(before).flatMap(workerIds));
  const added = details(after).map((line) => workerIds(line).filter((id) => !known.has(id)));
  const ids = [...new Set(added.flat())];
  if (ids.length === 0) return null;
  const found = new Set(
    rows<{ entity_id: string }>(
      await tx.execute(sql`
        SELECT entity_id FROM catalogue_entities
        WHERE business_id = ${auth.business_id} AND kind = 'commission_worker'
          AND entity_id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})
          AND (outlet_ids IS NULL OR ${auth.outlet_id}::int = ANY (outlet_ids))`),
    ).map((r) => String(r.entity_id)),
  );
  const i = added.findIndex((list) => list.some((id) => !found.has(id)));
  return i < 0 ? null : i;
}

const workerIdOf = (line: Doc): number | null => {
  const id =
    line.business_commission_worker_id ??
    (line.commission_worker as Doc | null)?.business_commission_worker_id;
  return id === null || id === undefined || id === '' ? null : Number(id);
};

/**
 * PUT cashier/pos-trx-detail: accepts only worker changes, stores the new version of the sale and the
 * edit (before, after, actor, time) in one database transaction. Idempotent per edit_session_id: a repeat
 * answers the sale as it stands and writes nothing.
 */
export async function postEdit(
  deps: AppDeps,
  auth: AuthContext,
  editSessionId: string,
  input: Doc & { local_trx_id: string },
): Promise<StoredTrxResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  return transaction(db, async (tx) => {
    const sale = await outletSale(tx, auth, input.local_trx_id, true);
    const [seen] = rows<{ local_trx_id: string }>(
      await tx.execute(sql`SELECT local_trx_id FROM trx_edits WHERE edit_session_id = ${editSessionId}`),
    );
    if (seen && seen.local_trx_id !== sale.local_trx_id)
      throw invalid(RECEIPT_MESSAGES.editSessionUsed, 'edit_session_id');
    if (!seen) {
      if (isVoid(sale)) throw invalid(RECEIPT_MESSAGES.voidNotEditable, 'local_trx_id');
      // the customer by identity: a new customer's copy on the device may still lack its user_code
      const customerCode = (input.customer as Doc | null | undefined)?.user_code ?? null;
      if (
        !!input.customer !== !!sale.trx.customer ||
        (customerCode !== null && customerCode !== sale.user_code)
      )
        throw invalid(RECEIPT_MESSAGES.onlyWorkersEditable, 'input_data.customer');
      const diff = firstDifference(comparable(sale.trx), comparable(input));
      if (diff) throw invalid(RECEIPT_MESSAGES.onlyWorkersEditable, ['input_data', ...diff].join('.'));
      const after = withWorkers(sale.trx, input, editSessionId);
      const unknown = await lineWithUnknownWorker(tx, auth, sale.trx, after);
      if (unknown !== null) throw invalid(RECEIPT_MESSAGES.workerNotFound, `input_data.details.${unknown}`);
      await tx.execute(sql`
        UPDATE pos_sales_trx_heads SET trx = ${JSON.stringify(after)}::jsonb
        WHERE local_trx_id = ${sale.local_trx_id}`);
      for (const [i, line] of details(after).entries()) {
        await tx.execute(sql`
          UPDATE pos_sales_trx_details SET business_commission_worker_id = ${workerIdOf(line)},
            worker_doc = line_worker_doc(${JSON.stringify(line)}::jsonb)
          WHERE pos_sales_trx_head_id = ${sale.pos_sales_trx_head_id} AND line_no = ${i + 1}`);
      }
      await tx.execute(sql`
        INSERT INTO trx_edits (edit_session_id, local_trx_id, business_user_id, session_id, before, after, edited_at)
        VALUES (${editSessionId}, ${sale.local_trx_id}, ${auth.business_user_id}, ${auth.session_id},
          ${JSON.stringify(sale.trx)}::jsonb, ${JSON.stringify(after)}::jsonb, ${now.toISOString()})`);
      sale.trx = after;
    }
    return storedTrxView(tx, sale, await receiptTokenFor(tx, sale.local_trx_id, now));
  });
}
