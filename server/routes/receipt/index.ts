import type { FastifyInstance } from 'fastify';
import {
  postEditRequest,
  receiptSendRequest,
  receiptTokenParams,
  storedTrxParams,
} from '../../../src/api/contract/receipt';
import { RECEIPT_MESSAGES } from '../../../src/domain/texts/receipt';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseRequest } from '../../http/validate';
import { invalid } from '../../lib/errors';
import { postEdit } from '../../services/receipt-edit';
import { notFound, publicReceipt, storedTrx } from '../../services/receipt-sales';
import { sendReceipt } from '../../services/receipt-send';

const CASHIER = ['CASHIER_SYSTEM'];
/**
 * Post-edit is the history's 'Edit' (002 §2.9, §6): TRX_WORKER_EDIT, and CASHIER_SYSTEM too, since the
 * edit page reads the sale through the cashier's call.
 */
const WORKER_EDIT = ['CASHIER_SYSTEM', 'TRX_WORKER_EDIT'];

/** The receipt calls of issue 5 (000 §7; paths per docs/api.md, ruling 12). */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  // public: the token is the only key (no session, no role)
  app.get<{ Params: { receipt_token: string } }>(
    '/cashier/pos/receipt-view/:receipt_token',
    { config: { auth: false } },
    async (req) => {
      const r = receiptTokenParams.safeParse(req.params);
      if (!r.success) throw notFound(RECEIPT_MESSAGES.receiptNotFound);
      return ok(await publicReceipt(deps, r.data.receipt_token));
    },
  );

  app.get<{ Params: { local_trx_id: string } }>(
    '/cashier/pos-trx/:local_trx_id',
    { config: { auth: true, roles: CASHIER } },
    async (req) => {
      const { local_trx_id } = parseRequest(storedTrxParams, req.params);
      return ok(await storedTrx(deps, requireAuth(req), local_trx_id));
    },
  );

  app.post('/cashier/pos/receipt-send', { config: { auth: true, roles: CASHIER } }, async (req) => {
    const body = parseRequest(receiptSendRequest, req.body);
    const { data, message } = await sendReceipt(deps, requireAuth(req), body);
    return ok(data, message);
  });

  app.put('/cashier/pos-trx-detail', { config: { auth: true, allRoles: WORKER_EDIT } }, async (req) => {
    const auth = requireAuth(req);
    const raw = req.body as { input_data?: unknown } | null | undefined;
    if (raw && typeof raw === 'object' && (raw.input_data === undefined || raw.input_data === null))
      throw invalid(RECEIPT_MESSAGES.inputDataRequired, 'input_data');
    const { edit_session_id, input_data } = parseRequest(postEditRequest, req.body);
    return ok(await postEdit(deps, auth, edit_session_id, input_data), RECEIPT_MESSAGES.itemEdited);
  });
}
