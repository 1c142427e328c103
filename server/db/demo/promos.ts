// Discounts, coupons, coupon groups, memberships and reward items, dated relative to `now`.
import { addDays, dayOfMonth, ymd } from './dates';
import { variantId } from './item-builder';
import { CAT_FACIAL, CAT_HAIR, CAT_SPA } from './misc';
import type {
  DemoCoupon,
  DemoCouponCategory,
  DemoCouponGroup,
  DemoDiscount,
  DemoLink,
  DemoLinkVariant,
  DemoMembership,
  DemoPosItem,
  DemoRewardItem,
} from './types';

export const MEMBER_SILVER = 1;
export const MEMBER_GOLD = 2;
export const MEMBER_PLATINUM = 3;
export const MEMBER_KLINIK = 4;

export function memberships(): DemoMembership[] {
  return [
    {
      business_membership_id: MEMBER_SILVER,
      membership_name: 'Silver',
      membership_image: '',
      price: 0,
      is_automatic_activation: 1,
      duration_days: 365,
      discount_level: { discount_level_id: 1, level_name: 'Silver 5%', reward_value: 5 },
    },
    {
      business_membership_id: MEMBER_GOLD,
      membership_name: 'Gold',
      membership_image: '',
      price: 500000,
      is_automatic_activation: 1,
      duration_days: 365,
      discount_level: { discount_level_id: 2, level_name: 'Gold 10%', reward_value: 10 },
    },
    {
      business_membership_id: MEMBER_PLATINUM,
      membership_name: 'Platinum',
      membership_image: '',
      price: 1500000,
      is_automatic_activation: 0,
      duration_days: 730,
      discount_level: { discount_level_id: 3, level_name: 'Platinum 15%', reward_value: 15 },
    },
    {
      business_membership_id: MEMBER_KLINIK,
      membership_name: 'Klinik Care',
      membership_image: '',
      price: 250000,
      is_automatic_activation: 0,
      duration_days: 180,
      discount_level: { discount_level_id: 4, level_name: 'Klinik Care 7.5%', reward_value: 7.5 },
    },
  ];
}

const FULL_DAY = { open_hour: '00:00:01', close_hour: '23:59:59' };

