// Redeeming points inside a sale at Kemang (issue 14): a customer with points to spend, QR redemption codes
// issued to them (as the customer's app would show them) and two partner-channel ("agent") redemptions for
// the cashier to fulfil. Deterministic; expiries relative to `now`.
import { addDays, ymd, ymdHms } from './dates';

/** Customer 3 (Dian Permata Sari): the redeem dialog's demo customer. */
export const REDEEM_DEMO_CUSTOMER = 'SB26000004';

export interface DemoRedeem {
  /** points (brand reward_name) added to the customer's opening balance */
  points: { user_code: string; points: number }[];
  qr_codes: {
    scancode: string;
    user_code: string;
    reward_redemption_item_id: number;
    qty: number;
    /** YYYY-MM-DD HH:mm:ss (WIB), or null: no expiry */
    expires_at: string | null;
  }[];
  agent_transactions: {
    pos_trx_code: string;
    agent_code: string;
    trx_id: string;
    user_code: string;
    reward_redemption_item_id: number;
  }[];
  /** coupons a partner channel sold to a customer (the coupon dialog's Agent list; migration 0022) */
  agent_coupons: {
    pos_trx_code: string;
    agent_code: string;
    trx_id: string;
    user_code: string;
    coupon_id: number;
    coupon_notes: string | null;
    /** YYYY-MM-DD (WIB) */
    start_date: string;
    expired_date: string;
  }[];
}

/** Customer 0 (Ayu Lestari): the coupon dialog's demo customer, with agent coupons too. */
export const AGENT_COUPON_DEMO_CUSTOMER = 'SB26000001';

export function redeemDemo(now: Date): DemoRedeem {
  const until = ymdHms(addDays(now, 365));
  const qr = (n: number, reward: number) => ({
    scancode: `RDM-KMG-${String(n).padStart(4, '0')}`,
    user_code: REDEEM_DEMO_CUSTOMER,
    reward_redemption_item_id: reward,
    qty: 1,
    expires_at: until,
  });
  return {
    points: [{ user_code: REDEEM_DEMO_CUSTOMER, points: 5000 }],
    qr_codes: [qr(1, 901), qr(2, 901), qr(3, 904), qr(4, 903), qr(5, 902), qr(6, 906)],
    agent_transactions: [
      {
        pos_trx_code: 'AGT-TKP-0001',
        agent_code: 'TOKOPEDIA',
        trx_id: 'TKP-RDM-0001',
        user_code: REDEEM_DEMO_CUSTOMER,
        reward_redemption_item_id: 902,
      },
      {
        pos_trx_code: 'AGT-GRB-0002',
        agent_code: 'GRAB',
        trx_id: 'GRB-RDM-0002',
        user_code: REDEEM_DEMO_CUSTOMER,
        reward_redemption_item_id: 905,
      },
    ],
    agent_coupons: [
      {
        pos_trx_code: 'AGT-SHP-0101',
        agent_code: 'SHOPEE',
        trx_id: 'SHP-KPN-0101',
        user_code: AGENT_COUPON_DEMO_CUSTOMER,
        coupon_id: 801,
        coupon_notes: 'Dibeli di Shopee',
        start_date: ymd(addDays(now, -1)),
        expired_date: ymd(addDays(now, 60)),
      },
      {
        pos_trx_code: 'AGT-TKP-0102',
        agent_code: 'TOKOPEDIA',
        trx_id: 'TKP-KPN-0102',
        user_code: AGENT_COUPON_DEMO_CUSTOMER,
        coupon_id: 806,
        coupon_notes: 'Dibeli di Tokopedia',
        start_date: ymd(addDays(now, -1)),
        expired_date: ymd(addDays(now, 60)),
      },
    ],
  };
}
