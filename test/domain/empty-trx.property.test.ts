// Ruling 27: an empty transaction (no line, no payment, no customer, no notes) is nobody's work. One pure rule
// (isEmptyTransaction) decides it for the pending list, the sign-out's block, Home's pending count and the
// discard when the cashier leaves it; examples and properties here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmptyTransaction, type PosTransaction, pendingForSignOut, pendingWork } from '../../src/domain';
import { line, trx } from './fixtures';

/** What a cashier can leave in a transaction, each part present or not. */
const partsArb = fc.record({
  trx_status_id: fc.constantFrom(1, 2, 3, 4),
  lines: fc.nat({ max: 2 }),
  deleted: fc.nat({ max: 2 }),
  payments: fc.nat({ max: 2 }),
  customer: fc.boolean(),
  notes: fc.oneof(fc.constant(null), fc.constant(''), fc.constant('  '), fc.string({ maxLength: 8 })),
  // what a new transaction carries from the button that started it: never work by itself
  trx_name: fc.constantFrom('Walk In', 'Reservasi', 'Home Service', null),
  pos_salesType_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  tags: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
});
type Parts = typeof partsArb extends fc.Arbitrary<infer P> ? P : never;

const build = (p: Parts): PosTransaction =>
  trx({
    trx_status_id: p.trx_status_id,
    trx_name: p.trx_name,
    pos_salesType_id: p.pos_salesType_id,
    tags: p.tags,
    details: Array.from({ length: p.lines }, () => line({ price: 10_000 })),
    deleted_details: Array.from({ length: p.deleted }, () => ({ actionType: 'DELETE' }) as never),
    payments: Array.from({ length: p.payments }, (_, i) => ({ local_payment_id: `p${i}` }) as never),
    customer: p.customer ? ({ user_code: 'C1', user_name: 'Rina' } as never) : null,
    trx_notes: p.notes,
  });

const hasWork = (p: Parts) =>
  p.lines > 0 || p.deleted > 0 || p.payments > 0 || p.customer || (p.notes ?? '').trim() !== '';

describe('isEmptyTransaction (ruling 27)', () => {
  it("a tap on 'Walk In' leaves an empty transaction; a line, a payment, a customer or notes make it work", () => {
    const tapped = trx({ trx_status_id: 2, trx_name: 'Walk In', pos_salesType_id: 1 });
    expect(isEmptyTransaction(tapped)).toBe(true);
    expect(isEmptyTransaction({ ...tapped, details: [line({ price: 1 })] })).toBe(false);
    expect(isEmptyTransaction({ ...tapped, payments: [{ local_payment_id: 'p' } as never] })).toBe(false);
    expect(isEmptyTransaction({ ...tapped, customer: { user_code: 'C1' } as never })).toBe(false);
    expect(isEmptyTransaction({ ...tapped, trx_notes: 'alergi' })).toBe(false);
    expect(isEmptyTransaction({ ...tapped, trx_notes: '   ' })).toBe(true);
  });

  it('a line added then removed leaves its deleted-line record: that transaction is not empty', () => {
    const emptied = trx({ deleted_details: [{ actionType: 'DELETE' } as never] });
    expect(isEmptyTransaction(emptied)).toBe(false);
  });

  it('only a pending transaction can be empty (an appointment, a completed or a void one never is)', () => {
    for (const status of [1, 3, 4]) expect(isEmptyTransaction(trx({ trx_status_id: status }))).toBe(false);
  });

  it('property: empty exactly when pending with none of line, deleted line, payment, customer, notes', () => {
    fc.assert(
      fc.property(partsArb, (p) => {
        expect(isEmptyTransaction(build(p))).toBe(p.trx_status_id === 2 && !hasWork(p));
      }),
    );
  });

  it("property: the button's name, sales type and tags never turn an empty transaction into work", () => {
    fc.assert(
      fc.property(partsArb, partsArb, (a, b) => {
        const base = build({ ...a, trx_status_id: 2 });
        const relabelled = {
          ...base,
          trx_name: b.trx_name,
          pos_salesType_id: b.pos_salesType_id,
          tags: b.tags,
        };
        expect(isEmptyTransaction(relabelled)).toBe(isEmptyTransaction(base));
      }),
    );
  });

  it('property: pendingWork keeps every pending transaction but the empty ones, in order; sign-out sends only work', () => {
    fc.assert(
      fc.property(fc.array(partsArb, { maxLength: 8 }), (all) => {
        const xs = all.map(build);
        const work = pendingWork(xs);
        expect(work).toEqual(xs.filter((t) => t.trx_status_id === 2 && !isEmptyTransaction(t)));
        expect(work.some(isEmptyTransaction)).toBe(false);
        for (const sent of pendingForSignOut(xs)) expect(work).toContain(sent);
      }),
    );
  });
});
