import { type Customer, RECEIVABLE_LINE_NAME, type TrxAccountReceivable } from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { TransactionRecord } from '../../events';
import {
  type CommandContext,
  EDITABLE,
  type Plan,
  preview,
  priced,
  type Runner,
  refuse,
  ZERO_TOTALS,
} from './context';
import { newTransaction } from './fields';
import { setSpecialLine } from './special';
import type { ReceivableCommands } from './types';

/** The customer's receivable with this id, as the transaction stores it (000 §3 account_receivable). */
function receivableOf(customer: Customer | null | undefined, id: number): TrxAccountReceivable | null {
  const ar = (customer?.account_receivables ?? []).find((a) => Number(a.account_receivable_id) === id);
  if (!ar) return null;
  return {
    account_receivable_id: Number(ar.account_receivable_id),
    local_trx_id: ar.local_trx_id ?? null,
    trx_id: ar.trx_id ?? null,
    trx_time: ar.trx_time ?? null,
    drv_balance: Number(ar.drv_balance),
  };
}

/** The chosen receivable's event, or a refusal: only a receivable payment with a customer who owes it. */
function choose(
  r: Runner,
  ctx: CommandContext,
  trx: TransactionRecord,
  account_receivable_id: number | null,
): Plan<object> {
  if (trx.trx_type !== 'ACCOUNT_RECEIVABLE') return refuse(SALE_MESSAGES.receivableNoTransaction);
  if (!trx.customer?.user_code) return refuse(SALE_MESSAGES.receivableNoCustomer);
  const account_receivable =
    account_receivable_id === null ? null : receivableOf(trx.customer, account_receivable_id);
  if (account_receivable_id !== null && !account_receivable)
    return refuse(SALE_MESSAGES.receivableNoTransaction);
  const set = r.event(ctx, trx.local_trx_id, 'trx.accountReceivableSet', { account_receivable });
  // 'Nominal Pembayaran Piutang' starts at what the chosen receivable owes (the cashier may lower it): an
  // empty amount, or the one filled in for the receivable chosen before, becomes this one's; a typed one stays
  const owed = Math.floor(Number(account_receivable?.drv_balance ?? 0));
  const before = Math.floor(Number(trx.account_receivable?.drv_balance ?? 0));
  const amount = Number(trx.details[0]?.itemMeta.pos_item_variants?.[0]?.variant_price ?? 0);
  const filledIn = amount === 0 || (before > 0 && amount === before);
  if (!account_receivable || !(owed > 0) || !filledIn || amount === owed)
    return { ok: true, events: [set], value: {} };
  const row = preview(trx, set) as TransactionRecord;
  const line = setSpecialLine(r, row, ctx, owed, null);
  return line.ok ? { ok: true, events: [set, ...line.events], value: {} } : line;
}

/**
 * The receivable-payment transaction (000 §2 'Pembayaran Piutang', 002 §2.12 'Bayar'): started for a known
 * customer with its account_receivables, and the receivable chosen among them — one commit, so a tab
 * closed half-way leaves no transaction without its customer.
 */
export function receivableCommands(r: Runner): ReceivableCommands {
  return {
    startReceivablePayment: (input) =>
      r.run((ctx) => {
        if (!input.customer.user_code) return refuse(SALE_MESSAGES.receivableNoCustomer);
        const local_trx_id = ctx.newId();
        const trx = newTransaction(
          { trx_type: 'ACCOUNT_RECEIVABLE', trx_name: RECEIVABLE_LINE_NAME },
          ctx,
          local_trx_id,
        );
        const started = r.event(ctx, local_trx_id, 'trx.started', { trx });
        const row0 = preview(undefined, started) as TransactionRecord;
        const customerSet = priced(
          row0,
          r.event(ctx, local_trx_id, 'trx.customerSet', { customer: input.customer, totals: ZERO_TOTALS }),
          ctx.config,
        );
        const events = [started, customerSet];
        const id = input.account_receivable_id ?? null;
        if (id !== null) {
          const chosen = choose(r, ctx, preview(row0, customerSet) as TransactionRecord, id);
          if (!chosen.ok) return chosen;
          events.push(...chosen.events);
        }
        return { ok: true, events, value: { local_trx_id } };
      }),

    chooseAccountReceivable: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => choose(r, ctx, trx, input.account_receivable_id)),
  };
}
