import type { SaleTrx } from '../../../src/api/contract/pos';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { invalid } from '../../lib/errors';

/**
 * What the database would refuse with an error (a 500) is refused here as bad input (400 'Data tidak
 * valid.' naming the field): ids beyond a 32-bit integer, quantities and amounts beyond the numeric columns,
 * and text holding a NUL character, which PostgreSQL cannot store.
 */
const INT_MAX = 2_147_483_647;
/** numeric(18, 4) quantities; a cashier never sells a billion of anything */
const QTY_MAX = 1e9;
/** numeric(18, 2) amounts, far above any sale (the amount input stops at 999,999,999) */
const AMOUNT_MAX = 1e13;

const bad = (field: string) => invalid(API_MESSAGES.invalidInput, field);

const isId = (v: unknown) =>
  v === null || v === undefined || (Number.isInteger(Number(v)) && Math.abs(Number(v)) <= INT_MAX);

/** Refuses a document holding U+0000 anywhere (jsonb and text columns cannot store it). */
export function assertNoNul(doc: unknown, field: string): void {
  if (JSON.stringify(doc).includes('\\u0000')) throw bad(field);
}

/** The kinds of number a sale's own fields hold, and the range each may take. */
type Figure = 'id' | 'flag' | 'amount' | 'signedAmount' | 'qty' | 'signedQty' | 'percent';
const WITHIN: Record<Figure, (v: number) => boolean> = {
  id: (v) => Number.isInteger(v) && v >= 0 && v <= INT_MAX,
  flag: (v) => v === 0 || v === 1,
  amount: (v) => v >= 0 && v < AMOUNT_MAX,
  signedAmount: (v) => Math.abs(v) < AMOUNT_MAX,
  qty: (v) => v >= 0 && v < QTY_MAX,
  signedQty: (v) => Math.abs(v) < QTY_MAX,
  percent: (v) => v >= 0 && v <= 100,
};

/** Beyond this no figure of a sale is meant (JSON readers lose its digits): the bound of any number kept. */
const ANY_NUMBER_MAX = Number.MAX_SAFE_INTEGER;

type Doc = Record<string, unknown>;
const asDoc = (v: unknown): Doc => (v !== null && typeof v === 'object' ? (v as Doc) : {});

/** Refuses a present figure outside its range (absent and null are left to the schema's defaults). */
function bounded(doc: unknown, fields: Readonly<Record<string, Figure>>, at: string): void {
  const d = asDoc(doc);
  for (const [field, figure] of Object.entries(fields)) {
    const v = d[field];
    if (v === null || v === undefined || v === '') continue;
    if (!WITHIN[figure](Number(v))) throw bad(`${at}${field}`);
  }
}

const LINE_FIGURES: Record<string, Figure> = {
  pos_item_id: 'id',
  pos_item_variant_id: 'id',
  package_pos_item_id: 'id',
  is_package: 'flag',
  is_custom: 'flag',
  qty: 'qty',
  custom_discount_value: 'amount',
  business_commission_worker_id: 'id',
};

/**
 * Issue 23 item 5: every number of the sale contract's own fields is either recomputed by the server (the
 * drv_* totals: the stored document carries the server's, pos/sale-writer.ts) or bounded here — ids,
 * flags, amounts, quantities and percentages in their ranges — and any other number the document carries
 * (the device's copies of catalogue entries, its configuration snapshot) is finite and at most 2^53 − 1.
 * A number out of bounds is a 400 naming its field, never stored.
 */
