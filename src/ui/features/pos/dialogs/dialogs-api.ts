// The calls the cashier dialogs make (000 §7): pin validation and discounts (src/api/customer.ts),
// the transaction's stock-out (src/api/pos.ts). A slice so tests and previews give fakes.

import type { InventoryOutResponse } from '../../../../api/contract';
import type { CustomerApi } from '../../../../api/customer';
import type { PosApi } from '../../../../api/pos';

export type DialogsApi = Pick<CustomerApi, 'validatePin' | 'listDiscounts'> & Pick<PosApi, 'inventoryOut'>;
/** Ruling 5: the answer carries sales, consumptions and ingredients. */
export type InventoryOut = InventoryOutResponse;
export type StockMovementRow = InventoryOut['sales'][number];
