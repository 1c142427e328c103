// Issue 28: the catalogue out of the configuration event, stored in pages beside the log
// (src/projections/catalogue.ts). A partly written catalogue is never used; an interrupted write resumes; an
// older complete catalogue serves until the new one is complete; the session's clear takes them all.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_REF_FIELD,
  type CatalogueLists,
  catalogueRefOf,
  STORED_CATALOGUE_KINDS,
  splitCatalogue,
} from '../../src/domain/config-catalogue';
import { makeEvent } from '../../src/events';
import {
  cataloguePages,
  clearCatalogues,
  isCatalogueStored,
  readCatalogue,
  usableCatalogue,
  writeCatalogue,
} from '../../src/projections/catalogue';
import { freshStore, user } from './helpers';

const items = (n: number, version = 1) =>
  Array.from({ length: n }, (_, i) => ({ pos_item_id: i + 1, item_name: `Item ${i + 1} v${version}` }));

/** A configuration answer for outlet 7 carrying `n` items, as the server sends it (with its catalogue hash). */
const answer = (n: number, version = 1) => ({
  ...user(1, { outlet_id: 7 }),
  catalogue_version: version,
  catalogue_hash: `g${version}-abc-${n}`,
  payment_method: [{ payment_method_id: 1, payment_method_name: 'Cash' }],
  pos_item_categories: [{ pos_item_category_id: 1, category_name: 'Hair' }],
  pos_items: items(n, version),
  coupons: [],
});

const split = (n: number, version = 1) => {
  const parts = splitCatalogue(answer(n, version));
  if (!parts) throw new Error('no catalogue');
  return parts;
};

/** A pause that throws before page `stopAt` (a tab closed mid-write); counts the pages it let through. */
function interruptedAt(stopAt: number) {
  let pages = 0;
  return {
    pause: async () => {
      if (pages === stopAt) throw new Error('interrupted');
      pages++;
    },
    written: () => pages,
  };
}

const noPause = async () => {};

describe('splitCatalogue', () => {
  it('leaves the head with the small kinds and the catalogue identity; the big kinds go to the lists', () => {
    const { head, ref, lists } = split(5);
    for (const kind of STORED_CATALOGUE_KINDS) expect(head).not.toHaveProperty(kind);
    expect(head.payment_method).toHaveLength(1);
    expect(ref).toEqual({
      key: '7:1:g1-abc-5',
      outlet_id: 7,
      catalogue_version: 1,
      catalogue_hash: 'g1-abc-5',
      entries: 6,
    });
    expect((head as Record<string, unknown>)[CATALOGUE_REF_FIELD]).toEqual(ref);
    expect(catalogueRefOf(head)).toEqual(ref);
    expect(lists.pos_items).toHaveLength(5);
    expect(lists.coupons).toEqual([]);
    // split once: the head carries no catalogue to split again; no outlet, no catalogue
    expect(splitCatalogue(head)).toBeNull();
    expect(splitCatalogue({ ...answer(5), outlet_id: null })).toBeNull();
  });

  it('the configuration event and the session row carry the identity only', async () => {
    const store = freshStore();
    const { head, ref } = split(50);
    await store.commit([
      makeEvent('session.signedIn', { user: user(1) }, { actor: 1 }),
      makeEvent('session.configLoaded', { user: head, retrieve_time: 't' }, { actor: 1 }),
    ]);
    const [event] = await store.db.events.where('type').equals('session.configLoaded').toArray();
    expect(JSON.stringify(event.payload)).not.toContain('Item 1 v1');
    const session = await store.getSession();
    expect(session.user).not.toHaveProperty('pos_items');
    expect(catalogueRefOf(session.user)).toEqual(ref);
    expect(session.user?.login_token).toBe('lt-1');
  });
});

