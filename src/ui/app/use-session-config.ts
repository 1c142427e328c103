// The signed-in user data read once through the domain's schema, and the device's separators (000 §3 device
// configuration): what every screen needs to read the configuration and to write amounts. One parse per user
// data object, shared by the screens that ask (issue 23 item 17: it was parsed in six places).
// Issue 28: the session names the outlet's catalogue instead of carrying it; the configuration a screen gets
// is the session's with the stored catalogue's lists (useStoredCatalogue), and null until one is stored.
import { useMemo } from 'react';
import type { z } from 'zod';
import { type PosConfig, posConfigSchema, type Separators } from '../../domain';
import { type CatalogueLists, catalogueRefOf } from '../../domain/config-catalogue';
import type { CatalogueRecord } from '../../events';
import { useSession } from './session-context';
import { type CatalogueStatus, useStoredCatalogue } from './use-stored-catalogue';

export interface SessionConfig {
  /**
   * The POS configuration (000 §3) parsed by posConfigSchema; null signed out, when it does not parse, or while
   * the outlet's catalogue is not stored yet (catalogue 'loading').
   */
  config: PosConfig | null;
  /** Why the user data did not parse (null when it did or there is none). */
  configError: z.ZodError | null;
  /** The device's separators: every amount and quantity on the screen is written with them. */
  separators: Separators;
  /** The stored catalogue's state ('none': the configuration carries its catalogue itself, or has none). */
  catalogue: CatalogueStatus;
}

interface Parsed {
  config: PosConfig | null;
  configError: z.ZodError | null;
}

const parsed = new WeakMap<object, Parsed>();

/** The user data parsed by posConfigSchema, remembered per object (the session keeps one until it changes). */
export function parseSessionConfig(userData: unknown): Parsed {
  if (userData === null || typeof userData !== 'object') return { config: null, configError: null };
  const known = parsed.get(userData);
  if (known) return known;
  const result = posConfigSchema.safeParse(userData);
  const read = result.success
    ? { config: result.data, configError: null }
    : { config: null, configError: result.error };
  parsed.set(userData, read);
  return read;
}

const merged = new WeakMap<object, WeakMap<CatalogueLists, PosConfig | null>>();

/**
 * The session's configuration (its head) with a stored catalogue's lists, remembered per pair. The lists were
 * parsed by the domain's schemas when the answer arrived (the contract is posConfigSchema's); the version is
 * the stored catalogue's own, so a sale names the catalogue it was priced with.
 */
export function withStoredCatalogue(
  head: PosConfig,
  record: CatalogueRecord,
  lists: CatalogueLists,
): PosConfig {
  let byLists = merged.get(head);
  if (!byLists) {
    byLists = new WeakMap();
    merged.set(head, byLists);
  }
  const known = byLists.get(lists);
  if (known) return known;
  const config = {
    ...head,
    ...lists,
    catalogue_version: record.catalogue_version ?? head.catalogue_version,
  } as PosConfig;
  byLists.set(lists, config);
  return config;
}

export function useSessionConfig(): SessionConfig {
  const { view } = useSession();
  const { userData } = view;
  const { decimalSeparator, thousandSeparator } = view.device;
  const { config: head, configError } = parseSessionConfig(userData);
  const stored = useStoredCatalogue(catalogueRefOf(userData));
  const { record, lists } = stored;
  const config = useMemo(() => {
    if (stored.status === 'none') return head;
    return head && record && lists ? withStoredCatalogue(head, record, lists) : null;
  }, [stored.status, head, record, lists]);
  const separators = useMemo(
    () => ({ decimalSeparator, thousandSeparator }),
    [decimalSeparator, thousandSeparator],
  );
  return useMemo(
    () => ({ config, configError, separators, catalogue: stored.status }),
    [config, configError, separators, stored.status],
  );
}
