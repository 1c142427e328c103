// 'Inventory - Stok Keluar' (002 §2.4) as a browser test drives it.
import type { Page } from 'playwright-core';

export const STOCK_OUT_DONE = 'Barang berhasil dikeluarkan.';

export class StockOutScreen {
  constructor(
    readonly page: Page,
    readonly base: string,
  ) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.base}/inventory/stock-out${query}`);
    await this.ready();
  }

  async ready(): Promise<void> {
    await this.page.getByTestId('stock-out-submit').waitFor({ timeout: 30_000 });
  }

  async chooseType(label: 'Konsumsi' | 'Stok Buruk/Rusak'): Promise<void> {
    await this.page.getByTestId('stock-out-type').getByText(label, { exact: true }).click();
  }

  async chooseConsumptionType(label: 'Umum' | 'Untuk Customer'): Promise<void> {
    await this.page.getByTestId('stock-out-consumption-type').getByText(label, { exact: true }).click();
  }

  /** Picks an item by the name search and enters its qty, then 'Masukkan ke dalam Daftar'. */
  async addItem(name: string, qty: string): Promise<void> {
    const input = this.page.getByTestId('item-picker-name');
    await input.click();
    await input.fill(name.slice(0, 10));
    await this.page
      .getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click({ timeout: 30_000 });
    await this.page.getByTestId('stock-out-picked').waitFor({ timeout: 30_000 });
    await this.page.getByTestId('stock-out-qty').fill(qty);
    await this.page.getByTestId('stock-out-add').click();
  }

  /** 'Keluarkan Barang'; returns the notice shown once the outcome is definite. */
  async submit(): Promise<string> {
    await this.page.getByTestId('stock-out-submit').click();
    const notice = this.page.getByTestId('stock-out-notice');
    await this.page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="stock-out-notice"]');
        const button = document.querySelector('[data-testid="stock-out-submit"]');
        return el && button && !button.hasAttribute('data-loading');
      },
      undefined,
      { timeout: 60_000 },
    );
    return (await notice.textContent()) ?? '';
  }

  /** A general consumption of one item (what lets a user of an is_inventory_required outlet sign out). */
  async consume(name: string, qty = '1'): Promise<string> {
    await this.chooseType('Konsumsi');
    if (await this.page.getByTestId('stock-out-consumption-type').isVisible())
      await this.chooseConsumptionType('Umum');
    await this.addItem(name, qty);
    return this.submit();
  }
}
