// Prices a 100-line cart (modifiers, packages, item promos, custom discounts, a coupon, a global
// discount, service/additional charges, tax) and re-prices it after each of 100 single-line edits;
// once with an item_category coupon, once with an item-linked coupon whose lines carry its marker.
// Prints microseconds per pricing. Run: npx tsx bench/pricing.bench.ts
import { performance } from 'node:perf_hooks';
import {
  createIncrementalPricer,
  type PosTransaction,
  type PricingConfig,
  posTransactionSchema,
  priceTransaction,
  type TrxDetail,
  trxDetailSchema,
} from '../src/domain';

const LINES = 100;
const EDITS = 100;
const ROUNDS = 20;

const makeLine = (i: number): TrxDetail =>
  trxDetailSchema.parse({
    local_trx_detail_id: `d-${i}`,
    pos_item_id: 1000 + i,
    pos_item_variant_id: 1,
    qty: 1 + (i % 4),
    is_package: i % 10 === 0 ? 1 : 0,
    itemMeta: {
      pos_item_id: 1000 + i,
      item_name: `Item ${i}`,
      pos_item_category_id: 1 + (i % 5),
      item_nature: i % 3 === 0 ? 'RETAIL' : 'SERVICE',
      is_package: i % 10 === 0 ? 1 : 0,
      pos_item_variants: [
        { pos_item_variant_id: 1, variant_price: 25000 + i * 1250 },
        { pos_item_variant_id: 2, variant_price: 40000 + i * 990 },
      ],
    },
    pos_item_pos_item_modifiers:
      i % 2 === 0
        ? [
            { modifier_name: 'Size', pos_item_modifier_options: [{ option_name: 'L', option_price: 5000 }] },
            {
              modifier_name: 'Extra',
              pos_item_modifier_options: [
                { option_name: 'A', option_price: 2500 },
                { option_name: 'B', option_price: 1500 },
              ],
            },
          ]
        : [],
    pos_item_discounts:
      i % 3 === 0
        ? [
            {
              pos_item_discount_id: 1,
              discount_type: 'req-item',
              deduction_type: 'percentage',
              deduction_value: 10,
              max_deduction_value: 15000,
            },
            {
              pos_item_discount_id: 2,
              discount_type: 'req-item',
              deduction_type: 'value',
              deduction_value: 2000,
            },
          ]
        : [],
    custom_discount_type: i % 7 === 0 ? 'percentage' : null,
    custom_discount_value: i % 7 === 0 ? 5 : null,
    pos_item_package_details:
      i % 10 === 0
        ? [
            {
              item_name: 'Pkg A',
              qty: 1,
              pos_item_package_detail_variants: [{ variant_name: 'x', is_chosen: true }],
            },
            { item_name: 'Pkg B', qty: 2, pos_item_package_detail_variants: [] },
          ]
        : [],
    pos_sales_type: {
      pos_salesType_id: 1,
      pos_salesType_name: 'Walk-in',
      pos_sales_type_service_charges: [{ pos_serviceCharge_id: 1 }],
      pos_sales_type_additional_charges: [{ pos_additionalCharge_id: 1 }],
    },
  });

const cart: PosTransaction = posTransactionSchema.parse({
  local_trx_id: 'bench-000001',
  trx_local_start_time: '2026-03-02 10:00:00',
  details: Array.from({ length: LINES }, (_, i) => makeLine(i)),
  discounts: [
    {
      pos_item_discount_id: 9,
      discount_type: 'basic',
      deduction_type: 'percentage',
      deduction_value: 5,
      max_deduction_value: 100000,
    },
  ],
  coupon: {
    coupon_code: 'BENCH',
    coupon_item: {
      pos_link_type: 'item_category',
      pos_item_category_id: 2,
      item_category_deduction_percentage: 20,
      item_category_max_deduction_value: 10000,
    },
  },
});

const config: PricingConfig = {
  tax: { tax_percent: 11, is_included_in_price: 0 },
  service_charge: [{ pos_serviceCharge_id: 1, charge_percent: 5 }],
  additional_charge: [{ pos_additionalCharge_id: 1, charge_percent: 2 }],
};

