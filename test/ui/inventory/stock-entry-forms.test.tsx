// @vitest-environment jsdom
// The stock-in and adjustment forms (002 §2.3, §2.5, §4, §5) on a fake inventory client: myob's PO / invoice
// numbers and variant_cogs default price, input_price_on_stock_in's discount and price, the location
// preselected when there is one, the spec's entry messages, the body sent and the reset after success;
// the adjustment's prefill and reset per type, the figures beside the inputs and the call's quantities,
// and a refused submit that keeps its local_trx_id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchItemRow } from '../../../src/api/contract/inventory';
import { ApiError } from '../../../src/api/http';
import type { InventoryApi } from '../../../src/api/inventory';
import { posConfigSchema } from '../../../src/domain';
import { INVENTORY_MESSAGES as M } from '../../../src/domain/texts/inventory';
import { ADJUSTMENT_TEXTS, STOCK_IN_TEXTS } from '../../../src/domain/texts/inventory-entry';
import { StockAdjustmentForm } from '../../../src/ui/features/inventory/StockAdjustmentPage';
import { StockInForm } from '../../../src/ui/features/inventory/StockInPage';
import { act, cleanup, fireEvent, render, screen } from '../../fixtures/render';

afterEach(cleanup);

const SHAMPOO: SearchItemRow = {
  pos_item_variant_id: 1072,
  item_name: 'Shampoo - 250 ml',
  variant_name: '250 ml',
  sku: 'SHP-250',
  unit_name: 'Botol',
  inv_unit_id: 3,
};

const written = (local_trx_id: string) => ({
  data: {
    inv_trx_id: 1,
    local_trx_id,
    trx_type: 'X',
    inv_stock_trf_head_id: null,
    trx_id: null,
    created_at: '2026-11-25T00:00:00.000Z',
  },
});

function fakeApi() {
  const api = {
    vendors: vi.fn(async () => [
      { inv_vendor_id: 401, vendor_name: 'PT Loreal', vendor_last_name: 'Indonesia' },
    ]),
    searchItems: vi.fn(async (q: { item_name?: string; sku?: string }) =>
      q.sku !== undefined ? (q.sku === 'SHP-250' ? [SHAMPOO] : []) : [SHAMPOO],
    ),
    currentStock: vi.fn(async () => ({ qty: 12, drv_bad_qty: 1, variant_cogs: 15_000.6 })),
    stockIn: vi.fn(async (body: { local_trx_id: string }) => written(body.local_trx_id)),
    adjustment: vi.fn(async (body: { local_trx_id: string }) => written(body.local_trx_id)),
  };
  return api;
}

const configOf = (over: Record<string, unknown>) =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Demo',
    brand_name: 'B',
    pos_item_search_by_sku: 1,
    qty_decimal_length: 2,
    storage_locations: [{ inv_sloc_id: 31, location_name: 'Gudang', is_default: 1 }],
    ...over,
  });

const flush = async () => {
  for (let i = 0; i < 3; i++) await act(async () => {});
};

