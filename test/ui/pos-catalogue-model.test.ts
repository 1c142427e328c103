import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Coupon, CouponGroup, PosItem } from '../../src/domain';
import { columnsFor, layoutGrid, TILE_SIZES } from '../../src/ui/features/pos/catalogue/layout';
import {
  buildCouponCatalogue,
  buildItemCatalogue,
  type CatalogueBlock,
  countTiles,
  filterCatalogue,
  findBySku,
  narrowingFilter,
  tileImageUrl,
} from '../../src/ui/features/pos/catalogue/model';

const item = (id: number, name: string, extra: Partial<PosItem> = {}): PosItem => ({
  pos_item_id: id,
  item_name: name,
  is_package: 0,
  is_custom: 0,
  is_hidden: 0,
  no_commission: 0,
  is_custom_price: 0,
  is_custom_discount: 0,
  is_stock_out_required: 0,
  pos_item_variants: [{ pos_item_variant_id: id * 10, variant_price: 1000, sku: `SKU-${id}` }],
  ...extra,
});

const categories = [
  { pos_item_category_id: 2, category_name: 'Hair' },
  { pos_item_category_id: 1, category_name: 'Spa' },
];
const titles = (blocks: CatalogueBlock[]) => blocks.map((b) => b.title);
const names = (blocks: CatalogueBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'category' ? b.tiles.map((t) => t.name) : []));

describe('item catalogue', () => {
  const items = [
    item(1, 'Lulur Bali', { pos_item_category_id: 1 }),
    item(2, 'Potong Rambut', { pos_item_category_id: 2 }),
    item(3, 'Gift Card'),
    item(4, 'Secret', { pos_item_category_id: 1, is_hidden: 1 }),
    item(5, 'VIP Massage', { pos_item_category_id: 1, authorized_user_groups: '7' }),
    item(6, 'Members Only', {
      pos_item_category_id: 9,
      category_name: 'Member',
      authorized_business_memberships: 'Gold',
    }),
  ];

  it('groups by category in configuration order, unknown categories by name, Lainnya last', () => {
    const index = buildItemCatalogue({ pos_items: items, pos_item_categories: categories }, {}, 'http://h');
    expect(titles(index.blocks)).toEqual(['Hair', 'Spa', 'Lainnya']);
    expect(names(index.blocks)).toEqual(['Potong Rambut', 'Lulur Bali', 'Gift Card']);
  });

  it('applies the visibility rules: hidden, user groups, memberships', () => {
    const index = buildItemCatalogue(
      { pos_items: items, pos_item_categories: categories },
      { business_user_group_id: 7, customer: { membership_name: 'Gold' } },
      'http://h',
    );
    expect(names(index.blocks)).toEqual([
      'Potong Rambut',
      'Lulur Bali',
      'VIP Massage',
      'Members Only',
      'Gift Card',
    ]);
    expect(titles(index.blocks)).toEqual(['Hair', 'Spa', 'Member', 'Lainnya']);
  });

  it('filters by keyword case-insensitively and drops empty categories', () => {
    const index = buildItemCatalogue({ pos_items: items, pos_item_categories: categories }, {}, 'http://h');
    const hit = filterCatalogue(index.blocks, '  RAMB ');
    expect(titles(hit)).toEqual(['Hair']);
    expect(names(hit)).toEqual(['Potong Rambut']);
    expect(filterCatalogue(index.blocks, 'zzz')).toEqual([]);
    expect(countTiles(filterCatalogue(index.blocks, ''))).toBe(3);
  });

  it('finds a variant by SKU, trimmed and case-insensitive; hidden items are not found', () => {
    const index = buildItemCatalogue({ pos_items: items, pos_item_categories: categories }, {}, 'http://h');
    expect(findBySku(index, ' sku-2 ')).toMatchObject({ pos_item_variant_id: 20, item: { pos_item_id: 2 } });
    expect(findBySku(index, 'SKU-4')).toBeNull();
    expect(findBySku(index, 'nope')).toBeNull();
  });

  it('tiles carry initials and host-prefixed images', () => {
    const index = buildItemCatalogue(
      {
        pos_items: [item(1, 'facial gold treatment', { item_image: '/img/a.png' })],
        pos_item_categories: [],
      },
      {},
      'https://shop.example/',
    );
    const block = index.blocks[0];
    expect(block.kind === 'category' && block.tiles[0]).toMatchObject({
      initials: 'FT',
      image: 'https://shop.example/img/a.png',
    });
  });
});

describe('tile images', () => {
  it('keeps absolute URLs and empties become null', () => {
    expect(tileImageUrl('https://cdn/x.png', 'http://h')).toBe('https://cdn/x.png');
    expect(tileImageUrl('//cdn/x.png', 'http://h')).toBe('//cdn/x.png');
    expect(tileImageUrl('uploads/x.png', 'http://h')).toBe('http://h/uploads/x.png');
    expect(tileImageUrl('  ', 'http://h')).toBeNull();
    expect(tileImageUrl(null, 'http://h')).toBeNull();
  });
});

