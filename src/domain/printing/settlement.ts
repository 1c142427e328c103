// The settlement printout (002 §2.11) as a printer document, in SettlementPaper's order: brand and outlet,
// 'SETTLEMENT', the outlet scope line, cashier and period, the item sections (split by the DETAILED
// template), coupons, top-ups, memberships, receivables, 'Ringkasan', 'Pembayaran', '####', a cut.
import { formatMoney, formatQty, type Separators } from '../money';
import type {
  SettlementCountRow,
  SettlementData,
  SettlementItemRow,
  SettlementTrxSummary,
} from '../settlement';
import { SETTLEMENT_TEXTS as T } from '../texts/settlement';
import type { PaperBlock, PaperDoc } from './doc';

export interface SettlementHeader {
  brand: string;
  outlet: string;
  cashier: string;
  start: string;
  end: string;
  scope?: string | null;
}

export const settlementDoc = (
  data: SettlementData,
  header: SettlementHeader,
  split: boolean,
  separators: Separators,
): PaperDoc => {
  const money = (v: number) => formatMoney(v, separators);
  const b: PaperBlock[] = [];
  const row = (label: string, value: string, bold = false) => b.push({ kind: 'row', label, value, bold });
  const title = (t: string) => b.push({ kind: 'rule' }, { kind: 'text', text: t, bold: true });
  const items = (t: string, rows: SettlementItemRow[]) => {
    title(t);
    for (const r of rows) {
      b.push({ kind: 'text', text: `${r.item_name}${r.variant_name ? ` - ${r.variant_name}` : ''}` });
      row(`${formatQty(r.qty, 2, separators)} x ${money(r.variant_price)}`, money(r.gross_total_sum));
    }
    row('', money(rows.reduce((s, r) => s + r.gross_total_sum, 0)), true);
  };
  const count = (t: string, c: SettlementCountRow) => {
    title(t);
    row(`${c.trx_count} x`, money(c.drv_gross_total));
  };
  const summary = (s: SettlementTrxSummary) => {
    row(T.gross, money(s.drv_gross_total));
    row(T.itemDiscount, money(s.discount_value));
    row(T.trxDiscount, money(s.trx_discount_value));
    row(T.tax, money(s.drv_tax_value));
    row(T.serviceCharge, money(s.drv_service_charge_value));
    row(T.additionalCharge, money(s.drv_additional_charge_value));
    row(T.net, money(s.drv_grand_total), true);
  };
  b.push({ kind: 'text', text: header.brand, align: 'center', bold: true });
  b.push({ kind: 'text', text: header.outlet, align: 'center' });
  b.push({ kind: 'text', text: T.title, align: 'center', bold: true });
  if (header.scope) b.push({ kind: 'text', text: header.scope, align: 'center', bold: true });
  row(T.cashier, header.cashier);
  row(T.start, header.start);
  row(T.end, header.end);
  if (split) {
    items(T.serviceSales, data.service_item_summary);
    items(T.retailSales, data.retail_item_summary);
  } else items(T.itemSales, data.item_summary);
  items(T.couponSales, data.coupon_summary);
  count(T.topUpDeposit, data.top_up_deposit_summary);
  count(T.membershipSales, data.membership_summary);
  count(T.receivablePayment, data.account_receivable_summary);
  title(T.summary);
  if (split) {
    b.push({ kind: 'text', text: T.service, bold: true });
    summary(data.service_trx_summary);
    b.push({ kind: 'text', text: T.retail, bold: true });
    summary(data.retail_trx_summary);
  } else summary(data.trx_summary);
  title(T.payments);
  for (const p of data.payment_summary)
    row(`${p.payment_method_name} (${p.trx_count})`, money(p.payment_after_change_sum));
  b.push({ kind: 'rule' }, { kind: 'text', text: T.end_mark, align: 'center' }, { kind: 'cut' });
  return { blocks: b };
};
