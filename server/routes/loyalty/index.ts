import type { FastifyInstance } from 'fastify';
import {
  couponPreviewRequest,
  LOYALTY_PATHS,
  LOYALTY_ROLES,
  loyaltyIngestRequest,
  redeemConfirmRequest,
  redeemSaveRequest,
  userCouponsRequest,
} from '../../../src/api/contract/loyalty';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseRequest } from '../../http/validate';
import {
  confirmCoupon,
  confirmRedeem,
  couponPreview,
  ingestLoyalty,
  saveRedeemPurchaseNo,
  userCoupons,
} from '../../services/loyalty';

/** The loyalty screens' calls (001 §7; issue 24; paths per docs/api.md). */
export async function loyaltyRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const config = { auth: true, roles: [...LOYALTY_ROLES] };

  app.post(`/${LOYALTY_PATHS.loyaltyTrx}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await ingestLoyalty(deps, auth, parseRequest(loyaltyIngestRequest, req.body)));
  });

  app.post(`/${LOYALTY_PATHS.redeemConfirm}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const { scancode, kind } = parseRequest(redeemConfirmRequest, req.body);
    return ok(
      kind === 'coupon'
        ? await confirmCoupon(deps, auth, scancode)
        : await confirmRedeem(deps, auth, scancode),
    );
  });

  app.post(`/${LOYALTY_PATHS.redeemSave}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await saveRedeemPurchaseNo(deps, auth, parseRequest(redeemSaveRequest, req.body)));
  });

  app.post(`/${LOYALTY_PATHS.couponPreview}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const { qr_code } = parseRequest(couponPreviewRequest, req.body);
    return ok(await couponPreview(deps, auth, qr_code));
  });

  app.post(`/${LOYALTY_PATHS.userCoupons}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const { user_code } = parseRequest(userCouponsRequest, req.body);
    return ok(await userCoupons(deps, auth, user_code));
  });
}
