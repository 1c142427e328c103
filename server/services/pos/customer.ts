import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isEmailAddress, normalizeBirthDate } from '../../../src/domain/customer-fields';
import type { Customer } from '../../../src/domain/model/customer';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { formatLocalDateTime, parseLocalDateTime } from '../../lib/clock';
import { invalid } from '../../lib/errors';
import { walletBalance } from '../ledgers';

/** The sale's customer as stored. */
export interface SaleCustomer {
  customer_id: number;
  user_code: string;
  /** sha256(user_code:code) of the wallet PIN ('Kode Receh'), null when none is set */
  wallet_security_code_hash: string | null;
  /** the customer's NFC card code, hashed like the PIN (ruling 20); null when no card is registered */
  nfc_security_code_hash: string | null;
  /** SUM of the wallet ledger (deposit_amount, ruling 15); read after the lock when one is taken */
  wallet_balance: number;
}

interface CustomerRow {
  customer_id: string | number;
  user_code: string;
  code_hash: string | null;
  nfc_hash?: string | null;
  balance: string | null;
  /** The Customer Data fields as stored, compared with the sale's copy (000 §2 Set Customer). */
  user_name?: string | null;
  user_phone?: string | null;
  user_email?: string | null;
  user_birth_date?: string | null;
  user_gender?: number | string | null;
  user_notes?: string | null;
  user_email_notification?: number | string | null;
  notification_email?: string | null;
}

const toSaleCustomer = (r: CustomerRow): SaleCustomer => ({
  customer_id: Number(r.customer_id),
  user_code: r.user_code,
  wallet_security_code_hash: r.code_hash,
  nfc_security_code_hash: r.nfc_hash ?? null,
  wallet_balance: Number(r.balance ?? 0),
});

const text = (v: string | null | undefined): string | null => {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
};

/**
 * 'Notification Email' as stored: the flag user_email_notification, and the address in
 * extra.notification_email when it is not the customer's own user_email. The lookup reads it back.
 */
export function notificationEmailOf(row: {
  user_email_notification?: number | string | null;
  user_email?: string | null;
  extra?: Record<string, unknown> | null;
}): string {
  if (Number(row.user_email_notification ?? 0) !== 1) return '';
  const own = row.extra?.notification_email;
  return typeof own === 'string' && own !== '' ? own : (row.user_email ?? '');
}

/** Column → new value; notification_email null removes the stored address. */
type Edits = Partial<{
  user_name: string;
  user_birth_date: string | null;
  user_gender: number;
  user_notes: string | null;
  user_email_notification: 0 | 1;
  notification_email: string | null;
}>;

/**
 * What the sale's Customer Data changes on the stored customer (000 §2 Set Customer: Nama, Tanggal
 * Lahir, Jenis Kelamin, Catatan, Notification Email; docs/decisions.md). A field the sale's copy does
 * not carry, or carries unreadable (a bad date or e-mail, another gender), changes nothing; a blank
 * name neither (the name is required). `fillOnly`: a customer the device did not know (matched by
 * phone or e-mail) only gets the fields it has empty.
 */
