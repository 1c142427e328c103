// The slice of the spec's "user data / POS configuration" (000 §3) the shell reads.
// Loose on purpose: the full schema lives in src/domain/model; extra fields pass through.

import { hasRoleAccess } from '../../domain/flags';

/** A 0/1 flag as posConfigSchema parses it (the session's user data has been through the schema). */
export type FlagValue = number | null | undefined;

export interface BusinessOutletRef {
  business_outlet_id: number;
  outlet_name: string;
  outlet_address?: string | null;
  address?: string | null;
}

export interface PaymentMethodRef {
  payment_method_name: string;
  table_name?: string | null;
  table_id?: number | string | null;
  payment_method_id?: number | string | null;
}

export interface ShellUserData {
  business_user_id?: number;
  business_user_firstname?: string | null;
  cashier_name?: string | null;
  brand_name?: string | null;
  outlet_name?: string | null;
  outlet_id?: number | null;
  business_outlets?: BusinessOutletRef[];
  auth_role_accesses?: Record<string, FlagValue>;
  is_getpos?: FlagValue;
  /** ours (issue 27): 1 for the brand's owner, who alone may download the brand's full data export */
  is_brand_owner?: FlagValue;
  pos_shift_enforced?: FlagValue;
  payment_method?: PaymentMethodRef[];
  signed_in_at?: string | null;
  retrieve_time?: string | null;
  currency_code?: string | null;
}

/** Section 6 role flag of the signed-in user: src/domain's hasRoleAccess. */
export const hasAccess = (userData: ShellUserData | null | undefined, flag: string): boolean =>
  hasRoleAccess(userData ?? {}, flag);
