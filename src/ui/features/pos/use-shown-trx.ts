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
  useEffect(() => {
    // The live read has a newer row: the planned one is done with.
    if (shown.stale && entry && pending && local_trx_id) pending.drop(local_trx_id, entry.token);
  }, [shown.stale, entry, pending, local_trx_id]);
  return shown.row as T | undefined;
}