async function pickShampoo() {
  const sku = screen.getByLabelText('SKU');
  fireEvent.change(sku, { target: { value: 'SHP-250' } });
  fireEvent.keyDown(sku, { key: 'Enter' });
  await flush();
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('Stok Masuk form', () => {
  it('myob: PO and invoice numbers, the location preselected, the default price variant_cogs; entry messages; the body; the reset', async () => {
    const api = fakeApi();
    render(
      <StockInForm
        api={api as unknown as InventoryApi}
        config={configOf({ myob: 1, input_price_on_stock_in: 1 })}
        decimalSeparator="."
        thousandSeparator=","
      />,
    );
    await flush();
    expect(screen.getByLabelText(STOCK_IN_TEXTS.poNumber)).toBeTruthy();
    expect(screen.getByLabelText(STOCK_IN_TEXTS.invoiceNumber)).toBeTruthy();
    expect(input('stock-in-location').value).toBe('Gudang');

    await pickShampoo();
    expect(input('stock-in-qty-now').value).toBe('12');
    expect(input('stock-in-bad-qty-now').value).toBe('1');
    expect(input('stock-in-price').value).toBe('15,000');
    expect(screen.getByLabelText('Qty Baik (Botol)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('stock-in-add'));
    expect(screen.getByTestId('stock-in-entry-error').textContent).toBe(M.qtyZero);
    type('stock-in-qty', '2');
    type('stock-in-discount', '2.5');
    fireEvent.click(screen.getByTestId('stock-in-add'));
    await flush();
    expect(screen.getByTestId('stock-in-row-1072').textContent).toContain('Shampoo - 250 ml');
    await pickShampoo();
    type('stock-in-bad-qty', '1');
    fireEvent.click(screen.getByTestId('stock-in-add'));
    expect(screen.getByTestId('stock-in-entry-error').textContent).toBe(M.itemInList);

    fireEvent.change(screen.getByLabelText(STOCK_IN_TEXTS.poNumber), { target: { value: 'PO-1' } });
    fireEvent.change(screen.getByLabelText(STOCK_IN_TEXTS.documentNo), { target: { value: ' DO-9 ' } });
    const draft = screen.getByTestId('stock-in-page').dataset.localTrxId;
    fireEvent.click(screen.getByTestId('stock-in-submit'));
    await flush();
    expect(api.stockIn).toHaveBeenCalledTimes(1);
    expect(api.stockIn.mock.calls[0][0]).toEqual({
      local_trx_id: draft,
      document_no: 'DO-9',
      trx_type: 'FROM_SUPPLIER',
      inv_vendor_id: null,
      purchase_order_number: 'PO-1',
      invoice_number: null,
      inv_sloc_id: 31,
      notes: null,
      items: [
        {
          uuid: expect.any(String),
          pos_item_variant_id: 1072,
          inv_unit_id: 3,
          qty: 2,
          bad_qty: 0,
          disc_percent: 2.5,
          price: 15_000,
        },
      ],
    });
    expect(screen.getByTestId('stock-in-notice').textContent).toBe(M.stockInDone);
    expect(screen.queryByTestId('stock-in-row-1072')).toBeNull();
    expect(screen.getByTestId('stock-in-page').dataset.localTrxId).not.toBe(draft);
    expect((screen.getByLabelText(STOCK_IN_TEXTS.poNumber) as HTMLInputElement).value).toBe('');
    expect(input('stock-in-location').value).toBe('Gudang');
  });

  it('without myob and input_price_on_stock_in: no PO, invoice, discount or price, price 0 sent; an empty list is refused', async () => {
    const api = fakeApi();
    render(
      <StockInForm
        api={api as unknown as InventoryApi}
        config={configOf({ myob: 0, input_price_on_stock_in: 0 })}
        decimalSeparator="."
        thousandSeparator=","
      />,
    );
    await flush();
    expect(screen.queryByLabelText(STOCK_IN_TEXTS.poNumber)).toBeNull();
    fireEvent.click(screen.getByTestId('stock-in-submit'));
    await flush();
    expect(screen.getByTestId('stock-in-notice').textContent).toBe(M.itemsRequired);
    expect(api.stockIn).not.toHaveBeenCalled();
    await pickShampoo();
    expect(screen.queryByTestId('stock-in-price')).toBeNull();
    expect(screen.queryByTestId('stock-in-discount')).toBeNull();
    type('stock-in-bad-qty', '1.25');
    fireEvent.click(screen.getByTestId('stock-in-add'));
    await flush();
    fireEvent.click(screen.getByTestId('stock-in-submit'));
    await flush();
    expect((api.stockIn.mock.calls[0][0] as unknown as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ qty: 0, bad_qty: 1.25, disc_percent: 0, price: 0 }),
    ]);
  });
});

describe('Penyesuaian Stok form', () => {
  it('Stok Final prefills the current stock and shows the difference; Penambahan resets to 0 and shows the final; the call; the reset', async () => {
    const api = fakeApi();
    render(
      <StockAdjustmentForm api={api as unknown as InventoryApi} config={configOf({})} decimalSeparator="." />,
    );
    await flush();
    fireEvent.click(screen.getByTestId('adjustment-submit'));
    await flush();
    expect(screen.getByTestId('adjustment-notice').textContent).toBe(M.adjustmentItemRequired);
    await pickShampoo();
    fireEvent.click(screen.getByTestId('adjustment-submit'));
    await flush();
    expect(screen.getByTestId('adjustment-notice').textContent).toBe(M.adjustmentTypeRequired);

    fireEvent.click(screen.getByLabelText(ADJUSTMENT_TEXTS.final));
    await flush();
    expect(input('adjustment-good-input').value).toBe('12');
    expect(input('adjustment-bad-input').value).toBe('1');
    expect(input('adjustment-good-shown').value).toBe('0');
    type('adjustment-good-input', '20');
    expect(input('adjustment-good-shown').value).toBe('8');
    expect(screen.getAllByLabelText(ADJUSTMENT_TEXTS.difference)).toHaveLength(2);

    fireEvent.click(screen.getByLabelText(ADJUSTMENT_TEXTS.increase));
    await flush();
    expect(input('adjustment-good-input').value).toBe('0');
    expect(input('adjustment-good-shown').value).toBe('12');
    type('adjustment-good-input', '3');
    expect(input('adjustment-good-shown').value).toBe('15');
    expect(input('adjustment-bad-shown').value).toBe('1');
    expect(screen.getAllByLabelText(ADJUSTMENT_TEXTS.finalQty)).toHaveLength(2);

    // refused once (nothing stored): the same local_trx_id is sent again
    api.adjustment.mockRejectedValueOnce(
      new ApiError({
        kind: 'http',
        status: 400,
        statusText: 'Bad Request',
        message: 'Stok tidak mencukupi.',
      }),
    );
    fireEvent.click(screen.getByTestId('adjustment-submit'));
    await flush();
    expect(screen.getByTestId('adjustment-notice').textContent).toBe('Stok tidak mencukupi.');
    fireEvent.click(screen.getByTestId('adjustment-submit'));
    await flush();
    const [first, second] = api.adjustment.mock.calls.map((c) => c[0]);
    expect(second).toEqual(first);
    expect(second).toEqual({
      local_trx_id: expect.any(String),
      inv_sloc_id: 31,
      pos_item_variant_id: 1072,
      inv_unit_id: 3,
      adjustment_type: 'INCREASE',
      qty: 15,
      input_qty: 3,
      bad_qty: 0,
      final_bad_qty: 1,
      notes: null,
    });
    expect(screen.getByTestId('adjustment-notice').textContent).toBe(M.adjustmentDone);
    expect(input('adjustment-good-now').value).toBe('');
    expect((screen.getByLabelText(ADJUSTMENT_TEXTS.increase) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('adjustment-page').dataset.localTrxId).not.toBe(first.local_trx_id);
  });

  it('Pengurangan shows current − input for good and bad stock', async () => {
    const api = fakeApi();
    render(
      <StockAdjustmentForm api={api as unknown as InventoryApi} config={configOf({})} decimalSeparator="," />,
    );
    await flush();
    await pickShampoo();
    fireEvent.click(screen.getByLabelText(ADJUSTMENT_TEXTS.decrease));
    await flush();
    type('adjustment-good-input', '2,5');
    type('adjustment-bad-input', '1');
    expect(input('adjustment-good-shown').value).toBe('9,5');
    expect(input('adjustment-bad-shown').value).toBe('0');
  });
});

describe('Penyesuaian Stok: a late stock answer', () => {
  it('re-picking the same item at the same location keeps the typed Stok Final; another location refills it', async () => {
    const api = fakeApi();
    render(
      <StockAdjustmentForm
        api={api as unknown as InventoryApi}
        config={configOf({
          storage_locations: [
            { inv_sloc_id: 31, location_name: 'Gudang', is_default: 1 },
            { inv_sloc_id: 32, location_name: 'Etalase', is_default: 0 },
          ],
        })}
        decimalSeparator="."
      />,
    );
    await flush();
    const chooseLocation = async (name: string) => {
      await act(async () => fireEvent.click(screen.getByTestId('adjustment-location')));
      await flush();
      const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
        (o) => o.textContent?.trim() === name,
      );
      if (!option) throw new Error(`no option ${name}`);
      await act(async () => fireEvent.click(option));
      await flush();
    };
    await chooseLocation('Gudang');
    await pickShampoo();
    fireEvent.click(screen.getByLabelText(ADJUSTMENT_TEXTS.final));
    await flush();
    expect(input('adjustment-good-input').value).toBe('12');
    // the same item scanned again (a new row from the server): its stock answer arrives after the cashier
    // typed the final quantity
    api.searchItems.mockImplementation(async () => [{ ...SHAMPOO }]);
    let answer: (v: { qty: number; drv_bad_qty: number; variant_cogs: number }) => void = () => {};
    api.currentStock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await pickShampoo();
    type('adjustment-good-input', '20');
    await act(async () => answer({ qty: 12, drv_bad_qty: 1, variant_cogs: 15_000.6 }));
    await flush();
    expect(input('adjustment-good-input').value).toBe('20');
    expect(input('adjustment-good-shown').value).toBe('8');
    // the same item at another location is another current stock: 'Stok Final' is prefilled again (002 §4)
    api.currentStock.mockImplementationOnce(async () => ({ qty: 5, drv_bad_qty: 0, variant_cogs: 15_000.6 }));
    await chooseLocation('Etalase');
    expect(input('adjustment-good-now').value).toBe('5');
    expect(input('adjustment-good-input').value).toBe('5');
  });
});
