import type { FastifyInstance } from 'fastify';
import {
  archiveParams,
  archiveSaveRequest,
  inventoryOutParams,
  POS_TRX_BATCH_BODY_LIMIT,
  posTrxRequest,
  posTrxVoidParams,
  posTrxVoidRequest,
} from '../../../src/api/contract/pos';
import { authorise, requireAuth, sessionHeaders } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseRequest } from '../../http/validate';
import { deleteArchive, downloadArchive, listArchive, saveArchive } from '../../services/pos/archive';
import { inventoryOut } from '../../services/pos/inventory-out';
import { batchHints, ingestBatch } from '../../services/pos/sale-batch';
import { loadBatchRequest } from '../../services/pos/sale-outlet';
import { ingestSale, inTrx, loadSaleRequest, saleOutletIds } from '../../services/pos/sales';
import { voidSale } from '../../services/pos/void';

/**
 * Parses with a contract schema: the schema's own messages win; any other issue (a wrong type deep inside
 * a transaction) answers 'Data tidak valid.' — always 400 with the field's path, never a 500.
 */

const CASHIER = ['CASHIER_SYSTEM'];

/**
 * The first transaction's local_trx_id when the body has a plausible one (before validation: a hint only,
 * so nothing the database would refuse — too long, a NUL — may reach the query).
 */
function firstLocalTrxId(body: unknown): string | null {
  const trxs = (body as { trxs?: unknown } | null)?.trxs;
  const id = Array.isArray(trxs) ? (trxs[0] as { local_trx_id?: unknown } | null)?.local_trx_id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 && !id.includes('\u0000') ? id : null;
}

/** The sales calls of issue 4 (000 §7; archive paths per docs/api.md, ruling 12). */
export async function posRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.post('/cashier/pos-trx', { config: { auth: true, authInRoute: true, roles: CASHIER } }, async (req) => {
    // the session, its outlet and the first sale's stored head in one round trip (one sale per request
    // when syncing, 000 §4); the id is only a hint here, the body is validated after the role check
    const hint = firstLocalTrxId(req.body);
    const read = await loadSaleRequest(deps, sessionHeaders(req), hint);
    const auth = authorise(req, read.auth);
    const body = parseRequest(posTrxRequest, req.body);
    const outletOf = saleOutletIds(deps, auth);
    const answers = [];
    // one at a time, each atomic: a refusal keeps the earlier ones (they are stored exactly once, so
    // the device may simply send them again)
    for (const [i, trx] of body.trxs.entries()) {
      try {
        const outletId = await outletOf(trx);
        const ahead =
          i === 0 && trx.local_trx_id === hint && read.context?.outlet.business_outlet_id === outletId
            ? read.context
            : null;
        answers.push(
          await ingestSale(
            deps,
            auth,
            outletId,
            trx,
            body.is_offline === 1,
            body.local_sync_time ?? null,
            ahead,
          ),
        );
      } catch (e) {
        throw inTrx(e, i);
      }
    }
    return ok(answers);
  });

  // issue 28: the sync's batch beside the spec's one-sale call (sale-batch.ts): the session, flags and outlet
  // checked once, each sale by the one-sale path and answered on its own, in order
  app.post(
    '/cashier/pos-trx-batch',
    { bodyLimit: POS_TRX_BATCH_BODY_LIMIT, config: { auth: true, authInRoute: true, roles: CASHIER } },
    async (req) => {
      const read = await loadBatchRequest(deps, sessionHeaders(req), batchHints(req.body));
      const auth = authorise(req, read.auth);
      return ok(await ingestBatch(deps, auth, read, req.body));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/cashier/pos-trx/void/:id',
    { config: { auth: true, roles: CASHIER } },
    async (req) => {
      const auth = requireAuth(req);
      const { pos_sales_trx_head_id } = parseRequest(posTrxVoidParams, {
        pos_sales_trx_head_id: req.params.id,
      });
      const body = parseRequest(posTrxVoidRequest, req.body);
      return ok(await voidSale(deps, auth, pos_sales_trx_head_id, body));
    },
  );

  app.post(
    '/cashier/pos-sales-trx-archive',
    { config: { auth: true, roles: ['SAVE_TRANSACTION'] } },
    async (req) => {
      const { trx } = parseRequest(archiveSaveRequest, req.body);
      return ok(await saveArchive(deps, requireAuth(req), trx));
    },
  );

  app.get('/cashier/pos-sales-trx-archive', { config: { auth: true, roles: CASHIER } }, async (req) =>
    ok(await listArchive(deps, requireAuth(req))),
  );

  app.get<{ Params: { local_trx_id: string } }>(
    '/cashier/pos-sales-trx-archive/:local_trx_id',
    { config: { auth: true, roles: CASHIER } },
    async (req) => {
      const { local_trx_id } = parseRequest(archiveParams, req.params);
      return ok({ trx: await downloadArchive(deps, requireAuth(req), local_trx_id) });
    },
  );

  app.delete<{ Params: { local_trx_id: string } }>(
    '/cashier/pos-sales-trx-archive/:local_trx_id',
    { config: { auth: true, roles: CASHIER } },
    async (req) => {
      const { local_trx_id } = parseRequest(archiveParams, req.params);
      return ok(await deleteArchive(deps, requireAuth(req), local_trx_id));
    },
  );

  app.get<{ Params: { localTrxId: string } }>(
    '/cashier/inventory/inventory-out/:localTrxId',
    { config: { auth: true, roles: ['POS_SHOW_STOCK_OUT'] } },
    async (req) => {
      const { localTrxId } = parseRequest(inventoryOutParams, req.params);
      return ok(await inventoryOut(deps, requireAuth(req), localTrxId));
    },
  );
}
