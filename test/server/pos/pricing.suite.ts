// Issue 11 (1, 6): the server prices a sale from its own catalogue with the cashier's role flags, accepts a
// sale priced with an older catalogue version it served, and acknowledges a repeat only when it is the same
// body. Run on PGlite (pricing.test.ts) and on PostgreSQL (pricing.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customGlobalDiscount } from '../../../src/domain/global-discount';
import { setCustomPrice } from '../../../src/domain/line-edit';
import type { Variant } from '../../../src/domain/model/item';
import { formatMoney } from '../../../src/domain/money';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { customItemTemplate } from '../../../src/domain/transaction-rules';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { item, line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError, saleFootprint, scalar } from './sales.suite';

type Doc = Record<string, unknown>;

const POTONG_WANITA = 1001; // 85,000 / 100,000 / 120,000; custom discount up to 20 %; promo 711
const POTONG_ANAK = 1003; // 45,000: its price changes in the catalogue-version tests
const CUCI_BLOW = 1004; // 'Blow Curly' 65,000, is_custom_price 0
const CREAMBATH = 1005; // service, 120,000 (first variant); promo 712 (Rp 20.000)
const NAIL_ART = 1026; // 15,000, is_custom_price 1
const PRICE_FIELD = 'trxs.0.details.0.itemMeta.pos_item_variants';

/** A line whose chosen variant has a custom price (the cashier's 'Ubah Harga', src/domain setCustomPrice). */
function customPriced(config: ServedConfig, posItemId: number, price: number, variantIndex = 0): Doc {
  const l = line(config, posItemId, 1, variantIndex);
  const meta = l.itemMeta as Doc & { pos_item_variants: Variant[] };
  const variants = setCustomPrice(meta.pos_item_variants, Number(l.pos_item_variant_id), price);
  return { ...l, itemMeta: { ...meta, pos_item_variants: variants } };
}

/** A line whose itemMeta variant price is simply overwritten (no custom-price mark). */
function repriced(config: ServedConfig, posItemId: number, price: number): Doc {
  const l = line(config, posItemId);
  const meta = l.itemMeta as Doc & { pos_item_variants: Variant[] };
  return {
    ...l,
    itemMeta: { ...meta, pos_item_variants: [{ ...meta.pos_item_variants[0], variant_price: price }] },
  };
}

const promo = (config: ServedConfig, id: number) => {
  const found = (config as unknown as { pos_item_discounts: Doc[] }).pos_item_discounts.find(
    (d) => d.pos_item_discount_id === id,
  );
  if (!found) throw new Error(`promo ${id} not served`);
  return found;
};

