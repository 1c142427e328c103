// @vitest-environment jsdom
// 'Riwayat Transaksi' cards and states (002 §2.9, §8, §9): the card's fields, 'Edit' only on sales and only
// with TRX_WORKER_EDIT, pagination only above 10, the two empty states.

import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { HistoryTrx } from '../../src/api/contract/history';
import { HistoryView, type HistoryViewProps } from '../../src/ui/features/history/HistoryView';
import { cleanup, render, screen } from '../fixtures/render';

afterEach(cleanup);

const trx = (over: Partial<HistoryTrx> = {}): HistoryTrx =>
  ({
    local_trx_id: '3f6c1d2e-aaaa-bbbb-cccc-0123456789ab',
    pos_sales_trx_head_id: 1,
    trx_id: 'KMG-20261126-0001',
    trx_status_id: 3,
    trx_type: 'NORMAL',
    trx_local_end_time: '2026-11-26 10:15:00',
    created_at: '2026-11-26 10:15:01',
    sync_time: '2026-11-26 10:15:01',
    void_reason: null,
    order_no: 12,
    customer: null,
    trx_label: null,
    trx_notes: null,
    drv_grand_total: 205350,
    details: [],
    payments: [],
    ...over,
  }) as HistoryTrx;

const noop = () => undefined;
function show(over: Partial<HistoryViewProps>) {
  const { hook } = memoryLocation({ path: '/trx-history' });
  return render(
    <Router hook={hook}>
      <HistoryView
        date="2026-11-26"
        minDate="2026-10-17"
        maxDate="2026-11-26"
        onDateChange={noop}
        search=""
        onSearchChange={noop}
        pageSize={10}
        onPageSizeChange={noop}
        page={1}
        onPageChange={noop}
        trxs={[]}
        total={0}
        loading={false}
        searched={false}
        selectedId={null}
        onSelect={noop}
        canEdit
        separators={{ decimalSeparator: '.', thousandSeparator: ',' }}
        preview={null}
        {...over}
      />
    </Router>,
  );
}

describe('history cards', () => {
  it("shows end time, 'Transaksi #' + short id, Order No., the name, the total and 'Catatan'", () => {
    show({
      trxs: [trx({ customer: { user_name: 'Ayu Lestari' } as never, trx_notes: 'Teh hangat' })],
      total: 1,
    });
    const card = screen.getByTestId('history-card');
    expect(card.textContent).toContain('2026-11-26 10:15:00');
    expect(card.textContent).toContain('Transaksi #6789AB');
    expect(card.textContent).toContain('Order No. 12');
    expect(card.textContent).toContain('Ayu Lestari');
    expect(card.textContent).toContain('205,350');
    expect(card.textContent).toContain('Catatan: Teh hangat');
  });
  it("names the label, else 'GUEST'", () => {
    show({
      trxs: [trx({ trx_label: 'Meja 3', local_trx_id: 'a-000001' }), trx({ local_trx_id: 'b-000002' })],
      total: 2,
    });
    const cards = screen.getAllByTestId('history-card').map((c) => c.textContent);
    expect(cards[0]).toContain('Meja 3');
    expect(cards[1]).toContain('GUEST');
  });
  it("'Edit' links to /trx-edit on sales only, and only with TRX_WORKER_EDIT", () => {
    const list = [
      trx({ local_trx_id: 'sale-000001' }),
      trx({ local_trx_id: 'coup-000002', trx_type: 'COUPON_SALES' }),
    ];
    show({ trxs: list, total: 2 });
    const edits = screen.getAllByTestId('history-edit');
    expect(edits).toHaveLength(1);
    expect(edits[0].getAttribute('href')).toBe('/trx-edit/sale-000001');
    cleanup();
    show({ trxs: list, total: 2, canEdit: false });
    expect(screen.queryAllByTestId('history-edit')).toHaveLength(0);
  });
});

describe('pagination and empty states', () => {
  it('pagination only when total_trx_count > 10', () => {
    show({ trxs: [trx()], total: 10 });
    expect(screen.queryByTestId('history-pagination')).toBeNull();
    cleanup();
    show({ trxs: [trx()], total: 11 });
    expect(screen.getByTestId('history-pagination')).not.toBeNull();
  });
  it("'Belum ada transaksi' for an empty day, 'Transaksi tidak ditemukan' for a search", () => {
    show({});
    expect(screen.getByTestId('history-empty').textContent).toBe('Belum ada transaksi');
    cleanup();
    show({ searched: true });
    expect(screen.getByTestId('history-empty').textContent).toBe('Transaksi tidak ditemukan');
  });
});
