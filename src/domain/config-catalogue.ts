// The catalogue kinds the configuration (GET cashier/config's user data) carries; others, like help_faqs or
// units, have their own calls. One list for the server's answer and the device's storage-safety copy.
export const CONFIG_CATALOGUE_KINDS = [
  'pos_item_categories',
  'pos_items',
  'coupon_categories',
  'coupons',
  'coupon_groups',
  'pos_item_discounts',
  'business_memberships',
  'reward_redemption_items',
  'commission_worker',
  'tags',
  'payment_method',
  'service_charge',
  'additional_charge',
  'sales_type',
  'area',
  'area_category',
] as const;

/**
 * The kinds whose size grows with the catalogue (items, their discounts, coupons …): they leave the session's
 * configuration event and are stored in their own table, in pages, keyed by the catalogue's identity (issue 28,
 * docs/decisions.md "The catalogue is server data"). The small kinds (payment methods, sales types, areas,
 * charges, workers, tags, membership types) stay in the configuration: Home, the shift, the appointment form and
 * the member activation read them from the session and never wait for the stored catalogue.
 */
export const STORED_CATALOGUE_KINDS = [
  'pos_item_categories',
  'pos_items',
  'coupon_categories',
  'coupons',
  'coupon_groups',
  'pos_item_discounts',
  'reward_redemption_items',
] as const satisfies ReadonlyArray<(typeof CONFIG_CATALOGUE_KINDS)[number]>;
export type StoredCatalogueKind = (typeof STORED_CATALOGUE_KINDS)[number];

/** The stored kinds' lists, as the configuration answer carried them. */
export type CatalogueLists = Partial<Record<StoredCatalogueKind, readonly unknown[]>>;

/**
 * The catalogue's identity, what the configuration event and the session carry in place of the lists: the
 * outlet, the server's catalogue version and its content hash (catalogue_hash, as the server sends it; the
 * ETag of GET cashier/config changes with it). `key` names the stored copy; `entries` counts the rows.
 */
export interface CatalogueRef {
  key: string;
  outlet_id: number;
  catalogue_version: number | null;
  catalogue_hash: string | null;
  entries: number;
}

/** The field of the user data that carries the catalogue's identity. */
export const CATALOGUE_REF_FIELD = 'stored_catalogue';

/** The catalogue's key: the outlet and the server's identity of its content. */
export function catalogueKeyOf(parts: {
  outlet_id: number;
  catalogue_version: number | null;
  catalogue_hash: string | null;
  entries: number;
}): string {
  // without the server's hash (an older server) the count stands in: a reload rewrites a changed catalogue
  const content = parts.catalogue_hash ?? `n${parts.entries}`;
  return `${parts.outlet_id}:${parts.catalogue_version ?? 0}:${content}`;
}

/**
 * Splits a configuration (user data) with an outlet into its head, which names the catalogue (CATALOGUE_REF_FIELD)
 * instead of carrying it, and the catalogue's lists. Null: no outlet (no catalogue), or it has been split before.
 */
export function splitCatalogue<T extends Record<string, unknown>>(
  user: T,
): { head: T; ref: CatalogueRef; lists: CatalogueLists } | null {
  const outlet_id = user.outlet_id;
  if (typeof outlet_id !== 'number') return null;
  if (!STORED_CATALOGUE_KINDS.some((kind) => Array.isArray(user[kind]))) return null;
  const head: Record<string, unknown> = { ...user };
  const lists: CatalogueLists = {};
  let entries = 0;
  for (const kind of STORED_CATALOGUE_KINDS) {
    const list = user[kind];
    delete head[kind];
    if (!Array.isArray(list)) continue;
    lists[kind] = list;
    entries += list.length;
  }
  const version = Number(user.catalogue_version);
  const catalogue_version = Number.isFinite(version) && user.catalogue_version != null ? version : null;
  const catalogue_hash = typeof user.catalogue_hash === 'string' ? user.catalogue_hash : null;
  const parts = { outlet_id, catalogue_version, catalogue_hash, entries };
  const ref: CatalogueRef = { key: catalogueKeyOf(parts), ...parts };
  head[CATALOGUE_REF_FIELD] = ref;
  return { head: head as T, ref, lists };
}

/** The catalogue identity a (split) user data names, or null. */
export function catalogueRefOf(user: unknown): CatalogueRef | null {
  if (user === null || typeof user !== 'object') return null;
  const ref = (user as Record<string, unknown>)[CATALOGUE_REF_FIELD];
  if (ref === null || typeof ref !== 'object') return null;
  const r = ref as Partial<CatalogueRef>;
  return typeof r.key === 'string' && typeof r.outlet_id === 'number' ? (ref as CatalogueRef) : null;
}
