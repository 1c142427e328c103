import type { FastifyInstance } from 'fastify';
import { historyTrxParams, trxHistoryQuery } from '../../../src/api/contract/history';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseRequest } from '../../http/validate';
import { storedTrx } from '../../services/receipt-sales';
import { trxHistory } from '../../services/trx-history';

/** 002 §6: TRX_HISTORY opens the transaction history (its list and its copy page). */
const HISTORY = ['TRX_HISTORY'];

/** The transaction history calls (002 §7; paths per docs/api.md, ruling 12). */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get('/cashier/pos-trx-history', { config: { auth: true, roles: HISTORY } }, async (req) => {
    const query = parseRequest(trxHistoryQuery, req.query);
    return ok(await trxHistory(deps, requireAuth(req), query));
  });

  app.get<{ Params: { local_trx_id: string } }>(
    '/cashier/pos-trx-history/:local_trx_id',
    { config: { auth: true, roles: HISTORY } },
    async (req) => {
      const { local_trx_id } = parseRequest(historyTrxParams, req.params);
      return ok(await storedTrx(deps, requireAuth(req), local_trx_id));
    },
  );
}
