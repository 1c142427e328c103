// The signed-in user data read once through the domain's schema, and the device's separators (000 §3 device
// configuration): what every screen needs to read the configuration and to write amounts. One parse per user
// data object, shared by the screens that ask (issue 23 item 17: it was parsed in six places).
// Issue 28: the session names the outlet's catalogue instead of carrying it; the configuration a screen gets
// is the session's with the stored catalogue's lists (useStoredCatalogue), and null until one is stored.
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { type PosConfig, posConfigSchema, type Separators } from '../../domain';
import { type CatalogueLists, catalogueRefOf, type StoredCatalogueKind } from '../../domain/config-catalogue';
import { CATALOGUE_TEXTS } from '../../domain/texts/storage';
import type { CatalogueRecord, SerambiDb } from '../../events';
import { readCatalogue, waitForUsableCatalogue } from '../../projections/catalogue';
import { useSession } from './session-context';
import { type CatalogueStatus, useStoredCatalogue } from './use-stored-catalogue';

/**
 * The session's part of the configuration: everything but the stored catalogue's lists (items, categories,
 * coupons, discounts, rewards). A screen reading it never waits for the catalogue (issue 28: the appointment
 * form's save and the redeem flow stuck when every screen waited); the type leaves the lists out, so a screen
 * cannot read an empty list in place of a catalogue that is still being stored.
 */
export type SessionHead = {
  // key remapping keeps the configuration's other fields (Omit would lose them to the loose object's index)
  [K in keyof PosConfig as K extends StoredCatalogueKind ? never : K]: PosConfig[K];
};

export interface SessionConfig {
  /**
   * The session's configuration (000 §3) parsed by posConfigSchema, without the catalogue's lists; null signed
   * out or when it does not parse. Never waits for the stored catalogue.
   */
  config: SessionHead | null;
  /** Why the user data did not parse (null when it did or there is none). */
  configError: z.ZodError | null;
  /** The device's separators: every amount and quantity on the screen is written with them. */
  separators: Separators;
}

export interface CatalogueConfig {
  /**
   * The whole configuration with the catalogue's lists; null signed out, when it does not parse, or while the
   * outlet's catalogue is not stored yet (catalogue 'loading' or 'failed': the screen shows CatalogueWait and
   * goes on by itself once it is stored).
   */
  config: PosConfig | null;
  configError: z.ZodError | null;
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

function useSeparators(): Separators {
  const { decimalSeparator, thousandSeparator } = useSession().view.device;
  return useMemo(() => ({ decimalSeparator, thousandSeparator }), [decimalSeparator, thousandSeparator]);
}

/** The session's configuration without the catalogue's lists: for every screen that does not read them. */
export function useSessionConfig(): SessionConfig {
  const { userData } = useSession().view;
  const { config, configError } = parseSessionConfig(userData);
  const separators = useSeparators();
  return useMemo(() => ({ config, configError, separators }), [config, configError, separators]);
}

/**
 * The whole configuration with the stored catalogue's lists, for the screens that read them (the cashier, the
 * stock entries): null while the catalogue is being stored (status 'loading').
 */
export function useCatalogueConfig(): CatalogueConfig {
  const { userData } = useSession().view;
  const { config: head, configError } = parseSessionConfig(userData);
  const stored = useStoredCatalogue(catalogueRefOf(userData));
  const { record, lists } = stored;
  const config = useMemo(() => {
    if (stored.status === 'none') return head;
    return head && record && lists ? withStoredCatalogue(head, record, lists) : null;
  }, [stored.status, head, record, lists]);
  const separators = useSeparators();
  return useMemo(
    () => ({ config, configError, separators, catalogue: stored.status }),
    [config, configError, separators, stored.status],
  );
}

/** How long a command waits for the stored catalogue before it says so (the write runs after sign-in). */
export const CATALOGUE_WAIT_MS = 120_000;

/**
 * The whole configuration for a command (its pricing reads the catalogue): at once when the session names no
 * stored catalogue or one is complete, else once one is (the write after sign-in is under way: the caller's
 * busy state shows meanwhile). Rejects with CATALOGUE_TEXTS.failed when the configuration does not parse, the
 * stored catalogue cannot be read, or none is complete after `waitMs`: a flow never waits silently forever.
 */
export async function catalogueConfigFor(
  db: SerambiDb,
  userData: unknown,
  waitMs = CATALOGUE_WAIT_MS,
): Promise<PosConfig> {
  const { config: head } = parseSessionConfig(userData);
  if (!head) throw new Error(CATALOGUE_TEXTS.failed);
  const ref = catalogueRefOf(userData);
  if (!ref) return head;
  const record = await waitForUsableCatalogue(db, ref, waitMs);
  if (!record) throw new Error(CATALOGUE_TEXTS.failed);
  const lists = await readCatalogue(db, record).catch(() => {
    throw new Error(CATALOGUE_TEXTS.failed);
  });
  return withStoredCatalogue(head, record, lists);
}

/**
 * A command's getConfig for a screen that does not show the catalogue itself (the appointment form's save, a
 * deposit top-up, a receivable payment): the whole configuration, waiting for the stored catalogue if needed.
 */
export function useCommandConfig(db: SerambiDb): () => Promise<PosConfig> {
  const { userData } = useSession().view;
  return useCallback(() => catalogueConfigFor(db, userData), [db, userData]);
}
