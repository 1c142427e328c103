// Stable values for the cashier page's memo boundaries. The transaction on screen is a fresh
// object after every commit (read back from IndexedDB): a part of it that did not change must keep
// its identity, or every memoised panel re-renders on each line added.
import { useCallback, useRef } from 'react';

/** Structural equality of plain data (what IndexedDB stores: objects, arrays, primitives). */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameData(ra[k], rb[k]));
}

/** The previous value while the new one has the same data. */
export function useStable<T>(value: T): T {
  const ref = useRef(value);
  if (!sameData(ref.current, value)) ref.current = value;
  return ref.current;
}

/** One function for the component's life that calls the latest `fn` (memoised children keep it). */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
