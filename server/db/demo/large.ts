// A large catalogue and customer base for benchmarks (seed:large): the demo's shapes, deterministic
// for a seed. Ids start above the demo's so it can be loaded next to the demo business.
import { addDays, pad, ymd } from './dates';
import { buildItems, type ItemSpec, MODIFIERS } from './item-builder';
import { createRng, digits, intBetween, pick, type Rng } from './prng';
import type { DemoCustomer, DemoItemCategory, DemoOpeningStock, DemoPosItem } from './types';

export interface LargeOptions {
  items: number;
  customers: number;
  seed: number;
  /** dates (membership and coupon expiries) are relative to it; fixed by default so a seed fully decides the data */
  now?: Date;
}

export interface LargeCatalogue {
  pos_item_categories: DemoItemCategory[];
  pos_items: DemoPosItem[];
  customers: DemoCustomer[];
  opening_stock: DemoOpeningStock[];
}

export const LARGE_DEFAULT_NOW = new Date('2026-01-01T03:00:00Z');
export const LARGE_FIRST_ITEM_ID = 100001;
export const LARGE_FIRST_CATEGORY_ID = 101;

const SERVICE_GROUPS: [string, string[], number][] = [
  ['Perawatan Rambut', ['Potong', 'Creambath', 'Hair Spa', 'Smoothing', 'Coloring', 'Keratin', 'Blow'], 1],
  ['Perawatan Kuku', ['Manicure', 'Pedicure', 'Gel Polish', 'Nail Art', 'Nail Extension'], 2],
  ['Facial', ['Facial', 'Peeling', 'Masker', 'Totok Wajah', 'Eyelash'], 3],
  ['Body Spa', ['Pijat', 'Lulur', 'Scrub', 'Refleksi', 'Ratus', 'Hot Stone'], 3],
  ['Perawatan Klinik', ['Laser', 'Injeksi', 'Microneedling', 'Konsultasi', 'Mesotherapy'], 4],
];
const RETAIL_BASES = [
  'Shampoo',
  'Conditioner',
  'Serum',
  'Toner',
  'Sunscreen',
  'Masker',
  'Krim',
  'Sabun',
  'Minyak',
  'Lotion',
];
const QUALIFIERS = [
  'Aloe Vera',
  'Ginseng',
  'Kemiri',
  'Lidah Buaya',
  'Vitamin C',
  'Collagen',
  'Green Tea',
  'Charcoal',
  'Mawar',
  'Melati',
  'Premium',
  'Deluxe',
  'Ekspres',
  'Signature',
  'Tradisional',
  'Organik',
];
const SIZES = ['50 ml', '100 ml', '200 ml', '250 ml', '500 ml'];
const DURATIONS = ['30 Menit', '45 Menit', '60 Menit', '90 Menit', '120 Menit'];
const FIRST_NAMES = [
  'Ayu',
  'Budi',
  'Citra',
  'Dewi',
  'Eka',
  'Fitri',
  'Gita',
  'Hendra',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nadia',
  'Putri',
  'Rina',
  'Sari',
  'Tono',
  'Wulan',
  'Yuni',
];
const LAST_NAMES = [
  'Santoso',
  'Wijaya',
  'Lestari',
  'Saputra',
  'Pratama',
  'Hidayat',
  'Susanti',
  'Kusuma',
  'Nugroho',
  'Permata',
  'Siregar',
  'Nasution',
  'Halim',
  'Gunawan',
  'Wibowo',
];

const CATEGORY_COUNT = 30;

function largeCategories(): DemoItemCategory[] {
  const out: DemoItemCategory[] = [];
  for (let k = 0; k < CATEGORY_COUNT; k++) {
    const retail = k % 3 === 2;
    const group = SERVICE_GROUPS[k % SERVICE_GROUPS.length];
    out.push({
      pos_item_category_id: LARGE_FIRST_CATEGORY_ID + k,
      category_name: retail
        ? `Produk Retail ${Math.floor(k / 3) + 1}`
        : `${group[0]} ${Math.floor(k / 5) + 1}`,
      item_nature: retail ? 'RETAIL' : 'SERVICE',
    });
  }
  return out;
}

const roundPrice = (n: number): number => Math.round(n / 5000) * 5000;

