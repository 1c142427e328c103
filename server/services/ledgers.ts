import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../db/rows';
import { receivableLedger, receivables, walletLedger } from '../db/schema';
import { reverseMembership } from './pos/membership';

/** A database transaction (the sale's): every ledger write happens inside the sale's own transaction. */
export type { Tx };

/**
 * Entry types a sale writes (rulings 13–16). Amounts: wallet positive = credit to the customer;
 * receivable positive = owed by the customer; stock qty negative = out of the location.
 */
export const ENTRY = {
  walletSalePayment: 'sale_payment',
  receivableCreditSale: 'credit_sale',
  stockSales: 'sales',
  stockIngredients: 'ingredients',
} as const;
/** A void adds entries of the same type with this suffix and the opposite sign (never edits). */
export const VOID_SUFFIX = '_void';
/** The stock entry types a sale itself writes: a void reverses these, not the customer's stock-outs. */
export const SALE_STOCK_ENTRY_TYPES: readonly string[] = [ENTRY.stockSales, ENTRY.stockIngredients];

/** SUM of the wallet ledger (deposit_amount, ruling 15). */
export async function walletBalance(tx: Pick<Tx, 'execute'>, customerId: number): Promise<number> {
  const r = rows<{ balance: string | null }>(
    await tx.execute(
      sql`SELECT coalesce(sum(amount), 0)::text AS balance FROM wallet_ledger WHERE customer_id = ${customerId}`,
    ),
  );
  return Number(r[0]?.balance ?? 0);
}

/** A DEPOSIT payment: one debit per sale (the ledger's unique index keys it on the sale). */
export async function debitWallet(
  tx: Tx,
  input: { customerId: number; amount: number; localTrxId: string; now: Date },
): Promise<void> {
  await tx.insert(walletLedger).values({
    customer_id: input.customerId,
    entry_type: ENTRY.walletSalePayment,
    amount: String(-input.amount),
    ref_local_trx_id: input.localTrxId,
    created_at: input.now,
  });
}

/** A CREDIT payment opens a receivable for the customer with drv_balance = its amount (ruling 16). */
export async function openReceivable(
  tx: Tx,
  input: {
    customerId: number;
    outletId: number;
    localTrxId: string;
    trxId: string;
    trxTime: Date;
    amount: number;
    reference: string | null;
    now: Date;
  },
): Promise<number> {
  const [ar] = await tx
    .insert(receivables)
    .values({
      customer_id: input.customerId,
      business_outlet_id: input.outletId,
      local_trx_id: input.localTrxId,
      trx_id: input.trxId,
      trx_time: input.trxTime,
      payment_method_reference: input.reference,
      created_at: input.now,
    })
    .returning({ id: receivables.account_receivable_id });
  await tx.insert(receivableLedger).values({
    account_receivable_id: ar.id,
    entry_type: ENTRY.receivableCreditSale,
    amount: String(input.amount),
    ref_local_trx_id: input.localTrxId,
    created_at: input.now,
  });
  return ar.id;
}

/**
 * A void (ruling 13): every entry the sale made gets a reversing entry (type + '_void', opposite sign),
 * in wallet, receivable, point, coupon and stock ledgers, and a membership sale's period (pos/membership.ts). Returns how many entries were added.
 */
export async function reverseSaleLedgers(tx: Tx, localTrxId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  // one after the other: a transaction is one connection
  const statements = [
    sql`
      INSERT INTO wallet_ledger (customer_id, entry_type, amount, ref_local_trx_id, created_at)
      SELECT customer_id, entry_type || ${VOID_SUFFIX}, -amount, ref_local_trx_id, ${at}::timestamptz
      FROM wallet_ledger WHERE ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}
      RETURNING entry_id`,
    sql`
      INSERT INTO receivable_ledger (account_receivable_id, entry_type, amount, ref_local_trx_id, created_at)
      SELECT account_receivable_id, entry_type || ${VOID_SUFFIX}, -amount, ref_local_trx_id, ${at}::timestamptz
      FROM receivable_ledger WHERE ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}
      RETURNING entry_id`,
    sql`
      INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, ref_local_trx_id, created_at)
      SELECT customer_id, entry_type || ${VOID_SUFFIX}, -points, reward_name, ref_local_trx_id, ${at}::timestamptz
      FROM point_ledger WHERE ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}
      RETURNING entry_id`,
    sql`
      INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, ref_local_trx_id, created_at)
      SELECT coupon_user_id, entry_type || ${VOID_SUFFIX}, -qty, ref_local_trx_id, ${at}::timestamptz
      FROM coupon_user_ledger WHERE ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}
      RETURNING entry_id`,
    sql`
      INSERT INTO stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type, qty, bad_qty, unit_cost,
        inv_vendor_id, ref_local_trx_id, notes, created_at)
      SELECT inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type || ${VOID_SUFFIX}, -qty, -bad_qty, unit_cost,
        inv_vendor_id, ref_local_trx_id, 'void', ${at}::timestamptz
      FROM stock_ledger
      WHERE ref_local_trx_id = ${localTrxId}
        AND entry_type IN (${sql.join(
          SALE_STOCK_ENTRY_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})
      RETURNING entry_id`,
  ];
  let added = 0;
  for (const statement of statements) added += rows(await tx.execute(statement)).length;
  // a membership sale's period (customer_memberships, append-only too): its reversal row
  added += await reverseMembership(tx, localTrxId, now);
  return added;
}
