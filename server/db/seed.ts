import { count, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { parseLocalDateTime } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { hashWalletCode, nfcCodeKey } from '../lib/wallet-code-hash';
import type { Database, Db } from './create-db';
import type { LargeCatalogue } from './demo/large';
import type { DemoBusiness, DemoCustomer, DemoOpeningStock, DemoPosItem } from './demo/types';
import {
  businesses,
  businessUserOutlets,
  businessUsers,
  catalogueEntities,
  couponUserLedger,
  couponUsers,
  customerMemberships,
  customers,
  itemReturnIntervals,
  outlets,
  pointLedger,
  receivableLedger,
  receivables,
  stockLedger,
  storageLocations,
  userGroups,
  vendors,
  walletLedger,
} from './schema';
import { loadRedeemDemo } from './seed-redeem';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CatalogueRow = typeof catalogueEntities.$inferInsert;

const CHUNK = 500;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function hasBusiness(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(businesses);
  return Number(row?.n ?? 0) > 0;
}

/** A served pos_item: its req-item discounts expanded in place; the outlet list lives in its own column. */
function itemDoc(
  item: DemoPosItem,
  discounts: Map<number, Record<string, unknown>>,
): Record<string, unknown> {
  const { outlet_ids: _outlets, pos_item_discount_ids, ...rest } = item;
  return {
    ...rest,
    pos_item_discounts: pos_item_discount_ids.flatMap((id) => discounts.get(id) ?? []),
  };
}

function catalogueRows(demo: DemoBusiness, now: Date): CatalogueRow[] {
  const business_id = demo.brand.business_id;
  const c = demo.catalogue;
  const rows: CatalogueRow[] = [];
  const add = (
    kind: string,
    list: readonly object[],
    idOf: (doc: never) => string | number,
    outlet = 0,
    outletIds?: (doc: never) => number[] | null,
  ) => {
    list.forEach((doc, i) => {
      rows.push({
        business_id,
        business_outlet_id: outlet,
        kind,
        entity_id: String(idOf(doc as never)),
        outlet_ids: outletIds ? outletIds(doc as never) : null,
        sort_order: i,
        doc: doc as Record<string, unknown>,
        updated_at: now,
      });
    });
  };
  const discounts = new Map(c.pos_item_discounts.map((d) => [d.pos_item_discount_id, { ...d }]));
  const workerOutlets = (id: number) =>
    demo.outlets.filter((o) => o.commission_worker_ids.includes(id)).map((o) => o.business_outlet_id);

  add(
    'pos_item_categories',
    c.pos_item_categories,
    (d: { pos_item_category_id: number }) => d.pos_item_category_id,
  );
  c.pos_items.forEach((item, i) => {
    rows.push({
      business_id,
      business_outlet_id: 0,
      kind: 'pos_items',
      entity_id: String(item.pos_item_id),
      outlet_ids: item.outlet_ids,
      sort_order: i,
      doc: itemDoc(item, discounts),
      updated_at: now,
    });
  });
  add('coupon_categories', c.coupon_categories, (d: { coupon_category_id: number }) => d.coupon_category_id);
  add('coupons', c.coupons, (d: { coupon_id: number }) => d.coupon_id);
  add('coupon_groups', c.coupon_groups, (d: { coupon_group_id: number }) => d.coupon_group_id);
  add(
    'pos_item_discounts',
    c.pos_item_discounts,
    (d: { pos_item_discount_id: number }) => d.pos_item_discount_id,
  );
  add(
    'business_memberships',
    c.business_memberships,
    (d: { business_membership_id: number }) => d.business_membership_id,
  );
  add(
    'reward_redemption_items',
    c.reward_redemption_items,
    (d: { reward_redemption_item_id: number }) => d.reward_redemption_item_id,
  );
  add(
    'commission_worker_groups',
    c.commission_worker_groups,
    (d: { business_commission_worker_group_id: number }) => d.business_commission_worker_group_id,
  );
  add(
    'commission_worker',
    c.commission_worker,
    (d: { business_commission_worker_id: number }) => d.business_commission_worker_id,
    0,
    (d: { business_commission_worker_id: number }) => workerOutlets(d.business_commission_worker_id),
  );
  add('tags', c.tags, (d: { pos_tag_id: number }) => d.pos_tag_id);
  add('units', c.units, (d: { inv_unit_id: number }) => d.inv_unit_id);
  add('help_faqs', c.help_faqs, (d: { business_user_faq_id: number }) => d.business_user_faq_id);
  for (const o of demo.outlets) {
    const at = o.business_outlet_id;
    add(
      'payment_method',
      o.payment_method,
      (d: { table_name: string; table_id: number }) => `${d.table_name}:${d.table_id}`,
      at,
    );
    add(
      'service_charge',
      o.service_charge,
      (d: { pos_serviceCharge_id: number }) => d.pos_serviceCharge_id,
      at,
    );
    add(
      'additional_charge',
      o.additional_charge,
      (d: { pos_additionalCharge_id: number }) => d.pos_additionalCharge_id,
      at,
    );
    add('sales_type', o.sales_type, (d: { pos_salesType_id: number }) => d.pos_salesType_id, at);
    add('area', o.area, (d: { pos_area_id: number }) => d.pos_area_id, at);
    add('area_category', o.area_category, (d: { pos_areaCategory_id: number }) => d.pos_areaCategory_id, at);
  }
  return rows;
}

/**
 * The demo's outlets opened on 2025-01-01 (WIB), or at the seeding instant if that is earlier: a sale is never
 * older than its outlet (pos/sale-plan.ts checkSaleTimes), and the demo's own history and the examples' fixed
 * dates lie after it.
 */
const DEMO_OUTLETS_OPENED = new Date('2025-01-01T00:00:00+07:00');
const demoOutletsOpened = (now: Date): Date => (now < DEMO_OUTLETS_OPENED ? now : DEMO_OUTLETS_OPENED);

/** Brand, outlets, groups, users (argon2), catalogue, storage locations and vendors. */
async function loadBusinessCore(tx: Tx, demo: DemoBusiness, now: Date): Promise<void> {
  const b = demo.brand;
  await tx.insert(businesses).values({
    business_id: b.business_id,
    brand_name: b.brand_name,
    business_slug: b.business_slug,
    brand_logo: b.brand_logo,
    currency_code: b.currency_code,
    qty_decimal_length: b.qty_decimal_length,
    settings: {
      subscription_rules: b.subscription_rules,
      business_wallet: b.business_wallet,
      businessWallet_restrictedPosItemCategories: b.businessWallet_restrictedPosItemCategories,
      loyalty_earn_rule: b.loyalty_earn_rule,
      top_up_reward_rules: b.top_up_reward_rules,
      payment_method_global: b.payment_method_global,
    },
    created_at: now,
  });
  await tx.insert(outlets).values(
    demo.outlets.map((o) => ({
      business_outlet_id: o.business_outlet_id,
      business_id: b.business_id,
      outlet_name: o.outlet_name,
      outlet_address: o.outlet_address,
      outlet_phone: o.outlet_phone,
      settings: { ...o.settings, tax: o.tax },
      created_at: demoOutletsOpened(now),
    })),
  );
  await tx.insert(userGroups).values(
    demo.user_groups.map((g) => ({
      business_user_group_id: g.business_user_group_id,
      business_id: b.business_id,
      group_name: g.group_name,
      auth_role_accesses: g.auth_role_accesses,
      is_void_allowed: g.is_void_allowed,
    })),
  );
  const users = await Promise.all(
    demo.users.map(async (u) => ({
      business_user_id: u.business_user_id,
      business_id: b.business_id,
      email: u.email,
      password_hash: await hashPassword(u.password),
      firstname: u.firstname,
      lastname: u.lastname,
      phone: u.phone,
      business_user_group_id: u.business_user_group_id,
      is_supervisor: u.is_supervisor === 1,
      health_worker: u.health_worker ?? null,
      is_active: true,
      created_at: now,
    })),
  );
  await tx.insert(businessUsers).values(users);
  await tx.insert(businessUserOutlets).values(
    demo.users.flatMap((u) =>
      u.outlet_ids.map((business_outlet_id) => ({
        business_user_id: u.business_user_id,
        business_outlet_id,
      })),
    ),
  );
  await insertChunked(catalogueRows(demo, now), (chunk) => tx.insert(catalogueEntities).values(chunk));
  const locations = demo.outlets.flatMap((o) =>
    o.storage_locations.map((s) => ({
      inv_sloc_id: s.inv_sloc_id,
      business_outlet_id: o.business_outlet_id,
      location_name: s.location_name,
      is_default: s.is_default === 1,
      doc: { ...s },
    })),
  );
  if (locations.length) await tx.insert(storageLocations).values(locations);
  if (demo.catalogue.vendors.length) {
    await tx.insert(vendors).values(
      demo.catalogue.vendors.map((v) => ({
        inv_vendor_id: v.inv_vendor_id,
        business_id: b.business_id,
        vendor_name: v.vendor_name,
        vendor_last_name: v.vendor_last_name,
        doc: { ...v },
      })),
    );
  }
}

async function loadOpeningStock(
  tx: Tx,
  items: DemoPosItem[],
  stock: DemoOpeningStock[],
  now: Date,
): Promise<void> {
  const itemOf = new Map<number, number>();
  for (const it of items)
    for (const v of it.pos_item_variants) itemOf.set(v.pos_item_variant_id, it.pos_item_id);
  const rows = stock.map((s) => ({
    inv_sloc_id: s.inv_sloc_id,
    pos_item_id: itemOf.get(s.pos_item_variant_id) ?? 0,
    pos_item_variant_id: s.pos_item_variant_id,
    entry_type: 'opening',
    qty: String(s.qty),
    bad_qty: String(s.bad_qty),
    created_at: now,
  }));
  await insertChunked(rows, (chunk) => tx.insert(stockLedger).values(chunk));
}

/** Customers with their opening balances as the first entries of each ledger (ruling 13). */
export async function loadCustomers(
  tx: Tx,
  businessId: number,
  list: DemoCustomer[],
  rewardName: string,
  now: Date,
): Promise<void> {
  const ids = new Map<string, number>();
  // the wallet PINs' slow hashes, computed side by side (argon2 runs on the thread pool)
  const pinHashes = new Map(
    await Promise.all(
      list
        .filter((c) => c.wallet_security_code)
        .map(async (c) => [c.user_code, await hashWalletCode(c.user_code, c.wallet_security_code)] as const),
    ),
  );
  // the NFC cards' codes, hashed the same way (ruling 20: compared on the server only)
  const nfcHashes = new Map(
    await Promise.all(
      list
        .filter((c) => c.nfc_security_code)
        .map(
          async (c) => [c.user_code, await hashWalletCode(c.user_code, c.nfc_security_code ?? '')] as const,
        ),
    ),
  );
  await insertChunked(list, async (chunk) => {
    const inserted = await tx
      .insert(customers)
      .values(
        chunk.map((c) => ({
          business_id: businessId,
          user_code: c.user_code,
          user_name: c.user_name,
          user_phone: c.user_phone || null,
          user_email: c.user_email || null,
          user_ref: c.user_ref || null,
          user_birth_date: c.user_birth_date || null,
          user_gender: c.user_gender,
          user_notes: c.user_notes || null,
          nik: c.nik || null,
          // the demo gives the notification address itself: any address means "notify by e-mail"
          user_email_notification: c.user_email_notification ? 1 : 0,
          is_signed_up: 1,
          extra: {
            satusehat_ihs_no: c.satusehat_ihs_no,
            journal_notes: c.journal_notes,
            // the wallet PIN ('Kode Receh') is checked by the server, never served back
            wallet_security_code_hash: pinHashes.get(c.user_code) ?? null,
            ...(nfcHashes.has(c.user_code)
              ? {
                  nfc_security_code_hash: nfcHashes.get(c.user_code),
                  nfc_code_key: nfcCodeKey(businessId, c.nfc_security_code ?? ''),
                }
              : {}),
          },
          created_at: now,
          updated_at: now,
        })),
      )
      .returning({ customer_id: customers.customer_id, user_code: customers.user_code });
    for (const r of inserted) ids.set(r.user_code, r.customer_id);
  });
  const idOf = (c: DemoCustomer) => ids.get(c.user_code) as number;
  const memberships = list.flatMap((c) =>
    c.membership
      ? [
          {
            customer_id: idOf(c),
            business_membership_id: c.membership.business_membership_id,
            valid_from: now,
            valid_until: parseLocalDateTime(c.membership.valid_until),
            source: 'opening',
            created_at: now,
          },
        ]
      : [],
  );
  await insertChunked(memberships, (chunk) => tx.insert(customerMemberships).values(chunk));
  const points = list
    .filter((c) => c.opening_points !== 0)
    .map((c) => ({
      customer_id: idOf(c),
      entry_type: 'opening',
      points: String(c.opening_points),
      reward_name: rewardName,
      created_at: now,
    }));
  await insertChunked(points, (chunk) => tx.insert(pointLedger).values(chunk));
  const wallet = list
    .filter((c) => c.opening_wallet_balance !== 0)
    .map((c) => ({
      customer_id: idOf(c),
      entry_type: 'opening',
      amount: String(c.opening_wallet_balance),
      created_at: now,
    }));
  await insertChunked(wallet, (chunk) => tx.insert(walletLedger).values(chunk));
  for (const c of list) {
    for (const cp of c.coupons) {
      const [cu] = await tx
        .insert(couponUsers)
        .values({
          customer_id: idOf(c),
          coupon_id: cp.coupon_id,
          start_date: cp.start_date,
          expired_date: cp.expired_date,
          coupon_notes: cp.coupon_notes ?? null,
          source: 'opening',
          created_at: now,
        })
        .returning({ id: couponUsers.coupon_user_id });
      await tx
        .insert(couponUserLedger)
        .values({ coupon_user_id: cu.id, entry_type: 'opening', qty: cp.qty, created_at: now });
    }
    for (const r of c.receivables) {
      const [ar] = await tx
        .insert(receivables)
        .values({
          customer_id: idOf(c),
          business_outlet_id: r.business_outlet_id,
          local_trx_id: r.local_trx_id,
          trx_id: r.trx_id,
          trx_time: parseLocalDateTime(r.trx_time),
          payment_method_reference: r.payment_method_reference,
          created_at: now,
        })
        .returning({ id: receivables.account_receivable_id });
      await tx.insert(receivableLedger).values({
        account_receivable_id: ar.id,
        entry_type: 'opening',
        amount: String(r.amount),
        created_at: now,
      });
    }
  }
}

const SEED_LOCK_KEY = 7_200_431_151;

/**
 * Loads a whole business (the demo, or a generated large one) in one transaction. With onlyIfEmpty, two
 * instances starting together on one PostgreSQL load it once: the check runs under a transaction lock.
 */
export async function loadBusiness(
  database: Database,
  demo: DemoBusiness | (() => DemoBusiness),
  clock: Clock,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<boolean> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (options.onlyIfEmpty) {
      const [row] = await tx.select({ n: count() }).from(businesses);
      if (Number(row?.n ?? 0) > 0) return false;
    }
    const data = typeof demo === 'function' ? demo() : demo;
    await loadBusinessCore(tx, data, now);
    await loadOwnerAndIntervals(tx, data, now);
    await loadOpeningStock(tx, data.catalogue.pos_items, data.opening_stock, now);
    await loadCustomers(
      tx,
      data.brand.business_id,
      data.customers,
      data.brand.loyalty_earn_rule.reward_name,
      now,
    );
    if (data.reward_redeem)
      await loadRedeemDemo(
        tx,
        data.brand.business_id,
        data.reward_redeem,
        data.brand.loyalty_earn_rule.reward_name,
        now,
      );
    return true;
  });
}

