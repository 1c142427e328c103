import { z } from 'zod';
import { customerSchema } from '../../domain/model/customer';
import { API_MESSAGES } from '../../domain/texts/server';
import { userAccountReceivable } from './customer';

/** Accounts receivable (002 §7; docs/api.md pairs the list's path, ruling 12). No leading slash. */
export const RECEIVABLE_PATHS = {
  /** GET: the brand's open receivables, one row each (002 §2.12, §3 "Account receivable row"). */
  list: 'cashier/account-receivable',
  /** GET ?user_id={user_code}: that customer's open receivables (stored as its account_receivables). */
  userReceivables: 'cashier/user-account-receivables',
} as const;

/**
 * Role flags per call (docs/decisions.md): the list is the 'Daftar Piutang' screen's; a customer's
 * receivables are read by that screen's 'Bayar' and by the cashier's receivable-payment form.
 */
export const RECEIVABLE_ROLES = {
  list: ['ACCOUNT_RECEIVABLE_LIST'],
  userReceivables: ['ACCOUNT_RECEIVABLE_LIST', 'ACCOUNT_RECEIVABLE_PAYMENT'],
} as const;

/** GET cashier/user-account-receivables?user_id={user_code}: a user_code is short (bounded, no blanks). */
export const userAccountReceivablesQuery = z.object(
  {
    user_id: z
      .string({ error: API_MESSAGES.invalidInput })
      .trim()
      .min(1, { error: API_MESSAGES.invalidInput })
      .max(50, { error: API_MESSAGES.invalidInput }),
  },
  { error: API_MESSAGES.invalidInput },
);
export type UserAccountReceivablesQuery = z.input<typeof userAccountReceivablesQuery>;

/** A customer's open receivables (the same rows as the customer object's account_receivables). */
export const userAccountReceivablesResponse = z.array(userAccountReceivable);
export type UserAccountReceivablesResponse = z.infer<typeof userAccountReceivablesResponse>;

/**
 * One open receivable (002 §3): drv_balance is the sum of its ledger (ruling 13, 16); `user` is the full
 * customer object (user_identifier_type 'search', user_identifier_string = user_code, as a customer
 * chosen from the keyword search).
 */
export const accountReceivableRow = z.looseObject({
  account_receivable_id: z.number(),
  local_trx_id: z.string(),
  user_name: z.string().nullable(),
  trx_id: z.string().nullable(),
  trx_time: z.string(),
  drv_balance: z.number(),
  business_outlet_id: z.number().nullable(),
  outlet_name: z.string().nullable(),
  payment_method_reference: z.string().nullable(),
  user: customerSchema.extend({ user_code: z.string() }),
});
export type AccountReceivableRow = z.infer<typeof accountReceivableRow>;

export const accountReceivableListResponse = z.array(accountReceivableRow);
export type AccountReceivableListResponse = z.infer<typeof accountReceivableListResponse>;
