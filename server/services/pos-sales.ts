import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POS_MESSAGES, type PosTrxResult, type SaleTrx } from '../../src/api/contract/pos';
import { withDiscountKinds } from '../../src/domain/discount-kind';
import { TRX_STATUS } from '../../src/domain/model/common';
import { roundMoney } from '../../src/domain/money';
import { chosenVariant, type PricingConfig, type TransactionTotals } from '../../src/domain/pricing';
import type { AppDeps } from '../deps';
import { formatLocalDateTime, parseLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { debitWallet, openReceivable, type Tx, walletBalance } from './ledgers';
import { resolveSaleCustomer } from './pos-customer';
import { checkSale, pricingConfigFor } from './pos-sale-check';
import { saleStockCtes } from './pos-stock';
import type { AuthContext } from './sessions';
import { userOutlets } from './user-data';

const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The outlet as the sale rules read it. */
export interface SaleOutlet {
  business_outlet_id: number;
  code: string;
  use_wallet_security_code: boolean;
  pricing: PricingConfig;
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

export async function loadSaleOutlet(deps: AppDeps, outletId: number): Promise<SaleOutlet> {
  const [o] = rows<{ outlet_name: string; settings: Record<string, unknown> | string; charges: unknown }>(
    await deps.database.db.execute(sql`
      SELECT o.outlet_name, o.settings,
        (SELECT jsonb_build_object(
           'service_charge', coalesce(jsonb_agg(c.doc ORDER BY c.sort_order) FILTER (WHERE c.kind = 'service_charge'), '[]'),
           'additional_charge', coalesce(jsonb_agg(c.doc ORDER BY c.sort_order) FILTER (WHERE c.kind = 'additional_charge'), '[]'))
         FROM catalogue_entities c
         WHERE c.business_id = o.business_id AND c.business_outlet_id = o.business_outlet_id
           AND c.kind IN ('service_charge', 'additional_charge')
        ) AS charges
      FROM outlets o WHERE o.business_outlet_id = ${outletId}`),
  );
  if (!o) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  const settings = (typeof o.settings === 'string' ? JSON.parse(o.settings) : o.settings) as Record<
    string,
    unknown
  >;
  const charges = (typeof o.charges === 'string' ? JSON.parse(o.charges) : o.charges) as PricingConfig;
  return {
    business_outlet_id: outletId,
    code: outletCode(o.outlet_name, settings),
    use_wallet_security_code: Number(settings.use_wallet_security_code) === 1,
    pricing: {
      tax: (settings.tax as PricingConfig['tax']) ?? null,
      service_charge: charges?.service_charge ?? [],
      additional_charge: charges?.additional_charge ?? [],
    },
  };
}

/**
 * The outlet a sale belongs to: the one its cashier_configs snapshot names when the user works there (a sale
 * made offline before the cashier switched outlet still moves that outlet's stock), else the session's.
 * Loaded once per request and outlet.
 */
export function saleOutlets(deps: AppDeps, auth: AuthContext): (trx: SaleTrx) => Promise<SaleOutlet> {
  const loaded = new Map<number, Promise<SaleOutlet>>();
  let allowed: Promise<Set<number>> | null = null;
  const load = (id: number) => {
    let o = loaded.get(id);
    if (!o) {
      o = loadSaleOutlet(deps, id);
      loaded.set(id, o);
    }
    return o;
  };
  return async (trx) => {
    const own = Number(trx.cashier_configs?.business_outlet_id);
    if (Number.isInteger(own) && own > 0 && own !== auth.outlet_id) {
      allowed ??= userOutlets(deps, auth.business_user_id).then(
        (list) => new Set(list.map((o) => o.business_outlet_id)),
      );
      if ((await allowed).has(own)) return load(own);
    }
    if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
    return load(auth.outlet_id);
  };
}

interface HeadRow {
  pos_sales_trx_head_id: string | number;
  local_trx_id: string;
  trx_id: string;
  deposit_balance: string | null;
  user_code: string | null;
  created_at: Date | string;
  business_id: number;
  drv_grand_total: string;
  drv_qty: string;
}

/** The answer for a stored sale: the same every time it is asked (a repeat gets the first answer). */
function answerOf(h: HeadRow): PosTrxResult {
  const created = formatLocalDateTime(new Date(h.created_at));
  return {
    status: 'success',
    local_trx_id: h.local_trx_id,
    pos_sales_trx_head_id: Number(h.pos_sales_trx_head_id),
    trx_id: h.trx_id,
    deposit_balance: h.deposit_balance === null ? null : Number(h.deposit_balance),
    top_up_deposit_rewards: null,
    user_code: h.user_code,
    created_at: created,
    sync_time: created,
  };
}

const HEAD_COLUMNS = sql`pos_sales_trx_head_id, local_trx_id, trx_id, deposit_balance::text AS deposit_balance,
  user_code, created_at, business_id, drv_grand_total::text AS drv_grand_total, drv_qty::text AS drv_qty`;

async function storedAnswer(tx: Pick<Tx, 'execute'>, trx: SaleTrx, businessId: number) {
  const [h] = rows<HeadRow>(
    await tx.execute(
      sql`SELECT ${HEAD_COLUMNS} FROM pos_sales_trx_heads WHERE local_trx_id = ${trx.local_trx_id}`,
    ),
  );
  if (!h) return null;
  // another brand's device cannot read (or overwrite) a sale by guessing its uuid
  if (Number(h.business_id) !== businessId) throw invalid(POS_MESSAGES.trxNotFound, 'local_trx_id');
  // A repeat is the same sale again; a changed one (edited after a lost answer) must not be
  // acknowledged as if the server held it.
  for (const field of ['drv_grand_total', 'drv_qty'] as const) {
    if (trx[field] == null) continue;
    if (!(Math.abs(Number(trx[field]) - Number(h[field])) <= 0.005))
      throw invalid(POS_MESSAGES.repeatDiffers, field);
  }
  return answerOf(h);
}

class AlreadyStored extends Error {}

const walletCodeHash = (userCode: string, code: string) =>
  createHash('sha256').update(`${userCode}:${code}`).digest('hex');

function saleTime(trx: SaleTrx, now: Date): Date {
  for (const t of [trx.trx_time, trx.trx_local_end_time]) {
    if (!t) continue;
    try {
      return parseLocalDateTime(t);
    } catch {
      // not the stored format: try the next, else the server's time
    }
  }
  return now;
}

/**
 * Ingests one completed sale (submit or sync), exactly once per local_trx_id: the repeat of a stored sale
 * answers the first answer and writes nothing. Totals are recomputed with the domain's pricing; the sale,
 * its lines and payments, a new customer, the wallet debit, the receivable and the stock moves are written
 * in ONE database transaction, so a refusal or a crash leaves nothing behind.
 */
export async function ingestSale(
  deps: AppDeps,
  auth: AuthContext,
  outlet: SaleOutlet,
  trx: SaleTrx,
  isOffline: boolean,
  localSyncTime: string | null,
): Promise<PosTrxResult> {
  const db = deps.database.db;
  const repeat = await storedAnswer(db, trx, auth.business_id);
  if (repeat) return repeat;
  const checked = checkSale(trx, pricingConfigFor(trx, outlet.pricing), outlet);
  const now = deps.clock.now();
  const trxTime = saleTime(trx, now);
  const trxDate = formatLocalDateTime(trxTime).slice(0, 10).replaceAll('-', '');
  const touchesWallet = checked.payments.deposit > 0;
  try {
    return await db.transaction(async (tx) => {
      const customer = await resolveSaleCustomer(tx, {
        businessId: auth.business_id,
        customer: trx.customer,
        lock: touchesWallet,
        now,
      });
      if (!customer && (touchesWallet || checked.payments.credit > 0))
        throw invalid(POS_MESSAGES.customerRequiredForPayment, 'customer');
      let depositBalance: number | null = null;
      if (customer) {
        const balance = await walletBalance(tx, customer.customer_id);
        if (touchesWallet) {
          if (outlet.use_wallet_security_code && customer.wallet_security_code_hash !== null) {
            const given = trx.receh_code?.trim() ?? '';
            if (walletCodeHash(customer.user_code, given) !== customer.wallet_security_code_hash)
              throw invalid(POS_MESSAGES.wrongWalletCode, 'receh_code');
          }
          if (checked.payments.deposit > balance + 0.005)
            throw invalid(POS_MESSAGES.insufficientDeposit, 'payments');
        }
        depositBalance = Math.round((balance - checked.payments.deposit) * 100) / 100;
      }
      const t = checked.totals;
      const stock = saleStockCtes({
        businessId: auth.business_id,
        outletId: outlet.business_outlet_id,
        details: trx.details,
        localTrxId: trx.local_trx_id,
        now,
      });
      // One statement: the number, the head, lines, payments and stock. The head conflicts on local_trx_id
      // with a stored twin, and then nothing else is written. The outlet's counter row stays locked from
      // here to the commit only.
      const [head] = rows<HeadRow>(
        await tx.execute(sql`
          WITH n AS (
            INSERT INTO pos_trx_id_counters (business_outlet_id, trx_date, last_no)
            VALUES (${outlet.business_outlet_id}, ${trxDate}, 1)
            ON CONFLICT (business_outlet_id, trx_date) DO UPDATE SET last_no = pos_trx_id_counters.last_no + 1
            RETURNING last_no),
          h AS (
            INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id,
              session_id, trx_id, trx_type, trx_status_id, is_offline, customer_id, user_code, order_no,
              local_shift_id, trx_time, local_sync_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
              drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty,
              deposit_balance, trx, created_at)
            SELECT ${trx.local_trx_id}::text, ${auth.business_id}::int, ${outlet.business_outlet_id}::int,
              ${auth.business_user_id}::int, ${auth.session_id}::bigint,
              ${`${outlet.code}-${trxDate}-`}::text || lpad(n.last_no::text, greatest(4, length(n.last_no::text)), '0'),
              ${trx.trx_type}::text, ${TRX_STATUS.COMPLETED}::smallint, ${isOffline ? 1 : 0}::smallint,
              ${customer?.customer_id ?? null}::bigint, ${customer?.user_code ?? null}::text,
              ${trx.order_no ?? null}::int, ${trx.local_shift_id ?? null}::text,
              ${trxTime.toISOString()}::timestamptz, ${localSyncTime}::text, ${t.drv_gross_total}::numeric,
              ${t.drv_subtotal}::numeric, ${t.drv_total_discount_nominal}::numeric,
              ${t.drv_total_service_charge}::numeric, ${t.drv_total_additional_charge}::numeric,
              ${t.drv_tax}::numeric, ${t.drv_grand_total}::numeric, ${t.drv_qty}::numeric,
              ${depositBalance}::numeric, ${JSON.stringify(trx)}::jsonb, ${now.toISOString()}::timestamptz
            FROM n
            ON CONFLICT (local_trx_id) DO NOTHING
            RETURNING ${HEAD_COLUMNS}),
          d AS (
            INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, ${DETAIL_COLUMNS})
            SELECT h.pos_sales_trx_head_id, x.* FROM h,
              jsonb_to_recordset(${JSON.stringify(detailRows(trx, t))}::jsonb) AS x(${DETAIL_TYPES})),
          p AS (
            INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, ${PAYMENT_COLUMNS})
            SELECT h.pos_sales_trx_head_id, x.* FROM h,
              jsonb_to_recordset(${JSON.stringify(paymentRows(trx))}::jsonb) AS x(${PAYMENT_TYPES}))
          ${stock ?? sql``}
          SELECT * FROM h`),
      );
      // a concurrent twin committed first: undo this attempt (its number too) and answer the first
      if (!head) throw new AlreadyStored();
      if (customer && touchesWallet)
        await debitWallet(tx, {
          customerId: customer.customer_id,
          amount: checked.payments.deposit,
          localTrxId: trx.local_trx_id,
          now,
        });
      if (customer && checked.payments.credit > 0) {
        const credit = trx.payments.find((p) => p.payment_type === 'CREDIT');
        await openReceivable(tx, {
          customerId: customer.customer_id,
          outletId: outlet.business_outlet_id,
          localTrxId: trx.local_trx_id,
          trxId: head.trx_id,
          trxTime,
          amount: checked.payments.credit,
          reference: credit?.payment_ref?.trim() || null,
          now,
        });
      }
      return answerOf(head);
    });
  } catch (e) {
    if (e instanceof AlreadyStored) {
      const first = await storedAnswer(db, trx, auth.business_id);
      if (first) return first;
    }
    throw e;
  }
}

const DETAIL_SPEC = [
  ['local_trx_detail_id', 'text'],
  ['line_no', 'int'],
  ['pos_item_id', 'int'],
  ['pos_item_variant_id', 'int'],
  ['item_name', 'text'],
  ['variant_name', 'text'],
  ['item_nature', 'text'],
  ['is_package', 'smallint'],
  ['is_custom', 'smallint'],
  ['qty', 'numeric'],
  ['unit_price', 'numeric'],
  ['gross_total', 'numeric'],
  ['discount_total', 'numeric'],
  ['line_total', 'numeric'],
  ['global_discount_share', 'numeric'],
  ['service_charge', 'numeric'],
  ['additional_charge', 'numeric'],
  ['item_discount_type', 'text'],
  ['business_commission_worker_id', 'int'],
] as const;
const PAYMENT_SPEC = [
  ['local_payment_id', 'text'],
  ['payment_type', 'text'],
  ['payment_method_name', 'text'],
  ['table_name', 'text'],
  ['table_id', 'int'],
  ['payment_amount', 'numeric'],
  ['payment_charge', 'numeric'],
  ['payment_ref', 'text'],
] as const;
const columns = (spec: readonly (readonly [string, string])[]) => sql.raw(spec.map(([c]) => c).join(', '));
const types = (spec: readonly (readonly [string, string])[]) =>
  sql.raw(spec.map(([c, t]) => `${c} ${t}`).join(', '));
const DETAIL_COLUMNS = columns(DETAIL_SPEC);
const DETAIL_TYPES = types(DETAIL_SPEC);
const PAYMENT_COLUMNS = columns(PAYMENT_SPEC);
const PAYMENT_TYPES = types(PAYMENT_SPEC);

type Row<S extends readonly (readonly [string, string])[]> = Record<S[number][0], unknown>;

/** The relational lines: the server's own pricing of each, and the discount label recorded at submit. */
function detailRows(trx: SaleTrx, totals: TransactionTotals): Row<typeof DETAIL_SPEC>[] {
  return withDiscountKinds(trx).details.map((d, i) => {
    const priced = totals.lines[i];
    return {
      local_trx_detail_id: d.local_trx_detail_id,
      line_no: i + 1,
      pos_item_id: d.pos_item_id,
      pos_item_variant_id: d.pos_item_variant_id,
      item_name: d.itemMeta.item_name ?? null,
      variant_name: chosenVariant(d)?.variant_name ?? null,
      item_nature: d.itemMeta.item_nature ?? null,
      is_package: Number(d.is_package) === 1 ? 1 : 0,
      is_custom: Number(d.is_custom) === 1 ? 1 : 0,
      qty: d.qty,
      unit_price: priced.unit_price,
      gross_total: priced.gross_total,
      discount_total: priced.discount_total,
      line_total: priced.line_total,
      global_discount_share: roundMoney(priced.global_discount_share),
      service_charge: priced.service_charge,
      additional_charge: priced.additional_charge,
      item_discount_type: d.item_discount_type ?? null,
      business_commission_worker_id:
        d.business_commission_worker_id ?? d.commission_worker?.business_commission_worker_id ?? null,
    };
  });
}

function paymentRows(trx: SaleTrx): Row<typeof PAYMENT_SPEC>[] {
  return trx.payments.map((p) => ({
    local_payment_id: p.local_payment_id,
    payment_type: p.payment_type,
    payment_method_name: p.payment_method.payment_method_name,
    table_name: p.payment_method.table_name,
    table_id: p.payment_method.table_id,
    payment_amount: p.payment_amount,
    payment_charge: p.payment_charge ?? 0,
    payment_ref: p.payment_ref ?? null,
  }));
}

/** Prefixes a refusal's field with the transaction's place in the request (trxs.{i}.…). */
export function inTrx(e: unknown, index: number): unknown {
  if (!(e instanceof ServiceError) || e.kind !== 'invalid') return e;
  return invalid(e.message, e.field ? `trxs.${index}.${e.field}` : `trxs.${index}`);
}
