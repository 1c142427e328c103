import type { FastifyInstance } from 'fastify';
import {
  customerIdentifierRequest,
  pinValidationRequest,
  posUserQuery,
  userSearchQuery,
} from '../../../src/api/contract/customer';
import { activityScopeQuery } from '../../../src/api/contract/journal';
import { memberSearchQuery, membershipActivationRequest } from '../../../src/api/contract/member-search';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput } from '../../http/validate';
import { forbidden } from '../../lib/errors';
import { todaysActivitiesForCashier } from '../../services/customer-activity';
import { lookupPosUser } from '../../services/customer-lookup';
import { outletAreas, outletDiscounts, outletTags } from '../../services/customer-pos-lists';
import { searchCustomers, searchMembers } from '../../services/customer-search';
import { journalActivities } from '../../services/journal';
import { activateMembership } from '../../services/membership-activation';
import { validateSupervisorPassword } from '../../services/pin-validation';

/** Role flags per call (docs/api.md): the cashier, or the screen of 001 that makes the same call. */
const CUSTOMER_ROLES = ['CASHIER_SYSTEM', 'CUSTOMER_INFORMATION'];
/** 001 §2.11: the registration's search (every type) is the same member lookup. */
const REGISTRATION_LOOKUP_ROLES = ['CUSTOMER_FLOW'];
const JOURNAL_ROLES = ['CASHIER_SYSTEM', 'CUSTOMER_JOURNAL'];
const CASHIER_ROLES = ['CASHIER_SYSTEM'];
/** 001 §6: member activation's own flag; its lookup is cashier/pos/user with transaction_type (docs/api.md). */
const ACTIVATION_ROLES = ['MEMBERSHIP_ACTIVATION'];
/** The member search serves every screen with a Nama search (001 §2.2): member info, journal, registration, cashier. */
const MEMBER_SEARCH_ROLES = ['CASHIER_SYSTEM', 'CUSTOMER_INFORMATION', 'CUSTOMER_JOURNAL', 'CUSTOMER_FLOW'];

/** The cashier's lookups (issue 4): customer, keyword search, balance, journal of today, promos, tags, areas, pin. */
export async function cashierLookupRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  // With ?retrieve_coupon=1 the customer lookup of Set Customer; without it the customer balance call
  // (the same user object, read for deposit_amount: docs/api.md, ruling 12).
  // transaction_type 'membership_activation' (001 §7): member activation's lookup (phone, qr, email), for
  // MEMBERSHIP_ACTIVATION; otherwise the cashier's and member info's (CUSTOMER_ROLES).
  app.post(
    '/cashier/pos/user',
    { config: { auth: true, roles: [...CUSTOMER_ROLES, ...ACTIVATION_ROLES, ...REGISTRATION_LOOKUP_ROLES] } },
    async (req) => {
      const auth = requireAuth(req);
      const query = parseInput(posUserQuery, req.query);
      const { transaction_type, ...id } = parseInput(customerIdentifierRequest, req.body);
      const roles =
        transaction_type === 'membership_activation'
          ? ACTIVATION_ROLES
          : [...CUSTOMER_ROLES, ...REGISTRATION_LOOKUP_ROLES];
      if (!roles.some((r) => Number(auth.auth_role_accesses[r] ?? 0) === 1)) throw forbidden();
      return ok(
        await lookupPosUser(deps, auth.business_id, id, { retrieveCoupon: query.retrieve_coupon === '1' }),
      );
    },
  );

  app.get(
    '/cashier/pos/member-search',
    { config: { auth: true, roles: MEMBER_SEARCH_ROLES } },
    async (req) => {
      const auth = requireAuth(req);
      const { keyword } = parseInput(memberSearchQuery, req.query);
      return ok({ members: await searchMembers(deps, auth.business_id, keyword) });
    },
  );

  app.post(
    '/cashier/membership/activation',
    { config: { auth: true, roles: ACTIVATION_ROLES } },
    async (req) => {
      const auth = requireAuth(req);
      const body = parseInput(membershipActivationRequest, req.body);
      return ok(await activateMembership(deps, auth, body));
    },
  );

  app.get('/cashier/pos/user-search', { config: { auth: true, roles: CUSTOMER_ROLES } }, async (req) => {
    const auth = requireAuth(req);
    const { keyword } = parseInput(userSearchQuery, req.query);
    return ok({ users: await searchCustomers(deps, auth.business_id, keyword) });
  });

  // scope=journal (issue 25): the journal's every activity, for CUSTOMER_JOURNAL; else the cashier's today
  app.get('/cashier/customer-activity', { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) => {
    const auth = requireAuth(req);
    const { scope } = parseInput(activityScopeQuery, req.query);
    const { user_identifier_type, user_identifier_string } = (req.query ?? {}) as Record<string, unknown>;
    const id = parseInput(customerIdentifierRequest, { user_identifier_type, user_identifier_string });
    if (scope === 'journal') {
      if (Number(auth.auth_role_accesses.CUSTOMER_JOURNAL ?? 0) !== 1) throw forbidden();
      return ok({ customer_activities: await journalActivities(deps, auth, id) });
    }
    return ok({ customer_activities: await todaysActivitiesForCashier(deps, auth.business_id, id) });
  });

  app.get('/cashier/pos/discount', { config: { auth: true, roles: CASHIER_ROLES } }, async (req) =>
    ok(await outletDiscounts(deps, requireAuth(req))),
  );

  app.get('/cashier/pos-tag', { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) =>
    ok(await outletTags(deps, requireAuth(req))),
  );

  app.get('/cashier/pos-area', { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) =>
    ok(await outletAreas(deps, requireAuth(req))),
  );

  app.post('/cashier/pos/pin-validation', { config: { auth: true, roles: CASHIER_ROLES } }, async (req) => {
    const body = parseInput(pinValidationRequest, req.body);
    return ok(
      await validateSupervisorPassword(deps, requireAuth(req), { password: body.password, ip: req.ip }),
    );
  });
}
