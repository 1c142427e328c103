import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMergeableLine } from '../../src/domain';

type Marker = { pos_item_id: number } | null;
interface Line {
  id: number;
  pos_item_id: number;
  pos_item_variant_id: number;
  is_package: number;
  coupon: Marker;
  redeem: Marker;
}

const marker = fc.option(fc.record({ pos_item_id: fc.integer({ min: 1, max: 3 }) }), { nil: null });
const origin = fc.oneof(
  fc.constant({ coupon: null, redeem: null }),
  marker.map((coupon) => ({ coupon, redeem: null })),
  marker.map((redeem) => ({ coupon: null, redeem })),
);
const lineArb = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 }), fc.constantFrom(0, 1), origin)
  .map(([pos_item_id, pos_item_variant_id, is_package, o]) => ({
    pos_item_id,
    pos_item_variant_id,
    is_package,
    ...o,
  }));
const linesArb = fc.array(lineArb, { maxLength: 8 }).map((ls) => ls.map((l, id): Line => ({ id, ...l })));

const marked = (l: { coupon?: Marker; redeem?: Marker }) => !!l.coupon || !!l.redeem;

describe('findMergeableLine and the coupon / redeem marker (issue 14, 000 §5)', () => {
  it('a line added through a coupon or redeem never merges, and no line merges into one', () => {
    fc.assert(
      fc.property(linesArb, lineArb, (lines, candidate) => {
        const found = findMergeableLine(lines, candidate);
        if (marked(candidate) || candidate.is_package === 1) expect(found).toBeUndefined();
        if (found) {
          expect(marked(found)).toBe(false);
          expect(found.is_package).toBe(0);
          expect([found.pos_item_id, found.pos_item_variant_id]).toEqual([
            candidate.pos_item_id,
            candidate.pos_item_variant_id,
          ]);
        }
      }),
    );
  });

  it('an unmarked catalogue line still merges whenever an unmarked same line exists', () => {
    fc.assert(
      fc.property(linesArb, lineArb, (lines, raw) => {
        const candidate = { ...raw, coupon: null, redeem: null, is_package: 0 };
        const expected = lines.find(
          (l) =>
            !marked(l) &&
            l.is_package === 0 &&
            l.pos_item_id === candidate.pos_item_id &&
            l.pos_item_variant_id === candidate.pos_item_variant_id,
        );
        expect(findMergeableLine(lines, candidate)?.id).toBe(expected?.id);
      }),
    );
  });

  it('the same item as a coupon line and as a catalogue line stays two lines', () => {
    const couponLine = { pos_item_id: 5, pos_item_variant_id: 1, coupon: { pos_item_id: 5 } };
    const redeemLine = { pos_item_id: 5, pos_item_variant_id: 1, redeem: { pos_item_id: 5 } };
    expect(findMergeableLine([couponLine, redeemLine], { pos_item_id: 5, pos_item_variant_id: 1 })).toBe(
      undefined,
    );
    const catalogue = { pos_item_id: 5, pos_item_variant_id: 1 };
    expect(findMergeableLine([catalogue], couponLine)).toBeUndefined();
    expect(findMergeableLine([catalogue], redeemLine)).toBeUndefined();
  });
});
