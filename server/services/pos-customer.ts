import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POS_MESSAGES } from '../../src/api/contract/pos';
import type { Customer } from '../../src/domain/model/customer';
import { invalid } from '../lib/errors';
import { type Tx, walletBalance } from './ledgers';

/** The sale's customer as stored. */
export interface SaleCustomer {
  customer_id: number;
  user_code: string;
  /** sha256(user_code:code) of the wallet PIN ('Kode Receh'), null when none is set */
  wallet_security_code_hash: string | null;
  /** SUM of the wallet ledger (deposit_amount, ruling 15); read after the lock when one is taken */
  wallet_balance: number;
}

const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

interface CustomerRow {
  customer_id: string | number;
  user_code: string;
  code_hash: string | null;
  balance: string | null;
}

const toSaleCustomer = (r: CustomerRow): SaleCustomer => ({
  customer_id: Number(r.customer_id),
  user_code: r.user_code,
  wallet_security_code_hash: r.code_hash,
  wallet_balance: Number(r.balance ?? 0),
});

const text = (v: string | null | undefined): string | null => {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
};

async function withBalance(tx: Pick<Tx, 'execute'>, r: CustomerRow, locked: boolean): Promise<SaleCustomer> {
  const c = toSaleCustomer(r);
  return locked ? { ...c, wallet_balance: await walletBalance(tx, c.customer_id) } : c;
}

/** A new customer's user_code: 'SB' + 8 digits, like the demo's; a clash is retried. */
const newUserCode = () => `SB${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * The sale's customer: a known user_code (locked FOR UPDATE when the sale touches the wallet, so two
 * sales never spend one balance twice); a new customer (user_code null with a phone or an e-mail) is
 * matched on that phone (one canonical form: +62…, 62…, 0… are one number; migration 0004) or e-mail, or created; a guest (neither) is null.
 */
export async function resolveSaleCustomer(
  tx: Pick<Tx, 'execute'>,
  input: { businessId: number; customer: Customer | null; lock: boolean; now: Date },
): Promise<SaleCustomer | null> {
  const c = input.customer;
  if (!c) return null;
  const lock = input.lock ? sql` FOR UPDATE` : sql``;
  // Without a lock the balance comes in the same round trip. With one it must be read by a later statement:
  // a statement that waited for the lock still sees the wallet as it was when it began (read committed).
  const balance = input.lock
    ? sql`NULL::text`
    : sql`(SELECT coalesce(sum(w.amount), 0)::text FROM wallet_ledger w WHERE w.customer_id = customers.customer_id)`;
  const select = sql`SELECT customer_id, user_code, extra->>'wallet_security_code_hash' AS code_hash,
    ${balance} AS balance FROM customers`;
  const userCode = text(c.user_code);
  if (userCode) {
    const [found] = rows<CustomerRow>(
      await tx.execute(
        sql`${select} WHERE business_id = ${input.businessId} AND user_code = ${userCode}${lock}`,
      ),
    );
    if (!found) throw invalid(POS_MESSAGES.customerNotFound, 'customer.user_code');
    return withBalance(tx, found, input.lock);
  }
  const phone = text(c.user_phone);
  const email = text(c.user_email)?.toLowerCase() ?? null;
  if (!phone && !email) return null;
  const [existing] = rows<CustomerRow>(
    await tx.execute(sql`${select}
      WHERE business_id = ${input.businessId}
        AND (user_phone_canonical = customer_canonical_phone(${phone}::text)
             OR lower(user_email) = ${email}::text)
      ORDER BY customer_id LIMIT 1${lock}`),
  );
  if (existing) return withBalance(tx, existing, input.lock);
  const at = input.now.toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = rows<CustomerRow>(
      await tx.execute(sql`
        INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email, user_ref, user_gender,
          user_notes, is_signed_up, extra, created_at, updated_at)
        VALUES (${input.businessId}, ${newUserCode()}, ${text(c.user_name) ?? phone ?? email ?? ''}, ${phone}, ${email},
          ${text(c.user_ref)}, ${c.user_gender === 1 || c.user_gender === 2 ? c.user_gender : null},
          ${text(c.user_notes)}, 1, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (business_id, user_code) DO NOTHING
        RETURNING customer_id, user_code, NULL::text AS code_hash, '0' AS balance`),
    );
    if (created) return toSaleCustomer(created);
  }
  throw new Error('could not allocate a user_code');
}
