// Issue 11 (1): a sale is priced from the server's own catalogue, never from the device's copy of it.
// Every line's item, variant, modifier options and promos are the catalogue's documents at the catalogue
// version the device priced with (or a later one); a custom price, a custom discount and a global discount
// stand only where the item and the cashier's role flags allow them, checked with the same src/domain
// rules the cashier's device runs (docs/decisions.md "Server pricing").
import type { SaleTrx } from '../../../src/api/contract/pos';
import { customGlobalDiscount } from '../../../src/domain/global-discount';
import {
  type PosItem,
  type PosItemDiscount,
  posItemDiscountSchema,
  posItemSchema,
} from '../../../src/domain/model';
import type { ItemModifier, Variant } from '../../../src/domain/model/item';
import type { TrxDetail } from '../../../src/domain/model/transaction';
import { chosenVariant } from '../../../src/domain/pricing';
import { type PromoContext, validGlobalPromos, validItemPromos } from '../../../src/domain/promo';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { customItemTemplate } from '../../../src/domain/transaction-rules';
import { validateCustomDiscount, validateCustomPrice } from '../../../src/domain/validation-item';
import { validateGlobalDiscount } from '../../../src/domain/validation-sale';
import type { Database } from '../../db/create-db';
import { invalid } from '../../lib/errors';
import { saleWorkerIds, unknownWorkerField } from './sale-workers';

/** A catalogue version served more than this long ago no longer prices a sale (the current one does). */
export const CATALOGUE_VERSION_MAX_AGE_DAYS = 30;

/** The catalogue documents a sale names, each entity's candidates oldest first. */
export interface SaleCatalogue {
  /** per pos_item_id: the document at the sale's version, then every later one */
  items: ReadonlyMap<number, readonly PosItem[]>;
  /** per pos_item_discount_id: likewise */
  discounts: ReadonlyMap<number, readonly PosItemDiscount[]>;
  /** the version the sale is priced with; null: the current catalogue */
  version: number | null;
  /** the cashier's user group (promo audiences) */
  business_user_group_id: number | null;
  /** the brand's currency (the custom price message) */
  currency_code: string;
  /** the commission workers the sale names that this outlet has had (pos/sale-workers.ts) */
  workers: ReadonlySet<string>;
}

/** What the cashier and the outlet allow. */
export interface SaleRights {
  /** the session user's auth_role_accesses */
  flags: Readonly<Record<string, 0 | 1>>;
  business_user_group_id: number | null;
  /** outlet setting is_custom_item */
  is_custom_item: boolean;
  /** outlet setting pos_discount_on_transaction */
  pos_discount_on_transaction: boolean;
  currency: string;
}

const on = (flags: SaleRights['flags'], flag: string) => Number(flags[flag] ?? 0) === 1;
const num = (v: unknown) => Number(v ?? 0);
/** 1, 1.0 and "1" are one price; so are two values within a hundredth of a rupiah. */
const samePrice = (a: unknown, b: unknown) => Math.abs(num(a) - num(b)) < 0.005;

export interface HistoryRow {
  kind: string;
  entity_id: string;
  seq: string | number;
  doc: unknown;
  outlet_ids: number[] | null;
  version: string | number | null;
  group_id: number | null;
  currency_code: string | null;
}

/**
 * The history of the items and promos a sale names, with the version it may be priced with: the
 * cashier_configs.catalogue_version the device sends when that version was served to the brand within
 * CATALOGUE_VERSION_MAX_AGE_DAYS, else none (the current catalogue). One round trip.
 */
