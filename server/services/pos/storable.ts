import { MESSAGES } from '../../../src/api/contract/envelope';
import type { SaleTrx } from '../../../src/api/contract/pos';
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

const bad = (field: string) => invalid(MESSAGES.invalidInput, field);

const isId = (v: unknown) =>
  v === null || v === undefined || (Number.isInteger(Number(v)) && Math.abs(Number(v)) <= INT_MAX);

/** Refuses a document holding U+0000 anywhere (jsonb and text columns cannot store it). */
export function assertNoNul(doc: unknown, field: string): void {
  if (JSON.stringify(doc).includes('\\u0000')) throw bad(field);
}

export function assertStorable(trx: SaleTrx): void {
  if (!isId(trx.order_no)) throw bad('order_no');
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
  assertNoNul(trx, 'trx');
}

/** The server's totals must fit the numeric columns too (a huge price × qty). */
export function assertStorableTotal(value: number, field: string): void {
  if (!(Math.abs(value) < AMOUNT_MAX)) throw bad(field);
}
