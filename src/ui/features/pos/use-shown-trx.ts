// The transaction the cart shows: the row a command planned (src/projections/pending.ts) while its
// commit runs, else the live read. A tap's line is on screen in the frame after 'Tambahkan'; the
// event is committed right after, and a failed commit takes the line back (the command answers
// with its message).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TransactionRecord } from '../../../events';
import { type PendingRows, pickShown } from '../../../projections/pending';

const noSubscribe = () => () => {};

export function useShownTrx<T extends TransactionRecord>(
  pending: PendingRows | undefined,
  local_trx_id: string | null,
  read: T | undefined,
): T | undefined {
  const entry = useSyncExternalStore(pending?.subscribe ?? noSubscribe, () =>
    pending && local_trx_id ? pending.get(local_trx_id) : undefined,
  );
  const seen = useRef<ReturnType<typeof pickShown>['seen']>(null);
  const shown = pickShown(entry, read, seen.current);
  seen.current = shown.seen;
  // The live read of a planned row is the same row again (a copy from IndexedDB): the screen keeps
  // the object it shows, so the read does not re-render every part of the page a second time.
  const last = useRef<TransactionRecord | undefined>(undefined);
  if (!sameRow(last.current, shown.row)) last.current = shown.row;
  useEffect(() => {
    // The live read has a newer row: the planned one is done with.
    if (shown.stale && entry && pending && local_trx_id) pending.drop(local_trx_id, entry.token);
  }, [shown.stale, entry, pending, local_trx_id]);
  return last.current as T | undefined;
}

/** Same content (the planned row and its stored copy are built by the same reducer, keys in order). */
function sameRow(a: TransactionRecord | undefined, b: TransactionRecord | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.local_trx_id !== b.local_trx_id) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