export function pricingSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kasir: Tokens;
  let ownerKemang: ServedConfig;
  let kasirKemang: ServedConfig;

  const headOf = async (localTrxId: string) => {
    const rows = await s.database.withConnection((c) =>
      c.query<{ trx: unknown; catalogue_version: string | null; drv_total_discount_nominal: string }>(
        `SELECT trx, catalogue_version::text AS catalogue_version, drv_total_discount_nominal::text AS drv_total_discount_nominal
         FROM pos_sales_trx_heads WHERE local_trx_id = $1`,
        [localTrxId],
      ),
    );
    return rows[0];
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kasir = await signIn(s.app, 'kasir@serambi.id');
    ownerKemang = await outletConfig(s.app, owner, 1);
    kasirKemang = await outletConfig(s.app, kasir, 1);
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('role flags (kasir: DISCOUNT_TRANSACTION 0, CUSTOM_PRICE_LESS_THAN_ORIGINAL 0)', () => {
    it('a 90 % custom global discount is refused for the kasir and accepted for the owner', async () => {
      const discounts = [customGlobalDiscount('percentage', 90)];
      const forged = sale(kasirKemang, [line(kasirKemang, CREAMBATH)], { extra: { discounts } });
      const before = await saleFootprint(s);
      expectError(
        await submit(s.app, kasir, [forged]),
        400,
        POS_MESSAGES.discountNotAllowed,
        'trxs.0.discounts',
      );
      expect(await saleFootprint(s)).toEqual(before);

      const honest = sale(ownerKemang, [line(ownerKemang, CREAMBATH)], { extra: { discounts } });
      const r = await submit(s.app, owner, [honest]);
      expect(r.statusCode, r.body).toBe(200);
      const head = await headOf(honest.local_trx_id);
      expect(Number(head?.drv_total_discount_nominal)).toBe(108_000);
    });

    it('a custom price on an item whose is_custom_price is 0 is refused, whoever sells it', async () => {
      const forged = sale(kasirKemang, [customPriced(kasirKemang, CUCI_BLOW, 1, 1)]);
      expect(forged.drv_grand_total).toBeLessThan(10);
      expectError(await submit(s.app, kasir, [forged]), 400, POS_MESSAGES.customPriceNotAllowed, PRICE_FIELD);
      const byOwner = sale(ownerKemang, [customPriced(ownerKemang, CUCI_BLOW, 1, 1)]);
      expectError(
        await submit(s.app, owner, [byOwner]),
        400,
        POS_MESSAGES.customPriceNotAllowed,
        PRICE_FIELD,
      );
    });

    it('a custom price below the original needs CUSTOM_PRICE_LESS_THAN_ORIGINAL (the device rule and text)', async () => {
      const below = sale(kasirKemang, [customPriced(kasirKemang, NAIL_ART, 5000)]);
      expectError(
        await submit(s.app, kasir, [below]),
        400,
        DOMAIN_MESSAGES.priceBelowOriginal('IDR', formatMoney(15000)),
        PRICE_FIELD,
      );
      const above = sale(kasirKemang, [customPriced(kasirKemang, NAIL_ART, 20000)]);
      expect((await submit(s.app, kasir, [above])).statusCode).toBe(200);
      const ownerBelow = sale(ownerKemang, [customPriced(ownerKemang, NAIL_ART, 5000)]);
      const r = await submit(s.app, owner, [ownerBelow]);
      expect(r.statusCode, r.body).toBe(200);
      const stored = (await headOf(ownerBelow.local_trx_id))?.trx as { details: Doc[] };
      const variant = (stored.details[0].itemMeta as { pos_item_variants: Variant[] }).pos_item_variants[0];
      expect(variant).toMatchObject({ variant_price: 5000, custom_price: true, original_price: 15000 });
    });

    it("an itemMeta price set to 1 on a 120,000 service is refused: the price is the catalogue's", async () => {
      const forged = sale(kasirKemang, [repriced(kasirKemang, CREAMBATH, 1)]);
      expectError(await submit(s.app, kasir, [forged]), 400, POS_MESSAGES.priceNotInCatalogue, PRICE_FIELD);
      const unknown = sale(kasirKemang, [{ ...line(kasirKemang, CREAMBATH), pos_item_id: 999_999 }]);
      expectError(
        await submit(s.app, kasir, [unknown]),
        400,
        POS_MESSAGES.itemNotInCatalogue,
        'trxs.0.details.0.pos_item_id',
      );
    });

    it("what the server stores is the catalogue's item, not the device's copy of it", async () => {
      const l = line(kasirKemang, CREAMBATH);
      const renamed = sale(kasirKemang, [
        { ...l, itemMeta: { ...(l.itemMeta as Doc), item_name: 'Gratis' } },
      ]);
      expect((await submit(s.app, kasir, [renamed])).statusCode).toBe(200);
      const name = await s.database.withConnection((c) =>
        c.query<{ item_name: string }>(
          `SELECT d.item_name FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
           WHERE h.local_trx_id = $1`,
          [renamed.local_trx_id],
        ),
      );
      expect(name[0].item_name).toBe(item(kasirKemang, CREAMBATH).item_name);
    });

    it('item promos are the catalogue promos valid for the item; a forged deduction is refused', async () => {
      const honest = sale(kasirKemang, [
        { ...line(kasirKemang, CREAMBATH), pos_item_discounts: [promo(kasirKemang, 712)] },
      ]);
      expect((await submit(s.app, kasir, [honest])).statusCode).toBe(200);
      const bigger = { ...promo(kasirKemang, 712), deduction_value: 119_000 };
      const forged = sale(kasirKemang, [{ ...line(kasirKemang, CREAMBATH), pos_item_discounts: [bigger] }]);
      expectError(
        await submit(s.app, kasir, [forged]),
        400,
        POS_MESSAGES.promoNotValid,
        'trxs.0.details.0.pos_item_discounts',
      );
      // promo 711 is Potong Rambut Wanita's, not the creambath's
      const other = sale(kasirKemang, [
        { ...line(kasirKemang, CREAMBATH), pos_item_discounts: [promo(kasirKemang, 711)] },
      ]);
      expectError(await submit(s.app, kasir, [other]), 400, POS_MESSAGES.promoNotValid);
    });

    it('a custom line discount only on an item that allows one, up to its max_custom_discount', async () => {
      const withDiscount = (id: number, value: number) =>
        sale(kasirKemang, [
          { ...line(kasirKemang, id), custom_discount_type: 'percentage', custom_discount_value: value },
        ]);
      expect((await submit(s.app, kasir, [withDiscount(POTONG_WANITA, 10)])).statusCode).toBe(200);
      expectError(
        await submit(s.app, kasir, [withDiscount(POTONG_WANITA, 30)]),
        400,
        DOMAIN_MESSAGES.itemDiscountMax(20),
        'trxs.0.details.0.custom_discount_value',
      );
      expectError(
        await submit(s.app, kasir, [withDiscount(CUCI_BLOW, 10)]),
        400,
        POS_MESSAGES.itemDiscountNotAllowed,
        'trxs.0.details.0.custom_discount_value',
      );
    });

    it('a custom item only where the outlet allows it (Kemang yes, Menteng no)', async () => {
      const custom = (config: ServedConfig) => {
        const meta = customItemTemplate('Sewa Handuk');
        return {
          local_trx_detail_id: randomUUID(),
          itemMeta: { ...meta, pos_item_variants: [{ pos_item_variant_id: 1, variant_price: 10_000 }] },
          pos_item_id: 1,
          pos_item_variant_id: 1,
          is_custom: 1,
          qty: 1,
          custom_discount_type: 'percentage',
          custom_discount_value: 0,
          pos_sales_type: config.sales_type[0] ?? null,
        };
      };
      expect((await submit(s.app, kasir, [sale(kasirKemang, [custom(kasirKemang)])])).statusCode).toBe(200);
      const other = await signIn(s.app, 'demo@serambi.id');
      const menteng = await outletConfig(s.app, other, 2);
      expectError(
        await submit(s.app, other, [sale(menteng, [custom(menteng)])]),
        400,
        POS_MESSAGES.customItemNotAllowed,
        'trxs.0.details.0.is_custom',
      );
      // issue 28: the outlet's parsed settings are cached by their text, so an edit is in force for the next
      // sale (Kemang stops allowing custom items, then allows them again)
      const setCustomItem = (on: 0 | 1) =>
        s.database.withConnection((c) =>
          c.query(
            `UPDATE outlets SET settings = jsonb_set(settings::jsonb, '{is_custom_item}', to_jsonb($1::int)) WHERE business_outlet_id = 1`,
            [on],
          ),
        );
      await setCustomItem(0);
      try {
        expectError(
          await submit(s.app, kasir, [sale(kasirKemang, [custom(kasirKemang)])]),
          400,
          POS_MESSAGES.customItemNotAllowed,
          'trxs.0.details.0.is_custom',
        );
      } finally {
        await setCustomItem(1);
      }
      expect((await submit(s.app, kasir, [sale(kasirKemang, [custom(kasirKemang)])])).statusCode).toBe(200);
    });
  });

  describe("the workers a sale names are the outlet's", () => {
    const worked = (config: ServedConfig, id: number) => ({
      ...line(config, CREAMBATH),
      business_commission_worker_id: id,
      commission_worker: { business_commission_worker_id: id, firstname: 'W' },
    });
    it("a worker of Menteng only, or of no outlet, is refused at Kemang; Kemang's own is stored", async () => {
      // Kemang has workers 201–205, Menteng 205–208 (the demo)
      expect((await submit(s.app, kasir, [sale(kasirKemang, [worked(kasirKemang, 201)])])).statusCode).toBe(
        200,
      );
      for (const id of [207, 99_999])
        expectError(
          await submit(s.app, kasir, [sale(kasirKemang, [worked(kasirKemang, id)])]),
          400,
          POS_MESSAGES.workerNotInCatalogue,
          'trxs.0.details.0.business_commission_worker_id',
        );
      const seller = {
        ...line(kasirKemang, CREAMBATH),
        item_sellers: [{ business_commission_worker_id: 206, percentage: 100 }],
      };
      expectError(
        await submit(s.app, kasir, [sale(kasirKemang, [seller])]),
        400,
        POS_MESSAGES.workerNotInCatalogue,
        'trxs.0.details.0.item_sellers.0',
      );
    });
    it('an offline sale naming a worker who has since left the outlet is still stored', async () => {
      const offline = sale(kasirKemang, [worked(kasirKemang, 204)]);
      await s.database.withConnection((c) =>
        c.query(
          `UPDATE catalogue_entities SET outlet_ids = ARRAY[2] WHERE kind = 'commission_worker' AND entity_id = '204'`,
        ),
      );
      try {
        const r = await submit(s.app, kasir, [offline]);
        expect(r.statusCode, r.body).toBe(200);
      } finally {
        await s.database.withConnection((c) =>
          c.query(
            `UPDATE catalogue_entities SET outlet_ids = ARRAY[1] WHERE kind = 'commission_worker' AND entity_id = '204'`,
          ),
        );
      }
    });
  });

  describe('catalogue versions: an offline sale priced with an older catalogue', () => {
    it('is accepted at the price of the version the device was served; a forged or unserved one is not', async () => {
      const old = await outletConfig(s.app, kasir, 1);
      expect(old.catalogue_version).toBeGreaterThan(0);
      const offline = sale(old, [line(old, POTONG_ANAK)]);
      const noVersion = sale(old, [line(old, POTONG_ANAK)]);
      delete (noVersion.cashier_configs as Doc).catalogue_version;
      const forged = sale(old, [repriced(old, POTONG_ANAK, 30_000)]);

      // the brand raises the price while the device is offline
      await s.database.withConnection((c) =>
        c.query(
          `UPDATE catalogue_entities SET doc = (jsonb_set(doc::jsonb, '{pos_item_variants,0,variant_price}', '50000'))::json
           WHERE kind = 'pos_items' AND entity_id = $1`,
          [String(POTONG_ANAK)],
        ),
      );
      const current = await scalar(s, `SELECT max(seq)::text AS v FROM catalogue_history`);
      expect(current).toBeGreaterThan(old.catalogue_version ?? 0);

      const r = await submit(s.app, kasir, [offline], 1);
      expect(r.statusCode, r.body).toBe(200);
      const head = await headOf(offline.local_trx_id);
      expect(Number(head?.catalogue_version)).toBe(old.catalogue_version);
      // without a version, or naming one never served, the sale is priced with the current catalogue
      expectError(
        await submit(s.app, kasir, [noVersion], 1),
        400,
        POS_MESSAGES.priceNotInCatalogue,
        PRICE_FIELD,
      );
      const unserved = sale(old, [line(old, POTONG_ANAK)], { extra: {} });
      (unserved.cashier_configs as Doc).catalogue_version = current;
      expectError(
        await submit(s.app, kasir, [unserved], 1),
        400,
        POS_MESSAGES.priceNotInCatalogue,
        PRICE_FIELD,
      );
      // a price no version had is refused with any version
      expectError(
        await submit(s.app, kasir, [forged], 1),
        400,
        POS_MESSAGES.priceNotInCatalogue,
        PRICE_FIELD,
      );
      // a later version's price stands with the old version (the device may have priced after a reload)
      const newer = sale(old, [repriced(old, POTONG_ANAK, 50_000)]);
      expect((await submit(s.app, kasir, [newer], 1)).statusCode).toBe(200);
      // the new configuration carries the new price and version
      const fresh = await outletConfig(s.app, kasir, 1);
      expect(fresh.catalogue_version).toBe(current);
      expect(item(fresh, POTONG_ANAK).pos_item_variants[0].variant_price).toBe(50_000);
      expect((await submit(s.app, kasir, [sale(fresh, [line(fresh, POTONG_ANAK)])])).statusCode).toBe(200);
    });

    it('a version served longer ago than the offline limit no longer prices a sale', async () => {
      const old = await outletConfig(s.app, kasir, 1);
      const stale = sale(old, [line(old, CREAMBATH)]);
      await s.database.withConnection((c) =>
        c.query(
          `UPDATE catalogue_entities SET doc = (jsonb_set(doc::jsonb, '{pos_item_variants,0,variant_price}', '125000'))::json
           WHERE kind = 'pos_items' AND entity_id = $1`,
          [String(CREAMBATH)],
        ),
      );
      await s.database.withConnection((c) =>
        c.query(
          `UPDATE catalogue_versions_served SET last_served_at = last_served_at - interval '31 days'
           WHERE catalogue_version = $1`,
          [old.catalogue_version],
        ),
      );
      expectError(await submit(s.app, kasir, [stale], 1), 400, POS_MESSAGES.priceNotInCatalogue, PRICE_FIELD);
    });
  });

  describe('a repeat of a stored local_trx_id', () => {
    it('with the same body gets the first answer, bookkeeping fields and key order aside', async () => {
      const trx = sale(ownerKemang, [line(ownerKemang, POTONG_WANITA)]);
      const first = await submit(s.app, owner, [trx]);
      expect(first.statusCode, first.body).toBe(200);
      const before = await saleFootprint(s);
      const reordered = Object.fromEntries(Object.entries(trx).reverse());
      const retried = {
        ...reordered,
        sync_error: 'Sync gagal',
        submission_unconfirmed_at: '2026-11-22 10:00:00',
        is_synced_key: 0,
      };
      const again = await submit(s.app, owner, [retried], 1);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      expect(await saleFootprint(s)).toEqual(before);
    });

    it('with the same totals but other payments, customer or notes is refused, not acknowledged', async () => {
      const trx = sale(ownerKemang, [line(ownerKemang, POTONG_WANITA)]);
      expect((await submit(s.app, owner, [trx])).statusCode).toBe(200);
      const before = await saleFootprint(s);
      const payments = trx.payments as Doc[];
      const changes: Doc[] = [
        { ...trx, trx_notes: 'diubah' },
        { ...trx, customer: { user_code: null, user_name: 'Tamu Baru', user_phone: '+6281234567890' } },
        { ...trx, payments: [{ ...payments[0], payment_ref: 'X-1' }] },
        { ...trx, payments: [{ ...payments[0], local_payment_id: randomUUID() }] },
      ];
      for (const changed of changes)
        expectError(await submit(s.app, owner, [changed], 1), 400, POS_MESSAGES.repeatDiffers, 'trxs.0');
      expect(await saleFootprint(s)).toEqual(before);
    });
  });
}