function assertSaleFigures(trx: SaleTrx): void {
  bounded(trx, { pos_salesType_id: 'id', payment_amount: 'amount', deposit_balance: 'signedAmount' }, '');
  trx.tags.forEach((t, i) => {
    if (!WITHIN.id(Number(t))) throw bad(`tags.${i}`);
  });
  bounded(
    trx.states,
    { globalDiscountPercent: 'percent', globalDiscountNominal: 'amount', globalDiscountItemId: 'id' },
    'states.',
  );
  bounded(
    trx.account_receivable,
    { drv_balance: 'amount', account_receivable_id: 'id' },
    'account_receivable.',
  );
  bounded(
    trx.top_up_deposit_rewards,
    { deposit_reward_amount: 'amount', coupon_reward_amount: 'amount', point_reward_amount: 'amount' },
    'top_up_deposit_rewards.',
  );
  trx.details.forEach((d, i) => {
    bounded(d, LINE_FIGURES, `details.${i}.`);
    d.tags.forEach((t, j) => {
      if (!WITHIN.id(Number(t))) throw bad(`details.${i}.tags.${j}`);
    });
  });
  trx.deleted_details.forEach((d, i) => {
    bounded(
      d,
      { ...LINE_FIGURES, qty: 'qty', initial_qty: 'qty', modified_qty: 'qty' },
      `deleted_details.${i}.`,
    );
  });
  trx.payments.forEach((p, i) => {
    bounded(p, { payment_amount: 'amount', payment_charge: 'amount' }, `payments.${i}.`);
    bounded(
      p.payment_method,
      { charge_percentage: 'percent', charge_value: 'amount', reference_min_length: 'id' },
      `payments.${i}.payment_method.`,
    );
  });
  for (const list of ['sales', 'consumptions', 'ingredients'] as const)
    trx[list].forEach((m, i) => {
      // what a sale took out of stock as the server answered it (a net return may be negative)
      bounded(m, { qty: 'signedQty' }, `${list}.${i}.`);
    });
  const beyond = firstHugeNumber(trx, '');
  if (beyond !== null) throw bad(beyond);
}

/** The path of the first number in `doc` that is not finite or beyond ±2^53 − 1, or null. */
function firstHugeNumber(doc: unknown, at: string): string | null {
  if (typeof doc === 'number') return Number.isFinite(doc) && Math.abs(doc) <= ANY_NUMBER_MAX ? null : at;
  if (doc === null || typeof doc !== 'object') return null;
  const entries = Array.isArray(doc) ? doc.entries() : Object.entries(doc);
  for (const [key, value] of entries) {
    const found = firstHugeNumber(value, at === '' ? String(key) : `${at}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

export function assertStorable(trx: SaleTrx): void {
  // the day's order number counts from 1: a negative one is no order number (item 5)
  if (!isId(trx.order_no) || Number(trx.order_no ?? 0) < 0) throw bad('order_no');
  trx.details.forEach((d, i) => {
    if (!isId(d.pos_item_id)) throw bad(`details.${i}.pos_item_id`);
    if (!isId(d.pos_item_variant_id)) throw bad(`details.${i}.pos_item_variant_id`);
    if (!isId(d.business_commission_worker_id)) throw bad(`details.${i}.business_commission_worker_id`);
    if (!isId(d.commission_worker?.business_commission_worker_id))
      throw bad(`details.${i}.commission_worker.business_commission_worker_id`);
    if (!(d.qty > 0 && d.qty < QTY_MAX)) throw bad(`details.${i}.qty`);
    d.pos_item_package_details.forEach((p, j) => {
      if (!isId(p.pos_item_id) || !(Math.abs(Number(p.qty)) < QTY_MAX))
        throw bad(`details.${i}.pos_item_package_details.${j}`);
      for (const v of p.pos_item_package_detail_variants)
        if (!isId(v.pos_item_variant_id)) throw bad(`details.${i}.pos_item_package_details.${j}`);
    });
  });
  trx.payments.forEach((p, i) => {
    if (!isId(p.payment_method.table_id)) throw bad(`payments.${i}.payment_method.table_id`);
    if (!(Math.abs(p.payment_amount) < AMOUNT_MAX)) throw bad(`payments.${i}.payment_amount`);
    if (!(Math.abs(p.payment_charge ?? 0) < AMOUNT_MAX)) throw bad(`payments.${i}.payment_charge`);
  });
  assertSaleFigures(trx);
  assertNoNul(trx, 'trx');
}

/** The server's totals must fit the numeric columns too (a huge price × qty). */
export function assertStorableTotal(value: number, field: string): void {
  if (!(Math.abs(value) < AMOUNT_MAX)) throw bad(field);
}
