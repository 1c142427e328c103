import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PublicReceiptResponse, StoredTrxResponse } from '../../src/api/contract/receipt';
import { TRX_STATUS } from '../../src/domain/model/common';
import { RECEIPT_MESSAGES } from '../../src/domain/texts/receipt';
import type { Tx } from '../db/rows';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import type { AuthContext } from './sessions';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

type Doc = Record<string, unknown>;
type Executor = Pick<Tx, 'execute'>;

/** 32 random bytes (256 bits), base64url: 43 characters. */
export const RECEIPT_TOKEN_BYTES = 32;
export const newReceiptToken = () => randomBytes(RECEIPT_TOKEN_BYTES).toString('base64url');

/** A stored sale with what the receipt needs of its outlet and brand. */
export interface StoredSale {
  pos_sales_trx_head_id: number;
  local_trx_id: string;
  trx_id: string;
  trx_status_id: number;
  business_id: number;
  business_outlet_id: number;
  trx: Doc;
  created_at: Date;
  void_reason: string | null;
  deposit_balance: number | null;
  user_code: string | null;
  outlet: { outlet_name: string; outlet_address: string | null; outlet_phone: string | null; settings: Doc };
  brand: { brand_name: string; brand_logo: string | null; currency_code: string; qty_decimal_length: number };
}

interface SaleRow {
  pos_sales_trx_head_id: string | number;
  local_trx_id: string;
  trx_id: string;
  trx_status_id: number;
  business_id: number;
  business_outlet_id: number;
  trx: Doc | string;
  created_at: Date | string;
  void_reason: string | null;
  deposit_balance: string | null;
  user_code: string | null;
  outlet_name: string;
  outlet_address: string | null;
  outlet_phone: string | null;
  outlet_settings: Doc | string;
  brand_name: string;
  brand_logo: string | null;
  currency_code: string;
  qty_decimal_length: number;
  membership_period?: Doc | string | null;
}

/**
 * A membership sale's period as customer_memberships holds it ({valid_from, valid_until} of the row the sale
 * wrote), for the receipt's validity line (ruling 28); null for any other sale. `h` is the sale's head.
 */
export const MEMBERSHIP_PERIOD_SELECT = sql`(SELECT json_build_object('valid_from', m.valid_from,
    'valid_until', m.valid_until) FROM customer_memberships m
    WHERE m.ref_local_trx_id = h.local_trx_id AND m.source = 'membership_sale'
    ORDER BY m.customer_membership_id LIMIT 1) AS membership_period`;

/** The stored document with the period of its membership sale (outlet dates), when it has one. */
export function withMembershipPeriod(trx: Doc, raw: Doc | string | null | undefined): Doc {
  if (!raw) return trx;
  const p = json<{ valid_from?: string | null; valid_until?: string | null }>(raw);
  if (!p.valid_from || !p.valid_until) return trx;
  const day = (v: string) => formatLocalDateTime(new Date(v)).slice(0, 10);
  return { ...trx, membership_period: { start_date: day(p.valid_from), end_date: day(p.valid_until) } };
}

/** The period a stored membership sale granted (a repeat's answer carries it like the first), else null. */
export async function storedMembershipPeriod(
  db: Executor,
  localTrxId: string,
): Promise<{ start_date: string; end_date: string } | null> {
  const [r] = rows<{ membership_period: Doc | string | null }>(
    await db.execute(
      sql`SELECT ${MEMBERSHIP_PERIOD_SELECT} FROM (SELECT ${localTrxId}::text AS local_trx_id) h`,
    ),
  );
  const doc = withMembershipPeriod({}, r?.membership_period);
  return (doc.membership_period as { start_date: string; end_date: string } | undefined) ?? null;
}

const SALE_SELECT = sql`
  SELECT h.pos_sales_trx_head_id, h.local_trx_id, h.trx_id, h.trx_status_id, h.business_id, h.business_outlet_id,
    h.trx, h.created_at, h.void_reason, h.deposit_balance::text AS deposit_balance, h.user_code,
    o.outlet_name, o.outlet_address, o.outlet_phone, o.settings AS outlet_settings,
    b.brand_name, b.brand_logo, b.currency_code, b.qty_decimal_length, ${MEMBERSHIP_PERIOD_SELECT}
  FROM pos_sales_trx_heads h
  JOIN outlets o ON o.business_outlet_id = h.business_outlet_id
  JOIN businesses b ON b.business_id = h.business_id`;

