// The outlet's catalogue out of the configuration event (issue 28, docs/decisions.md "The catalogue is server
// data"): the event and the session name the catalogue (CatalogueRef); its rows are kept here, in pages of a
// few thousand, written in the background while Home is already usable. A catalogue is used only once every
// page is stored (complete = 1, set in its own transaction after the last page), so nothing ever prices from
// a half-written one; the newest complete catalogue of the outlet serves until a newer one is complete.
import { Dexie, liveQuery } from 'dexie';
import {
  type CatalogueLists,
  type CatalogueRef,
  STORED_CATALOGUE_KINDS,
  type StoredCatalogueKind,
} from '../domain/config-catalogue';
import type { CataloguePageRecord, CatalogueRecord, SerambiDb } from '../events';

/** Rows per page: a page's put is a short task (tens of ms on a low-end tablet), the main thread free between. */
export const CATALOGUE_PAGE_ROWS = 2000;

const pageRange = (db: SerambiDb, key: string) =>
  db.cataloguePages.where('[key+n]').between([key, Dexie.minKey], [key, Dexie.maxKey], true, true);

/** The pages a catalogue is written as: each kind's rows in runs of `pageRows`, kinds in their listed order. */
export function cataloguePages(key: string, lists: CatalogueLists, pageRows = CATALOGUE_PAGE_ROWS) {
  const pages: CataloguePageRecord[] = [];
  for (const kind of STORED_CATALOGUE_KINDS) {
    const rows = lists[kind];
    if (!rows) continue;
    // an empty list is a page too: the kind is known to be empty, not missing
    for (let from = 0; from === 0 || from < rows.length; from += pageRows) {
      pages.push({ key, n: pages.length, kind, from, rows: rows.slice(from, from + pageRows) });
    }
  }
  return pages;
}

// The lists of the catalogue last read or written, per database: a screen opened again reads no page.
const remembered = new WeakMap<SerambiDb, { key: string; lists: CatalogueLists }>();

/** The lists of catalogue `key` when this page holds them in memory (no read). */
export function rememberedCatalogue(db: SerambiDb, key: string): CatalogueLists | null {
  const held = remembered.get(db);
  return held?.key === key ? held.lists : null;
}

// One writer per database in this page: a newer write stops an older one between pages.
const writers = new WeakMap<SerambiDb, symbol>();

