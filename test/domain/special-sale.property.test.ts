// Issue 14 (ruling 15): the top-up reward rule a top-up earns, and the top-up's sellers (003 §9).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { posConfigSchema } from '../../src/domain/model';
import {
  sellersOf,
  type TopUpRewardRule,
  topUpRewardRuleFor,
  topUpSellerMode,
} from '../../src/domain/special-sale';

const rule = fc.record({
  top_up_reward_rule_id: fc.integer({ min: 1, max: 99 }),
  min_top_up_amount: fc.integer({ min: 0, max: 5_000_000 }),
  deposit_reward_amount: fc.integer({ min: 0, max: 500_000 }),
  coupon_reward_id: fc.constantFrom(null, 806),
  coupon_reward_qty: fc.integer({ min: 0, max: 3 }),
  point_reward_amount: fc.integer({ min: 0, max: 500 }),
  point_reward_name: fc.constant('Poin'),
}) satisfies fc.Arbitrary<TopUpRewardRule>;

describe('topUpRewardRuleFor', () => {
  it('the demo tiers: 500.000 → 25.000, 1.000.000 → 75.000, 2.000.000 and above → 200.000, below → none', () => {
    const tiers = [500_000, 1_000_000, 2_000_000].map((min, i) => ({
      top_up_reward_rule_id: i + 1,
      min_top_up_amount: min,
      deposit_reward_amount: [25_000, 75_000, 200_000][i],
      coupon_reward_id: null,
      coupon_reward_qty: 0,
      point_reward_amount: 0,
      point_reward_name: 'Poin',
    }));
    expect(topUpRewardRuleFor(tiers, 499_999)).toBeNull();
    expect(topUpRewardRuleFor(tiers, 500_000)?.deposit_reward_amount).toBe(25_000);
    expect(topUpRewardRuleFor(tiers, 1_999_999)?.deposit_reward_amount).toBe(75_000);
    expect(topUpRewardRuleFor(tiers, 9_000_000)?.deposit_reward_amount).toBe(200_000);
  });

  it('is the rule with the highest positive minimum reached, never one above the amount', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        fc.integer({ min: 0, max: 6_000_000 }),
        (rules, amount) => {
          const chosen = topUpRewardRuleFor(rules, amount);
          const reached = rules.filter((r) => r.min_top_up_amount > 0 && r.min_top_up_amount <= amount);
          if (reached.length === 0) return chosen === null;
          const top = Math.max(...reached.map((r) => r.min_top_up_amount));
          return chosen !== null && chosen.min_top_up_amount === top && chosen.min_top_up_amount <= amount;
        },
      ),
    );
  });

  it('a larger top-up never reaches a lower tier', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (rules, a, extra) => {
          const low = topUpRewardRuleFor(rules, a)?.min_top_up_amount ?? 0;
          const high = topUpRewardRuleFor(rules, a + extra)?.min_top_up_amount ?? 0;
          return high >= low;
        },
      ),
    );
  });
});

describe('the top-up sellers', () => {
  const workers = [1, 2, 3].map((id) => ({ business_commission_worker_id: id, firstname: `W${id}` }));
  const cfg = (flags: Record<string, number>) =>
    posConfigSchema.parse({
      business_id: 1,
      business_user_id: 1,
      cashier_name: 'K',
      brand_name: 'B',
      commission_worker: workers,
      currency_code: 'IDR',
      ...flags,
    });

  it('the Seller select shows with is_pos_commission_seller and its top-up flag only', () => {
    expect(topUpSellerMode(cfg({ is_pos_commission_seller: 1 }))).toBe('none');
    expect(
      topUpSellerMode(cfg({ is_pos_commission_seller: 1, is_pos_commission_seller_top_up_deposit: 1 })),
    ).toBe('single');
    expect(
      topUpSellerMode(
        cfg({
          is_pos_commission_seller: 1,
          is_pos_commission_seller_top_up_deposit: 1,
          is_pos_commission_multi_seller: 1,
        }),
      ),
    ).toBe('multi');
  });

  it('shares: one seller 100; several 100/n each (never above 100 in all) with auto-split, else 100 each', () => {
    fc.assert(
      fc.property(fc.subarray([1, 2, 3], { minLength: 1 }), fc.boolean(), (ids, split) => {
        const sellers = sellersOf(cfg({ is_pos_commission_auto_split_multi_seller: split ? 1 : 0 }), ids);
        expect(sellers.map((s) => s.business_commission_worker_id)).toEqual(ids);
        const sum = sellers.reduce((a, s) => a + Number(s.percentage), 0);
        if (ids.length === 1) expect(sellers[0].percentage).toBe(100);
        else if (split) expect(sum).toBeLessThanOrEqual(100);
        else expect(sellers.every((s) => s.percentage === 100)).toBe(true);
      }),
    );
  });
});
