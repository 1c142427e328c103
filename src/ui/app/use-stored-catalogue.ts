// The one way a screen reads the outlet's catalogue (issue 28): the session names it (CatalogueRef), its rows
// are in their own table (src/projections/catalogue.ts). A catalogue is read only when complete; until one is,
// the status is 'loading' and the screens that need it wait visibly (CatalogueWait).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { CatalogueLists, CatalogueRef } from '../../domain/config-catalogue';
import type { CatalogueRecord } from '../../events';
import { readCatalogue, rememberedCatalogue, usableCatalogue } from '../../projections/catalogue';
import { useOptionalServices } from './services';

/** 'none': the session names no stored catalogue (none, or an older session carrying it whole). */
export type CatalogueStatus = 'none' | 'loading' | 'ready' | 'failed';

export interface StoredCatalogueView {
  status: CatalogueStatus;
  /** The complete catalogue in use (its own version: an older one serves until the new one is stored). */
  record: CatalogueRecord | null;
  lists: CatalogueLists | null;
}

const NONE: StoredCatalogueView = { status: 'none', record: null, lists: null };
const LOADING: StoredCatalogueView = { status: 'loading', record: null, lists: null };

export function useStoredCatalogue(ref: CatalogueRef | null): StoredCatalogueView {
  const db = useOptionalServices()?.store?.db ?? null;
  const key = ref?.key ?? null;
  const outlet = ref?.outlet_id ?? null;
  // the catalogues' identity rows only (a page's write does not re-run it); undefined while reading
  const record = useLiveQuery(
    async () => (db && ref ? usableCatalogue(db, ref) : null),
    // the ref is read by its key and outlet (a new session object with the same catalogue re-reads nothing)
    [db, key, outlet],
  );
  const held = db && record ? rememberedCatalogue(db, record.key) : null;
  const [read, setRead] = useState<{ key: string; lists: CatalogueLists | null } | null>(null);
  useEffect(() => {
    if (!db || !record || held) return;
    let live = true;
    readCatalogue(db, record).then(
      (lists) => live && setRead({ key: record.key, lists }),
      (error: unknown) => {
        console.error('catalogue read', error);
        if (live) setRead({ key: record.key, lists: null });
      },
    );
    return () => {
      live = false;
    };
  }, [db, record, held]);
  if (!ref) return NONE;
  if (!record) return LOADING;
  if (held) return { status: 'ready', record, lists: held };
  if (read?.key !== record.key) return LOADING;
  return read.lists
    ? { status: 'ready', record, lists: read.lists }
    : { status: 'failed', record, lists: null };
}