export function customerEdits(row: CustomerRow, c: Customer, today: string, fillOnly: boolean): Edits {
  const edits: Edits = {};
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  const may = (stored: unknown) => !fillOnly || blank(stored);
  const name = text(c.user_name);
  // A name that is only the phone or e-mail was a placeholder (a customer created from those alone).
  const placeholderName = row.user_name === row.user_phone || row.user_name === row.user_email;
  if (name && name !== row.user_name && (!fillOnly || blank(row.user_name) || placeholderName))
    edits.user_name = name;
  if (c.user_birth_date !== undefined && may(row.user_birth_date)) {
    const given = text(c.user_birth_date);
    const date = given === null ? null : normalizeBirthDate(given, today);
    if (
      (given === null || date !== null) &&
      date !== (row.user_birth_date ?? null) &&
      !(fillOnly && date === null)
    )
      edits.user_birth_date = date;
  }
  if (
    (c.user_gender === 1 || c.user_gender === 2) &&
    c.user_gender !== Number(row.user_gender ?? 0) &&
    may(row.user_gender)
  )
    edits.user_gender = c.user_gender;
  if (c.user_notes !== undefined && may(row.user_notes)) {
    const notes = text(c.user_notes);
    if (notes !== (row.user_notes ?? null) && !(fillOnly && notes === null)) edits.user_notes = notes;
  }
  if (
    c.user_email_notification !== undefined &&
    (!fillOnly || Number(row.user_email_notification ?? 0) !== 1)
  ) {
    const given = text(c.user_email_notification)?.toLowerCase() ?? null;
    if (given === null && !fillOnly) {
      if (Number(row.user_email_notification ?? 0) === 1) {
        edits.user_email_notification = 0;
        edits.notification_email = null;
      }
    } else if (given !== null && isEmailAddress(given)) {
      const own = given === (row.user_email ?? '').toLowerCase() ? null : given;
      if (Number(row.user_email_notification ?? 0) !== 1) edits.user_email_notification = 1;
      if (own !== (row.notification_email ?? null)) edits.notification_email = own;
    }
  }
  return edits;
}

/**
 * Writes the edits unless the customer changed after the device read it (its retrieve_time, WIB, to
 * the second): a sale synced late never undoes a newer edit. One statement; nothing when no edit.
 */
async function applyEdits(
  tx: Pick<Tx, 'execute'>,
  customerId: number,
  edits: Edits,
  retrieveTime: string | null | undefined,
  now: Date,
): Promise<void> {
  const sets = [];
  if (edits.user_name !== undefined) sets.push(sql`user_name = ${edits.user_name}`);
  if (edits.user_birth_date !== undefined) sets.push(sql`user_birth_date = ${edits.user_birth_date}::date`);
  if (edits.user_gender !== undefined) sets.push(sql`user_gender = ${edits.user_gender}`);
  if (edits.user_notes !== undefined) sets.push(sql`user_notes = ${edits.user_notes}`);
  if (edits.user_email_notification !== undefined)
    sets.push(sql`user_email_notification = ${edits.user_email_notification}`);
  if (edits.notification_email !== undefined)
    sets.push(
      edits.notification_email === null
        ? sql`extra = extra - 'notification_email'`
        : sql`extra = extra || jsonb_build_object('notification_email', ${edits.notification_email}::text)`,
    );
  if (sets.length === 0) return;
  let readAt: Date | null = null;
  try {
    readAt = retrieveTime ? parseLocalDateTime(retrieveTime) : null;
  } catch {
    readAt = null;
  }
  // The stored updated_at has sub-second precision; retrieve_time is whole seconds.
  const fresh = readAt
    ? sql` AND updated_at < ${new Date(readAt.getTime() + 1000).toISOString()}::timestamptz`
    : sql``;
  await tx.execute(sql`UPDATE customers SET ${sql.join(sets, sql`, `)}, updated_at = ${now.toISOString()}::timestamptz
    WHERE customer_id = ${customerId}${fresh}`);
}

async function withBalance(tx: Pick<Tx, 'execute'>, r: CustomerRow, locked: boolean): Promise<SaleCustomer> {
  const c = toSaleCustomer(r);
  return locked ? { ...c, wallet_balance: await walletBalance(tx, c.customer_id) } : c;
}