/** Issue 27: the brand's owner (migration 0062) and the treatments' return intervals (migration 0061). */
async function loadOwnerAndIntervals(tx: Tx, data: DemoBusiness, now: Date): Promise<void> {
  const id = data.brand.business_id;
  if (data.owner_business_user_id !== undefined)
    await tx
      .update(businesses)
      .set({ owner_business_user_id: data.owner_business_user_id })
      .where(sql`${businesses.business_id} = ${id}`);
  const intervals = data.item_return_intervals ?? [];
  if (intervals.length > 0)
    await tx
      .insert(itemReturnIntervals)
      .values(intervals.map((r) => ({ business_id: id, ...r, updated_at: now })));
}

/** Loads the demo business when the database holds no business yet; true when it loaded. */
export function seedIfEmpty(database: Database, demo: () => DemoBusiness, clock: Clock): Promise<boolean> {
  return loadBusiness(database, demo, clock, { onlyIfEmpty: true });
}

/** Test and tool helper: how many rows a table has. */
export async function countRows(database: Database, table: string): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table ${table}`);
  const rows = await database.withConnection((c) =>
    c.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds a generated large catalogue (categories, items, customers, opening stock) to a loaded business,
 * for benchmarks. Its ids start above the demo's; false when it is already there.
 */
export async function loadLargeCatalogue(
  database: Database,
  businessId: number,
  large: LargeCatalogue,
  clock: Clock,
): Promise<boolean> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const first = large.pos_items[0];
    if (first) {
      const existing = await tx
        .select({ id: catalogueEntities.entity_id })
        .from(catalogueEntities)
        .where(
          sql`${catalogueEntities.kind} = 'pos_items' AND ${catalogueEntities.entity_id} = ${String(first.pos_item_id)}`,
        )
        .limit(1);
      if (existing.length) return false;
    }
    const discountRows = await tx
      .select({ id: catalogueEntities.entity_id, doc: catalogueEntities.doc })
      .from(catalogueEntities)
      .where(
        sql`${catalogueEntities.business_id} = ${businessId} AND ${catalogueEntities.kind} = 'pos_item_discounts'`,
      );
    const discounts = new Map(discountRows.map((d) => [Number(d.id), d.doc]));
    const rows: CatalogueRow[] = [
      ...large.pos_item_categories.map((c, i) => ({
        business_id: businessId,
        business_outlet_id: 0,
        kind: 'pos_item_categories',
        entity_id: String(c.pos_item_category_id),
        outlet_ids: null,
        sort_order: 10_000 + i,
        doc: { ...c },
        updated_at: now,
      })),
      ...large.pos_items.map((item, i) => ({
        business_id: businessId,
        business_outlet_id: 0,
        kind: 'pos_items',
        entity_id: String(item.pos_item_id),
        outlet_ids: item.outlet_ids,
        sort_order: 100_000 + i,
        doc: itemDoc(item, discounts),
        updated_at: now,
      })),
    ];
    await insertChunked(rows, (chunk) => tx.insert(catalogueEntities).values(chunk).onConflictDoNothing());
    await loadOpeningStock(tx, large.pos_items, large.opening_stock, now);
    const [brand] = await tx
      .select({ settings: businesses.settings })
      .from(businesses)
      .where(sql`${businesses.business_id} = ${businessId}`);
    const rewardName =
      (brand?.settings.loyalty_earn_rule as { reward_name?: string } | undefined)?.reward_name ?? 'Poin';
    await loadCustomers(tx, businessId, large.customers, rewardName, now);
    return true;
  });
}
