// Read models the shell shows, from the projections' tables. The live provider reads them only for
// the screens that ask (Home): a cashier screen does not re-read every sale on each commit.
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { isEmptyTransaction } from '../../domain/flags';
import type { SerambiDb } from '../../events';
import { listTransactions } from '../../projections';
import { listOutbox } from '../../projections/selectors';
import type { SummaryTrx } from '../features/home/summary';

export interface ReadModels {
  transactions: readonly SummaryTrx[];
  /** Completed sales waiting to be synced (the outbox); 0 when not given. */
  outboxCount?: number;
}

type Source = { kind: 'fixed'; value: ReadModels } | { kind: 'live'; db: SerambiDb };

const EMPTY: ReadModels = { transactions: [] };
const NO_TRANSACTIONS: readonly SummaryTrx[] = [];
const ReadModelsContext = createContext<Source>({ kind: 'fixed', value: EMPTY });

/** Fixed read models (tests, previews, screenshots). */
export function ReadModelsProvider({ value, children }: { value: ReadModels; children: ReactNode }) {
  const source = useMemo((): Source => ({ kind: 'fixed', value }), [value]);
  return <ReadModelsContext.Provider value={source}>{children}</ReadModelsContext.Provider>;
}

/** Read models from the device's database, queried by the components that use them. */
export function LiveReadModelsProvider({ db, children }: { db: SerambiDb; children: ReactNode }) {
  const source = useMemo((): Source => ({ kind: 'live', db }), [db]);
  return <ReadModelsContext.Provider value={source}>{children}</ReadModelsContext.Provider>;
}

export function useReadModels(): ReadModels {
  const source = useContext(ReadModelsContext);
  const live = useLiveQuery(
    // ruling 27: an empty transaction is nobody's work, so Home's pending count leaves it out
    () =>
      source.kind === 'live'
        ? listTransactions(source.db).then((rows) => rows.filter((t) => !isEmptyTransaction(t)))
        : undefined,
    [source],
  );
  return useMemo(
    () => (source.kind === 'fixed' ? source.value : { transactions: live ?? NO_TRANSACTIONS }),
    [source, live],
  );
}

/** How many completed sales wait to be synced (the outbox of 000 §4 Synchronisation). */
export function useOutboxCount(): number {
  const source = useContext(ReadModelsContext);
  const live = useLiveQuery(
    async () => (source.kind === 'live' ? (await listOutbox(source.db)).length : undefined),
    [source],
  );
  return source.kind === 'fixed' ? (source.value.outboxCount ?? 0) : (live ?? 0);
}
