// Issue 14, ruling 18: coupons on the server. A coupon sale (trx_type COUPON_SALES) issues coupon_user rows
// to its customer (each with a coupon_user_ledger entry of the quantity, its start date as set or defaulted,
// its expiry by the coupon's validity, the line's notes); a sale that uses a coupon (transaction.coupon)
// consumes one of the customer's coupon_user rows (a ledger entry of −1), with that row locked so two tills
// using the same last coupon are taken one after the other and the second refused ('Kupon tidak valid.').
// Both are written inside the sale's own database transaction after its head (exactly once per local_trx_id)
// and both are reversed by a void (ledgers.ts reverseSaleLedgers, by ref_local_trx_id). Prices, the coupon's
// link and its discount are the server's catalogue's, never the device's copy.
import { sql } from 'drizzle-orm';
import type { SaleTrx } from '../../../src/api/contract/pos';
import {
  checkCouponLines,
  couponUseRefusal,
  couponUserIdOf,
  defaultSoldCouponStart,
  soldCouponDates,
} from '../../../src/domain/coupon-use';
import {
  type Coupon,
  couponSchema,
  type PosItem,
  type PromoLink,
  promoLinkSchema,
} from '../../../src/domain/model';
import type { TrxDetail } from '../../../src/domain/model/transaction';
import { chosenVariant } from '../../../src/domain/pricing';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { couponAsItem } from '../../../src/domain/transaction-rules';
import { validateCustomDiscount, validateCustomPrice } from '../../../src/domain/validation-item';
import type { Database } from '../../db/create-db';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { forbidden, invalid } from '../../lib/errors';

const num = (v: unknown) => Number(v ?? 0);
const on = (flags: Readonly<Record<string, 0 | 1>>, flag: string) => Number(flags[flag] ?? 0) === 1;
const samePrice = (a: unknown, b: unknown) => Math.abs(num(a) - num(b)) < 0.005;

/** The coupon ledger's entry types (a void adds each with '_void' and the opposite sign). */
export const COUPON_ENTRY = { sale: 'coupon_sale', use: 'coupon_use' } as const;
/** coupon_users.source of a coupon sold in a coupon sale. */
export const COUPON_SALE_SOURCE = 'coupon_sale';

/** A coupon as the server's catalogue holds it: the coupon, its link (coupon_item) and validity. */
interface CatalogueCoupon extends Coupon {
  coupon_item: PromoLink | null;
  validity_days: number;
}

interface CatalogueGroup {
  coupon_group_id: number;
  coupon_group_name: string;
  coupon_group_image: string | null;
  coupon_group_price: number;
  coupon_category_id: number | null;
  /** each coupon of the group and how many of it one group gives (qty, default 1) */
  members: { coupon_id: number; qty: number }[];
}

function parseCoupon(doc: unknown): CatalogueCoupon | null {
  const c = couponSchema.safeParse(doc);
  if (!c.success) return null;
  const raw = doc as { coupon_item?: unknown; validity_days?: unknown };
  const link = promoLinkSchema.safeParse(raw.coupon_item);
  const days = Number(raw.validity_days);
  return {
    ...c.data,
    coupon_item: link.success ? link.data : null,
    validity_days: Number.isSafeInteger(days) && days > 0 ? days : 30,
  };
}

function parseGroup(doc: unknown): CatalogueGroup | null {
  if (!doc || typeof doc !== 'object') return null;
  const g = doc as Record<string, unknown>;
  const id = Number(g.coupon_group_id);
  if (!Number.isSafeInteger(id) || typeof g.coupon_group_name !== 'string') return null;
  const coupons = Array.isArray(g.coupons) ? g.coupons : [];
  return {
    coupon_group_id: id,
    coupon_group_name: g.coupon_group_name,
    coupon_group_image: typeof g.coupon_group_image === 'string' ? g.coupon_group_image : null,
    coupon_group_price: num(g.coupon_group_price),
    coupon_category_id: g.coupon_category_id == null ? null : num(g.coupon_category_id),
    members: coupons.flatMap((c) => {
      const m = (c ?? {}) as { coupon_id?: unknown; qty?: unknown };
      const id = Number(m.coupon_id);
      const qty = m.qty == null ? 1 : Number(m.qty);
      return Number.isSafeInteger(id) && Number.isSafeInteger(qty) && qty > 0 ? [{ coupon_id: id, qty }] : [];
    }),
  };
}