describe('coupon catalogue', () => {
  const coupon = (id: number, name: string, extra: Partial<Coupon> = {}): Coupon => ({
    coupon_id: id,
    coupon_name: name,
    coupon_price: 50000,
    coupon_type: 'manual',
    ...extra,
  });
  const coupons = [
    coupon(1, 'Creambath 5x', { coupon_category_id: 3, coupon_category_name: 'Hair' }),
    coupon(2, 'Facial 3x'),
    coupon(3, 'Auto coupon', { coupon_type: 'auto' }),
  ];
  const groups: CouponGroup[] = [
    {
      coupon_group_id: 1,
      coupon_group_name: 'Paket Cantik',
      coupon_group_price: 300000,
      coupons: [coupons[0]],
    },
  ];

  it("shows 'Kupon Satuan' then 'Kupon Paket' by default, manual coupons only, priced as items", () => {
    const index = buildCouponCatalogue({ coupons, coupon_groups: groups }, {}, 'http://h');
    expect(titles(index.blocks)).toEqual(['Kupon Satuan', 'Hair', 'Lainnya', 'Kupon Paket', 'Lainnya']);
    expect(names(index.blocks)).toEqual(['Creambath 5x', 'Facial 3x', 'Paket Cantik']);
    const group = index.blocks[4];
    expect(group.kind === 'category' && group.tiles[0].item).toMatchObject({
      pos_item_id: 0,
      pos_item_variants: [{ pos_item_variant_id: 1, variant_price: 300000 }],
    });
  });

  it('coupon_first_show_order COUPON_GROUP puts the packages first; the filter keeps headings with hits', () => {
    const index = buildCouponCatalogue(
      { coupons, coupon_groups: groups, coupon_first_show_order: 'COUPON_GROUP' },
      {},
      'http://h',
    );
    expect(titles(index.blocks)[0]).toBe('Kupon Paket');
    expect(titles(filterCatalogue(index.blocks, 'facial'))).toEqual(['Kupon Satuan', 'Lainnya']);
  });
});

describe('virtual grid', () => {
  const many = Array.from({ length: 1000 }, (_, i) => item(i + 1, `Item ${i + 1}`));
  const index = buildItemCatalogue({ pos_items: many, pos_item_categories: [] }, {}, 'http://h');

  it('lays out rows of `columns` tiles under their category title', () => {
    const layout = layoutGrid(index.blocks, 6);
    expect(layout.rows[0]).toMatchObject({ kind: 'category', title: 'Lainnya', top: 0 });
    expect(layout.rows.length).toBe(1 + Math.ceil(1000 / 6));
    expect(layout.rows.at(-1)).toMatchObject({ kind: 'tiles' });
    const last = layout.rows.at(-1);
    expect(last?.kind === 'tiles' && last.tiles.length).toBe(1000 % 6);
  });

  it('fits 150 px tiles across the width', () => {
    expect(columnsFor(100)).toBe(1);
    expect(columnsFor(800)).toBe(5);
    expect(columnsFor(160 * 6 - 10)).toBe(6);
  });

  it('TABLET display mode: larger tiles, so fewer columns and taller rows', () => {
    const { DESKTOP, TABLET } = TILE_SIZES;
    expect(TABLET.minWidth).toBeGreaterThan(DESKTOP.minWidth);
    expect(TABLET.rowHeight).toBeGreaterThan(DESKTOP.rowHeight);
    expect(columnsFor(800, DESKTOP.minWidth)).toBe(5);
    expect(columnsFor(800, TABLET.minWidth)).toBe(4);
    const rows = layoutGrid(index.blocks, 4, TABLET.rowHeight).rows;
    expect(rows[2].top - rows[1].top).toBe(TABLET.rowHeight);
  });
});

describe('narrowing filter', () => {
  const words = ['potong', 'rambut', 'pria', 'wanita', 'lulur', 'bali', 'spa', 'paket'];
  const many = Array.from({ length: 300 }, (_, i) =>
    item(i + 1, `${words[i % 8]} ${words[(i * 3) % 8]} ${i}`, { pos_item_category_id: (i % 2) + 1 }),
  );
  const index = buildItemCatalogue({ pos_items: many, pos_item_categories: categories }, {}, 'http://h');

  it('answers like filterCatalogue over any sequence of typed, erased and replaced keywords', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[ a-z0-9]{0,8}$/), { maxLength: 25 }), (keys) => {
        const filter = narrowingFilter(index);
        let typed = '';
        for (const k of keys) {
          // type a key, erase one, or replace the keyword
          typed = k.length % 3 === 0 ? typed.slice(0, -1) : k.length % 3 === 1 ? typed + k.slice(0, 1) : k;
          expect(filter(typed)).toEqual(filterCatalogue(index.blocks, typed));
        }
      }),
      { numRuns: 200 },
    );
  });
});
