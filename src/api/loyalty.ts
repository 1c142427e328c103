// The loyalty screens' calls (001 §7; issue 24). Time-outs per 001 §9: 5 s for the award, 5000 ms for the
// redemption and coupon calls.
import { LOYALTY_TIMEOUT_MS, REDEEM_TIMEOUT_MS } from '../domain/loyalty';
import {
  type CouponPreview,
  couponPreviewResponse,
  LOYALTY_PATHS,
  type LoyaltyIngestAnswer,
  type LoyaltyTrx,
  loyaltyIngestResponse,
  REDEEM_PATHS,
  type RedeemScanResponse,
  redeemConfirmResponse,
  redeemSaveResponse,
  redeemScanResponse,
  userCouponsResponse,
} from './contract';
import type { ActiveCoupon } from './contract/customer';
import type { ApiClient } from './http';

export type CodeKind = 'reward' | 'coupon';

export interface LoyaltyApi {
  /** POST cashier/loyalty-trx (5 s). */
  ingest(trxs: LoyaltyTrx[], isOffline: 0 | 1): Promise<LoyaltyIngestAnswer[]>;
  /** GET cashier/reward/preview ?scancode= (5000 ms). */
  redeemPreview(scancode: string): Promise<RedeemScanResponse>;
  /** POST cashier/coupon/redeem/preview {qr_code} (5000 ms). */
  couponPreview(qr_code: string): Promise<CouponPreview>;
  /** POST cashier/coupon/direct-redeem/preview {user_code} (5000 ms): the customer's usable coupons. */
  userCoupons(user_code: string): Promise<ActiveCoupon[]>;
  /** POST cashier/reward/redeem {scancode, kind} (5000 ms). */
  confirm(scancode: string, kind: CodeKind): Promise<void>;
  /** POST cashier/reward/save-redeem {scancode, pos_trx_code, kind} (5000 ms) → message. */
  save(scancode: string, pos_trx_code: string, kind: CodeKind): Promise<string>;
}

export function createLoyaltyApi(client: ApiClient): LoyaltyApi {
  return {
    ingest: (trxs, is_offline) =>
      client.request({
        method: 'POST',
        path: LOYALTY_PATHS.loyaltyTrx,
        body: { is_offline, trxs },
        timeoutMs: LOYALTY_TIMEOUT_MS,
        schema: loyaltyIngestResponse,
      }),
    redeemPreview: (scancode) =>
      client.request({
        method: 'GET',
        path: REDEEM_PATHS.scan,
        query: { scancode },
        timeoutMs: REDEEM_TIMEOUT_MS,
        schema: redeemScanResponse,
      }),
    couponPreview: (qr_code) =>
      client.request({
        method: 'POST',
        path: LOYALTY_PATHS.couponPreview,
        body: { qr_code },
        timeoutMs: REDEEM_TIMEOUT_MS,
        schema: couponPreviewResponse,
      }),
    userCoupons: async (user_code) =>
      (
        await client.request({
          method: 'POST',
          path: LOYALTY_PATHS.userCoupons,
          body: { user_code },
          timeoutMs: REDEEM_TIMEOUT_MS,
          schema: userCouponsResponse,
        })
      ).details,
    confirm: async (scancode, kind) => {
      await client.request({
        method: 'POST',
        path: LOYALTY_PATHS.redeemConfirm,
        body: { scancode, kind },
        timeoutMs: REDEEM_TIMEOUT_MS,
        schema: redeemConfirmResponse,
      });
    },
    save: async (scancode, pos_trx_code, kind) =>
      (
        await client.request({
          method: 'POST',
          path: LOYALTY_PATHS.redeemSave,
          body: { scancode, pos_trx_code, kind },
          timeoutMs: REDEEM_TIMEOUT_MS,
          schema: redeemSaveResponse,
        })
      ).message,
  };
}
