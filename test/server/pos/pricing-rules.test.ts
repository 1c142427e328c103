// The pure part of issue 11 (1, 6), without a database: saleFromCatalogue over the demo catalogue and the
// canonical body of a repeat. Invariants as fast-check properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { ServiceError } from '../../../server/lib/errors';
import { canonicalJson, saleBodyHash } from '../../../server/services/pos/sale-body';
import {
  type SaleCatalogue,
  type SaleRights,
  saleFromCatalogue,
} from '../../../server/services/pos/sale-pricing';
import { type SaleTrx, saleTrx } from '../../../src/api/contract/pos';
import { customGlobalDiscount } from '../../../src/domain/global-discount';
import { type PosItem, posItemSchema } from '../../../src/domain/model';
import { priceTransaction } from '../../../src/domain/pricing';
import { POS_MESSAGES } from '../../../src/domain/texts/server';

const demo = demoBusiness(new Date('2026-11-25T03:00:00Z'));
const items: PosItem[] = demo.catalogue.pos_items
  .filter((i) => i.pos_item_variants.length > 0)
  .map((i) => posItemSchema.parse({ ...i, pos_item_discounts: [] }));
const catalogue: SaleCatalogue = {
  items: new Map(items.map((i) => [i.pos_item_id, [i]])),
  discounts: new Map(),
  version: null,
  business_user_group_id: 1,
  currency_code: 'IDR',
  workers: new Set(demo.catalogue.commission_worker.map((w) => String(w.business_commission_worker_id))),
};
const workerIds = demo.catalogue.commission_worker.map((w) => w.business_commission_worker_id);
const all = (on: 0 | 1): Record<string, 0 | 1> =>
  Object.fromEntries(
    ['ALLOW_PROMO', 'DISCOUNT_TRANSACTION', 'DISCOUNT_ITEM', 'CUSTOM_PRICE_LESS_THAN_ORIGINAL'].map((f) => [
      f,
      on,
    ]),
  );
const rights = (on: 0 | 1): SaleRights => ({
  flags: all(on),
  business_user_group_id: 1,
  is_custom_item: true,
  pos_discount_on_transaction: true,
  currency: 'IDR',
});
const AT = '2026-11-25 10:00:00';

/** A line as the cashier adds it: the item's chosen variant, some of its modifier options. */
const lineArb = fc
  .record({
    item: fc.constantFrom(...items),
    variant: fc.nat(),
    qty: fc.integer({ min: 1, max: 5 }),
    pick: fc.array(fc.boolean(), { maxLength: 8 }),
  })
  .map(({ item, variant, qty, pick }) => {
    const v = item.pos_item_variants[variant % item.pos_item_variants.length];
    const modifiers = (item.pos_item_pos_item_modifiers ?? [])
      .map((m, k) => ({
        ...m,
        pos_item_modifier_options: m.pos_item_modifier_options.filter((_, j) => pick[(k + j) % 8] ?? false),
      }))
      .filter((m) => m.pos_item_modifier_options.length > 0);
    return {
      local_trx_detail_id: `${item.pos_item_id}-${v.pos_item_variant_id}`,
      itemMeta: { ...item, pos_item_variants: [v] },
      pos_item_id: item.pos_item_id,
      pos_item_variant_id: v.pos_item_variant_id,
      qty,
      pos_item_pos_item_modifiers: modifiers,
    };
  });

const trxOf = (details: unknown[], extra: Record<string, unknown> = {}): SaleTrx =>
  saleTrx.parse({ local_trx_id: 'x', trx_status_id: 3, trx_local_start_time: AT, details, ...extra });

const refusal = (f: () => unknown): ServiceError | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
};

describe('saleFromCatalogue', () => {
  it('an honest sale is priced by the server exactly as the device priced it', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 4 }), (lines) => {
        const trx = trxOf(lines);
        const server = saleFromCatalogue(trx, catalogue, rights(0), AT);
        expect(priceTransaction(server, {})).toEqual(priceTransaction(trx, {}));
      }),
    );
  });

  it('a variant price no catalogue version has (not marked custom) is refused, naming the line', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 1, max: 10_000_000 }), (l, price) => {
        const real = l.itemMeta.pos_item_variants[0].variant_price;
        fc.pre(Math.abs(price - real) >= 1);
        const forged = {
          ...l,
          itemMeta: {
            ...l.itemMeta,
            pos_item_variants: [
              { ...l.itemMeta.pos_item_variants[0], variant_price: price, custom_price: false },
            ],
          },
        };
        const e = refusal(() => saleFromCatalogue(trxOf([forged]), catalogue, rights(1), AT));
        expect(e?.message).toBe(POS_MESSAGES.priceNotInCatalogue);
        expect(e?.field).toBe('details.0.itemMeta.pos_item_variants');
      }),
    );
  });

  it('a custom global discount of any size needs DISCOUNT_TRANSACTION', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 1, max: 100 }), (l, percent) => {
        const trx = trxOf([l], { discounts: [customGlobalDiscount('percentage', percent)] });
        expect(refusal(() => saleFromCatalogue(trx, catalogue, rights(0), AT))?.message).toBe(
          POS_MESSAGES.discountNotAllowed,
        );
        expect(refusal(() => saleFromCatalogue(trx, catalogue, rights(1), AT))).toBeNull();
      }),
    );
  });
});

