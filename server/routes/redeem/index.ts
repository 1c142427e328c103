import type { FastifyInstance } from 'fastify';
import {
  agentRewardListQuery,
  REDEEM_PATHS,
  REDEEM_ROLES,
  redeemScanQuery,
  smsRedeemRequest,
  smsRedeemResendRequest,
  smsSaveRequest,
  smsValidateRequest,
} from '../../../src/api/contract/redeem';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput, parseRequest } from '../../http/validate';
import { agentCouponTransactions } from '../../services/pos/coupon-agent';
import { agentRewardTransactions, redeemPreview, resendRedeemSms } from '../../services/pos/redeem';
import {
  rewardItems,
  saveSmsRedeemPurchaseNo,
  sendSmsRedeem,
  validateSmsRedeem,
} from '../../services/sms-redeem';

/** The redeem dialog's calls (000 §7; paths per docs/api.md, ruling 12). */
export async function redeemRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const config = { auth: true, roles: [...REDEEM_ROLES] };

  app.get('/cashier/reward/preview', { config }, async (req) => {
    const auth = requireAuth(req);
    const { scancode } = parseInput(redeemScanQuery, req.query);
    return ok(await redeemPreview(deps, auth, scancode));
  });

  app.post('/cashier/sms-redeem-reward', { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await sendSmsRedeem(deps, auth, parseRequest(smsRedeemRequest, req.body)));
  });

  app.post('/cashier/sms-redeem-reward-resend', { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await resendRedeemSms(deps, auth, parseRequest(smsRedeemResendRequest, req.body)));
  });

  app.get('/cashier/pos/reward-agent-redeem/transaction/list', { config }, async (req) => {
    const auth = requireAuth(req);
    const { user_code } = parseInput(agentRewardListQuery, req.query);
    return ok(await agentRewardTransactions(deps, auth, user_code));
  });

  // the coupon dialog's Agent list (000 §7 agent coupon transactions)
  app.get(`/${REDEEM_PATHS.agentCouponList}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const { user_code } = parseInput(agentRewardListQuery, req.query);
    return ok(await agentCouponTransactions(deps, auth, user_code));
  });

  // /redeem-sms-transaction (001 §2.5, §7)
  app.get(`/${REDEEM_PATHS.rewardItems}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await rewardItems(deps, auth));
  });

  app.post(`/${REDEEM_PATHS.smsValidate}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await validateSmsRedeem(deps, auth, parseRequest(smsValidateRequest, req.body)));
  });

  app.post(`/${REDEEM_PATHS.smsSave}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await saveSmsRedeemPurchaseNo(deps, auth, parseRequest(smsSaveRequest, req.body)));
  });
}