function itemSpec(rng: Rng, id: number, categories: DemoItemCategory[]): ItemSpec {
  const cat = pick(rng, categories);
  const retail = cat.item_nature === 'RETAIL';
  const group = SERVICE_GROUPS[(cat.pos_item_category_id - LARGE_FIRST_CATEGORY_ID) % SERVICE_GROUPS.length];
  const base = retail ? pick(rng, RETAIL_BASES) : pick(rng, group[1]);
  const name = `${base} ${pick(rng, QUALIFIERS)} ${id - LARGE_FIRST_ITEM_ID + 1}`;
  const variantCount = rng() < 0.6 ? 1 : intBetween(rng, 2, 4);
  const basePrice = retail ? intBetween(rng, 3, 80) * 5000 : intBetween(rng, 10, 300) * 5000;
  const names = retail ? SIZES : DURATIONS;
  const variants: [string, number][] =
    variantCount === 1
      ? [['Reguler', basePrice]]
      : Array.from({ length: variantCount }, (_, n) => [names[n], roundPrice(basePrice * (1 + n * 0.4))]);
  const spec: ItemSpec = {
    id,
    name,
    category: cat.pos_item_category_id,
    variants,
    outlets: rng() < 0.5 ? [1, 2] : [rng() < 0.5 ? 1 : 2],
  };
  if (!retail) spec.workerGroups = [group[2]];
  if (!retail && rng() < 0.15) spec.modifiers = [pick(rng, MODIFIERS).pos_item_modifier_id];
  if (rng() < 0.05) spec.stockOut = true;
  if (rng() < 0.03) spec.customPrice = true;
  if (rng() < 0.1) spec.customDiscount = 10;
  return spec;
}

function largeCustomer(rng: Rng, i: number, now: Date): DemoCustomer {
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const gender: 1 | 2 = rng() < 0.75 ? 2 : 1;
  const birth = `${intBetween(rng, 1960, 2006)}-${pad(intBetween(rng, 1, 12))}-${pad(intBetween(rng, 1, 28))}`;
  const member = rng() < 0.2;
  const withNik = rng() < 0.7;
  const [y, m, d] = birth.split('-');
  return {
    user_code: `SL${pad(i + 1, 9)}`,
    user_name: `${first} ${last}`,
    // unique by construction: the index fills the last 8 digits
    user_phone: `${i % 2 === 0 ? '+62' : '0'}857${pad(i, 8)}`,
    user_email: `${first}.${last}.${i}@contoh.co.id`.toLowerCase(),
    user_email_notification: '',
    user_ref: `LREF-${pad(i + 1, 7)}`,
    user_birth_date: birth,
    user_gender: gender,
    user_notes: '',
    nik: withNik
      ? `3174${digits(rng, 2)}${pad(Number(d) + (gender === 2 ? 40 : 0))}${m}${y.slice(2)}${pad(i % 10000, 4)}`
      : '',
    satusehat_ihs_no: '',
    wallet_security_code: '',
    journal_notes: '',
    membership: member
      ? {
          business_membership_id: intBetween(rng, 1, 4),
          valid_until: ymd(addDays(now, intBetween(rng, -30, 365))),
        }
      : null,
    opening_points: member ? intBetween(rng, 0, 2000) : 0,
    opening_wallet_balance: rng() < 0.1 ? intBetween(rng, 10, 200) * 5000 : 0,
    coupons:
      rng() < 0.05
        ? [
            {
              coupon_id: 801,
              qty: intBetween(rng, 1, 3),
              start_date: ymd(addDays(now, -10)),
              expired_date: ymd(addDays(now, intBetween(rng, -20, 90))),
            },
          ]
        : [],
    receivables: [],
  };
}

/** N items and M customers, the same for the same options. */
export function largeCatalogue(options: LargeOptions): LargeCatalogue {
  const now = options.now ?? LARGE_DEFAULT_NOW;
  const rng = createRng(options.seed);
  const pos_item_categories = largeCategories();
  const specs: ItemSpec[] = [];
  for (let k = 0; k < options.items; k++)
    specs.push(itemSpec(rng, LARGE_FIRST_ITEM_ID + k, pos_item_categories));
  const pos_items = buildItems(specs, pos_item_categories);
  const customers: DemoCustomer[] = [];
  for (let i = 0; i < options.customers; i++) customers.push(largeCustomer(rng, i, now));
  const opening_stock: DemoOpeningStock[] = [];
  for (const item of pos_items) {
    if (item.item_nature !== 'RETAIL') continue;
    for (const v of item.pos_item_variants) {
      for (const outletId of item.outlet_ids) {
        opening_stock.push({
          inv_sloc_id: outletId === 1 ? 31 : 41,
          pos_item_variant_id: v.pos_item_variant_id,
          qty: intBetween(rng, 0, 100),
          bad_qty: 0,
        });
      }
    }
  }
  return { pos_item_categories, pos_items, customers, opening_stock };
}
