/**
 * The chain's state in the device database (issue 15): where the next event links, and the part of the log
 * the server does not hold yet. The writer (src/projections/store.ts) links events before its IndexedDB
 * transaction (a digest may not be awaited inside one) and checks, inside it, that no other tab moved the
 * head meanwhile.
 */
import { type ChainHead, randomGenesis } from './chain';
import type { SerambiDb } from './db';
import { uuid } from './envelope';

/** Another writer (another tab) linked events since the head was read: link again. */
export class ChainMovedError extends Error {
  override name = 'ChainMovedError';
}

/** The head to link onto: the stored one, or a fresh chain (random id and genesis) on a new device. */
export async function readChainHead(db: SerambiDb): Promise<ChainHead> {
  const row = await db.chain.get('head');
  if (row?.device && typeof row.n === 'number' && row.hash)
    return { device: row.device, n: row.n, hash: row.hash };
  return { device: uuid(), n: 0, hash: randomGenesis() };
}

/** Refuses when the stored head row is not the head the events were linked onto (another tab moved it). */
export function checkChainHead(
  row: { device?: string; n?: number; hash?: string } | undefined,
  from: ChainHead,
): void {
  const stored = row?.device ? row : null;
  const same = stored
    ? stored.device === from.device && stored.n === from.n && stored.hash === from.hash
    : from.n === 0;
  if (!same) throw new ChainMovedError('The event log moved on in another tab');
}

/** Inside the write transaction: refuses when the stored head is not the one the events were linked onto. */
export async function moveChainHead(db: SerambiDb, from: ChainHead, to: ChainHead): Promise<void> {
  checkChainHead(await db.chain.get('head'), from);
  await db.chain.put({ id: 'head', device: to.device, n: to.n, hash: to.hash });
}

/** The highest seq of the log the server holds (0: none of the current log). */
export async function uploadMark(db: SerambiDb): Promise<number> {
  return (await db.chain.get('upload'))?.seq ?? 0;
}

/**
 * Inside the clearing transaction: keeps every event the server does not hold yet in the backlog (it
 * survives the clear and is uploaded later), then resets the mark for the emptied log.
 */
export async function keepUnuploaded(db: SerambiDb): Promise<number> {
  const mark = await uploadMark(db);
  const pending = await db.events.where(':id').above(mark).toArray();
  if (pending.length > 0) await db.auditBacklog.bulkPut(pending.map(({ seq: _seq, ...event }) => event));
  await db.chain.put({ id: 'upload', seq: 0 });
  return pending.length;
}
