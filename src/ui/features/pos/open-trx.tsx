// The open transactions (status 2) for the cashier page's worker labels and '(OCCUPIED)' areas.
// PosPage reads them once per commit, in the same live query as the transaction on screen (one
// re-render per commit instead of three reads and three renders); without the page (previews,
// tests) each reader keeps its own live query.
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext } from 'react';
import type { TransactionRecord } from '../../../events';
import { getStore } from '../../../projections';
import { listOpen } from '../../../projections/selectors';

/** undefined: the page's query has not answered yet; null: no page (no provider). */
const OpenTrxContext = createContext<readonly TransactionRecord[] | undefined | null>(null);

export const OpenTrxProvider = OpenTrxContext.Provider;

const NO_OPEN: TransactionRecord[] = [];

/** The open transactions (undefined while loading): the page's shared read, or an own live query. */
export function useOpenTransactions(): readonly TransactionRecord[] | undefined {
  const shared = useContext(OpenTrxContext);
  const standalone = shared === null;
  const own = useLiveQuery(() => (standalone ? listOpen(getStore().db) : NO_OPEN), [standalone]);
  return standalone ? own : shared;
}
