import type { PosTrxResult, SaleTrx } from '../../../src/api/contract/pos';
import { retryOnConflict } from '../../db/retry';
import type { AppDeps } from '../../deps';
import { invalid, ServiceError } from '../../lib/errors';
import type { AuthContext } from '../sessions';
import { gateSmsRedeemCode } from './redeem';
import { repeatAnswer, storedAnswer, withStoredRewards } from './sale-answer';
import { loadSaleContext, type SaleContext } from './sale-outlet';
import { planSale } from './sale-plan';
import type { CatalogueReader } from './sale-pricing';
import { type InsertSaleValues, isTwin, oneStatementSale, type SaleWrite, writeSale } from './sale-writer';
import { gateWalletCode, recordWrongWalletCode, WrongWalletCode } from './wallet-security';

export { loadSaleOutlet, loadSaleRequest, type SaleOutlet, saleOutletIds } from './sale-outlet';

/**
 * Ingests one completed sale (submit or sync), exactly once per local_trx_id: the repeat of a stored sale
 * answers the first answer and writes nothing. The sale is priced by its kind (sale-plan.ts: totals
 * recomputed with the domain's pricing from the server's catalogue) and the plan written by one writer
 * (sale-writer.ts): the sale, its lines and payments, a new customer, the wallet debit, the receivable and the
 * stock moves atomically, so a refusal or a crash leaves nothing behind — one statement when the sale writes
 * nothing else (a guest or a known customer, no wallet, no credit: most sales), else one database transaction.
 */
export async function ingestSale(
  deps: AppDeps,
  auth: AuthContext,
  outletId: number,
  trx: SaleTrx,
  isOffline: boolean,
  localSyncTime: string | null,
  /** read ahead with the session (loadSaleRequest), for this sale in this outlet */
  preloaded: SaleContext | null = null,
  /** reads shared by the sales of one batch (sale-batch.ts); default each sale's own */
  shared: { catalogueReader?: CatalogueReader } = {},
): Promise<PosTrxResult> {
  const r = await ingestOrHold(deps, auth, outletId, trx, isOffline, localSyncTime, preloaded, shared, null);
  if ('held' in r) throw new Error('a sale is held only when asked to');
  return r;
}

/** How a batch holds back its sales of one statement, to write them together (sale-batch.ts). */
export interface SaleHold {
  /** writes the sales held so far: called before a sale writes on its own, so the numbers follow the batch */
  flush(): Promise<void>;
}

/**
 * ingestSale, or, with `hold`, a sale of one statement (no ledger, no new customer: most sales) priced,
 * checked and its customer found but NOT written: its statement's values, for the batch to write with others.
 */
export async function ingestOrHold(
  deps: AppDeps,
  auth: AuthContext,
  outletId: number,
  trx: SaleTrx,
  isOffline: boolean,
  localSyncTime: string | null,
  /** read ahead with the session (loadSaleRequest), for this sale in this outlet */
  preloaded: SaleContext | null = null,
  /** reads shared by the sales of one batch (sale-batch.ts); default each sale's own */
  shared: { catalogueReader?: CatalogueReader } = {},
  hold: SaleHold | null = null,
): Promise<PosTrxResult | { held: InsertSaleValues }> {
  const db = deps.database.db;
  const { outlet, stored } = preloaded ?? (await loadSaleContext(deps.database, outletId, trx.local_trx_id));
  if (stored) return withStoredRewards(db, repeatAnswer(stored, trx, auth.business_id, outlet.pricing));
  const now = deps.clock.now();
  const plan = await planSale({
    deps,
    auth,
    outletId,
    outlet,
    trx,
    now,
    catalogueReader: shared.catalogueReader,
  });
  const write: SaleWrite = { deps, auth, outlet, trx, plan, isOffline, localSyncTime, now };
  if (hold) {
    // a refusal (an unknown customer code) is thrown here as the one-sale write throws it
    if (!plan.needsTransaction) return { held: await oneStatementSale(db, write) };
    await hold.flush();
  }

  // the 'Kode Receh' first, on its own: a wrong try is counted (committed) under the customer's lock, so a
  // burst of wrong PINs sent at once never gets past five (wallet-security.ts)
  const payerCode = trx.customer?.user_code?.trim();
  if (plan.checked.payments.deposit > 0 && payerCode)
    await gateWalletCode(deps, {
      businessId: auth.business_id,
      userCode: payerCode,
      outlet,
      nfc_code: trx.nfc_code,
      receh_code: trx.receh_code,
      now,
    });

  // an SMS redeem code likewise: a wrong one is counted (committed) under the code's lock (redeem.ts)
  if (plan.redeem)
    await gateSmsRedeemCode(deps, {
      businessId: auth.business_id,
      plan: plan.redeem,
      code: trx.redeem?.redeem_code,
      now,
    });

  try {
    // a deadlock or serialization failure undid all of it: the whole of it runs again (lock order and
    // retry: docs/architecture.md)
    return await retryOnConflict(() =>
      plan.needsTransaction ? db.transaction((tx) => writeSale(tx, tx, write)) : writeSale(db, null, write),
    );
  } catch (e) {
    // a wrong PIN counts towards the customer's limit (the sale itself wrote nothing)
    if (e instanceof WrongWalletCode) await recordWrongWalletCode(deps, e.subject, now);
    if (isTwin(e)) {
      const first = await storedAnswer(db, trx, auth.business_id, outlet.pricing);
      if (first) return first;
    }
    throw e;
  }
}

/** Prefixes a refusal's field with the transaction's place in the request (trxs.{i}.…). */
export function inTrx(e: unknown, index: number): unknown {
  if (!(e instanceof ServiceError) || e.kind !== 'invalid') return e;
  return invalid(e.message, e.field ? `trxs.${index}.${e.field}` : `trxs.${index}`);
}
