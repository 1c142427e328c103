// Home's "summary of all transactions" and the payment-method summary (000 §2 Home), pure.
import Big from 'big.js';

type Amount = number | string | null | undefined;

export interface SummaryPayment {
  payment_type?: string | null;
  payment_amount?: Amount;
  payment_charge?: Amount;
  payment_method?: {
    payment_method_name?: string | null;
    table_name?: string | null;
    table_id?: number | string | null;
  } | null;
}

export interface SummaryTrx {
  trx_status_id?: number | null;
  drv_grand_total?: Amount;
  payments?: SummaryPayment[] | null;
}

export interface MethodRef {
  payment_method_name: string;
  table_name?: string | null;
  table_id?: number | string | null;
}

export interface TrxSummary {
  completedCount: number;
  completedTotal: number;
  completedExtraCharges: number;
  pendingCount: number;
  pendingTotal: number;
}

export interface MethodCard {
  key: string;
  label: string;
  count: number;
  amount: number;
  extraCharges: number;
}

export const STATUS_PENDING = 2;
export const STATUS_COMPLETED = 3;

const big = (value: Amount): Big => {
  if (value === null || value === undefined || value === '') return new Big(0);
  try {
    return new Big(value);
  } catch {
    return new Big(0);
  }
};

const sum = (values: Amount[]): Big => values.reduce<Big>((acc, v) => acc.plus(big(v)), new Big(0));

export function summariseTransactions(trxs: readonly SummaryTrx[]): TrxSummary {
  const completed = trxs.filter((t) => t.trx_status_id === STATUS_COMPLETED);
  const pending = trxs.filter((t) => t.trx_status_id === STATUS_PENDING);
  return {
    completedCount: completed.length,
    completedTotal: sum(completed.map((t) => t.drv_grand_total)).toNumber(),
    completedExtraCharges: sum(
      completed.flatMap((t) => (t.payments ?? []).map((p) => p.payment_charge)),
    ).toNumber(),
    pendingCount: pending.length,
    pendingTotal: sum(pending.map((t) => t.drv_grand_total)).toNumber(),
  };
}

const methodKey = (m: {
  payment_method_name?: string | null;
  table_name?: string | null;
  table_id?: unknown;
}) =>
  m.table_name || (m.table_id !== undefined && m.table_id !== null)
    ? `${m.table_name ?? ''}:${String(m.table_id ?? '')}`
    : `name:${m.payment_method_name ?? ''}`;

const isCashName = (name: string | null | undefined) => (name ?? '').trim().toLowerCase() === 'cash';
const isWalletOrCreditName = (name: string | null | undefined) =>
  ['deposit', 'piutang'].includes((name ?? '').trim().toLowerCase());

/**
 * Deposit card (DEPOSIT payments), Piutang card (CREDIT payments), then one card per NORMAL payment
 * method: configured methods first (zeros included), then any other method seen in a payment.
 * Cash's amount adds grand total − payments of each transaction it appears in, netting out change.
 */
export function summarisePaymentMethods(
  trxs: readonly SummaryTrx[],
  methods: readonly MethodRef[],
): MethodCard[] {
  const completed = trxs.filter((t) => t.trx_status_id === STATUS_COMPLETED);
  const deposit = { key: 'DEPOSIT', label: 'Deposit', count: 0, amount: new Big(0), extra: new Big(0) };
  const credit = { key: 'CREDIT', label: 'Piutang', count: 0, amount: new Big(0), extra: new Big(0) };
  const cards = new Map<string, { key: string; label: string; count: number; amount: Big; extra: Big }>();
  for (const m of methods) {
    if (isWalletOrCreditName(m.payment_method_name)) continue;
    const key = methodKey(m);
    if (!cards.has(key))
      cards.set(key, { key, label: m.payment_method_name, count: 0, amount: new Big(0), extra: new Big(0) });
  }

  for (const trx of completed) {
    const payments = trx.payments ?? [];
    const paid = sum(payments.map((p) => p.payment_amount));
    const change = big(trx.drv_grand_total).minus(paid);
    const counted = new Set<string>();
    for (const p of payments) {
      const type = (p.payment_type ?? 'NORMAL').toUpperCase();
      let card: { key: string; label: string; count: number; amount: Big; extra: Big };
      if (type === 'DEPOSIT') card = deposit;
      else if (type === 'CREDIT') card = credit;
      else {
        const m = p.payment_method ?? {};
        const key = methodKey(m);
        const existing = cards.get(key);
        if (existing) card = existing;
        else {
          card = {
            key,
            label: m.payment_method_name ?? '-',
            count: 0,
            amount: new Big(0),
            extra: new Big(0),
          };
          cards.set(key, card);
        }
      }
      card.amount = card.amount.plus(big(p.payment_amount));
      card.extra = card.extra.plus(big(p.payment_charge));
      if (!counted.has(card.key)) {
        card.count += 1;
        counted.add(card.key);
        if (type === 'NORMAL' && isCashName(p.payment_method?.payment_method_name))
          card.amount = card.amount.plus(change);
      }
    }
  }

  return [deposit, credit, ...cards.values()].map((c) => ({
    key: c.key,
    label: c.label,
    count: c.count,
    amount: c.amount.toNumber(),
    extraCharges: c.extra.toNumber(),
  }));
}
