// Stock adjustment (002 §2.5, §4, §7): the figures beside the inputs in each mode, the call's quantities,
// and the agreement with the server, which books adjustmentFigures(type, its own stock, the entered
// figures read back from the request) — so a device with the server's current stock shows what is booked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_TYPES } from '../../src/api/contract/inventory';
import {
  ADJUSTMENT_TYPE_VALUES,
  adjustmentFigures,
  adjustmentInputOf,
  adjustmentInputsFor,
  adjustmentRequestQuantities,
  roundQty,
} from '../../src/domain/inventory-adjustment';

/** Quantities as a business with qty_decimal_length 2 has them (hundredths). */
const qty = fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 100);
const pair = fc.record({ qty, bad_qty: qty });
/** Current stock may be negative where the outlet allows it. */
const current = fc.record({
  qty: fc.integer({ min: -100_000, max: 100_000_000 }).map((n) => n / 100),
  bad_qty: qty,
});
const type = fc.constantFrom(...ADJUSTMENT_TYPE_VALUES);

describe('adjustmentFigures', () => {
  it('the types are the contract’s', () => {
    expect([...ADJUSTMENT_TYPE_VALUES]).toEqual([...ADJUSTMENT_TYPES]);
  });

  it('Stok Final: the final is the input and the shown figure is the difference input − current', () => {
    fc.assert(
      fc.property(current, pair, (now, input) => {
        const f = adjustmentFigures('FINAL', now, input);
        expect(f.final).toEqual(input);
        expect(f.shown).toEqual({
          qty: roundQty(input.qty - now.qty),
          bad_qty: roundQty(input.bad_qty - now.bad_qty),
        });
        expect(f.delta).toEqual(f.shown);
      }),
    );
  });

  it('Penambahan shows current + input, Pengurangan current − input; the delta is ± the input', () => {
    fc.assert(
      fc.property(current, pair, (now, input) => {
        const inc = adjustmentFigures('INCREASE', now, input);
        expect(inc.shown).toEqual(inc.final);
        expect(inc.final).toEqual({
          qty: roundQty(now.qty + input.qty),
          bad_qty: roundQty(now.bad_qty + input.bad_qty),
        });
        expect(inc.delta).toEqual(input);
        const dec = adjustmentFigures('DECREASE', now, input);
        expect(dec.shown).toEqual(dec.final);
        expect(dec.final).toEqual({
          qty: roundQty(now.qty - input.qty),
          bad_qty: roundQty(now.bad_qty - input.bad_qty),
        });
        expect(dec.delta).toEqual({ qty: roundQty(-input.qty), bad_qty: roundQty(-input.bad_qty) });
      }),
    );
  });

  it('in every mode current + delta is the final, with no float noise (0.1 + 0.2 is 0.3)', () => {
    fc.assert(
      fc.property(type, current, pair, (t, now, input) => {
        const f = adjustmentFigures(t, now, input);
        expect(roundQty(now.qty + f.delta.qty)).toBe(f.final.qty);
        expect(roundQty(now.bad_qty + f.delta.bad_qty)).toBe(f.final.bad_qty);
        for (const n of [f.final.qty, f.final.bad_qty, f.delta.qty, f.delta.bad_qty])
          expect(Math.round(n * 100) / 100).toBe(n);
      }),
    );
    expect(adjustmentFigures('INCREASE', { qty: 0.1, bad_qty: 0 }, { qty: 0.2, bad_qty: 0 }).final.qty).toBe(
      0.3,
    );
  });

  it('the request carries the computed finals and the entered figures; the server reads back the entered ones and books the same final', () => {
    fc.assert(
      fc.property(type, current, pair, (t, now, input) => {
        const req = adjustmentRequestQuantities(t, now, input);
        const device = adjustmentFigures(t, now, input);
        expect(req).toEqual({
          qty: device.final.qty,
          input_qty: input.qty,
          bad_qty: input.bad_qty,
          final_bad_qty: device.final.bad_qty,
        });
        // the server: the entered figures from the body, the finals recomputed on its own stock
        const entered = adjustmentInputOf({ adjustment_type: t, ...req });
        expect(entered).toEqual(input);
        expect(adjustmentFigures(t, now, entered)).toEqual(device);
      }),
    );
  });

  it('the server books on its own stock: a stale device figure changes nothing it books for a relative type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('INCREASE' as const, 'DECREASE' as const),
        current,
        current,
        pair,
        (t, stale, real, input) => {
          const req = adjustmentRequestQuantities(t, stale, input);
          const booked = adjustmentFigures(t, real, adjustmentInputOf({ adjustment_type: t, ...req }));
          expect(booked.delta).toEqual(adjustmentFigures(t, real, input).delta);
          expect(booked.delta).toEqual(adjustmentFigures(t, stale, input).delta);
        },
      ),
    );
  });

  it('choosing Stok Final prefills the current stock (difference 0); addition or reduction resets to 0', () => {
    fc.assert(
      fc.property(current, (now) => {
        const prefilled = adjustmentInputsFor('FINAL', now);
        expect(adjustmentFigures('FINAL', now, prefilled).delta).toEqual({ qty: 0, bad_qty: 0 });
        expect(adjustmentInputsFor('INCREASE', now)).toEqual({ qty: 0, bad_qty: 0 });
        expect(adjustmentInputsFor('DECREASE', now)).toEqual({ qty: 0, bad_qty: 0 });
      }),
    );
  });
});