export function discounts(now: Date): DemoDiscount[] {
  const start = ymd(addDays(now, -30));
  const end = ymd(addDays(now, 365));
  const base = (
    id: number,
    discount_name: string,
    discount_type: DemoDiscount['discount_type'],
    deduction_type: DemoDiscount['deduction_type'],
    deduction_value: number,
    extra: Partial<DemoDiscount> = {},
  ): DemoDiscount => ({
    pos_item_discount_id: id,
    discount_name,
    discount_type,
    deduction_type,
    deduction_value,
    max_deduction_value: -1,
    start_date: start,
    end_date: end,
    availability_type: 'all_day',
    pos_item_discount_days: [],
    pos_item_discount_special_dates: [],
    authorized_user_groups: '',
    authorized_business_memberships: '',
    req_pos_item_id: null,
    pos_item_category_id: null,
    coupon_id: null,
    coupon_group_id: null,
    req_item_min_qty: 0,
    ...extra,
  });
  const weekdays = [1, 2, 3, 4].map((day_id) => ({ day_id, open_hour: '10:00:00', close_hour: '15:00:00' }));
  const weekend = [6, 7].map((day_id) => ({ day_id, ...FULL_DAY }));
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day_id) => ({ day_id, ...FULL_DAY }));
  const today = dayOfMonth(now);
  return [
    // ---- basic (global, transaction) promos
    base(701, 'Diskon Grand Opening 10%', 'basic', 'percentage', 10, { max_deduction_value: 50000 }),
    base(702, 'Potongan Rp 25.000', 'basic', 'value', 25000),
    base(703, 'Happy Hour Weekday 15%', 'basic', 'percentage', 15, {
      availability_type: 'special_day',
      pos_item_discount_days: weekdays,
      max_deduction_value: 75000,
    }),
    base(704, 'Promo Gajian 20%', 'basic', 'percentage', 20, {
      availability_type: 'special_date',
      pos_item_discount_special_dates: [25, 26, 27, 28].map((day) => ({
        day,
        start_time: '00:00:01',
        end_time: '23:59:59',
      })),
      max_deduction_value: 100000,
    }),
    // valid today whenever the demo was generated, so a special_date promo is always usable
    base(705, 'Promo Tanggal Cantik 12%', 'basic', 'percentage', 12, {
      availability_type: 'special_date',
      pos_item_discount_special_dates: [{ day: today, start_time: '00:00:01', end_time: '23:59:59' }],
    }),
    base(706, 'Diskon Karyawan 30%', 'basic', 'percentage', 30, { authorized_user_groups: '1,4' }),
    base(707, 'Diskon Member Gold & Platinum Rp 50.000', 'basic', 'value', 50000, {
      authorized_business_memberships: `${MEMBER_GOLD},${MEMBER_PLATINUM}`,
    }),
    base(708, 'Promo Akhir Pekan 10%', 'basic', 'percentage', 10, {
      availability_type: 'special_day',
      pos_item_discount_days: weekend,
    }),
    base(709, 'Promo Lebaran (Berakhir)', 'basic', 'percentage', 25, {
      start_date: ymd(addDays(now, -120)),
      end_date: ymd(addDays(now, -60)),
    }),
    // ---- req-item (item) discounts, linked from items' pos_item_discount_ids
    base(711, 'Diskon Potong Rambut 10%', 'req-item', 'percentage', 10, {
      req_pos_item_id: 1001,
      req_item_min_qty: 1,
    }),
    base(712, 'Hemat Creambath Rp 20.000', 'req-item', 'value', 20000, {
      req_pos_item_id: 1005,
      req_item_min_qty: 1,
    }),
    base(713, 'Weekend Manicure Pedicure 15%', 'req-item', 'percentage', 15, {
      availability_type: 'special_day',
      pos_item_discount_days: weekend,
      pos_item_category_id: 12,
    }),
    base(714, 'Pijat Setiap Hari 5%', 'req-item', 'percentage', 5, {
      availability_type: 'special_day',
      pos_item_discount_days: everyDay,
      req_pos_item_id: 1041,
    }),
    base(715, 'Member Facial 20%', 'req-item', 'percentage', 20, {
      authorized_business_memberships: `${MEMBER_GOLD},${MEMBER_PLATINUM}`,
      max_deduction_value: 60000,
      pos_item_category_id: CAT_FACIAL,
    }),
    base(716, 'Promo Awal Bulan Pijat Rp 30.000', 'req-item', 'value', 30000, {
      availability_type: 'special_date',
      pos_item_discount_special_dates: [1, 2, 3, today].map((day) => ({
        day,
        start_time: '09:00:00',
        end_time: '21:00:00',
      })),
      req_pos_item_id: 1041,
    }),
    base(717, 'Diskon Staf Klinik 25%', 'req-item', 'percentage', 25, {
      authorized_user_groups: '1,3,4',
      req_pos_item_id: 1061,
    }),
    base(718, 'Beli 2 Produk Rambut Diskon 10%', 'req-item', 'percentage', 10, { req_item_min_qty: 2 }),
  ];
}

function link(extra: Partial<DemoLink>): DemoLink {
  return {
    pos_link_type: 'item',
    pos_item_id: null,
    item_deduction_type: null,
    item_deduction_value: 0,
    pos_item_category_id: null,
    item_category_deduction_percentage: 0,
    item_category_max_deduction_value: -1,
    item_category_max_qty: 0,
    discount_percentage: 0,
    max_discount_value: -1,
    item_max_qty: 0,
    is_all_variant: 1,
    pos_item_variants: [],
    ...extra,
  };
}

