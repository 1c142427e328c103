import 'fake-indexeddb/auto';
import {
  type PaymentMethod,
  type PosConfig,
  type PosConfigInput,
  type PosItem,
  posConfigSchema,
  posItemSchema,
} from '../../../src/domain';
import type { Store } from '../../../src/projections';
import {
  type CashierCommands,
  type CashierCommandsOptions,
  createCashierCommands,
} from '../../../src/projections/commands';
import { freshStore } from '../helpers';

export const CASH: PaymentMethod = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
export const CARD: PaymentMethod = {
  payment_method_name: 'Debit BCA',
  table_name: 'payment_method',
  table_id: 2,
  is_reference_required: 1,
  reference_min_length: 4,
  is_charge_to_customer: 1,
  charge_percentage: 2,
  charge_value: 1000,
};

/** A configuration: two sales types, one with a 10% service charge, 11% tax, Cash and a card. */
export function config(overrides: Partial<PosConfigInput> = {}): PosConfig {
  return posConfigSchema.parse({
    business_id: 1,
    business_user_id: 7,
    cashier_name: 'Kasir Tujuh',
    brand_name: 'Serambi',
    outlet_id: 1,
    currency_code: 'IDR',
    auth_role_accesses: { DISCOUNT_TRANSACTION: 1, ALLOW_PROMO: 1 },
    tax: { tax_percent: 11, is_included_in_price: 0 },
    service_charge: [{ pos_serviceCharge_id: 1, charge_percent: 10 }],
    additional_charge: [],
    sales_type: [
      {
        pos_salesType_id: 1,
        pos_salesType_name: 'Dine In',
        pos_sales_type_service_charges: [{ pos_serviceCharge_id: 1 }],
      },
      { pos_salesType_id: 2, pos_salesType_name: 'Take Away' },
    ],
    payment_method: [CASH, CARD],
    ...overrides,
  });
}

let itemSeq = 100;
/** A catalogue item with the given variant prices (ids 1, 2, …). */
export function item(prices: number[] = [50000], extra: Record<string, unknown> = {}): PosItem {
  itemSeq += 1;
  return posItemSchema.parse({
    pos_item_id: itemSeq,
    item_name: `Item ${itemSeq}`,
    pos_item_category_id: 1,
    item_nature: 'SERVICE',
    pos_item_variants: prices.map((p, i) => ({ pos_item_variant_id: i + 1, variant_price: p })),
    ...extra,
  });
}

export interface Harness {
  store: Store;
  commands: CashierCommands;
  /** Replace the configuration the commands read. */
  setConfig(next: PosConfig): void;
  getConfig(): PosConfig;
  /** Move the clock (ms). */
  tick(ms?: number): void;
}

/** A store on fake-indexeddb with commands over a fixed clock and readable ids. */
export function harness(initial: PosConfig = config(), extra: Partial<CashierCommandsOptions> = {}): Harness {
  const store = freshStore();
  let cfg = initial;
  // 03:00 WIB: stamps read 2026-11-22 03:00:00 whatever zone the test process runs in.
  let clock = Date.parse('2026-11-22T03:00:00+07:00');
  let ids = 0;
  const commands = createCashierCommands({
    store,
    getConfig: () => cfg,
    actor: () => 7,
    now: () => new Date(clock),
    newId: () => `id-${String(++ids).padStart(4, '0')}`,
    ...extra,
  });
  return {
    store,
    commands,
    setConfig: (next) => {
      cfg = next;
    },
    getConfig: () => cfg,
    tick: (ms = 1000) => {
      clock += ms;
    },
  };
}

/** Unwraps a command result, failing the test with the refusal's message. */
export function ok<T extends object>(result: ({ ok: true } & T) | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

/** Starts a NORMAL sale of sales type 1 and answers its id. */
export async function startSale(h: Harness, pos_salesType_id = 1): Promise<string> {
  return ok(await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id })).local_trx_id;
}
