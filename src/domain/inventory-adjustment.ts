// Stock adjustment (002 §2.5, §4, §7): the figures the screen shows beside the inputs and what the server
// books. One pure rule shared by the screen (what it shows and sends) and the server (what it books from
// its own current stock): 'Stok Final' sets the stock to the input, 'Penambahan' adds it, 'Pengurangan'
// takes it away.
import Big from 'big.js';
import { big } from './money';

export const ADJUSTMENT_TYPE_VALUES = ['FINAL', 'INCREASE', 'DECREASE'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPE_VALUES)[number];

/** Good (qty) and bad (bad_qty) stock of one variant at one location, or the two entered quantities. */
export interface StockPair {
  qty: number;
  bad_qty: number;
}

export interface AdjustmentFigures {
  /** The stock after the adjustment. */
  final: StockPair;
  /** What the adjustment books (final − current). */
  delta: StockPair;
  /**
   * The figure the screen shows beside each input (002 §2.5): the difference (input − current) in final
   * mode, the final qty (current ± input) in addition and reduction modes.
   */
  shown: StockPair;
}

/** Quantities carry at most 4 decimals (qty_decimal_length ≤ 4): the sums are rounded there, not left as 0.30000000000000004. */
export const roundQty = (n: Big | number): number => {
  const r = big(n).round(4, Big.roundHalfUp).toNumber();
  return Object.is(r, -0) ? 0 : r;
};

const pair = (qty: Big | number, bad_qty: Big | number): StockPair => ({
  qty: roundQty(qty),
  bad_qty: roundQty(bad_qty),
});

/** The adjustment of `current` by `input` in the given mode. */
export function adjustmentFigures(
  type: AdjustmentType,
  current: StockPair,
  input: StockPair,
): AdjustmentFigures {
  // big.js arithmetic (issue 23 item 6), rounded once to the quantities' 4 decimals
  const move = (now: number, by: number) => (type === 'DECREASE' ? big(now).minus(by) : big(now).plus(by));
  const final =
    type === 'FINAL'
      ? pair(input.qty, input.bad_qty)
      : pair(move(current.qty, input.qty), move(current.bad_qty, input.bad_qty));
  const delta = pair(big(final.qty).minus(current.qty), big(final.bad_qty).minus(current.bad_qty));
  return { final, delta, shown: type === 'FINAL' ? delta : final };
}

/**
 * The quantities of the adjustment call (002 §7, src/api/contract/inventory.ts): qty = the computed final
 * good qty, input_qty (ours) = the entered good qty, bad_qty = the entered bad qty, final_bad_qty = the
 * computed final bad qty.
 */
export function adjustmentRequestQuantities(
  type: AdjustmentType,
  current: StockPair,
  input: StockPair,
): { qty: number; input_qty: number; bad_qty: number; final_bad_qty: number } {
  const { final } = adjustmentFigures(type, current, input);
  return { qty: final.qty, input_qty: input.qty, bad_qty: input.bad_qty, final_bad_qty: final.bad_qty };
}

/**
 * What the server takes as the entered figures of a request: in final mode the final good qty is the input
 * (qty), otherwise input_qty; bad_qty is always the entered bad qty. The finals the device computed are
 * not trusted: the server recomputes them from its own current stock with adjustmentFigures.
 */
export function adjustmentInputOf(body: {
  adjustment_type: AdjustmentType;
  qty: number;
  input_qty?: number | null;
  bad_qty: number;
}): StockPair {
  return {
    qty: body.adjustment_type === 'FINAL' ? body.qty : (body.input_qty ?? 0),
    bad_qty: body.bad_qty,
  };
}

/** 002 §4: 'Stok Final' prefills the inputs with the current stock; addition or reduction resets them to 0. */
export function adjustmentInputsFor(type: AdjustmentType, current: StockPair): StockPair {
  return type === 'FINAL' ? pair(current.qty, current.bad_qty) : { qty: 0, bad_qty: 0 };
}