// The same cart with an item-linked coupon: every tenth line is the coupon's item (two variants),
// added by the coupon dialog and so carrying its marker (coupon.pos_item_id).
const COUPON_ITEM_ID = 2000;
const itemCouponCart: PosTransaction = {
  ...cart,
  details: cart.details.map((d, i) =>
    i % 10 === 5
      ? {
          ...d,
          pos_item_id: COUPON_ITEM_ID,
          itemMeta: { ...d.itemMeta, pos_item_id: COUPON_ITEM_ID },
          coupon: { pos_item_id: COUPON_ITEM_ID },
        }
      : d,
  ),
  coupon: {
    coupon_code: 'BENCH-ITEM',
    coupon_item: {
      pos_link_type: 'item',
      pos_item_id: COUPON_ITEM_ID,
      item_deduction_type: 'percentage',
      item_deduction_value: 50,
      is_all_variant: 1,
    },
  },
};

// An edit replaces one line (qty, variant or discount changed), as the cart projection does.
const edit = (t: PosTransaction, k: number): PosTransaction => {
  const idx = (k * 37) % t.details.length;
  const old = t.details[idx];
  const changed: TrxDetail =
    k % 3 === 0
      ? { ...old, qty: old.qty + 1 }
      : k % 3 === 1
        ? { ...old, pos_item_variant_id: old.pos_item_variant_id === 1 ? 2 : 1 }
        : { ...old, custom_discount_type: 'nominal', custom_discount_value: 1000 + k };
  const details = t.details.slice();
  details[idx] = changed;
  return { ...t, details };
};

const measure = (base: PosTransaction) => {
  // Warm-up so the JIT has compiled the hot paths.
  for (let i = 0; i < 50; i += 1) priceTransaction(base, config);
  const full: number[] = [];
  const edits: number[] = [];
  let grand = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    let t0 = performance.now();
    grand = priceTransaction(base, config).drv_grand_total;
    full.push((performance.now() - t0) * 1000);
    let current = base;
    for (let k = 0; k < EDITS; k += 1) {
      current = edit(current, k);
      t0 = performance.now();
      grand = priceTransaction(current, config).drv_grand_total;
      edits.push((performance.now() - t0) * 1000);
    }
  }
  // The same edits through the incremental pricer (unchanged lines reuse their pricing).
  const incremental: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const pricer = createIncrementalPricer();
    pricer(base, config);
    let current = base;
    for (let k = 0; k < EDITS; k += 1) {
      current = edit(current, k);
      const t0 = performance.now();
      const g = pricer(current, config).drv_grand_total;
      incremental.push((performance.now() - t0) * 1000);
      if (r === ROUNDS - 1 && k === EDITS - 1 && g !== grand)
        throw new Error(`incremental ${g} ≠ full ${grand}`);
    }
  }
  return { full, edits, incremental, grand };
};

const stats = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return {
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    p50: pick(0.5),
    p95: pick(0.95),
    max: s[s.length - 1],
  };
};
const fmt = (x: number) => x.toFixed(1);
const report = (label: string, base: PosTransaction) => {
  const m = measure(base);
  const f = stats(m.full);
  const e = stats(m.edits);
  const inc = stats(m.incremental);
  console.log(`${label}:`);
  console.log(
    `  pricing a ${LINES}-line cart (${ROUNDS} rounds): mean ${fmt(f.mean)} µs, p50 ${fmt(f.p50)} µs, p95 ${fmt(f.p95)} µs, max ${fmt(f.max)} µs`,
  );
  console.log(
    `  re-pricing after each of ${EDITS} single-line edits (${m.edits.length} pricings): mean ${fmt(e.mean)} µs, p50 ${fmt(e.p50)} µs, p95 ${fmt(e.p95)} µs, max ${fmt(e.max)} µs`,
  );
  console.log(
    `  incremental re-pricing after each single-line edit (${m.incremental.length} pricings): mean ${fmt(inc.mean)} µs, p50 ${fmt(inc.p50)} µs, p95 ${fmt(inc.p95)} µs, max ${fmt(inc.max)} µs`,
  );
  const couponLines = priceTransaction(base, config).lines.filter((l) => l.discount_source === 'coupon');
  console.log(`  last grand total: ${m.grand}; lines discounted by the coupon: ${couponLines.length}`);
};
report('item_category coupon', cart);
report(
  `item-linked coupon (${itemCouponCart.details.filter((d) => d.coupon).length} coupon lines)`,
  itemCouponCart,
);
