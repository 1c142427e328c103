import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MESSAGES } from '../../../src/api/contract/envelope';
import { historyTrxParams, trxHistoryQuery } from '../../../src/api/contract/history';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { invalid } from '../../lib/errors';
import { storedTrx } from '../../services/receipt-sales';
import { trxHistory } from '../../services/trx-history';

/** Parses with a contract schema: its own messages win, any other issue is 'Data tidak valid.' (400). */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {}, { error: () => MESSAGES.invalidInput });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  throw invalid(issue?.message ?? MESSAGES.invalidInput, field);
}

/** 002 §6: TRX_HISTORY opens the transaction history (its list and its copy page). */
const HISTORY = ['TRX_HISTORY'];

/** The transaction history calls (002 §7; paths per docs/api.md, ruling 12). */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get('/cashier/pos-trx-history', { config: { auth: true, roles: HISTORY } }, async (req) => {
    const query = parse(trxHistoryQuery, req.query);
    return ok(await trxHistory(deps, requireAuth(req), query));
  });

  app.get<{ Params: { local_trx_id: string } }>(
    '/cashier/pos-trx-history/:local_trx_id',
    { config: { auth: true, roles: HISTORY } },
    async (req) => {
      const { local_trx_id } = parse(historyTrxParams, req.params);
      return ok(await storedTrx(deps, requireAuth(req), local_trx_id));
    },
  );
}
