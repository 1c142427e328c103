import type { IndexableType } from 'dexie';
import type { ReadModelTable, StoredEvent } from '../events';

/**
 * A read model kept by a pure keyed reducer: an event names the rows it touches (keysOf), and
 * reduce turns each row's old value into its new one. Rows are the state; reduce never mutates.
 * Method syntax on purpose: a list of projections of different row types stays assignable.
 */
export interface Projection<Row, Key extends IndexableType = IndexableType> {
  /** The read-model table this projection owns (one projection per table). */
  readonly table: ReadModelTable;
  /** Primary key of a row (the table's primary key path). */
  keyOf(row: Row): Key;
  /** Keys of the rows this event changes; [] when it does not concern this read model. */
  keysOf(event: StoredEvent): readonly Key[];
  /** The row after the event; undefined deletes it. Pure: may throw to refuse the event. */
  reduce(row: Row | undefined, event: StoredEvent, key: Key): Row | undefined;
}

export type AnyProjection = Projection<unknown, IndexableType>;

/** Read models in memory: table → (key → row). */
export type ReadModelState = Map<string, Map<IndexableType, unknown>>;

/** Pure fold of events over read models, in memory: the reference both commit and rebuild must match. */
export function foldEvents(
  projections: readonly AnyProjection[],
  events: Iterable<StoredEvent>,
  initial: ReadModelState = new Map(),
): ReadModelState {
  const state: ReadModelState = new Map();
  for (const p of projections) state.set(p.table, new Map(initial.get(p.table) ?? []));
  for (const event of events) {
    for (const p of projections) {
      const rows = state.get(p.table)!;
      for (const key of p.keysOf(event)) {
        const next = p.reduce(rows.get(key), event, key);
        if (next === undefined) rows.delete(key);
        else rows.set(key, next);
      }
    }
  }
  return state;
}
