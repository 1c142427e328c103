// Read models the shell shows, from the projections' tables (useLiveQuery in the live provider).
import { createContext, type ReactNode, useContext } from 'react';
import type { SummaryTrx } from '../features/home/summary';

export interface ReadModels {
  transactions: readonly SummaryTrx[];
}

const EMPTY: ReadModels = { transactions: [] };
const ReadModelsContext = createContext<ReadModels>(EMPTY);

export function ReadModelsProvider({ value, children }: { value: ReadModels; children: ReactNode }) {
  return <ReadModelsContext.Provider value={value}>{children}</ReadModelsContext.Provider>;
}

export function useReadModels(): ReadModels {
  return useContext(ReadModelsContext);
}
