// The settlement printout (002 §2.11) on receipt paper: header, item sales per the receipt template,
// coupon, top-up, membership and receivable sections, 'Ringkasan', 'Pembayaran', then '####'.
// Amounts floored with 0 decimals and the device's separators (002 §1); quantities with 2 decimals.
import { forwardRef } from 'react';
import type { SettlementResponse } from '../../../api/contract';
import { formatMoney, formatQty, type Separators } from '../../../domain/money';
import type { SettlementCountRow, SettlementItemRow, SettlementTrxSummary } from '../../../domain/settlement';
import { SETTLEMENT_TEXTS as T } from '../../../domain/texts/settlement';
import type { PaperSize } from '../receipt/print';
import { receiptCss } from '../receipt/receipt.css';

export interface SettlementPaperProps {
  data: SettlementResponse;
  paper: PaperSize;
  separators: Separators;
  /** The services/retail-split receipt template (DETAILED). */
  split: boolean;
  /** `scope`: the outlet printout's line naming the outlet and every cashier (null on the others). */
  header: {
    brand: string;
    outlet: string;
    cashier: string;
    start: string;
    end: string;
    scope?: string | null;
  };
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={strong ? 'rc-row rc-strong' : 'rc-row'} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section data-testid={testId} aria-label={title}>
      <hr className="rc-rule" />
      <div className="rc-section">{title}</div>
      {children}
    </section>
  );
}

export const SettlementPaper = forwardRef<HTMLDivElement, SettlementPaperProps>(function SettlementPaper(
  { data, paper, separators, split, header },
  ref,
) {
  const money = (v: number) => formatMoney(v, separators);
  const items = (rows: SettlementItemRow[]) =>
    rows.map((r) => (
      <div
        className="rc-item"
        key={`${r.pos_item_id}/${r.pos_item_variant_id}/${r.variant_price}`}
        data-testid="settlement-item"
      >
        <div className="rc-name">
          {r.item_name}
          {r.variant_name ? ` - ${r.variant_name}` : ''}
        </div>
        <Row
          label={`${formatQty(r.qty, 2, separators)} x ${money(r.variant_price)}`}
          value={money(r.gross_total_sum)}
        />
      </div>
    ));
  const itemSection = (title: string, testId: string, rows: SettlementItemRow[]) => (
    <Section title={title} testId={testId}>
      {items(rows)}
      <Row label="" value={money(rows.reduce((s, r) => s + r.gross_total_sum, 0))} strong />
    </Section>
  );
  const count = (title: string, testId: string, c: SettlementCountRow) => (
    <Section title={title} testId={testId}>
      <Row label={`${c.trx_count} x`} value={money(c.drv_gross_total)} />
    </Section>
  );
  const summary = (s: SettlementTrxSummary, testId: string) => (
    <div data-testid={testId}>
      <Row label={T.gross} value={money(s.drv_gross_total)} testId={`${testId}-gross`} />
      <Row label={T.itemDiscount} value={money(s.discount_value)} testId={`${testId}-item-discount`} />
      <Row label={T.trxDiscount} value={money(s.trx_discount_value)} testId={`${testId}-trx-discount`} />
      <Row label={T.tax} value={money(s.drv_tax_value)} testId={`${testId}-tax`} />
      <Row
        label={T.serviceCharge}
        value={money(s.drv_service_charge_value)}
        testId={`${testId}-service-charge`}
      />
      <Row
        label={T.additionalCharge}
        value={money(s.drv_additional_charge_value)}
        testId={`${testId}-additional-charge`}
      />
      <Row label={T.net} value={money(s.drv_grand_total)} strong testId={`${testId}-net`} />
    </div>
  );
  return (
    <div ref={ref} className="rc-paper" data-paper={paper} data-testid="settlement-paper">
      <style>{receiptCss}</style>
      <div className="rc-page" data-receipt-page="settlement">
        <div className="rc-center">
          <div className="rc-brand">{header.brand}</div>
          <div>{header.outlet}</div>
        </div>
        <div className="rc-banner">{T.title}</div>
        {header.scope ? (
          <div className="rc-center rc-strong" data-testid="settlement-scope">
            {header.scope}
          </div>
        ) : null}
        <Row label={T.cashier} value={header.cashier} testId="settlement-cashier" />
        <Row label={T.start} value={header.start} testId="settlement-start" />
        <Row label={T.end} value={header.end} testId="settlement-end" />
        {split ? (
          <>
            {itemSection(T.serviceSales, 'settlement-service-items', data.service_item_summary)}
            {itemSection(T.retailSales, 'settlement-retail-items', data.retail_item_summary)}
          </>
        ) : (
          itemSection(T.itemSales, 'settlement-items', data.item_summary)
        )}
        {itemSection(T.couponSales, 'settlement-coupons', data.coupon_summary)}
        {count(T.topUpDeposit, 'settlement-top-up', data.top_up_deposit_summary)}
        {count(T.membershipSales, 'settlement-membership', data.membership_summary)}
        {count(T.receivablePayment, 'settlement-receivable', data.account_receivable_summary)}
        <Section title={T.summary} testId="settlement-summary">
          {split ? (
            <>
              <div className="rc-section">{T.service}</div>
              {summary(data.service_trx_summary, 'summary-service')}
              <div className="rc-section">{T.retail}</div>
              {summary(data.retail_trx_summary, 'summary-retail')}
            </>
          ) : (
            summary(data.trx_summary, 'summary-all')
          )}
        </Section>
        <Section title={T.payments} testId="settlement-payments">
          {data.payment_summary.map((p) => (
            <Row
              key={p.payment_method_name}
              label={`${p.payment_method_name} (${p.trx_count})`}
              value={money(p.payment_after_change_sum)}
              testId={`payment-${p.payment_method_name}`}
            />
          ))}
        </Section>
        <hr className="rc-rule" />
        <div className="rc-center" data-testid="settlement-end-mark">
          {T.end_mark}
        </div>
      </div>
    </div>
  );
});