const SALE_CATALOGUE = `
  SELECT c.v AS version, g.group_id, g.currency_code, h.kind, h.entity_id, h.seq, h.doc, h.outlet_ids
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT catalogue_version AS v FROM catalogue_versions_served
    WHERE business_id = $1 AND catalogue_version = $2::bigint AND last_served_at >= $3::timestamptz) c ON true
  LEFT JOIN LATERAL (
    SELECT u.business_user_group_id AS group_id, b.currency_code FROM business_users u
    JOIN businesses b ON b.business_id = u.business_id WHERE u.business_user_id = $4) g ON true
  LEFT JOIN LATERAL (
    SELECT kind, entity_id, seq, doc::text AS doc, outlet_ids FROM catalogue_history
    WHERE business_id = $1 AND business_outlet_id IN (0, $5)
      AND ((kind = 'pos_items' AND entity_id = ANY($6::text[]))
        OR (kind = 'pos_item_discounts' AND entity_id = ANY($7::text[]))
        OR (kind = 'commission_worker' AND entity_id = ANY($8::text[])))) h ON true
  ORDER BY h.seq`;

/** A history row of a worker who was, at some version, one of this outlet's (not a deletion). */
const isWorkerOf = (r: HistoryRow, outletId: number) =>
  r.doc !== null && (r.outlet_ids === null || r.outlet_ids.map(Number).includes(outletId));

/** The ids of the items and promos a sale names. */
function namedIds(trx: SaleTrx): { items: string[]; discounts: string[] } {
  const items = new Set<string>();
  const discounts = new Set<string>();
  for (const d of trx.details) {
    if (Number(d.is_custom) !== 1) items.add(String(d.pos_item_id));
    for (const p of d.pos_item_discounts ?? []) discounts.add(String(p.pos_item_discount_id));
  }
  for (const p of trx.discounts ?? [])
    if (p.discount_type === 'basic') discounts.add(String(p.pos_item_discount_id));
  return { items: [...items], discounts: [...discounts] };
}

/** Rows of one entity, oldest first → those from `version` on (the one in force at it first) at this outlet. */
function candidates(rows: readonly HistoryRow[], version: number | null, outletId: number): HistoryRow[] {
  let from = rows.length - 1;
  if (version !== null) {
    const atOrBefore = rows.findLastIndex((r) => Number(r.seq) <= version);
    from = Math.max(atOrBefore, 0);
  }
  return rows
    .slice(from)
    .filter((r) => r.doc !== null && (r.outlet_ids === null || r.outlet_ids.includes(outletId)));
}

/**
 * Parsed catalogue documents per database, by history row (issue 28, ingest speed): a catalogue_history row
 * is never changed once written (seq is its key and the version), so its document is parsed by the domain's
 * schema once, not on every sale that names it. Bounded: the oldest half is dropped when it is full.
 */
const PARSED_MAX = 20_000;
const parsedDocs = new WeakMap<Database, Map<string, unknown>>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parsedDoc<T>(
  cache: Map<string, unknown>,
  row: HistoryRow,
  parse: (doc: unknown) => T | null,
): T | null {
  const key = `${row.kind}:${row.seq}`;
  if (cache.has(key)) return cache.get(key) as T | null;
  // frozen: the sales that share it only read it
  const value = deepFreeze(parse(typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc));
  if (cache.size >= PARSED_MAX) {
    let drop = PARSED_MAX / 2;
    for (const k of cache.keys()) {
      if (drop-- <= 0) break;
      cache.delete(k);
    }
  }
  cache.set(key, value);
  return value;
}

function parsedMap<T>(
  cache: Map<string, unknown>,
  byId: Map<string, HistoryRow[]>,
  version: number | null,
  outletId: number,
  parse: (doc: unknown) => T | null,
): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const [id, rows] of byId) {
    const docs: T[] = [];
    for (const r of candidates(rows, version, outletId)) {
      const p = parsedDoc(cache, r, parse);
      if (p) docs.push(p);
    }
    if (docs.length > 0) out.set(Number(id), docs);
  }
  return out;
}

/** The parameters of one sale's catalogue read (SALE_CATALOGUE). */
export interface CatalogueQuery {
  businessId: number;
  /** the claimed catalogue version, -1 when none */
  claimed: number;
  /** oldest last_served_at a claimed version may have (ISO) */
  oldest: string;
  businessUserId: number;
  outletId: number;
  items: readonly string[];
  discounts: readonly string[];
  workers: readonly string[];
}