function toSale(r: SaleRow): StoredSale {
  return {
    pos_sales_trx_head_id: Number(r.pos_sales_trx_head_id),
    local_trx_id: r.local_trx_id,
    trx_id: r.trx_id,
    trx_status_id: Number(r.trx_status_id),
    business_id: Number(r.business_id),
    business_outlet_id: Number(r.business_outlet_id),
    trx: withMembershipPeriod(json<Doc>(r.trx), r.membership_period),
    created_at: new Date(r.created_at),
    void_reason: r.void_reason,
    deposit_balance: r.deposit_balance === null ? null : Number(r.deposit_balance),
    user_code: r.user_code,
    outlet: {
      outlet_name: r.outlet_name,
      outlet_address: r.outlet_address,
      outlet_phone: r.outlet_phone,
      settings: json<Doc>(r.outlet_settings),
    },
    brand: {
      brand_name: r.brand_name,
      brand_logo: r.brand_logo,
      currency_code: r.currency_code,
      qty_decimal_length: Number(r.qty_decimal_length),
    },
  };
}

export const notFound = (message: string) => new ServiceError('not_found', message);

/**
 * One of the session outlet's stored sales (the outlet's own sales only; another outlet's or brand's
 * sale reads as missing). `lock` holds the head row for the caller's database transaction.
 */
export async function outletSale(
  db: Executor,
  auth: AuthContext,
  localTrxId: string,
  lock = false,
): Promise<StoredSale> {
  if (auth.outlet_id === null) throw invalid(RECEIPT_MESSAGES.trxNotFound, 'local_trx_id');
  const [r] = rows<SaleRow>(
    await db.execute(sql`${SALE_SELECT}
      WHERE h.local_trx_id = ${localTrxId} AND h.business_id = ${auth.business_id}
        AND h.business_outlet_id = ${auth.outlet_id}
      ${lock ? sql`FOR UPDATE OF h` : sql``}`),
  );
  if (!r) throw invalid(RECEIPT_MESSAGES.trxNotFound, 'local_trx_id');
  return toSale(r);
}

/** The sale's receipt token, created on first use (two callers at once get the same one). */
export async function receiptTokenFor(db: Executor, localTrxId: string, now: Date): Promise<string> {
  const [r] = rows<{ receipt_token: string }>(
    await db.execute(sql`
      WITH ins AS (
        INSERT INTO receipt_tokens (local_trx_id, receipt_token, created_at)
        VALUES (${localTrxId}, ${newReceiptToken()}, ${now.toISOString()})
        ON CONFLICT (local_trx_id) DO NOTHING
        RETURNING receipt_token)
      SELECT receipt_token FROM ins
      UNION ALL SELECT receipt_token FROM receipt_tokens WHERE local_trx_id = ${localTrxId}`),
  );
  if (r) return r.receipt_token;
  // a concurrent insert committed between our snapshot and the conflict: it is visible now
  const [again] = rows<{ receipt_token: string }>(
    await db.execute(sql`SELECT receipt_token FROM receipt_tokens WHERE local_trx_id = ${localTrxId}`),
  );
  if (!again) throw new Error(`no receipt token for ${localTrxId}`);
  return again.receipt_token;
}

/** The absolute link of the public receipt page. */
export const receiptUrl = (deps: AppDeps, token: string) =>
  `${deps.publicUrl.replace(/\/+$/, '')}/receipt/${encodeURIComponent(token)}`;

interface EditRow {
  edit_session_id: string;
  business_user_id: number;
  cashier_name: string;
  edited_at: Date | string;
}