/** The brand's coupons and coupon groups (their current catalogue documents, manual ones only sell). */
export async function loadCouponCatalogue(
  database: Database,
  businessId: number,
): Promise<{ coupons: Map<number, CatalogueCoupon>; groups: Map<number, CatalogueGroup>; currency: string }> {
  const found = await database.query<{ kind: string; doc: unknown; currency: string | null }>(
    `SELECT e.kind, e.doc, b.currency_code AS currency FROM businesses b
     LEFT JOIN catalogue_entities e ON e.business_id = b.business_id AND e.kind IN ('coupons', 'coupon_groups')
     WHERE b.business_id = $1 ORDER BY e.business_outlet_id`,
    [businessId],
  );
  const coupons = new Map<number, CatalogueCoupon>();
  const groups = new Map<number, CatalogueGroup>();
  for (const r of found) {
    if (!r.kind) continue;
    const doc = typeof r.doc === 'string' ? JSON.parse(r.doc) : r.doc;
    if (r.kind === 'coupons') {
      const c = parseCoupon(doc);
      if (c && !coupons.has(Number(c.coupon_id))) coupons.set(Number(c.coupon_id), c);
    } else {
      const g = parseGroup(doc);
      if (g && !groups.has(g.coupon_group_id)) groups.set(g.coupon_group_id, g);
    }
  }
  return { coupons, groups, currency: found[0]?.currency ?? 'IDR' };
}

/** What one line of a coupon sale issues: each coupon (one, or a group's), `qty` of each. */
export interface CouponIssue {
  coupon: CatalogueCoupon;
  qty: number;
  notes: string | null;
  /** the cashier's 'Coupon Start Date' (used when the coupon takes a manual start) */
  chosenStart: string | null;
}

const isManual = (c: { coupon_type?: string | null }) => (c.coupon_type ?? '').toLowerCase() === 'manual';

/**
 * A coupon sale as the server prices it (000 §3: each coupon or coupon group an item with pos_item_id 0 and
 * one variant id 1 at its catalogue price): the role flag COUPON_SALES, a customer ('Customer harus dipilih
 * untuk pembelian kupon.'), at least one coupon ('Pilih minimal satu kupon untuk melanjutkan.'), no coupon or
 * redeem used on it, no item promos; a custom price or discount only where the coupon and the role allow it.
 * Answers the sale with the catalogue's lines and what it issues.
 */
