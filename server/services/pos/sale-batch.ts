// Issue 28: the batch sync beside the spec's one-sale call (cashier/pos-trx-batch). The session, its role
// flags and outlet are checked once; then every sale goes through exactly the one-sale path (ingestSale:
// the same pricing, idempotency by local_trx_id and body hash, the same refusals), each atomic on its own,
// so a refused sale gets its own answer and never undoes or fails the others. What the batch saves is per
// request: the HTTP round trip, the session's and outlet's read, and one read of all the stored heads.
import {
  type PosTrxBatchResponse,
  type PosTrxRefusal,
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
import { ingestSale } from './sales';

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
  const answers: PosTrxBatchResponse = [];
  for (const { raw, trx, error } of parsed) {
    try {
      if (!trx) throw error;
      const outletId = await outletOf(trx);
      // the outlet read with the session, and the heads read with it; a head not found then but stored
      // since (the same sale twice in one batch, or a twin request) is the writer's twin: answered from storage
      const ahead: SaleContext | null =
        read.outlet && read.outlet.business_outlet_id === outletId
          ? { outlet: read.outlet, stored: read.heads.get(trx.local_trx_id) ?? null }
          : null;
      answers.push(
        await ingestSale(deps, auth, outletId, trx, offline, syncTime, ahead, { catalogueReader }),
      );
    } catch (e) {
      const refusal = refusalOf(e, raw);
      if (!refusal) throw e;
      answers.push(refusal);
    }
  }
  return answers;
}