/** Reads a sale's catalogue rows: one statement per sale, or a batch's shared read (batchCatalogueReader). */
export type CatalogueReader = (database: Database, q: CatalogueQuery) => Promise<HistoryRow[]>;

const readCatalogueRows: CatalogueReader = (database, q) =>
  database.query<HistoryRow>(
    SALE_CATALOGUE,
    [q.businessId, q.claimed, q.oldest, q.businessUserId, q.outletId, q.items, q.discounts, q.workers],
    'pos_sale_catalogue',
  );

/**
 * Issue 28, the batch sync: ONE catalogue read for the items, promos and workers every sale of the batch
 * names (per brand, claimed version, user and outlet), each sale then given exactly the rows its own read
 * would have answered (the same statement, filtered to its ids, in the same seq order). A sale naming an id
 * the batch's read did not ask for (a reward item the server adds) reads its own rows as before.
 */
export function batchCatalogueReader(sales: readonly SaleTrx[]): CatalogueReader {
  const all = { items: new Set<string>(), discounts: new Set<string>(), workers: new Set<string>() };
  for (const trx of sales) {
    const ids = namedIds(trx);
    for (const id of ids.items) all.items.add(id);
    for (const id of ids.discounts) all.discounts.add(id);
    for (const id of saleWorkerIds(trx)) all.workers.add(id);
  }
  const within = (ids: readonly string[], set: ReadonlySet<string>) => ids.every((id) => set.has(id));
  const reads = new Map<string, Promise<HistoryRow[]>>();
  return async (database, q) => {
    if (!within(q.items, all.items) || !within(q.discounts, all.discounts) || !within(q.workers, all.workers))
      return readCatalogueRows(database, q);
    const key = `${q.businessId}|${q.claimed}|${q.businessUserId}|${q.outletId}`;
    let read = reads.get(key);
    if (!read) {
      read = readCatalogueRows(database, {
        ...q,
        items: [...all.items],
        discounts: [...all.discounts],
        workers: [...all.workers],
      });
      reads.set(key, read);
    }
    const rows = await read;
    const items = new Set(q.items);
    const discounts = new Set(q.discounts);
    const workers = new Set(q.workers);
    const own = rows.filter(
      (r) =>
        (r.kind === 'pos_items' && items.has(r.entity_id)) ||
        (r.kind === 'pos_item_discounts' && discounts.has(r.entity_id)) ||
        (r.kind === 'commission_worker' && workers.has(r.entity_id)),
    );
    // none of its own: the statement's one row without history (version, group and currency only)
    if (own.length === 0 && rows.length > 0)
      own.push({ ...rows[0], kind: null, entity_id: null, seq: null, doc: null, outlet_ids: null } as never);
    return own;
  };
}