export function couponSaleFromCatalogue(
  trx: SaleTrx,
  catalogue: Awaited<ReturnType<typeof loadCouponCatalogue>>,
  rights: { flags: Readonly<Record<string, 0 | 1>> },
): { sale: SaleTrx; issues: CouponIssue[] } {
  if (!on(rights.flags, 'COUPON_SALES')) throw forbidden();
  if (!trx.customer?.user_code?.trim() && !trx.customer?.user_phone && !trx.customer?.user_email)
    throw invalid(DOMAIN_MESSAGES.couponSalesNoCustomer, 'customer');
  if (trx.details.length === 0) throw invalid(DOMAIN_MESSAGES.couponSalesNoCoupon, 'details');
  if (trx.coupon || trx.redeem)
    throw invalid(POS_MESSAGES.specialLineInvalid, trx.coupon ? 'coupon' : 'redeem');
  if ((trx.discounts ?? []).some((d) => d.discount_type !== 'custom'))
    throw invalid(POS_MESSAGES.promoNotValid, 'discounts');
  const issues: CouponIssue[] = [];
  const details = trx.details.map((d, i): TrxDetail => {
    const at = (f: string) => `details.${i}.${f}`;
    const meta = d.itemMeta as PosItem & { coupon_group?: { coupon_group_id?: unknown } | null };
    if (num(d.pos_item_id) !== 0 || num(d.pos_item_variant_id) !== 1 || Number(d.is_custom ?? 0) === 1)
      throw invalid(POS_MESSAGES.specialLineInvalid, at('pos_item_id'));
    if ((d.pos_item_discounts ?? []).length > 0 || (d.pos_item_pos_item_modifiers ?? []).length > 0)
      throw invalid(POS_MESSAGES.specialLineInvalid, at('pos_item_discounts'));
    const groupId = meta.coupon_group ? Number(meta.coupon_group.coupon_group_id) : null;
    const couponId = groupId === null ? Number(meta.coupon_meta?.coupon_id) : null;
    let item: PosItem;
    let sold: { coupon: CatalogueCoupon; per: number }[];
    if (groupId !== null) {
      const g = catalogue.groups.get(groupId);
      const members = (g?.members ?? []).map((m) => ({
        coupon: catalogue.coupons.get(m.coupon_id),
        per: m.qty,
      }));
      if (!g || members.length === 0 || members.some((m) => !m.coupon))
        throw invalid(POS_MESSAGES.itemNotInCatalogue, at('itemMeta'));
      sold = members as { coupon: CatalogueCoupon; per: number }[];
      const asItem = couponAsItem({
        coupon_id: 0,
        coupon_name: g.coupon_group_name,
        coupon_image: g.coupon_group_image,
        coupon_price: g.coupon_group_price,
        coupon_category_id: g.coupon_category_id,
      });
      item = { ...asItem, coupon_meta: { ...asItem.coupon_meta, coupon_id: null } };
    } else {
      const c = catalogue.coupons.get(Number(couponId));
      if (!c || !isManual(c)) throw invalid(POS_MESSAGES.itemNotInCatalogue, at('itemMeta'));
      sold = [{ coupon: c, per: 1 }];
      item = couponAsItem(c);
    }
    const qty = num(d.qty);
    if (!Number.isSafeInteger(qty) || qty <= 0) throw invalid(DOMAIN_MESSAGES.qtyMinimumOne, at('qty'));
    // the price: the catalogue's, or a custom one where the coupon allows it
    const catalogueVariant = item.pos_item_variants[0];
    const sent = chosenVariant(d);
    let variant = catalogueVariant;
    if (sent && !samePrice(sent.variant_price, catalogueVariant.variant_price)) {
      if (sent.custom_price !== true || Number(item.is_custom_price) !== 1)
        throw invalid(POS_MESSAGES.priceNotInCatalogue, at('itemMeta.pos_item_variants'));
      const message = validateCustomPrice({
        price: sent.variant_price,
        originalPrice: catalogueVariant.variant_price,
        allowLessThanOriginal: on(rights.flags, 'CUSTOM_PRICE_LESS_THAN_ORIGINAL'),
        currency: catalogue.currency,
      });
      if (message) throw invalid(message, at('itemMeta.pos_item_variants'));
      variant = {
        ...catalogueVariant,
        variant_price: num(sent.variant_price),
        custom_price: true,
        original_price: catalogueVariant.variant_price,
      };
    }
    if (d.custom_discount_type && num(d.custom_discount_value) > 0) {
      if (!on(rights.flags, 'DISCOUNT_ITEM') || Number(item.is_custom_discount) !== 1)
        throw invalid(POS_MESSAGES.itemDiscountNotAllowed, at('custom_discount_value'));
      const message = validateCustomDiscount({
        type: d.custom_discount_type,
        value: d.custom_discount_value,
        price: num(variant.variant_price),
        maxCustomDiscount: item.coupon_meta?.max_custom_discount ?? item.max_custom_discount,
        isCouponTransaction: true,
      });
      if (message) throw invalid(message, at('custom_discount_value'));
    }
    const notes = typeof d.coupon_notes === 'string' && d.coupon_notes.trim() ? d.coupon_notes.trim() : null;
    for (const { coupon, per } of sold)
      issues.push({ coupon, qty: qty * per, notes, chosenStart: d.coupon_activation_date ?? null });
    return {
      ...d,
      itemMeta: { ...item, pos_item_variants: [variant] },
      is_package: 0,
      coupon: null,
      redeem: null,
    };
  });
  return { sale: { ...trx, details }, issues };
}

