// The deposit wallet's security on submit (rulings 15 and 20): the customer's NFC card (wallet_use_nfc, the
// nfc_code the cashier's reader typed) and wallet PIN ('Kode Receh', use_wallet_security_code), both stored
// hashed in customers.extra (wallet-code.ts: argon2id of sha256(user_code:code)) and compared here. Five wrong
// PINs for one customer within the attempt window are refused (429) until it passes. A PIN is first checked
// on its own (gateWalletCode), before the sale's transaction: under the customer's row lock (the one a deposit
// sale takes) the wrong tries are counted, the PIN compared and a wrong one recorded in auth_attempts (kind
// 'wallet_code') and committed before the lock is let go — so of a burst of wrong PINs sent at once the next
// one in line already sees every earlier one, and the sixth and later are refused (429).
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { WALLET_SECURITY_MESSAGES } from '../../../src/domain/texts/membership';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { transaction } from '../../db/retry';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { authAttempts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { invalid, ServiceError } from '../../lib/errors';
import { verifyWalletCode } from '../../lib/wallet-code-hash';
import { ATTEMPT_POLICIES, ATTEMPT_WINDOW_MS } from '../attempt-limiter';

/** The attempt subject of a customer's wallet PIN. */
export const walletCodeSubject = (businessId: number, userCode: string) => `${businessId}:${userCode}`;

/** A refused PIN: ingestSale records the attempt once the sale's transaction is undone. */
export class WrongWalletCode extends ServiceError {
  constructor(readonly subject: string) {
    super('invalid', POS_MESSAGES.wrongWalletCode, 'receh_code');
  }
}

/**
 * The checks of a sale paid (in part) from the deposit, inside its transaction after the customer's lock:
 * the NFC card when the outlet asks for it (wallet_use_nfc = 1) or the cashier sent a code, for a customer
 * with a card ('Invalid NFC Card!'); then the PIN when the outlet asks for it and the customer has one —
 * refused without trying once five wrong ones were recorded within the window.
 */
export async function checkWalletSecurity(
  tx: Pick<Tx, 'select'>,
  input: {
    businessId: number;
    customer: {
      user_code: string;
      wallet_security_code_hash: string | null;
      nfc_security_code_hash: string | null;
    };
    outlet: { use_wallet_security_code: boolean; wallet_use_nfc: boolean };
    nfc_code: string | null | undefined;
    receh_code: string | null | undefined;
    now: Date;
  },
): Promise<void> {
  const { customer, outlet } = input;
  const nfc = input.nfc_code?.trim() ?? '';
  if (customer.nfc_security_code_hash !== null && (outlet.wallet_use_nfc || nfc !== '')) {
    if (!(await verifyWalletCode(customer.nfc_security_code_hash, customer.user_code, nfc)))
      throw invalid(WALLET_SECURITY_MESSAGES.invalidNfcCard, 'nfc_code');
  }
  if (!outlet.use_wallet_security_code || customer.wallet_security_code_hash === null) return;
  const subject = walletCodeSubject(input.businessId, customer.user_code);
  if ((await wrongTries(tx, subject, input.now)) >= ATTEMPT_POLICIES.wallet_code.perSubject)
    throw new ServiceError('rate_limited', WALLET_SECURITY_MESSAGES.walletCodeRateLimited, 'receh_code');
  const given = input.receh_code?.trim() ?? '';
  if (!(await verifyWalletCode(customer.wallet_security_code_hash, customer.user_code, given)))
    throw new WrongWalletCode(subject);
}

/** The wrong 'Kode Receh' tries recorded for this customer within the attempt window. */
async function wrongTries(tx: Pick<Tx, 'select'>, subject: string, now: Date): Promise<number> {
  const [wrong] = await tx
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'wallet_code'),
        eq(authAttempts.subject, subject),
        eq(authAttempts.succeeded, false),
        gt(authAttempts.attempted_at, new Date(now.getTime() - ATTEMPT_WINDOW_MS)),
      ),
    );
  return Number(wrong?.n ?? 0);
}

/**
 * The 'Kode Receh' on its own, before the sale's transaction (a sale paid from the deposit of a known customer
 * at an outlet with use_wallet_security_code = 1): in one short transaction holding the customer's row lock,
 * refused (429) once five wrong PINs were recorded within the window; a wrong PIN is recorded and committed
 * with that lock still held, then refused. A customer without a PIN, or an NFC card the sale will refuse,
 * is left to the sale's own checks (checkWalletSecurity, which stays as the last word).
 */
export async function gateWalletCode(
  deps: AppDeps,
  input: {
    businessId: number;
    userCode: string;
    outlet: { use_wallet_security_code: boolean; wallet_use_nfc: boolean };
    nfc_code: string | null | undefined;
    receh_code: string | null | undefined;
    now: Date;
  },
): Promise<void> {
  if (!input.outlet.use_wallet_security_code) return;
  const refusal = await transaction(deps.database.db, async (tx) => {
    const [c] = rows<{ user_code: string; code_hash: string | null; nfc_hash: string | null }>(
      await tx.execute(sql`
        SELECT user_code, extra->>'wallet_security_code_hash' AS code_hash,
          extra->>'nfc_security_code_hash' AS nfc_hash
        FROM customers WHERE business_id = ${input.businessId} AND user_code = ${input.userCode}
        FOR NO KEY UPDATE`),
    );
    if (!c?.code_hash) return null;
    const nfc = input.nfc_code?.trim() ?? '';
    if (c.nfc_hash && (input.outlet.wallet_use_nfc || nfc !== '')) {
      if (!(await verifyWalletCode(c.nfc_hash, c.user_code, nfc))) return null;
    }
    const subject = walletCodeSubject(input.businessId, c.user_code);
    // a later statement than the lock: it sees every wrong try committed before the lock was granted
    if ((await wrongTries(tx, subject, input.now)) >= ATTEMPT_POLICIES.wallet_code.perSubject)
      return 'rate_limited' as const;
    if (await verifyWalletCode(c.code_hash, c.user_code, input.receh_code?.trim() ?? '')) return null;
    await tx
      .insert(authAttempts)
      .values({ kind: 'wallet_code', subject, ip: '-', succeeded: false, attempted_at: input.now });
    return 'wrong' as const;
  });
  if (refusal === 'rate_limited')
    throw new ServiceError('rate_limited', WALLET_SECURITY_MESSAGES.walletCodeRateLimited, 'receh_code');
  if (refusal === 'wrong') throw invalid(POS_MESSAGES.wrongWalletCode, 'receh_code');
}

/** Records a wrong PIN (outside the undone sale). */
export async function recordWrongWalletCode(deps: AppDeps, subject: string, now: Date): Promise<void> {
  await deps.database.db.insert(authAttempts).values({
    kind: 'wallet_code',
    subject,
    ip: '-',
    succeeded: false,
    attempted_at: now,
  });
}
