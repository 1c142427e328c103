// Issue 28: the batch sync beside the spec's one-sale call (cashier/pos-trx-batch). The session, its role
// flags and outlet are checked once; then every sale goes through the one-sale path (ingestOrHold: the same
// pricing, idempotency by local_trx_id and body hash, the same refusals), so a refused sale gets its own
// answer and never undoes or fails the others. A sale that writes nothing but itself (most: no ledger, no new
// customer) is held once priced and checked, and the held sales of an outlet are written together in ONE
// statement (sale-writer.ts INSERT_SALES), stored row for row as one by one; a sale that writes on its own
// first has those before it written, so the outlet's numbers follow the batch's order. What the batch saves:
// the HTTP round trip, the session's and outlet's read, one read of all the stored heads and the catalogue,
// and a statement per sale.
import {
  type PosTrxBatchResponse,
  type PosTrxRefusal,
  type PosTrxResult,
  posTrxBatchRequest,
  type SaleTrx,
  saleTrx,
} from '../../../src/api/contract/pos';
import type { AppDeps } from '../../deps';
import { parseRequest } from '../../http/validate';
import { ServiceError } from '../../lib/errors';
import type { AuthContext } from '../sessions';
import { type BatchRequest, type SaleContext, saleOutletIds } from './sale-outlet';
import { batchCatalogueReader } from './sale-pricing';
import { type InsertSaleValues, insertHeldSales } from './sale-writer';
import { ingestOrHold, ingestSale } from './sales';

/** The HTTP status each refusal would have had as a request of its own (server/http/reply.ts). */
const STATUS: Record<ServiceError['kind'], number> = {
  invalid: 400,
  unauthenticated: 303,
  forbidden: 403,
  rate_limited: 429,
  not_found: 404,
};

/** A plausible local_trx_id of a sale before validation (a hint for the read ahead only). */
export function hintOf(raw: unknown): string | null {
  const id = (raw as { local_trx_id?: unknown } | null)?.local_trx_id;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 && !id.includes('\u0000') ? id : null;
}

/** The plausible local_trx_ids a batch body names (read ahead with the session; at most the batch's bound). */
export function batchHints(body: unknown): string[] {
  const trxs = (body as { trxs?: unknown } | null)?.trxs;
  if (!Array.isArray(trxs)) return [];
  const ids = new Set<string>();
  for (const raw of trxs.slice(0, 100)) {
    const id = hintOf(raw);
    if (id) ids.add(id.trim());
  }
  return [...ids];
}

function refusalOf(e: unknown, raw: unknown): PosTrxRefusal | null {
  if (!(e instanceof ServiceError)) return null;
  return {
    status: 'refused',
    local_trx_id: hintOf(raw)?.trim() ?? null,
    http_status: STATUS[e.kind],
    message: e.message,
    ...(e.field ? { field: e.field } : {}),
  };
}

/**
 * Each sale of a batch through the one-sale path, in order. A service refusal (400, 403, 429 …) is that
 * sale's answer; anything else (the database gone) fails the request, and the device sends the batch again
 * (the sales stored before are answered from storage).
 */
export async function ingestBatch(
  deps: AppDeps,
  auth: AuthContext,
  read: BatchRequest,
  rawBody: unknown,
): Promise<PosTrxBatchResponse> {
  const body = parseRequest(posTrxBatchRequest, rawBody);
  const outletOf = saleOutletIds(deps, auth);
  const offline = body.is_offline === 1;
  const syncTime = body.local_sync_time ?? null;
  // each sale parsed on its own (a malformed one is its own refusal), then one catalogue read for them all
  const parsed = body.trxs.map((raw): { raw: unknown; trx?: SaleTrx; error?: unknown } => {
    try {
      return { raw, trx: parseRequest(saleTrx, raw) };
    } catch (error) {
      return { raw, error };
    }
  });
  const catalogueReader = batchCatalogueReader(parsed.flatMap((p) => (p.trx ? [p.trx] : [])));
  const answers: (PosTrxResult | PosTrxRefusal | undefined)[] = [];
  // The sales of one statement (most) are held and written together, ONE statement for those of an outlet
  // in a row (sale-writer.ts INSERT_SALES), before any sale that writes on its own, so every number follows
  // the batch's order. A twin stored meanwhile refuses the statement: its sales then go one by one.
  let held: { index: number; raw: unknown; trx: SaleTrx; outletId: number; values: InsertSaleValues }[] = [];
  const flush = async () => {
    if (held.length === 0) return;
    const group = held;
    held = [];
    const written = await insertHeldSales(
      deps,
      group.map((g) => g.values),
    );
    for (const g of group) {
      const answer = written?.get(g.trx.local_trx_id);
      answers[g.index] = answer ?? (await oneByOne(g.raw, g.trx, g.outletId));
    }
  };
  const oneByOne = async (raw: unknown, trx: SaleTrx, outletId: number) => {
    try {
      return await ingestSale(deps, auth, outletId, trx, offline, syncTime, null, { catalogueReader });
    } catch (e) {
      const refusal = refusalOf(e, raw);
      if (!refusal) throw e;
      return refusal;
    }
  };
  const seen = new Set<string>();
  for (const [index, { raw, trx, error }] of parsed.entries()) {
    try {
      if (!trx) throw error;
      const outletId = await outletOf(trx);
      if (held.length > 0 && held[0].outletId !== outletId) await flush();
      // the same sale twice in one batch: the first written before the second is read
      const again = seen.has(trx.local_trx_id);
      seen.add(trx.local_trx_id);
      if (again) await flush();
      // the outlet read with the session, and the heads read with it; a head not found then but stored
      // since (a twin request) is the writer's twin: answered from storage
      const ahead: SaleContext | null =
        !again && read.outlet && read.outlet.business_outlet_id === outletId
          ? { outlet: read.outlet, stored: read.heads.get(trx.local_trx_id) ?? null }
          : null;
      const r = await ingestOrHold(
        deps,
        auth,
        outletId,
        trx,
        offline,
        syncTime,
        ahead,
        { catalogueReader },
        { flush },
      );
      if ('held' in r) held.push({ index, raw, trx, outletId, values: r.held });
      else answers[index] = r;
    } catch (e) {
      const refusal = refusalOf(e, raw);
      if (!refusal) throw e;
      answers[index] = refusal;
    }
  }
  await flush();
  return answers.map((a) => {
    if (!a) throw new Error('a sale of the batch has no answer');
    return a;
  });
}