/** A coupon a sale uses, as the server holds it (read before the sale's transaction; re-checked locked). */
export interface UsedCoupon {
  coupon_user_id: number;
  coupon_id: number;
  /** the server's coupon_item: the catalogue's link with the coupon's names */
  coupon_item: PromoLink & Record<string, unknown>;
}

/**
 * The coupon a sale names (transaction.coupon.coupon_code = the coupon_user_id) with its link from the
 * catalogue: 'Kode kupon harus diisi!' without a code, 'Kupon tidak valid.' for an unknown one or one of
 * another brand. The sale is priced with the server's link, and the lines marked as the coupon's must be
 * what the link allows (checkCouponLines).
 */
export async function couponOfSale(
  database: Database,
  input: { businessId: number; sale: SaleTrx },
): Promise<{ sale: SaleTrx; used: UsedCoupon | null }> {
  const { sale } = input;
  if (!sale.coupon) {
    // a line cannot claim a coupon the sale does not use
    if (sale.details.some((d) => d.coupon)) throw invalid(DOMAIN_MESSAGES.couponInvalid, 'coupon');
    return { sale, used: null };
  }
  const code = sale.coupon.coupon_code ?? sale.coupon.coupon_item?.coupon_code;
  if (code === null || code === undefined || String(code).trim() === '')
    throw invalid(DOMAIN_MESSAGES.couponCodeRequired, 'coupon.coupon_code');
  const id = couponUserIdOf(code);
  if (id === null) throw invalid(DOMAIN_MESSAGES.couponInvalid, 'coupon.coupon_code');
  const [row] = await database.query<{ coupon_id: number; notes: string | null; doc: unknown }>(
    `SELECT cu.coupon_id, cu.coupon_notes AS notes, ce.doc
     FROM coupon_users cu
     JOIN customers c ON c.customer_id = cu.customer_id AND c.business_id = $2
     LEFT JOIN LATERAL (SELECT doc FROM catalogue_entities
       WHERE business_id = $2 AND kind = 'coupons' AND entity_id = cu.coupon_id::text
       ORDER BY business_outlet_id LIMIT 1) ce ON true
     WHERE cu.coupon_user_id = $1`,
    [id, input.businessId],
  );
  const coupon = row ? parseCoupon(typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc) : null;
  if (!row || !coupon?.coupon_item) throw invalid(DOMAIN_MESSAGES.couponInvalid, 'coupon.coupon_code');
  const coupon_item = {
    ...coupon.coupon_item,
    coupon_code: String(id),
    coupon_name: coupon.coupon_name,
    coupon_image: coupon.coupon_image ?? null,
    coupon_notes: row.notes,
  };
  const problem = checkCouponLines(coupon_item, sale.details);
  if (problem) throw invalid(problem.message, `details.${problem.index}`);
  return {
    sale: { ...sale, coupon: { ...sale.coupon, coupon_code: String(id), coupon_item } },
    used: { coupon_user_id: id, coupon_id: Number(row.coupon_id), coupon_item },
  };
}