/** Builds links whose pos_item_variants carry the catalogue's variant fields. */
function linker(items: DemoPosItem[]) {
  const variants = new Map<number, DemoLinkVariant>();
  for (const item of items) {
    for (const v of item.pos_item_variants) {
      variants.set(v.pos_item_variant_id, {
        pos_item_variant_id: v.pos_item_variant_id,
        pos_item_id: v.pos_item_id,
        variant_name: v.variant_name,
        variant_price: v.variant_price,
      });
    }
  }
  const variant = (id: number): DemoLinkVariant => {
    const v = variants.get(id);
    if (!v) throw new Error(`demo promo: unknown variant ${id}`);
    return v;
  };
  /** A free item: 100% off up to `qty`, optionally only some variants. */
  const freeItem = (pos_item_id: number, qty = 1, variantIds?: number[]): DemoLink =>
    link({
      pos_link_type: 'item',
      pos_item_id,
      item_deduction_type: 'percentage',
      item_deduction_value: 100,
      item_max_qty: qty,
      is_all_variant: variantIds ? 0 : 1,
      pos_item_variants: (variantIds ?? []).map(variant),
    });
  return { freeItem };
}

export function couponCategories(): DemoCouponCategory[] {
  return [
    { coupon_category_id: 851, coupon_category_name: 'Kupon Rambut' },
    { coupon_category_id: 852, coupon_category_name: 'Kupon Wajah' },
    { coupon_category_id: 853, coupon_category_name: 'Kupon Spa' },
    { coupon_category_id: 854, coupon_category_name: 'Voucher Diskon' },
    { coupon_category_id: 855, coupon_category_name: 'Kupon Klinik' },
  ];
}

export function coupons(items: DemoPosItem[]): DemoCoupon[] {
  const { freeItem } = linker(items);
  const cats = new Map(couponCategories().map((c) => [c.coupon_category_id, c.coupon_category_name]));
  const c = (
    coupon_id: number,
    coupon_name: string,
    coupon_price: number,
    coupon_category_id: number,
    coupon_item: DemoLink,
    extra: Partial<DemoCoupon> = {},
  ): DemoCoupon => ({
    coupon_id,
    coupon_name,
    coupon_image: '',
    coupon_price,
    coupon_category_id,
    coupon_category_name: cats.get(coupon_category_id) ?? '',
    coupon_type: 'manual',
    coupon_group_id: null,
    coupon_start_date_type: 'MANUAL_INPUT',
    max_custom_discount: 0,
    is_custom_discount: 0,
    is_custom_price: 0,
    authorized_user_groups: '',
    authorized_business_memberships: '',
    validity_days: 90,
    coupon_meta: {
      coupon_category_id,
      pos_item_category_id: coupon_item.pos_item_category_id,
      max_custom_discount: 0,
    },
    coupon_item,
    ...extra,
  });
  return [
    c(801, 'Kupon Potong Rambut Wanita', 80000, 851, freeItem(1001), { coupon_group_id: 861 }),
    c(802, 'Kupon Creambath', 110000, 851, freeItem(1005, 1, [variantId(1005, 1), variantId(1005, 2)]), {
      coupon_group_id: 862,
    }),
    c(803, 'Kupon Facial Brightening', 225000, 852, freeItem(1032), {
      is_custom_discount: 1,
      max_custom_discount: 10,
      coupon_meta: { coupon_category_id: 852, pos_item_category_id: null, max_custom_discount: 10 },
    }),
    c(804, 'Kupon Pijat Tradisional 60 Menit', 135000, 853, freeItem(1041, 1, [variantId(1041, 1)]), {
      coupon_group_id: 862,
    }),
    c(
      805,
      'Kupon Diskon Perawatan Rambut 20%',
      30000,
      851,
      link({
        pos_link_type: 'item_category',
        pos_item_category_id: CAT_HAIR,
        item_category_deduction_percentage: 20,
        item_category_max_deduction_value: 50000,
        item_category_max_qty: 2,
      }),
      { validity_days: 60 },
    ),
    c(
      806,
      'Voucher Belanja 10%',
      25000,
      854,
      link({ pos_link_type: 'discount', discount_percentage: 10, max_discount_value: 100000 }),
      { validity_days: 30 },
    ),
    c(807, 'Kupon Manicure Pedicure', 135000, 853, freeItem(1023), { is_custom_price: 1 }),
    c(808, 'Kupon Konsultasi Dokter Kulit', 180000, 855, freeItem(1051), {
      authorized_business_memberships: `${MEMBER_KLINIK},${MEMBER_PLATINUM}`,
    }),
    c(
      809,
      'Kupon Spa 30%',
      40000,
      853,
      link({
        pos_link_type: 'item_category',
        pos_item_category_id: CAT_SPA,
        item_category_deduction_percentage: 30,
        item_category_max_deduction_value: -1,
        item_category_max_qty: 1,
      }),
      { authorized_user_groups: '1,2,4' },
    ),
    c(810, 'Kupon Microdermabrasi', 450000, 855, freeItem(1053), { validity_days: 180 }),
  ];
}

