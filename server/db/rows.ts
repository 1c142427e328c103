import type { SQL } from 'drizzle-orm';
import type { Db } from './create-db';

/**
 * The rows of a drizzle `execute` result, typed as the query's caller declares them: node-postgres answers
 * a QueryResult ({rows}), other drivers the array itself. The one place this cast is written.
 */
export const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Runs `query` and answers its rows as T (numerics and bigints come back as text: say so in T). */
export async function queryRows<T>(
  ex: { execute(query: SQL): PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  return rows<T>(await ex.execute(query));
}

/** A database transaction (the sale's, a void's …): drizzle's transaction handle for this app's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