export async function loadSaleCatalogue(
  database: Database,
  input: {
    businessId: number;
    outletId: number;
    businessUserId: number;
    trx: SaleTrx;
    now: Date;
    reader?: CatalogueReader;
  },
): Promise<SaleCatalogue> {
  const claimed = Number(input.trx.cashier_configs?.catalogue_version);
  const oldest = new Date(input.now.getTime() - CATALOGUE_VERSION_MAX_AGE_DAYS * 86_400_000);
  const ids = namedIds(input.trx);
  const rows = await (input.reader ?? readCatalogueRows)(database, {
    businessId: input.businessId,
    claimed: Number.isSafeInteger(claimed) && claimed >= 0 ? claimed : -1,
    oldest: oldest.toISOString(),
    businessUserId: input.businessUserId,
    outletId: input.outletId,
    items: ids.items,
    discounts: ids.discounts,
    workers: saleWorkerIds(input.trx),
  });
  const version = rows[0]?.version == null ? null : Number(rows[0].version);
  const items = new Map<string, HistoryRow[]>();
  const discounts = new Map<string, HistoryRow[]>();
  const workers = new Set<string>();
  for (const r of rows) {
    if (r.kind === null || r.kind === undefined) continue;
    if (r.kind === 'commission_worker') {
      if (isWorkerOf(r, input.outletId)) workers.add(String(r.entity_id));
      continue;
    }
    const into = r.kind === 'pos_items' ? items : discounts;
    const list = into.get(r.entity_id) ?? [];
    list.push(r);
    into.set(r.entity_id, list);
  }
  let cache = parsedDocs.get(database);
  if (!cache) {
    cache = new Map();
    parsedDocs.set(database, cache);
  }
  return {
    version,
    business_user_group_id: rows[0]?.group_id ?? null,
    currency_code: rows[0]?.currency_code ?? 'IDR',
    workers,
    items: parsedMap(cache, items, version, input.outletId, (d) => {
      const p = posItemSchema.safeParse(d);
      return p.success ? p.data : null;
    }),
    discounts: parsedMap(cache, discounts, version, input.outletId, (d) => {
      const p = posItemDiscountSchema.safeParse(d);
      return p.success ? p.data : null;
    }),
  };
}

/** The catalogue's modifier options for the device's chosen ones (prices are the catalogue's). */
function catalogueModifiers(chosen: readonly ItemModifier[], item: PosItem, field: string): ItemModifier[] {
  const groups = item.pos_item_pos_item_modifiers ?? [];
  return chosen.map((m) => {
    const group = groups.find((g) => num(g.pos_item_modifier_id) === num(m.pos_item_modifier_id));
    if (!group) throw invalid(POS_MESSAGES.modifierNotInCatalogue, field);
    const options = (m.pos_item_modifier_options ?? []).map((o) => {
      const found = group.pos_item_modifier_options.find((c) =>
        o.posItemModifier_option_id == null
          ? c.option_name === o.option_name
          : num(c.posItemModifier_option_id) === num(o.posItemModifier_option_id),
      );
      if (!found || !samePrice(found.option_price, o.option_price))
        throw invalid(POS_MESSAGES.modifierNotInCatalogue, field);
      return found;
    });
    return { ...group, pos_item_modifier_options: options };
  });
}

const sameDeduction = (a: PosItemDiscount, b: PosItemDiscount) =>
  a.deduction_type === b.deduction_type &&
  samePrice(a.deduction_value, b.deduction_value) &&
  num(a.max_deduction_value) === num(b.max_deduction_value);

/**
 * The catalogue's promo for a device's one: a valid one of the same id whose deduction is the device's (as
 * the sale's catalogue version or a later one holds it); a deduction no version had is refused.
 */
function validPromo(sent: PosItemDiscount, valid: readonly PosItemDiscount[]): PosItemDiscount | undefined {
  return valid.find((v) => v.pos_item_discount_id === sent.pos_item_discount_id && sameDeduction(v, sent));
}

