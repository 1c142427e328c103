import { REDEEM_TIMEOUT_MS } from '../domain/loyalty';
import type { RewardLike } from '../domain/redeem';
import { REDEEM_SCAN_TIMEOUT_MS } from '../domain/redeem';
import {
  type AgentCouponTransaction,
  type AgentRewardTransaction,
  agentCouponListResponse,
  agentRewardListResponse,
  messageResponse,
  REDEEM_PATHS,
  type RedeemScanResponse,
  redeemScanResponse,
  rewardItemsResponse,
  type SmsRedeemRequest,
  type SmsRedeemResponse,
  smsRedeemResponse,
} from './contract';
import type { ApiClient } from './http';

export interface RedeemApi {
  /** GET redeem scan ?scancode= (5 s, 003 §9): the code's preview. */
  scan(scancode: string): Promise<RedeemScanResponse>;
  /** POST SMS redeem → reward_redeem_sms_id. */
  sendSms(input: SmsRedeemRequest): Promise<SmsRedeemResponse>;
  /** GET cashier/reward-redemption-item (5000 ms): the brand's reward items. */
  rewardItems(): Promise<RewardLike[]>;
  /** POST cashier/validate-sms-redeem-reward (5000 ms) → the server's message. */
  validateSms(input: { reward_redeem_sms_id: number; scancode: string }): Promise<string>;
  /** POST cashier/save-sms-redeem-reward (5000 ms) → the server's message. */
  saveSms(input: { reward_redeem_sms_id: number; scancode: string; pos_trx_code: string }): Promise<string>;
  /** POST SMS redeem resend. */
  resendSms(reward_redeem_sms_id: number): Promise<SmsRedeemResponse>;
  /** GET agent reward transactions ?user_code=. */
  agentTransactions(user_code: string): Promise<AgentRewardTransaction[]>;
  /** GET agent coupon transactions ?user_code= (the coupon dialog's Agent list). */
  agentCoupons(user_code: string): Promise<AgentCouponTransaction[]>;
}

/** The redeem dialog's calls (000 §7). */
export function createRedeemApi(client: ApiClient): RedeemApi {
  return {
    scan: (scancode) =>
      client.request({
        method: 'GET',
        path: REDEEM_PATHS.scan,
        query: { scancode },
        timeoutMs: REDEEM_SCAN_TIMEOUT_MS,
        schema: redeemScanResponse,
      }),
    sendSms: (body) =>
      client.request({
        method: 'POST',
        path: REDEEM_PATHS.sms,
        body,
        timeoutMs: REDEEM_TIMEOUT_MS,
        schema: smsRedeemResponse,
      }),
    rewardItems: async () =>
      (await client.request({
        method: 'GET',
        path: REDEEM_PATHS.rewardItems,
        timeoutMs: REDEEM_TIMEOUT_MS,
        schema: rewardItemsResponse,
      })) as unknown as RewardLike[],
    validateSms: async (body) =>
      (
        await client.request({
          method: 'POST',
          path: REDEEM_PATHS.smsValidate,
          body,
          timeoutMs: REDEEM_TIMEOUT_MS,
          schema: messageResponse,
        })
      ).message,
    saveSms: async (body) =>
      (
        await client.request({
          method: 'POST',
          path: REDEEM_PATHS.smsSave,
          body,
          timeoutMs: REDEEM_TIMEOUT_MS,
          schema: messageResponse,
        })
      ).message,
    resendSms: (reward_redeem_sms_id) =>
      client.request({
        method: 'POST',
        path: REDEEM_PATHS.smsResend,
        body: { reward_redeem_sms_id },
        schema: smsRedeemResponse,
      }),
    agentTransactions: (user_code) =>
      client.request({
        method: 'GET',
        path: REDEEM_PATHS.agentList,
        query: { user_code },
        schema: agentRewardListResponse,
      }),
    agentCoupons: (user_code) =>
      client.request({
        method: 'GET',
        path: REDEEM_PATHS.agentCouponList,
        query: { user_code },
        schema: agentCouponListResponse,
      }),
  };
}