describe('the workers a sale names', () => {
  /** Where a line names a worker: the line's own, a commission share, a seller, a package item's. */
  const placeArb = fc.constantFrom('line', 'share', 'seller', 'package');
  const withWorker = (l: Record<string, unknown>, place: string, id: number): Record<string, unknown> => {
    const w = { business_commission_worker_id: id, firstname: 'X' };
    if (place === 'line') return { ...l, commission_worker: w, business_commission_worker_id: id };
    if (place === 'share') return { ...l, commission_workers: [{ commission_worker: w, percentage: 100 }] };
    if (place === 'seller') return { ...l, item_sellers: [{ ...w, percentage: 100 }] };
    return {
      ...l,
      pos_item_package_details: [
        {
          pos_item_id: 1,
          item_name: 'P',
          qty: 1,
          pos_item_package_detail_variants: [],
          business_commission_worker: w,
        },
      ],
    };
  };

  it('a worker the outlet has had stands; any other is refused, naming the field', () => {
    fc.assert(
      fc.property(
        lineArb,
        placeArb,
        fc.constantFrom(...workerIds),
        fc.integer({ min: 1, max: 1_000_000 }),
        (l, place, known, other) => {
          fc.pre(place !== 'package');
          expect(
            refusal(() => saleFromCatalogue(trxOf([withWorker(l, place, known)]), catalogue, rights(0), AT)),
          ).toBeNull();
          fc.pre(!workerIds.includes(other));
          const e = refusal(() =>
            saleFromCatalogue(trxOf([withWorker(l, place, other)]), catalogue, rights(0), AT),
          );
          expect(e?.message).toBe(POS_MESSAGES.workerNotInCatalogue);
          expect(e?.field).toMatch(
            /^details\.0\.(commission_worker|business_commission_worker_id|commission_workers\.0|item_sellers\.0)$/,
          );
        },
      ),
    );
  });

  it("a package item's worker the outlet never had is refused too", () => {
    const l = withWorker(fc.sample(lineArb, 1)[0], 'package', 987_654);
    const e = refusal(() => saleFromCatalogue(trxOf([l]), catalogue, rights(0), AT));
    expect(e?.message).toBe(POS_MESSAGES.workerNotInCatalogue);
    expect(e?.field).toBe('details.0.pos_item_package_details.0.business_commission_worker');
  });
});

describe('the canonical body of a repeat', () => {
  /** The same value with every object's keys in another order. */
  const shuffled = (v: unknown, seed: number): unknown => {
    if (Array.isArray(v)) return v.map((x) => shuffled(x, seed + 1));
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v);
    const turn = seed % Math.max(1, entries.length);
    return Object.fromEntries(
      [...entries.slice(turn), ...entries.slice(0, turn)]
        .reverse()
        .map(([k, x]) => [k, shuffled(x, seed + 1)]),
    );
  };

  it('does not depend on key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (v, seed) => {
        expect(canonicalJson(shuffled(v, seed))).toBe(canonicalJson(v));
      }),
    );
  });

  it('gives the text the first version gave (stored body_hash values keep matching, issue 28)', () => {
    // the implementation the stored hashes were made with
    const first = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value))
        return `[${value.map((v) => (v === undefined ? 'null' : first(v))).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${first(v)}`).join(',')}}`;
    };
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: false }), (v) => {
        expect(canonicalJson(v)).toBe(first(v));
      }),
    );
  });

  it("changes with the sale's content, not with the device's bookkeeping", () => {
    const trx = trxOf([]);
    const hash = saleBodyHash(trx);
    expect(saleBodyHash({ ...trx, sync_error: 'Sync gagal', is_synced: true } as SaleTrx)).toBe(hash);
    // a re-tap of 'Selesai' after a lost answer stamps the same sale again
    expect(saleBodyHash({ ...trx, trx_local_end_time: '2026-11-25 10:01:00', order_no: 7 })).toBe(hash);
    expect(saleBodyHash({ ...trx, trx_notes: 'lain' })).not.toBe(hash);
    expect(saleBodyHash({ ...trx, payments: [{ payment_amount: 1 }] } as unknown as SaleTrx)).not.toBe(hash);
  });
});
