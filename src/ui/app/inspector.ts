// The XState inspector in development (issue 15: "the statecharts can be watched live"). Opt in with
// ?inspect=1 in the address (remembered in localStorage 'serambi.inspect'; ?inspect=0 turns it off) on the
// Vite dev server: a Stately inspector window opens and every actor the app creates (the session, sync,
// cashier, coupon and redeem statecharts) reports to it. Never in a production build: the only import of
// @statelyai/inspect sits behind import.meta.env.DEV, which Vite replaces with false there, so the bundle
// holds none of it (scripts/check-bundle-budget.mjs asserts so).
import type { InspectionEvent } from 'xstate';

export type Inspect = (event: InspectionEvent) => void;

export const INSPECT_STORAGE_KEY = 'serambi.inspect';

let current: Inspect | undefined;

/** Whether the page asks for the inspector: ?inspect=1 (remembered), ?inspect=0 (forgotten), or the flag. */
export function inspectorWanted(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
) {
  const asked = new URLSearchParams(search).get('inspect');
  if (asked === '1') storage.setItem(INSPECT_STORAGE_KEY, '1');
  if (asked === '0') storage.removeItem(INSPECT_STORAGE_KEY);
  return storage.getItem(INSPECT_STORAGE_KEY) === '1';
}

/** Development only: creates the browser inspector when asked for; call before the app renders. */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  if (typeof window === 'undefined' || !inspectorWanted(window.location.search, window.localStorage)) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  current = createBrowserInspector().inspect as Inspect;
}

/** Sets the inspect callback (tests). */
export function setInspect(inspect: Inspect | undefined): void {
  current = inspect;
}

/** The options every actor the app creates spreads in: { inspect } when the inspector runs, else {}. */
export function inspectOptions(): { inspect?: Inspect } {
  return current ? { inspect: current } : {};
}
