/**
 * The transaction row a command is about to commit, shown before IndexedDB has it (issue 28: one
 * frame per tap). The command plans under the writer lock, so the row is exactly what the
 * projection will write (the same reducer, applied in memory); the screen shows it at once and the
 * event is committed right after. The log stays the only truth: nothing here is stored, a failed
 * commit drops the row (the screen falls back to the stored one and the command answers with its
 * message), and the live read replaces it as soon as it sees the commit.
 */
import type { TransactionRecord } from '../events';

export interface PendingEntry {
  /** One per plan: a later plan on the same transaction replaces the entry. */
  readonly token: number;
  readonly row: TransactionRecord;
  /** The commit finished: the stored row is the same as `row` from now on. */
  readonly committed: boolean;
}

export interface PendingRows {
  /** The planned row of a transaction, or undefined. */
  get(local_trx_id: string): PendingEntry | undefined;
  /** Shows a planned row; returns its token. */
  show(local_trx_id: string, row: TransactionRecord): number;
  /** The commit of this plan finished. */
  committed(local_trx_id: string, token: number): void;
  /** Drops this plan's row (its commit failed, or the live read has it). */
  drop(local_trx_id: string, token: number): void;
  subscribe(listener: () => void): () => void;
}

/** How long a committed row may still stand in for the stored one. */
export const COMMITTED_KEEP_MS = 2000;

export function createPendingRows(): PendingRows {
  const rows = new Map<string, PendingEntry>();
  const listeners = new Set<() => void>();
  let next = 0;
  const emit = () => {
    for (const l of [...listeners]) l();
  };
  const self: PendingRows = {
    get: (id) => rows.get(id),
    show(id, row) {
      const token = ++next;
      rows.set(id, { token, row, committed: false });
      emit();
      return token;
    },
    committed(id, token) {
      const entry = rows.get(id);
      if (entry?.token !== token) return;
      rows.set(id, { ...entry, committed: true });
      emit();
      // The live read has the row long before this: no committed row outlives a screen that is not
      // looking (a transaction reopened later, changed meanwhile by another tab, reads the store).
      setTimeout(() => self.drop(id, token), COMMITTED_KEEP_MS);
    },
    drop(id, token) {
      if (rows.get(id)?.token !== token) return;
      rows.delete(id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return self;
}

/**
 * What the screen shows: the pending row while its commit runs, and after it until the live read
 * delivers a newer row (`read` changes identity). A read that arrives while the commit runs does
 * not drop the row (it may be an older query answering late); once committed, the stored row is
 * the pending one, so showing either is the same until the next change, which the read sees.
 */
export function pickShown(
  entry: PendingEntry | undefined,
  read: TransactionRecord | undefined,
  seen: { token: number; read: TransactionRecord | undefined } | null,
): {
  row: TransactionRecord | undefined;
  seen: { token: number; read: TransactionRecord | undefined } | null;
  stale: boolean;
} {
  if (!entry) return { row: read, seen: null, stale: false };
  if (!entry.committed) return { row: entry.row, seen: null, stale: false };
  // The first look after the commit fixes the read it is compared with.
  const base = seen && seen.token === entry.token ? seen : { token: entry.token, read };
  if (base.read !== read) return { row: read, seen: null, stale: true };
  return { row: entry.row, seen: base, stale: false };
}