/** One line as the server prices it. */
function catalogueLine(
  d: TrxDetail,
  i: number,
  catalogue: SaleCatalogue,
  rights: SaleRights,
  ctx: PromoContext,
): TrxDetail {
  const at = (f: string) => `details.${i}.${f}`;
  const sentVariant = chosenVariant(d);
  let item: PosItem;
  let variant: Variant;
  if (Number(d.is_custom) === 1) {
    // the cashier's own item (003 §9): any positive price, where the outlet allows custom items
    if (!rights.is_custom_item) throw invalid(POS_MESSAGES.customItemNotAllowed, at('is_custom'));
    const price = sentVariant?.variant_price;
    const message = validateCustomPrice({
      price,
      originalPrice: 0,
      allowLessThanOriginal: true,
      currency: rights.currency,
    });
    if (message) throw invalid(message, at('itemMeta.pos_item_variants'));
    item = customItemTemplate(d.itemMeta.item_name);
    variant = { ...item.pos_item_variants[0], variant_price: num(price) };
  } else {
    const versions = catalogue.items.get(Number(d.pos_item_id));
    if (!versions) throw invalid(POS_MESSAGES.itemNotInCatalogue, at('pos_item_id'));
    const withVariant = versions.filter((v) =>
      v.pos_item_variants.some((x) => num(x.pos_item_variant_id) === num(d.pos_item_variant_id)),
    );
    if (withVariant.length === 0)
      throw invalid(POS_MESSAGES.variantNotInCatalogue, at('pos_item_variant_id'));
    const variantOf = (it: PosItem) =>
      it.pos_item_variants.find((x) => num(x.pos_item_variant_id) === num(d.pos_item_variant_id)) as Variant;
    const field = at('itemMeta.pos_item_variants');
    // the price of the sale's catalogue version, or of a later one, as the catalogue holds it
    const match = sentVariant
      ? withVariant.find((v) => samePrice(variantOf(v).variant_price, sentVariant.variant_price))
      : undefined;
    if (match) {
      item = match;
      variant = variantOf(match);
    } else if (sentVariant?.custom_price === true) {
      // a custom price: the item must allow one, and below the original only with the role flag
      const base =
        withVariant.find((v) => samePrice(variantOf(v).variant_price, sentVariant.original_price)) ??
        withVariant[0];
      if (Number(base.is_custom_price) !== 1) throw invalid(POS_MESSAGES.customPriceNotAllowed, field);
      const original = num(variantOf(base).variant_price);
      const message = validateCustomPrice({
        price: sentVariant.variant_price,
        originalPrice: original,
        allowLessThanOriginal: on(rights.flags, 'CUSTOM_PRICE_LESS_THAN_ORIGINAL'),
        currency: rights.currency,
      });
      if (message) throw invalid(message, field);
      item = base;
      variant = {
        ...variantOf(base),
        variant_price: num(sentVariant.variant_price),
        custom_price: true,
        original_price: original,
      };
    } else {
      throw invalid(POS_MESSAGES.priceNotInCatalogue, field);
    }
  }
  const modifiers = catalogueModifiers(
    d.pos_item_pos_item_modifiers ?? [],
    item,
    at('pos_item_pos_item_modifiers'),
  );
  // item promos: the role's, valid for this item at the sale's time, as the catalogue holds them
  let promos: PosItemDiscount[] = [];
  if ((d.pos_item_discounts ?? []).length > 0) {
    if (!on(rights.flags, 'ALLOW_PROMO'))
      throw invalid(POS_MESSAGES.promoNotAllowed, at('pos_item_discounts'));
    const all = [...catalogue.discounts.values()].flat();
    const valid = validItemPromos(item, all, ctx);
    promos = d.pos_item_discounts.map((p) => {
      const found = validPromo(p, valid);
      if (!found) throw invalid(POS_MESSAGES.promoNotValid, at('pos_item_discounts'));
      return found;
    });
  }
  if (d.custom_discount_type && num(d.custom_discount_value) > 0) {
    if (!on(rights.flags, 'DISCOUNT_ITEM') || Number(item.is_custom_discount) !== 1)
      throw invalid(POS_MESSAGES.itemDiscountNotAllowed, at('custom_discount_value'));
    const message = validateCustomDiscount({
      type: d.custom_discount_type,
      value: d.custom_discount_value,
      price: num(variant.variant_price),
      maxCustomDiscount: item.max_custom_discount,
    });
    if (message) throw invalid(message, at('custom_discount_value'));
  }
  return {
    ...d,
    itemMeta: { ...item, pos_item_variants: [variant] },
    is_package: Number(item.is_package) === 1 ? 1 : 0,
    pos_item_pos_item_modifiers: modifiers,
    pos_item_discounts: promos,
  };
}

