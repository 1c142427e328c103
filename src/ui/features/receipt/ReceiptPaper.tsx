// The printed receipt (000 §2 "Printed receipt page"; 003 §9): renders a ReceiptModel from
// src/domain/receipt as plain elements — header, banner, sections, totals, payments, Change,
// BONUS TOP UP, Saldo Deposit, notes, footer, the large order number and the order-detail page.
import { forwardRef } from 'react';
import type { ReceiptItem, ReceiptModel, ReceiptRow } from '../../../domain/receipt';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import type { PaperSize } from './print';
import { receiptCss } from './receipt.css';

export interface ReceiptPaperProps {
  model: ReceiptModel;
  paper: PaperSize;
  /** Post-edit: clicking an item name opens its worker editor. */
  onItemClick?: (local_trx_detail_id: string) => void;
}

function Row({ row }: { row: ReceiptRow }) {
  return (
    <div
      className={row.strong ? 'rc-row rc-strong' : row.sub ? 'rc-row rc-part' : 'rc-row'}
      data-testid={row.sub ? 'receipt-part' : undefined}
    >
      <span>{row.label}</span>
      <span>{row.value}</span>
    </div>
  );
}

function Item({ item, onClick }: { item: ReceiptItem; onClick?: (id: string) => void }) {
  return (
    <div className="rc-item" data-testid="receipt-item">
      <div className="rc-row">
        <span
          className="rc-name"
          {...(onClick
            ? {
                role: 'button',
                tabIndex: 0,
                onClick: () => onClick(item.id),
                onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && onClick(item.id),
              }
            : {})}
        >
          {item.name} {item.qty}
        </span>
        {item.amount !== null ? <span>{item.amount}</span> : null}
      </div>
      {item.sub.map((s) => (
        <div key={s} className="rc-sub">
          {s}
        </div>
      ))}
      {item.packages.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: package lines may repeat the same text
        <div key={i} className="rc-sub">
          {p}
        </div>
      ))}
    </div>
  );
}

export const ReceiptPaper = forwardRef<HTMLDivElement, ReceiptPaperProps>(function ReceiptPaper(
  { model, paper, onItemClick },
  ref,
) {
  const h = model.header;
  return (
    <div ref={ref} className="rc-paper" data-paper={paper} data-testid="receipt-paper">
      <style>{receiptCss}</style>
      <div className="rc-page" data-receipt-page="receipt">
        {h ? (
          <div className="rc-center">
            {h.logo ? <img className="rc-logo" src={h.logo} alt={h.brand ?? 'logo'} /> : null}
            {h.brand ? <div className="rc-brand">{h.brand}</div> : null}
            {h.outletName ? <div>{h.outletName}</div> : null}
            {h.address ? <div>{h.address}</div> : null}
            {h.phone ? <div>{h.phone}</div> : null}
          </div>
        ) : null}
        {model.banner ? <div className="rc-banner">{model.banner}</div> : null}
        {model.printTime ? <div className="rc-center">{model.printTime}</div> : null}
        {h ? (
          <>
            <hr className="rc-rule" />
            {h.rows.map((r) => (
              <Row key={r.label} row={r} />
            ))}
            <div className="rc-row">
              <span>{h.date}</span>
              <span>{h.time}</span>
            </div>
          </>
        ) : null}
        {model.slipHead.map((r) => (
          <Row key={r.label} row={r} />
        ))}
        <hr className="rc-rule" />
        {model.empty ? <div className="rc-empty">{RECEIPT_TEXTS.empty}</div> : null}
        {model.sections.map((s, i) => (
          <div key={s.title ?? i}>
            {s.title ? <div className="rc-section">{s.title}</div> : null}
            {s.items.map((item) => (
              <Item key={item.id} item={item} onClick={onItemClick} />
            ))}
            {s.total ? <Row row={{ ...s.total, strong: false }} /> : null}
          </div>
        ))}
        {model.totals.length ? (
          <>
            <hr className="rc-rule" />
            {model.totals.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a Discount part may share the Discount line's name
              <Row key={i} row={r} />
            ))}
          </>
        ) : null}
        {model.payments.length || model.change ? (
          <>
            <hr className="rc-rule" />
            {model.payments.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two payments may share a method
              <Row key={i} row={r} />
            ))}
            {model.change ? <Row row={model.change} /> : null}
          </>
        ) : null}
        {model.bonus.length ? (
          <>
            <hr className="rc-rule" />
            <div className="rc-section">{RECEIPT_TEXTS.bonusTopUp}</div>
            {model.bonus.map((r) => (
              <Row key={r.label} row={r} />
            ))}
          </>
        ) : null}
        {model.depositBalance ? <Row row={model.depositBalance} /> : null}
        {model.notes ? (
          <>
            <hr className="rc-rule" />
            <div>{model.notes}</div>
          </>
        ) : null}
        {model.footer ? <div className="rc-footer">{model.footer}</div> : null}
        {model.orderNoBottom ? (
          <div className="rc-big" data-testid="receipt-order-no-bottom">
            {model.orderNoBottom}
          </div>
        ) : null}
      </div>
      {model.slips.length ? (
        <div className="rc-page" data-receipt-page="order-detail">
          {model.slipHead.length === 0 && h
            ? h.rows
                .filter((r) => r.label === RECEIPT_TEXTS.receiptNumber || r.label === RECEIPT_TEXTS.orderNo)
                .map((r) => <Row key={r.label} row={r} />)
            : null}
          {model.slips.map((g) => (
            <div key={g.title}>
              <div className="rc-section">{g.title}</div>
              {g.items.map((item) => (
                <Item key={item.id} item={item} />
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
});