describe('writeCatalogue', () => {
  it('writes pages; the catalogue is read only once complete, with every row in order', async () => {
    const store = freshStore();
    const { ref, lists } = split(25);
    expect(cataloguePages(ref.key, lists, 10).map((p) => [p.kind, p.rows.length])).toEqual([
      ['pos_item_categories', 1],
      ['pos_items', 10],
      ['pos_items', 10],
      ['pos_items', 5],
      ['coupons', 0],
    ]);
    expect(await writeCatalogue(store.db, ref, lists, { pageRows: 10, pause: noPause })).toBe(true);
    const record = await usableCatalogue(store.db, ref);
    expect(record).toMatchObject({ key: ref.key, complete: 1, pages: 5, catalogue_version: 1 });
    expect(await store.db.cataloguePages.count()).toBe(5);
    // a fresh page (nothing in memory) reads the pages back
    const again = freshStore({ dbName: store.db.name });
    const read = await readCatalogue(again.db, record ?? never());
    expect(read.pos_items).toEqual(lists.pos_items);
    expect(read.coupons).toEqual([]);
    expect(read.pos_item_categories).toEqual(lists.pos_item_categories);
  });

  it('a partly written catalogue is not used; the write resumes from the pages already stored', async () => {
    const store = freshStore();
    const { ref, lists } = split(25);
    const first = interruptedAt(2);
    await expect(writeCatalogue(store.db, ref, lists, { pageRows: 10, pause: first.pause })).rejects.toThrow(
      'interrupted',
    );
    expect(first.written()).toBe(2);
    expect(await store.db.cataloguePages.count()).toBe(2);
    expect(await usableCatalogue(store.db, ref)).toBeNull();
    expect(await isCatalogueStored(store.db, ref)).toBe(false);
    const partial = await store.db.catalogues.get(ref.key);
    await expect(readCatalogue(freshStore({ dbName: store.db.name }).db, partial ?? never())).rejects.toThrow(
      'not complete',
    );

    // the same catalogue again (a reload fetched it): only the missing pages are written
    let resumed = 0;
    const done = await writeCatalogue(store.db, ref, lists, {
      pageRows: 10,
      pause: async () => {
        resumed++;
      },
    });
    expect(done).toBe(true);
    expect(resumed).toBe(3 + 1); // pages 2, 3 and 4, and the completion
    const read = await readCatalogue(
      freshStore({ dbName: store.db.name }).db,
      (await usableCatalogue(store.db, ref)) ?? never(),
    );
    expect(read.pos_items).toEqual(lists.pos_items);
  });

  it('an interrupted write with other pages starts over', async () => {
    const store = freshStore();
    const { ref, lists } = split(25);
    await expect(
      writeCatalogue(store.db, ref, lists, { pageRows: 10, pause: interruptedAt(3).pause }),
    ).rejects.toThrow();
    expect(await writeCatalogue(store.db, ref, lists, { pageRows: 7, pause: noPause })).toBe(true);
    expect(await store.db.cataloguePages.count()).toBe(1 + 4 + 1);
    const read = await readCatalogue(
      freshStore({ dbName: store.db.name }).db,
      (await usableCatalogue(store.db, ref)) ?? never(),
    );
    expect(read.pos_items).toEqual(lists.pos_items);
  });

  it('an older complete catalogue serves until the new one is complete, then is removed', async () => {
    const store = freshStore();
    const old = split(5, 1);
    const next = split(8, 2);
    expect(await writeCatalogue(store.db, old.ref, old.lists, { pause: noPause })).toBe(true);
    await expect(
      writeCatalogue(store.db, next.ref, next.lists, { pageRows: 3, pause: interruptedAt(2).pause }),
    ).rejects.toThrow();
    // the session names version 2; version 1 is what is complete: it is used, with its own version
    expect(await usableCatalogue(store.db, next.ref)).toMatchObject({
      key: old.ref.key,
      catalogue_version: 1,
    });
    expect(await writeCatalogue(store.db, next.ref, next.lists, { pageRows: 3, pause: noPause })).toBe(true);
    expect(await usableCatalogue(store.db, next.ref)).toMatchObject({
      key: next.ref.key,
      catalogue_version: 2,
    });
    expect(await store.db.catalogues.get(old.ref.key)).toBeUndefined();
    expect(
      await store.db.cataloguePages.where('[key+n]').between([old.ref.key, 0], [old.ref.key, 1e9]).count(),
    ).toBe(0);
  });

  it('a newer write stops an older one between pages', async () => {
    const store = freshStore();
    const a = split(30, 1);
    const b = split(12, 2);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const older = writeCatalogue(store.db, a.ref, a.lists, { pageRows: 10, pause: () => gate });
    expect(await writeCatalogue(store.db, b.ref, b.lists, { pause: noPause })).toBe(true);
    release();
    expect(await older).toBe(false);
    expect(await store.db.catalogues.toCollection().primaryKeys()).toEqual([b.ref.key]);
  });

  it('the session clear removes the catalogues and stops a write under way', async () => {
    const store = freshStore();
    const done = split(5, 1);
    await writeCatalogue(store.db, done.ref, done.lists, { pause: noPause });
    const { ref, lists } = split(30, 2);
    let pages = 0;
    let cleared: Promise<void> | null = null;
    const writing = writeCatalogue(store.db, ref, lists, {
      pageRows: 10,
      pause: async () => {
        pages++;
        if (pages === 2) cleared = store.clearLocalData();
        if (cleared) await cleared;
      },
    });
    expect(await writing).toBe(false);
    expect(await store.db.catalogues.count()).toBe(0);
    expect(await store.db.cataloguePages.count()).toBe(0);
    expect(await usableCatalogue(store.db, done.ref)).toBeNull();
  });

  it('clearCatalogues forgets what this page held in memory', async () => {
    const store = freshStore();
    const { ref, lists } = split(3);
    await writeCatalogue(store.db, ref, lists as CatalogueLists, { pause: noPause });
    const record = (await usableCatalogue(store.db, ref)) ?? never();
    await clearCatalogues(store.db);
    await expect(readCatalogue(store.db, record)).rejects.toThrow('lacks pages');
  });
});

function never(): never {
  throw new Error('expected a stored catalogue');
}
