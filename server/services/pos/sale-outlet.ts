import { sql } from 'drizzle-orm';
import type { SaleTrx } from '../../../src/api/contract/pos';
import { type PaymentMethod, paymentMethodSchema } from '../../../src/domain/model/payment';
import type { PricingConfig } from '../../../src/domain/pricing';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import type { Database } from '../../db/create-db';
import type { AppDeps } from '../../deps';
import { invalid } from '../../lib/errors';
import {
  AUTH_SELECT,
  type AuthContext,
  type SessionHeaders,
  type SessionRow,
  sessionParams,
  toAuthContext,
} from '../sessions';
import { userOutlets } from '../user-data';

/** The outlet as the sale rules read it. */
export interface SaleOutlet {
  business_outlet_id: number;
  code: string;
  use_wallet_security_code: boolean;
  /** wallet_use_nfc = 1: a deposit payment needs the customer's NFC card (pos/wallet-security.ts). */
  wallet_use_nfc: boolean;
  /** pos_trx_no_user_edit = 1: the cashier may not edit customers, so a sale's Customer Data edits are not stored. */
  no_user_edit: boolean;
  /** is_custom_item = 1: the cashier may sell a custom item (its own name and price). */
  is_custom_item: boolean;
  /** pos_discount_on_transaction = 1: a global discount may be given (with the role's flag). */
  pos_discount_on_transaction: boolean;
  pricing: PricingConfig;
  /** The methods the outlet offers (as its configuration serves them): their charge and reference rules bind. */
  payment_methods: PaymentMethod[];
  /** When the outlet was created: no sale of it is older (issue 23 item 4, pos/sale-plan.ts). */
  created_at: Date;
}

/** An outlet's code for trx_id: settings.outlet_code, else the last word's first consonants (Kemang → KMG). */
export function outletCode(outletName: string, settings: Record<string, unknown>): string {
  const set = typeof settings.outlet_code === 'string' ? settings.outlet_code.trim().toUpperCase() : '';
  if (set) return set;
  const word = (outletName.trim().split(/\s+/).pop() ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!word) return 'OUT';
  const consonants = word.slice(1).replace(/[AEIOU]/g, '');
  const code = `${word[0]}${consonants.slice(0, 1)}${consonants.length > 1 ? consonants.slice(-1) : ''}`;
  return code.padEnd(3, 'X');
}

/** A stored sale's head as its answer needs it (numerics as text: exact). */
export interface HeadRow {
  pos_sales_trx_head_id: string | number;
  local_trx_id: string;
  trx_id: string;
  deposit_balance: string | null;
  user_code: string | null;
  created_at: Date | string;
  business_id: number;
  drv_grand_total: string;
  drv_qty: string;
  /** sha256 of the canonical body (pos/sale-body.ts); null for a sale stored before it was kept */
  body_hash: string | null;
}

export const HEAD_TEXT = `pos_sales_trx_head_id, local_trx_id, trx_id, deposit_balance::text AS deposit_balance,
  user_code, created_at, business_id, drv_grand_total::text AS drv_grand_total, drv_qty::text AS drv_qty, body_hash`;
export const HEAD_COLUMNS = sql.raw(HEAD_TEXT);

