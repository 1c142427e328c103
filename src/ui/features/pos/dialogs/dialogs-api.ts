// The calls the cashier dialogs make (000 §7); an interface so tests and previews give fakes.
import type { ApiClient } from '../../../../api/http';
import { type PosItemDiscount, posItemDiscountSchema } from '../../../../domain';

export interface StockMovementRow {
  item_name?: string | null;
  variant_name?: string | null;
  qty: number;
  unit_name?: string | null;
}

/** Ruling 5: the answer carries sales, consumptions and ingredients. */
export interface InventoryOut {
  sales: StockMovementRow[];
  consumptions: StockMovementRow[];
  ingredients: StockMovementRow[];
}

export interface DialogsApi {
  /** POST cashier/pos/pin-validation {password}: resolves when the supervisor password is right. */
  validatePin(password: string): Promise<void>;
  /** GET cashier/inventory/inventory-out/{localTrxId}. */
  inventoryOut(localTrxId: string): Promise<InventoryOut>;
  /** GET cashier/pos/discount: the outlet's discounts (a failure is only logged, 003 §8). */
  discounts(): Promise<PosItemDiscount[]>;
}

const rows = (value: unknown): StockMovementRow[] =>
  Array.isArray(value)
    ? value
        .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
        .map((r) => ({
          item_name: typeof r.item_name === 'string' ? r.item_name : null,
          variant_name: typeof r.variant_name === 'string' ? r.variant_name : null,
          qty: Number(r.qty ?? 0) || 0,
          unit_name: typeof r.unit_name === 'string' ? r.unit_name : null,
        }))
    : [];

/** Reads the inventory-out answer (one reading puts the list under stock_outs: read as consumptions). */
export const readInventoryOut = (data: unknown): InventoryOut => {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    sales: rows(d.sales),
    consumptions: rows(d.consumptions ?? d.stock_outs),
    ingredients: rows(d.ingredients),
  };
};

export function createDialogsApi(client: ApiClient): DialogsApi {
  return {
    async validatePin(password) {
      await client.request({ method: 'POST', path: 'cashier/pos/pin-validation', body: { password } });
    },
    async inventoryOut(localTrxId) {
      const data = await client.request<unknown>({
        method: 'GET',
        path: `cashier/inventory/inventory-out/${encodeURIComponent(localTrxId)}`,
      });
      return readInventoryOut(data);
    },
    async discounts() {
      const data = await client.request<unknown>({ method: 'GET', path: 'cashier/pos/discount' });
      const list = Array.isArray(data)
        ? data
        : data &&
            typeof data === 'object' &&
            Array.isArray((data as { pos_item_discounts?: unknown }).pos_item_discounts)
          ? (data as { pos_item_discounts: unknown[] }).pos_item_discounts
          : [];
      return list.flatMap((d) => {
        const parsed = posItemDiscountSchema.safeParse(d);
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}