/** GET cashier/pos-trx/{local_trx_id}: the latest version, with server fields, token and edit history. */
export async function storedTrx(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<StoredTrxResponse> {
  const db = deps.database.db;
  const sale = await outletSale(db, auth, localTrxId);
  return storedTrxView(db, sale, await receiptTokenFor(db, sale.local_trx_id, deps.clock.now()));
}

export async function storedTrxView(
  db: Executor,
  sale: StoredSale,
  token: string,
): Promise<StoredTrxResponse> {
  const edits = rows<EditRow>(
    await db.execute(sql`
      SELECT e.edit_session_id, e.business_user_id, trim(u.firstname || ' ' || u.lastname) AS cashier_name, e.edited_at
      FROM trx_edits e JOIN business_users u ON u.business_user_id = e.business_user_id
      WHERE e.local_trx_id = ${sale.local_trx_id}
      ORDER BY e.edited_at, e.trx_edit_id`),
  );
  const created = formatLocalDateTime(sale.created_at);
  return {
    ...sale.trx,
    local_trx_id: sale.local_trx_id,
    pos_sales_trx_head_id: sale.pos_sales_trx_head_id,
    trx_id: sale.trx_id,
    trx_status_id: sale.trx_status_id,
    created_at: created,
    sync_time: created,
    is_synced: true,
    deposit_balance: sale.deposit_balance,
    void_reason: sale.void_reason,
    receipt_token: token,
    trx_edits: edits.map((e) => ({
      edit_session_id: e.edit_session_id,
      business_user_id: Number(e.business_user_id),
      cashier_name: e.cashier_name,
      edited_at: formatLocalDateTime(new Date(e.edited_at)),
    })),
  } as StoredTrxResponse;
}

/** The print settings of the outlet (000 §3 user data, 'Print'): what a receipt needs besides the sale. */
const PRINT_KEYS = [
  'receipt_template',
  'receipt_footer',
  'pos_print_logo',
  'pos_print_outlet_name',
  'pos_print_address',
  'pos_print_user_identifier',
  'pos_print_label_if_no_user_identifier',
  'pos_print_receipt_order_number_top',
  'pos_print_receipt_order_number_bottom',
  'pos_print_date',
  'pos_print_order_detail',
  'pos_print_order_detail_type',
  'order_print_out_section',
  'print_deposit_balance_on_receipt',
  'pos_print_worker',
  'pos_print_initial',
  'pos_print_seller',
  'tax',
] as const;

/** The configuration a receipt of this sale prints with: the outlet's print settings, then the sale's snapshot. */
export function receiptConfigs(sale: StoredSale): Doc {
  const base: Doc = {
    brand_name: sale.brand.brand_name,
    brand_logo: sale.brand.brand_logo,
    currency_code: sale.brand.currency_code,
    qty_decimal_length: sale.brand.qty_decimal_length,
    outlet_name: sale.outlet.outlet_name,
    outlet_address: sale.outlet.outlet_address,
    outlet_phone: sale.outlet.outlet_phone,
  };
  for (const k of PRINT_KEYS) if (k in sale.outlet.settings) base[k] = sale.outlet.settings[k];
  const snap = (sale.trx.cashier_configs ?? {}) as Doc;
  // the snapshot keeps the sale's own rates and names; ids of users and business stay private
  const { business_id: _b, business_user_id: _u, subscription_rules: _s, ...printable } = snap;
  return { ...base, ...printable };
}

/** Customer fields a receipt prints; everything else (phone, e-mail, balances, coupons, notes) stays private. */
function printedCustomer(customer: unknown, configs: Doc): Doc | null {
  if (!customer || typeof customer !== 'object') return null;
  const c = customer as Doc;
  const out: Doc = { user_code: c.user_code ?? null, user_name: c.user_name ?? null };
  if (Number(configs.pos_print_user_identifier) === 1) {
    out.user_identifier_type = c.user_identifier_type ?? null;
    out.user_identifier_string = c.user_identifier_string ?? null;
  }
  return out;
}

/** Line fields that never print (cashier-only notes, item documents beyond the name). */
function printedLine(d: unknown): unknown {
  if (!d || typeof d !== 'object') return d;
  const { secret_notes: _n, ...line } = d as Doc;
  return line;
}

/** GET cashier/pos/receipt-view/{receipt_token}: no session; the token is the only key. */
export async function publicReceipt(deps: AppDeps, token: string): Promise<PublicReceiptResponse> {
  const [r] = rows<SaleRow>(
    await deps.database.db.execute(sql`${SALE_SELECT}
      JOIN receipt_tokens t ON t.local_trx_id = h.local_trx_id
      WHERE t.receipt_token = ${token}`),
  );
  if (!r) throw notFound(RECEIPT_MESSAGES.receiptNotFound);
  const sale = toSale(r);
  const configs = receiptConfigs(sale);
  const {
    receh_code: _r,
    nfc_code: _n,
    deleted_details: _d,
    customerModalOpened: _m,
    account_receivable: _a,
    ...trx
  } = sale.trx;
  const depositShown = Number(configs.print_deposit_balance_on_receipt) === 1;
  return {
    ...trx,
    local_trx_id: sale.local_trx_id,
    trx_id: sale.trx_id,
    trx_status_id: sale.trx_status_id,
    customer: printedCustomer(sale.trx.customer, configs),
    details: Array.isArray(sale.trx.details) ? sale.trx.details.map(printedLine) : [],
    deposit_balance: depositShown ? sale.deposit_balance : null,
    created_at: formatLocalDateTime(sale.created_at),
    cashier_configs: configs,
  } as PublicReceiptResponse;
}

export const isVoid = (sale: StoredSale) => sale.trx_status_id === TRX_STATUS.VOID;