export function couponGroups(couponList: DemoCoupon[]): DemoCouponGroup[] {
  const byId = new Map(couponList.map((c) => [c.coupon_id, c]));
  const withQty = (coupon_id: number, qty: number): DemoCoupon & { qty: number } => {
    const c = byId.get(coupon_id);
    if (!c) throw new Error(`demo coupon group: unknown coupon ${coupon_id}`);
    return { ...c, qty };
  };
  return [
    {
      coupon_group_id: 861,
      coupon_group_name: 'Paket Kupon Potong Rambut 5x',
      coupon_group_image: '',
      coupon_group_price: 375000,
      coupon_category_id: 851,
      authorized_user_groups: '',
      authorized_business_memberships: '',
      coupons: [withQty(801, 5)],
    },
    {
      coupon_group_id: 862,
      coupon_group_name: 'Paket Kupon Relaksasi',
      coupon_group_image: '',
      coupon_group_price: 550000,
      coupon_category_id: 853,
      authorized_user_groups: '',
      authorized_business_memberships: '',
      coupons: [withQty(804, 3), withQty(802, 2)],
    },
    {
      coupon_group_id: 863,
      coupon_group_name: 'Paket Kupon Klinik Member',
      coupon_group_image: '',
      coupon_group_price: 1500000,
      coupon_category_id: 855,
      authorized_user_groups: '',
      authorized_business_memberships: `${MEMBER_KLINIK},${MEMBER_PLATINUM}`,
      coupons: [withQty(808, 2), withQty(810, 3)],
    },
  ];
}

export const REWARD_NAME = 'Poin Serambi';

export function rewardItems(items: DemoPosItem[]): DemoRewardItem[] {
  const { freeItem } = linker(items);
  const r = (id: number, item_name: string, point_amount: number, redeem_item: DemoLink): DemoRewardItem => ({
    ...redeem_item,
    reward_redemption_item_id: id,
    item_name,
    // served from the client's public folder (public/rewards): the SMS and Direct grids show it
    image_url: `/rewards/${id}.svg`,
    point_amount,
    reward_name: REWARD_NAME,
  });
  return [
    r(901, 'Gratis Cuci & Blow', 100, freeItem(1004, 1, [variantId(1004, 1)])),
    r(902, 'Gratis Manicure', 250, freeItem(1021)),
    r(
      903,
      'Diskon 50% Facial',
      300,
      link({
        pos_link_type: 'item_category',
        pos_item_category_id: CAT_FACIAL,
        item_category_deduction_percentage: 50,
        item_category_max_qty: 1,
      }),
    ),
    r(
      904,
      'Diskon Belanja 15%',
      400,
      link({ pos_link_type: 'discount', discount_percentage: 15, max_discount_value: 150000 }),
    ),
    r(905, 'Gratis Serum Vitamin C', 500, freeItem(1074)),
    r(906, 'Gratis Pijat Tradisional 60 Menit', 600, freeItem(1041, 1, [variantId(1041, 1)])),
  ];
}