/** A new customer's user_code: 'SB' + 8 digits, like the demo's; a clash is retried. */
const newUserCode = () => `SB${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * The sale's customer: a known user_code (locked FOR NO KEY UPDATE when the sale touches the wallet, so
 * two sales never spend one balance twice; that mode does not block the key-share lock a sale's foreign key
 * takes on its customer, so a cash sale of the same customer never waits for it — docs/architecture.md,
 * "Lock order"); a new customer (user_code null with a phone or an e-mail) is
 * matched on that phone (one canonical form: +62…, 62…, 0… are one number; migration 0004) or e-mail, or created; a guest (neither) is null.
 * The cashier's Customer Data edits are stored with it (customerEdits): on a known customer unless it
 * changed since the device read it; on a matched one only where it has nothing; a created one gets them all.
 * With pos_trx_no_user_edit = 1 (storeEdits false) found customers are not edited.
 */
export async function resolveSaleCustomer(
  tx: Pick<Tx, 'execute'>,
  input: {
    businessId: number;
    customer: Customer | null;
    lock: boolean;
    now: Date;
    /** false with pos_trx_no_user_edit = 1: a found customer is taken as stored, its edits ignored. */
    storeEdits: boolean;
  },
): Promise<SaleCustomer | null> {
  const c = input.customer;
  if (!c) return null;
  const lock = input.lock ? sql` FOR NO KEY UPDATE` : sql``;
  // Without a lock the balance comes in the same round trip. With one it must be read by a later statement:
  // a statement that waited for the lock still sees the wallet as it was when it began (read committed).
  const balance = input.lock
    ? sql`NULL::text`
    : sql`(SELECT coalesce(sum(w.amount), 0)::text FROM wallet_ledger w WHERE w.customer_id = customers.customer_id)`;
  const select = sql`SELECT customer_id, user_code, extra->>'wallet_security_code_hash' AS code_hash,
    extra->>'nfc_security_code_hash' AS nfc_hash,
    ${balance} AS balance, user_name, user_phone, user_email, user_birth_date::text AS user_birth_date,
    user_gender, user_notes, user_email_notification, extra->>'notification_email' AS notification_email
    FROM customers`;
  const today = formatLocalDateTime(input.now).slice(0, 10);
  const userCode = text(c.user_code);
  if (userCode) {
    const [found] = rows<CustomerRow>(
      await tx.execute(
        sql`${select} WHERE business_id = ${input.businessId} AND user_code = ${userCode}${lock}`,
      ),
    );
    if (!found) throw invalid(POS_MESSAGES.customerNotFound, 'customer.user_code');
    if (input.storeEdits) {
      const edits = customerEdits(found, c, today, false);
      await applyEdits(tx, Number(found.customer_id), edits, c.retrieve_time, input.now);
    }
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
  if (existing) {
    if (input.storeEdits) {
      const edits = customerEdits(existing, c, today, true);
      await applyEdits(tx, Number(existing.customer_id), edits, null, input.now);
    }
    return withBalance(tx, existing, input.lock);
  }
  const at = input.now.toISOString();
  // What a customer that has nothing yet would take from the sale (its e-mail is the one given).
  const blank = { customer_id: 0, user_code: '', code_hash: null, balance: null, user_email: email };
  const given = customerEdits(blank, c, today, true);
  const notification = given.user_email_notification === 1 ? 1 : 0;
  const extra = given.notification_email ? { notification_email: given.notification_email } : {};
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = rows<CustomerRow>(
      await tx.execute(sql`
        INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email, user_ref, user_gender,
          user_notes, user_birth_date, user_email_notification, is_signed_up, extra, created_at, updated_at)
        VALUES (${input.businessId}, ${newUserCode()}, ${text(c.user_name) ?? phone ?? email ?? ''}, ${phone}, ${email},
          ${text(c.user_ref)}, ${c.user_gender === 1 || c.user_gender === 2 ? c.user_gender : null},
          ${text(c.user_notes)}, ${given.user_birth_date ?? null}::date, ${notification}, 1,
          ${JSON.stringify(extra)}::jsonb, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (business_id, user_code) DO NOTHING
        RETURNING customer_id, user_code, NULL::text AS code_hash, '0' AS balance`),
    );
    if (created) return toSaleCustomer(created);
  }
  throw new Error('could not allocate a user_code');
}