/** The transaction-level discounts the role and the outlet allow, promos as the catalogue holds them. */
function catalogueDiscounts(
  trx: SaleTrx,
  catalogue: SaleCatalogue,
  rights: SaleRights,
  ctx: PromoContext,
): PosItemDiscount[] {
  const sent = trx.discounts ?? [];
  const global = sent.filter((d) => d.discount_type === 'basic' || d.discount_type === 'custom');
  if (global.length === 0) return sent;
  const valid = validGlobalPromos([...catalogue.discounts.values()].flat(), ctx);
  return sent.map((d) => {
    if (d.discount_type === 'custom') {
      if (!on(rights.flags, 'DISCOUNT_TRANSACTION') || !rights.pos_discount_on_transaction)
        throw invalid(POS_MESSAGES.discountNotAllowed, 'discounts');
      const type = d.deduction_type === 'percentage' ? 'percentage' : 'value';
      const message = validateGlobalDiscount({
        type,
        percent: d.deduction_value,
        nominal: d.deduction_value,
      });
      if (message) throw invalid(message, 'discounts');
      return customGlobalDiscount(type, num(d.deduction_value));
    }
    if (d.discount_type !== 'basic') return d;
    if (!on(rights.flags, 'ALLOW_PROMO') || !rights.pos_discount_on_transaction)
      throw invalid(POS_MESSAGES.promoNotAllowed, 'discounts');
    const found = validPromo(d, valid);
    if (!found) throw invalid(POS_MESSAGES.promoNotValid, 'discounts');
    return found;
  });
}

/**
 * The sale as the server prices it: every line's item, variant, modifiers and promos from the catalogue,
 * custom prices and discounts where allowed. A 400 naming the field for anything else. `at` is the sale's
 * time at the outlet ("YYYY-MM-DD HH:mm:ss"): promo validity is judged then.
 */
export function saleFromCatalogue(
  trx: SaleTrx,
  catalogue: SaleCatalogue,
  rights: SaleRights,
  at: string,
): SaleTrx {
  const ctx: PromoContext = {
    now: at,
    business_user_group_id: rights.business_user_group_id,
    customer: trx.customer,
  };
  const unknownWorker = unknownWorkerField(trx, catalogue.workers);
  if (unknownWorker) throw invalid(POS_MESSAGES.workerNotInCatalogue, unknownWorker);
  const details = trx.details.map((d, i) => catalogueLine(d, i, catalogue, rights, ctx));
  return { ...trx, details, discounts: catalogueDiscounts(trx, catalogue, rights, ctx) };
}

/**
 * Loads what a sale names from the catalogue and prices it from there (saleFromCatalogue): the sale to
 * store and the catalogue version it was priced with (null: the current catalogue).
 */
export async function priceSaleFromCatalogue(
  database: Database,
  input: {
    businessId: number;
    businessUserId: number;
    flags: Readonly<Record<string, 0 | 1>>;
    outlet: { business_outlet_id: number; is_custom_item: boolean; pos_discount_on_transaction: boolean };
    trx: SaleTrx;
    /** the sale's time at the outlet, "YYYY-MM-DD HH:mm:ss" */
    at: string;
    now: Date;
    /** the catalogue's read (default one statement for this sale; a batch shares one) */
    catalogueReader?: CatalogueReader;
  },
): Promise<{ sale: SaleTrx; catalogueVersion: number | null }> {
  const catalogue = await loadSaleCatalogue(database, {
    businessId: input.businessId,
    outletId: input.outlet.business_outlet_id,
    businessUserId: input.businessUserId,
    trx: input.trx,
    now: input.now,
    reader: input.catalogueReader,
  });
  const sale = saleFromCatalogue(
    input.trx,
    catalogue,
    {
      flags: input.flags,
      business_user_group_id: catalogue.business_user_group_id,
      is_custom_item: input.outlet.is_custom_item,
      pos_discount_on_transaction: input.outlet.pos_discount_on_transaction,
      currency: catalogue.currency_code,
    },
    input.at,
  );
  return { sale, catalogueVersion: catalogue.version };
}