interface OutletRow {
  outlet_name: string;
  outlet_created_at: Date | string;
  settings: Record<string, unknown> | string;
  charges: unknown;
  payment_methods: unknown;
  head?: HeadRow | string | null;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const CHARGES = `
  (SELECT jsonb_build_object(
     'service_charge', coalesce(jsonb_agg(c.doc ORDER BY c.sort_order) FILTER (WHERE c.kind = 'service_charge'), '[]'),
     'additional_charge', coalesce(jsonb_agg(c.doc ORDER BY c.sort_order) FILTER (WHERE c.kind = 'additional_charge'), '[]'))
   FROM catalogue_entities c
   WHERE c.business_id = o.business_id AND c.business_outlet_id = o.business_outlet_id
     AND c.kind IN ('service_charge', 'additional_charge')
  )::text AS charges`;

/** The payment methods the outlet's configuration serves: its own and the brand's offered there. */
const METHODS = `
  (SELECT coalesce(jsonb_agg(c.doc ORDER BY c.sort_order), '[]')
   FROM catalogue_entities c
   WHERE c.business_id = o.business_id AND c.business_outlet_id IN (0, o.business_outlet_id)
     AND c.kind = 'payment_method'
     AND (c.outlet_ids IS NULL OR o.business_outlet_id = ANY(c.outlet_ids))
  )::text AS payment_methods`;

/** The outlet's row with its service and additional charges and its payment methods. */
const OUTLET = `SELECT o.outlet_name, o.created_at AS outlet_created_at, o.settings::text AS settings, ${CHARGES}, ${METHODS} FROM outlets o WHERE o.business_outlet_id = $1`;

/** The same and a stored head of the sale (null when new): one round trip before every ingest. */
const OUTLET_AND_HEAD = `
  SELECT o.outlet_name, o.created_at AS outlet_created_at, o.settings::text AS settings, ${CHARGES}, ${METHODS},
    (SELECT row_to_json(x) FROM (SELECT ${HEAD_TEXT} FROM pos_sales_trx_heads WHERE local_trx_id = $2) x) AS head
  FROM outlets o WHERE o.business_outlet_id = $1`;

function readSaleOutlet(outletId: number, o: OutletRow): SaleOutlet {
  const settings = json<Record<string, unknown>>(o.settings);
  const charges = json(o.charges) as PricingConfig | null;
  // a malformed stored method is no method: a payment naming it is refused, never priced by it
  const methods = (json(o.payment_methods ?? []) as unknown[]).flatMap((m) => {
    const parsed = paymentMethodSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    business_outlet_id: outletId,
    code: outletCode(o.outlet_name, settings),
    use_wallet_security_code: Number(settings.use_wallet_security_code) === 1,
    wallet_use_nfc: Number(settings.wallet_use_nfc) === 1,
    no_user_edit: Number(settings.pos_trx_no_user_edit) === 1,
    is_custom_item: Number(settings.is_custom_item) === 1,
    pos_discount_on_transaction: Number(settings.pos_discount_on_transaction) === 1,
    pricing: {
      tax: (settings.tax as PricingConfig['tax']) ?? null,
      service_charge: charges?.service_charge ?? [],
      additional_charge: charges?.additional_charge ?? [],
    },
    payment_methods: methods,
    created_at: new Date(o.outlet_created_at),
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The outlets as the sale rules read them, by the exact text the database sent (issue 28, ingest speed):
 * the row is still read with every sale (an edit of the outlet, its charges or methods is in force at once),
 * but the same text is parsed and checked only once. Per database, bounded; the values are frozen.
 */
const OUTLETS_MAX = 500;
const outletCache = new WeakMap<Database, Map<string, SaleOutlet>>();

function toSaleOutlet(database: Database, outletId: number, o: OutletRow): SaleOutlet {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null));
  const created = new Date(o.outlet_created_at).toISOString();
  const key = `${outletId}\u0000${o.outlet_name}\u0000${created}\u0000${text(o.settings)}\u0000${text(o.charges)}\u0000${text(o.payment_methods)}`;
  let cache = outletCache.get(database);
  if (!cache) {
    cache = new Map();
    outletCache.set(database, cache);
  }
  const hit = cache.get(key);
  if (hit) return hit;
  const outlet = deepFreeze(readSaleOutlet(outletId, o));
  if (cache.size >= OUTLETS_MAX) cache.clear();
  cache.set(key, outlet);
  return outlet;
}

export async function loadSaleOutlet(deps: AppDeps, outletId: number): Promise<SaleOutlet> {
  const [o] = await deps.database.query<OutletRow>(OUTLET, [outletId], 'pos_sale_outlet');
  if (!o) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  return toSaleOutlet(deps.database, outletId, o);
}

/**
 * The outlet a sale is priced for and, when the sale is already stored, its head — one round trip, so a
 * new sale costs no separate "is it a repeat?" query.
 */
/** What an ingest reads before it prices the sale. */
export interface SaleContext {
  outlet: SaleOutlet;
  /** the sale's stored head when it is a repeat */
  stored: HeadRow | null;
}

export async function loadSaleContext(
  database: Database,
  outletId: number,
  localTrxId: string,
): Promise<SaleContext> {
  const [o] = await database.query<OutletRow>(
    OUTLET_AND_HEAD,
    [outletId, localTrxId],
    'pos_sale_outlet_head',
  );
  if (!o) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  return { outlet: toSaleOutlet(database, outletId, o), stored: o.head ? json<HeadRow>(o.head) : null };
}

/** The session, its outlet and a sale's stored head ($4; null: none): all an ingest reads, one round trip. */
const SESSION_OUTLET_HEAD = `
  WITH s AS (${AUTH_SELECT})
  SELECT s.*, o.outlet_name, o.created_at AS outlet_created_at, o.settings::text AS settings, ${CHARGES}, ${METHODS},
    (SELECT row_to_json(x) FROM (SELECT ${HEAD_TEXT} FROM pos_sales_trx_heads WHERE local_trx_id = $4::text) x) AS head
  FROM s LEFT JOIN outlets o ON o.business_outlet_id = s.outlet_id`;

/**
 * POST cashier/pos-trx reads the session (303 when none) together with the context of the sale it names
 * first (`localTrxId`, read from the body before it is validated, only to fetch ahead): the context of
 * that sale in the session's outlet, null when the session has no outlet or no sale was named.
 */
export async function loadSaleRequest(
  deps: AppDeps,
  headers: SessionHeaders,
  localTrxId: string | null,
): Promise<{ auth: AuthContext; context: SaleContext | null }> {
  const [row] = await deps.database.query<SessionRow & Partial<OutletRow>>(
    SESSION_OUTLET_HEAD,
    [...sessionParams(deps, headers), localTrxId],
    'pos_session_outlet_head',
  );
  const auth = toAuthContext(row);
  if (localTrxId === null || auth.outlet_id === null || !row.outlet_name) return { auth, context: null };
  const outlet = toSaleOutlet(deps.database, auth.outlet_id, row as OutletRow);
  return { auth, context: { outlet, stored: row.head ? json<HeadRow>(row.head) : null } };
}

/**
 * The outlet a sale belongs to: the one its cashier_configs snapshot names when the user works there (a sale
 * made offline before the cashier switched outlet still moves that outlet's stock), else the session's.
 * The user's outlets are read once per request, and only for such a sale.
 */
export function saleOutletIds(deps: AppDeps, auth: AuthContext): (trx: SaleTrx) => Promise<number> {
  let allowed: Promise<Set<number>> | null = null;
  return async (trx) => {
    const own = Number(trx.cashier_configs?.business_outlet_id);
    if (Number.isInteger(own) && own > 0 && own !== auth.outlet_id) {
      allowed ??= userOutlets(deps, auth.business_user_id).then(
        (list) => new Set(list.map((o) => o.business_outlet_id)),
      );
      if ((await allowed).has(own)) return own;
    }
    if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
    return auth.outlet_id;
  };
}

/** The session, its outlet and the stored heads of the sales named ($4, an array): one round trip per batch. */
const SESSION_OUTLET_HEADS = `
  WITH s AS (${AUTH_SELECT})
  SELECT s.*, o.outlet_name, o.created_at AS outlet_created_at, o.settings::text AS settings, ${CHARGES}, ${METHODS},
    (SELECT json_agg(x) FROM (SELECT ${HEAD_TEXT} FROM pos_sales_trx_heads WHERE local_trx_id = ANY($4::text[])) x) AS heads
  FROM s LEFT JOIN outlets o ON o.business_outlet_id = s.outlet_id`;

/** What a batch sync reads before its sales: the session, and its outlet with the named sales' stored heads. */
export interface BatchRequest {
  auth: AuthContext;
  /** the session's outlet (null: the session has none) */
  outlet: SaleOutlet | null;
  /** the stored heads of the sales named, by local_trx_id (a sale not in it was not stored when read) */
  heads: Map<string, HeadRow>;
}

/**
 * POST cashier/pos-trx-batch (issue 28) reads the session (303 when none), its outlet and the stored heads of
 * every sale the body names (`localTrxIds`, read before the body is validated, only to fetch ahead) at once.
 */
export async function loadBatchRequest(
  deps: AppDeps,
  headers: SessionHeaders,
  localTrxIds: string[],
): Promise<BatchRequest> {
  const [row] = await deps.database.query<SessionRow & Partial<OutletRow> & { heads?: unknown }>(
    SESSION_OUTLET_HEADS,
    [...sessionParams(deps, headers), localTrxIds],
    'pos_session_outlet_heads',
  );
  const auth = toAuthContext(row);
  const heads = new Map<string, HeadRow>();
  if (auth.outlet_id === null || !row.outlet_name) return { auth, outlet: null, heads };
  for (const h of json<HeadRow[] | null>((row.heads ?? null) as HeadRow[] | null) ?? [])
    heads.set(h.local_trx_id, h);
  return { auth, outlet: toSaleOutlet(deps.database, auth.outlet_id, row as OutletRow), heads };
}
