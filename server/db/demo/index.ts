// The demo business (issue 2 part 3): `demoBusiness(now)` is pure and deterministic for a given `now`;
// dates (birthdays, coupon expiries, memberships, receivables, promo windows) are relative to it.
import { brand } from './brand';
import { customers } from './customers';
import { ymdHms } from './dates';
import { buildItems } from './item-builder';
import { ITEM_SPECS, RETURN_INTERVALS } from './items';
import { helpFaqs, itemCategories, tags, units, vendors, workerGroups, workers } from './misc';
import { outlets } from './outlets';
import { userGroups, users } from './people';
import { couponCategories, couponGroups, coupons, discounts, memberships, rewardItems } from './promos';
import { redeemDemo } from './redeem';
import { openingStock } from './stock';
import type { DemoBusiness } from './types';

export { DEMO_PASSWORD } from './people';
export type * from './types';
export { REPORT_FLAGS, ROLE_FLAGS } from './types';

export function demoBusiness(now: Date = new Date()): DemoBusiness {
  const categories = itemCategories();
  const pos_items = buildItems(ITEM_SPECS, categories);
  const outletList = outlets();
  const couponList = coupons(pos_items);
  return {
    generated_at: ymdHms(now),
    brand: brand(),
    user_groups: userGroups(),
    users: users(),
    outlets: outletList,
    catalogue: {
      pos_item_categories: categories,
      pos_items,
      coupon_categories: couponCategories(),
      coupons: couponList,
      coupon_groups: couponGroups(couponList),
      pos_item_discounts: discounts(now),
      business_memberships: memberships(),
      reward_redemption_items: rewardItems(pos_items),
      commission_worker_groups: workerGroups(),
      commission_worker: workers(),
      tags: tags(),
      vendors: vendors(),
      units: units(),
      help_faqs: helpFaqs(),
    },
    customers: customers(now),
    opening_stock: openingStock(pos_items, outletList),
    reward_redeem: redeemDemo(now),
    owner_business_user_id: 1,
    item_return_intervals: RETURN_INTERVALS,
  };
}
