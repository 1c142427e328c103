// A stored sale's answer (000 §7 cashier/pos-trx): the same every time it is asked, for the same brand and the
// same sale only. The ingest answers a repeat with it, and so does the writer when a twin committed first.
import { sql } from 'drizzle-orm';
import type { PosTrxResult, SaleTrx } from '../../../src/api/contract/pos';
import { LEGACY_MONEY_DECIMALS } from '../../../src/domain/money';
import { MONEY_TOLERANCE } from '../../../src/domain/payment-check';
import { type PricingConfig, priceTransaction } from '../../../src/domain/pricing';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { rows, type Tx } from '../../db/rows';
import { formatLocalDateTime } from '../../lib/clock';
import { invalid } from '../../lib/errors';
import { storedMembershipPeriod } from '../receipt-sales';
import { saleBodyHash } from './sale-body';
import { pricingConfigFor } from './sale-check';
import { HEAD_COLUMNS, type HeadRow } from './sale-outlet';
import { storedTopUpRewards } from './special';

/** The answer for a stored sale: the same every time it is asked (a repeat gets the first answer). */
export function answerOf(h: HeadRow): PosTrxResult {
  const created = formatLocalDateTime(new Date(h.created_at));
  return {
    status: 'success',
    local_trx_id: h.local_trx_id,
    pos_sales_trx_head_id: Number(h.pos_sales_trx_head_id),
    trx_id: h.trx_id,
    deposit_balance: h.deposit_balance === null ? null : Number(h.deposit_balance),
    top_up_deposit_rewards: null,
    user_code: h.user_code,
    created_at: created,
    sync_time: created,
  };
}

const sameFigure = (a: unknown, b: unknown) => Math.abs(Number(a) - Number(b)) <= MONEY_TOLERANCE;

/**
 * A sale stored before ruling 22 (figures to 2 decimals) sent again priced to whole rupiah (a pending
 * sale re-submitted after the update) is the same sale when its pricing to 2 decimals gives the stored
 * grand total.
 */
const isLegacyRepeat = (h: HeadRow, trx: SaleTrx, pricing: PricingConfig): boolean =>
  sameFigure(
    priceTransaction(trx, pricingConfigFor(trx, pricing), { moneyDecimals: LEGACY_MONEY_DECIMALS })
      .drv_grand_total,
    h.drv_grand_total,
  );

/** A repeat's answer: the first one, for the same brand and the same sale only. */
export function repeatAnswer(
  h: HeadRow,
  trx: SaleTrx,
  businessId: number,
  pricing: PricingConfig,
): PosTrxResult {
  // another brand's device cannot read (or overwrite) a sale by guessing its uuid
  if (Number(h.business_id) !== businessId) throw invalid(POS_MESSAGES.trxNotFound, 'local_trx_id');
  // A repeat is the same sale again; a changed one (edited after a lost answer) must not be
  // acknowledged as if the server held it.
  for (const field of ['drv_grand_total', 'drv_qty'] as const) {
    if (trx[field] == null || sameFigure(trx[field], h[field])) continue;
    if (field === 'drv_grand_total' && isLegacyRepeat(h, trx, pricing)) continue;
    throw invalid(POS_MESSAGES.repeatDiffers, field);
  }
  // the same totals are not the same sale: payments, customer, notes … must be the first body's too
  if (h.body_hash !== null && h.body_hash !== undefined && h.body_hash !== saleBodyHash(trx))
    throw invalid(POS_MESSAGES.repeatDiffers);
  return answerOf(h);
}

/** A repeat's answer carries the rewards its top-up earned (read back from the ledgers, ruling 13). */
export async function withStoredRewards(
  db: Pick<Tx, 'execute'>,
  answer: PosTrxResult,
): Promise<PosTrxResult> {
  // and a membership sale's period (ruling 28), as the first answer gave it
  const period = await storedMembershipPeriod(db, answer.local_trx_id);
  return {
    ...answer,
    top_up_deposit_rewards: await storedTopUpRewards(db, answer.local_trx_id),
    ...(period ? { membership_period: period } : {}),
  };
}

/** The stored sale's answer, or null when it is not stored (yet). */
export async function storedAnswer(
  db: Pick<Tx, 'execute'>,
  trx: SaleTrx,
  businessId: number,
  pricing: PricingConfig,
): Promise<PosTrxResult | null> {
  const [h] = rows<HeadRow>(
    await db.execute(
      sql`SELECT ${HEAD_COLUMNS} FROM pos_sales_trx_heads WHERE local_trx_id = ${trx.local_trx_id}`,
    ),
  );
  return h ? withStoredRewards(db, repeatAnswer(h, trx, businessId, pricing)) : null;
}
