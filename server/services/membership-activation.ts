// Issue 24, member activation (001 §2.8, §5, §7; ruling 19): the membership named from the brand's catalogue
// starts or extends the customer's period on the existing membership ledger (customer_memberships, append-only,
// ruling 13), in one transaction under the sales' lock order (docs/architecture.md): the customer's row
// FOR NO KEY UPDATE first (resolveSaleCustomer, which also creates a new customer or stores the edited fields),
// then the period's insert. Price and is_automatic_activation are the catalogue's, never the client's.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  MembershipActivation,
  MembershipActivationResponse,
} from '../../src/api/contract/member-search';
import { needsPurchaseNo } from '../../src/domain/customer-search';
import { displayPhone } from '../../src/domain/pos/phone';
import { CUSTOMER_SEARCH_OWN, MEMBER_ACTIVATION_TEXTS } from '../../src/domain/texts/customer-search';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/texts/sale';
import { transaction } from '../db/retry';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import { findCustomer } from './customer-lookup';
import { resolveSaleCustomer } from './pos/customer';
import {
  catalogueMembership,
  MEMBERSHIP_ACTIVATION_SOURCE,
  planMembership,
  writeMembership,
} from './pos/membership';
import type { AuthContext } from './sessions';

export async function activateMembership(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  body: MembershipActivation,
): Promise<MembershipActivationResponse> {
  const db = deps.database.db;
  const membership = await catalogueMembership(db, auth.business_id, body.business_membership_id);
  if (!membership) throw invalid(CUSTOMER_SEARCH_OWN.membershipInactive, 'business_membership_id');
  if (needsPurchaseNo(membership) && body.pos_trx_code === '')
    throw invalid(MEMBER_ACTIVATION_TEXTS.purchaseNoRequired, 'pos_trx_code');
  const id = {
    user_identifier_type: body.user_identifier_type,
    user_identifier_string: body.user_identifier_string,
  };
  const known = await findCustomer(deps, auth.business_id, id);
  // a QR code names a customer the server issued: an unknown one is refused, never created
  if (!known && id.user_identifier_type === 'qr')
    throw invalid(DOMAIN_MESSAGES.customerNotFound, 'user_identifier_string');
  const now = deps.clock.now();
  const edits = body.is_edit_user === 1 || !known;
  const result = await transaction(db, async (tx) => {
    const customer = await resolveSaleCustomer(tx, {
      businessId: auth.business_id,
      customer: {
        user_code: known?.user_code ?? null,
        user_phone: id.user_identifier_type === 'phone' ? displayPhone(id.user_identifier_string) : null,
        user_email: id.user_identifier_type === 'email' ? id.user_identifier_string.toLowerCase() : null,
        ...(edits
          ? {
              user_name: body.user_name,
              user_gender: body.user_gender,
              user_birth_date: body.user_birth_date,
              user_notes: body.user_notes,
            }
          : {}),
      },
      lock: true,
      now,
      storeEdits: edits,
    });
    if (!customer) throw invalid(MEMBER_ACTIVATION_TEXTS.customerRequired, 'user_identifier_string');
    const period = await planMembership(tx, { customerId: customer.customer_id, membership, now });
    const localTrxId = `activation:${randomUUID()}`;
    await writeMembership(tx, period, {
      customerId: customer.customer_id,
      membership,
      localTrxId,
      now,
      source: MEMBERSHIP_ACTIVATION_SOURCE,
    });
    // the Purchase No. is the server's record of the activation (empty: none given)
    if (body.pos_trx_code !== '')
      await tx.execute(sql`
        UPDATE customer_memberships SET pos_trx_code = ${body.pos_trx_code}
        WHERE ref_local_trx_id = ${localTrxId}`);
    return { user_code: customer.user_code, valid_until: period.end_date };
  });
  return {
    message: CUSTOMER_SEARCH_OWN.activated(membership.membership_name, result.valid_until),
    user_code: result.user_code,
    membership_name: membership.membership_name,
    valid_until: result.valid_until,
  };
}