export interface WriteCatalogueOptions {
  pageRows?: number;
  /** Awaited before each page (default: a macrotask, so the page's other work runs between pages). */
  pause?: () => Promise<void>;
  now?: () => number;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Stores the catalogue `ref` names, page by page. Resumes a write that was interrupted (the pages already
 * stored for this key are kept), or starts over when the pages do not match. Answers true once the catalogue is
 * complete; false when it stopped: the session's data was cleared meanwhile (sign-out), or a newer write took
 * over. When complete, the other stored catalogues are removed.
 */
export async function writeCatalogue(
  db: SerambiDb,
  ref: CatalogueRef,
  lists: CatalogueLists,
  options: WriteCatalogueOptions = {},
): Promise<boolean> {
  const token = Symbol(ref.key);
  writers.set(db, token);
  const pause = options.pause ?? macrotask;
  const now = options.now ?? Date.now;
  const mine = () => writers.get(db) === token;
  const pages = cataloguePages(ref.key, lists, options.pageRows);
  const tables = [db.catalogues, db.cataloguePages];

  const started = await db.transaction('rw', tables, async () => {
    const head = await db.catalogues.get(ref.key);
    if (head?.complete === 1) return 'complete' as const;
    const stored = head ? ((await pageRange(db, ref.key).primaryKeys()) as [string, number][]) : [];
    if (head && head.pages === pages.length) return new Set(stored.map(([, n]) => n));
    // new, or written with other pages: start over
    if (stored.length > 0) await pageRange(db, ref.key).delete();
    const record: CatalogueRecord = {
      key: ref.key,
      outlet_id: ref.outlet_id,
      catalogue_version: ref.catalogue_version,
      catalogue_hash: ref.catalogue_hash,
      entries: ref.entries,
      pages: pages.length,
      complete: 0,
      completed_at: 0,
    };
    await db.catalogues.put(record);
    return new Set<number>();
  });
  if (started === 'complete') {
    remembered.set(db, { key: ref.key, lists });
    return true;
  }
  for (const page of pages) {
    if (started.has(page.n)) continue;
    await pause();
    if (!mine()) return false;
    const written = await db.transaction('rw', tables, async () => {
      // cleared (sign-out) meanwhile: nothing more is written
      if (!(await db.catalogues.get(ref.key))) return false;
      await db.cataloguePages.put(page);
      return true;
    });
    if (!written) return false;
  }
  await pause();
  if (!mine()) return false;
  const done = await db.transaction('rw', tables, async () => {
    const head = await db.catalogues.get(ref.key);
    if (!head) return false;
    if ((await pageRange(db, ref.key).count()) !== head.pages) return false;
    await db.catalogues.put({ ...head, complete: 1, completed_at: now() });
    // the catalogue the session now names serves; the others are of no use any more
    const others = (await db.catalogues.toCollection().primaryKeys()).filter((k) => k !== ref.key);
    for (const key of others) {
      await pageRange(db, key).delete();
      await db.catalogues.delete(key);
    }
    return true;
  });
  if (done) remembered.set(db, { key: ref.key, lists });
  return done;
}

/**
 * The stored catalogue to use for `ref`: its own when complete, else the newest complete one of the same outlet
 * (an older version serves until the new one is stored), else null (none stored yet: the screen waits).
 */
export async function usableCatalogue(db: SerambiDb, ref: CatalogueRef): Promise<CatalogueRecord | null> {
  const own = await db.catalogues.get(ref.key);
  if (own?.complete === 1) return own;
  const ofOutlet = await db.catalogues.where('outlet_id').equals(ref.outlet_id).toArray();
  const complete = ofOutlet.filter((c) => c.complete === 1).sort((a, b) => b.completed_at - a.completed_at);
  return complete[0] ?? null;
}

/**
 * The stored catalogue to use for `ref` (usableCatalogue), waiting up to `waitMs` for one to be complete (the
 * write after sign-in under way); null when none is by then.
 */
export function waitForUsableCatalogue(
  db: SerambiDb,
  ref: CatalogueRef,
  waitMs: number,
): Promise<CatalogueRecord | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // the first answer can come before subscribe() returned
      queueMicrotask(() => subscription.unsubscribe());
      fn();
    };
    const timer = setTimeout(() => settle(() => resolve(null)), waitMs);
    const subscription = liveQuery(() => usableCatalogue(db, ref)).subscribe({
      next: (found) => {
        if (found) settle(() => resolve(found));
      },
      error: (error: unknown) => settle(() => reject(error)),
    });
  });
}

/** Is the catalogue `ref` names stored completely? */
export async function isCatalogueStored(db: SerambiDb, ref: CatalogueRef): Promise<boolean> {
  return (await db.catalogues.get(ref.key))?.complete === 1;
}

/** The lists of a complete stored catalogue (from memory when this page wrote or read it last). */
export async function readCatalogue(
  db: SerambiDb,
  record: CatalogueRecord,
  pause: () => Promise<void> = macrotask,
): Promise<CatalogueLists> {
  const held = rememberedCatalogue(db, record.key);
  if (held) return held;
  if (record.complete !== 1) throw new Error(`catalogue ${record.key} is not complete`);
  const lists: Partial<Record<StoredCatalogueKind, unknown[]>> = {};
  // page by page, a macrotask between: a reload's first screen reads 40 MB without one long task
  for (let n = 0; n < record.pages; n++) {
    if (n > 0) await pause();
    const page = await db.cataloguePages.get([record.key, n]);
    if (!page) throw new Error(`catalogue ${record.key} lacks pages`);
    const kind = page.kind as StoredCatalogueKind;
    const list = lists[kind] ?? [];
    for (const row of page.rows) list.push(row);
    lists[kind] = list;
  }
  remembered.set(db, { key: record.key, lists });
  return lists;
}

/** Removes every stored catalogue (the session's data is cleared); a write under way stops at its next page. */
export async function clearCatalogues(db: SerambiDb): Promise<void> {
  writers.delete(db);
  remembered.delete(db);
  await db.transaction('rw', [db.catalogues, db.cataloguePages], async () => {
    await db.cataloguePages.clear();
    await db.catalogues.clear();
  });
}