/**
 * Inside the sale's transaction: the coupon_user row locked (FOR UPDATE: a second till using the same coupon
 * waits here), then — a later statement, so it sees every use committed before the lock was granted — its
 * balance; refused ('Kupon tidak valid.') when it is another customer's, not started or expired on the
 * outlet's date, or used up.
 */
export async function lockCouponUse(
  tx: Pick<Tx, 'execute'>,
  input: { couponUserId: number; customerId: number | null; today: string },
): Promise<void> {
  const [held] = rows<{ customer_id: string; start_date: string; expired_date: string }>(
    await tx.execute(sql`
      SELECT customer_id::text, start_date::text, expired_date::text FROM coupon_users
      WHERE coupon_user_id = ${input.couponUserId} FOR UPDATE`),
  );
  const [left] = held
    ? rows<{ left: string }>(
        await tx.execute(sql`
          SELECT coalesce(sum(qty), 0)::text AS left FROM coupon_user_ledger
          WHERE coupon_user_id = ${input.couponUserId}`),
      )
    : [];
  const refusal = couponUseRefusal(
    held
      ? {
          customer_id: Number(held.customer_id),
          start_date: held.start_date,
          expired_date: held.expired_date,
          left: Number(left?.left ?? 0),
        }
      : null,
    { customer_id: input.customerId, today: input.today },
  );
  if (refusal) throw invalid(refusal, 'coupon.coupon_code');
}

/** The use's ledger entry (−1), after the sale's head. */
export async function writeCouponUse(
  tx: Pick<Tx, 'execute'>,
  input: { couponUserId: number; localTrxId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, ref_local_trx_id, created_at)
    VALUES (${input.couponUserId}, ${COUPON_ENTRY.use}, -1, ${input.localTrxId}, ${input.now.toISOString()}::timestamptz)`);
}

/**
 * The coupons a coupon sale issues, after the sale's head: one coupon_user row per coupon of each line
 * (a group's coupons each), its ledger entry of the line's qty. The start date: the cashier's for a coupon
 * with a manual start (from today on), else today or the day after the customer's latest same coupon still
 * valid (rows issued earlier in this sale included); the expiry by the coupon's validity_days.
 */
export async function writeCouponIssues(
  tx: Pick<Tx, 'execute'>,
  issues: readonly CouponIssue[],
  input: { customerId: number; localTrxId: string; now: Date; today: string },
): Promise<void> {
  const at = input.now.toISOString();
  for (const issue of issues) {
    const [latest] = rows<{ d: string | null }>(
      await tx.execute(sql`
        SELECT max(cu.expired_date)::text AS d FROM coupon_users cu
        WHERE cu.customer_id = ${input.customerId} AND cu.coupon_id = ${issue.coupon.coupon_id}
          AND cu.expired_date >= ${input.today}::date
          AND (SELECT coalesce(sum(l.qty), 0) FROM coupon_user_ledger l WHERE l.coupon_user_id = cu.coupon_user_id) > 0`),
    );
    const dates = soldCouponDates({
      chosen: issue.chosenStart,
      manual: issue.coupon.coupon_start_date_type === 'MANUAL_INPUT',
      defaultStart: defaultSoldCouponStart(latest?.d ?? null, input.today),
      today: input.today,
      validityDays: issue.coupon.validity_days,
    });
    const [cu] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO coupon_users (customer_id, coupon_id, start_date, expired_date, source, ref_local_trx_id,
          coupon_notes, created_at)
        VALUES (${input.customerId}, ${issue.coupon.coupon_id}, ${dates.start_date}::date,
          ${dates.expired_date}::date, ${COUPON_SALE_SOURCE}, ${input.localTrxId}, ${issue.notes}, ${at}::timestamptz)
        RETURNING coupon_user_id AS id`),
    );
    await tx.execute(sql`
      INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, ref_local_trx_id, created_at)
      VALUES (${cu.id}, ${COUPON_ENTRY.sale}, ${issue.qty}, ${input.localTrxId}, ${at}::timestamptz)`);
  }
}
