import {
  CUSTOMER_PATHS,
  MEMBER_PATHS,
  type MembershipActivationRequest,
  type MembershipActivationResponse,
  memberSearchResponse,
  membershipActivationResponse,
  type PosUser,
  posUser,
} from './contract';
import type { CustomerIdentifier } from './customer';
import type { ApiClient } from './http';

/** 001 §9: the name search times out after 10000 ms. */
export const MEMBER_SEARCH_TIMEOUT_MS = 10_000;
/** 001 §9: the lookups of the loyalty and member screens, 5 s. */
export const MEMBER_LOOKUP_TIMEOUT_MS = 5_000;

export interface MemberApi {
  /** The member-activation lookup: POST cashier/pos/user {transaction_type: 'membership_activation', …} (5 s). */
  activationLookup(identifier: CustomerIdentifier): Promise<PosUser>;
  /** Nama: GET cashier/pos/member-search?keyword= (10 s), as the panel's rows. */
  searchMembers(keyword: string): Promise<{ users: MemberSearchHit[] }>;
  /** POST cashier/membership/activation → the server's message. */
  activate(body: MembershipActivationRequest): Promise<MembershipActivationResponse>;
}

export type MemberSearchHit = ReturnType<typeof memberSearchResponse.parse>['members'][number];

/** The member calls of 001 §7 (docs/api.md pairs their paths). */
export function createMemberApi(client: ApiClient): MemberApi {
  return {
    activationLookup: (identifier) =>
      client.request({
        method: 'POST',
        path: CUSTOMER_PATHS.posUser,
        body: { transaction_type: 'membership_activation', ...identifier },
        timeoutMs: MEMBER_LOOKUP_TIMEOUT_MS,
        schema: posUser,
      }),
    searchMembers: async (keyword) => {
      const { members } = await client.request({
        method: 'GET',
        path: MEMBER_PATHS.memberSearch,
        query: { keyword },
        timeoutMs: MEMBER_SEARCH_TIMEOUT_MS,
        schema: memberSearchResponse,
      });
      return { users: members };
    },
    activate: (body) =>
      client.request({
        method: 'POST',
        path: MEMBER_PATHS.activation,
        body,
        timeoutMs: MEMBER_LOOKUP_TIMEOUT_MS,
        schema: membershipActivationResponse,
      }),
  };
}
