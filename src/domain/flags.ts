// The flag and status rules every page needs, the sign-in path included (sign-out's blocking rules, the
// guard, the menu): apart from the sale rules of transaction-rules.ts, whose texts and money only later pages load.
import type { PosTransaction } from './model';
import { TRX_STATUS } from './model/common';
import type { PosConfig } from './model/config';

/**
 * The 0/1 flags a rule reads, as every layer holds the configuration: parsed by posConfigSchema (numbers;
 * booleans and "1" already read as 1/0), possibly partial (a session's user data before an outlet is chosen).
 */
export type ConfigFlags<K extends keyof PosConfig> = { readonly [P in K]?: PosConfig[P] | null };

/**
 * A 0/1 flag of the parsed configuration (or of an item, a payment method, a role) is on only when it is 1.
 * Typed: the value has been through the schema, so "1" and true were already read as 1.
 */
export const isOn = (flag: number | null | undefined): boolean => flag === 1;

/** Sync eligibility: not synced, trx_type NORMAL, status 3. */
export const isSyncEligible = (
  trx: Pick<PosTransaction, 'is_synced' | 'trx_type' | 'trx_status_id'>,
): boolean => !trx.is_synced && (trx.trx_type ?? 'NORMAL') === 'NORMAL' && Number(trx.trx_status_id) === 3;

/** A sale already void (trx_status_id 4). */
export const isVoided = (trx: Pick<PosTransaction, 'trx_status_id'>): boolean =>
  Number(trx.trx_status_id) === TRX_STATUS.VOID;

/**
 * 000 §4 Void: allowed only when is_void_allowed = 1 and the transaction is not void already (status ≠ 4).
 * The one rule of the list's Void action and the cashier statechart's guard.
 */
export const canVoid = (
  trx: Pick<PosTransaction, 'trx_status_id'>,
  config: ConfigFlags<'is_void_allowed'>,
): boolean => config.is_void_allowed === 1 && !isVoided(trx);

/**
 * Ruling 13: the user's is_void_allowed is the outlet's setting AND the user group's (both 1). The server
 * computes the user data's flag and checks a void request with this one rule.
 */
export const voidAllowedFor = (outletFlag: unknown, groupFlag: unknown): 0 | 1 =>
  Number(outletFlag) === 1 && Number(groupFlag) === 1 ? 1 : 0;

/**
 * 000 §4 Delete (line, quantity down, transaction) with pos_cashier_delete_by_pin = 1: a password and a
 * reason are asked (the authorization modal); and sign-out is refused while open transactions remain.
 */
export const deleteNeedsPin = (config: ConfigFlags<'pos_cashier_delete_by_pin'>): boolean =>
  config.pos_cashier_delete_by_pin === 1;

/** Section 6: a role flag of auth_role_accesses is granted only when it is 1. */
export const hasRoleAccess = (
  config: { auth_role_accesses?: Readonly<Record<string, number | null | undefined>> | null },
  flag: string,
): boolean => config.auth_role_accesses?.[flag] === 1;

/**
 * Ruling 27: an empty transaction is nobody's work — pending (status 2; an empty status reads as 2) with no
 * line, no payment, no customer and no notes. A line added then removed leaves a deleted-line record
 * (deleted_details, which the sign-out sends and the auditor reads), so such a transaction is not empty.
 * It does not block sign-out, is not listed among pending transactions, and is discarded when left
 * (the trx.discarded event).
 */
export const isEmptyTransaction = (
  trx: Pick<PosTransaction, 'trx_status_id' | 'details' | 'payments' | 'customer'> & {
    readonly deleted_details?: readonly unknown[] | null;
    readonly trx_notes?: string | null;
  },
): boolean =>
  Number(trx.trx_status_id ?? 2) === 2 &&
  (trx.details ?? []).length === 0 &&
  (trx.deleted_details ?? []).length === 0 &&
  (trx.payments ?? []).length === 0 &&
  trx.customer == null &&
  (trx.trx_notes ?? '').trim() === '';

/** Ruling 27: the pending transactions someone is working on (status 2, not empty). */
export const pendingWork = <T extends Parameters<typeof isEmptyTransaction>[0]>(
  transactions: readonly T[],
): T[] => transactions.filter((t) => Number(t.trx_status_id ?? 2) === 2 && !isEmptyTransaction(t));

/** Pending transactions sent at sign-out: status 2 with details or deleted details. */
export const pendingForSignOut = <
  T extends Pick<PosTransaction, 'trx_status_id' | 'details' | 'deleted_details'>,
>(
  transactions: readonly T[],
): T[] =>
  transactions.filter(
    (t) =>
      Number(t.trx_status_id ?? 2) === 2 && (t.details.length > 0 || (t.deleted_details ?? []).length > 0),
  );
