import { PM_DEPOSIT, PM_PIUTANG } from './outlets';
import { REWARD_NAME } from './promos';
import type { DemoBrand } from './types';

export function brand(): DemoBrand {
  return {
    business_id: 1,
    brand_name: 'Serambi Beauty',
    brand_logo: '',
    business_slug: 'serambi-beauty',
    currency_code: 'IDR',
    qty_decimal_length: 2,
    subscription_rules: {
      deposit: 1,
      coupon: 1,
      sms_redeem: 1,
      customer_trx_history: 1,
      advanced_member_trx_history: 1,
      sales_request_to_inventory: 1,
    },
    business_wallet: { max_balance: 10000000 },
    // clinic treatments and the "Klinik" coupon category cannot be paid from the deposit wallet
    businessWallet_restrictedPosItemCategories: [15, 855],
    loyalty_earn_rule: {
      reward_name: REWARD_NAME,
      amount_per_point: 10000,
      points_per_amount: 1,
      pos_sales_award: 1,
    },
    top_up_reward_rules: [
      {
        top_up_reward_rule_id: 1,
        min_top_up_amount: 500000,
        deposit_reward_amount: 25000,
        coupon_reward_id: null,
        coupon_reward_qty: 0,
        point_reward_amount: 0,
        point_reward_name: REWARD_NAME,
      },
      {
        top_up_reward_rule_id: 2,
        min_top_up_amount: 1000000,
        deposit_reward_amount: 75000,
        coupon_reward_id: 806,
        coupon_reward_qty: 1,
        point_reward_amount: 100,
        point_reward_name: REWARD_NAME,
      },
      {
        top_up_reward_rule_id: 3,
        min_top_up_amount: 2000000,
        deposit_reward_amount: 200000,
        coupon_reward_id: 806,
        coupon_reward_qty: 2,
        point_reward_amount: 250,
        point_reward_name: REWARD_NAME,
      },
    ],
    payment_method_global: [PM_DEPOSIT, PM_PIUTANG],
  };
}
