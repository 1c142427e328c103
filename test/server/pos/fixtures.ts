// Sales built the way the cashier builds them: lines from the served catalogue, totals from src/domain.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paymentMethodSchema } from '../../../src/domain/model/payment';
import { posTransactionSchema } from '../../../src/domain/model/transaction';
import { paymentCharge } from '../../../src/domain/payments';
import { priceTransaction, totalsToTransactionFields } from '../../../src/domain/pricing';
import { call, type Tokens } from '../helpers';

/** The demo's retail product served at Kemang (Makarizo Conditioner 250 ml, server/db/demo/items.ts). */
export const RETAIL = 1072;

type Doc = Record<string, unknown>;
export interface ServedConfig {
  pos_items: (Doc & { pos_item_id: number; item_nature?: string; pos_item_variants: Doc[] })[];
  payment_method: (Doc & { payment_method_name: string; table_name: string; table_id: number })[];
  sales_type: Doc[];
  tax: Doc | null;
  service_charge: Doc[];
  additional_charge: Doc[];
  business_outlet_id: number;
  /** the catalogue version the configuration carries (a sale's snapshot names it) */
  catalogue_version?: number;
}

/** Signs the session into an outlet and answers its user data. */
export async function outletConfig(app: FastifyInstance, t: Tokens, outletId: number): Promise<ServedConfig> {
  const r = await call(app, t, { method: 'GET', url: `/cashier/config?outlet_id=${outletId}` });
  if (r.statusCode !== 200) throw new Error(`config: ${r.statusCode} ${r.body}`);
  return r.json().data;
}

export function item(config: ServedConfig, posItemId: number) {
  const it = config.pos_items.find((i) => i.pos_item_id === posItemId);
  if (!it) throw new Error(`item ${posItemId} not served`);
  return it;
}

export function line(config: ServedConfig, posItemId: number, qty = 1, variantIndex = 0): Doc {
  const it = item(config, posItemId);
  const variant = it.pos_item_variants[variantIndex];
  return {
    local_trx_detail_id: randomUUID(),
    itemMeta: { ...it, pos_item_variants: [variant] },
    pos_item_id: posItemId,
    pos_item_variant_id: variant.pos_item_variant_id,
    qty,
    pos_sales_type: config.sales_type[0] ?? null,
  };
}

export const method = (config: ServedConfig, name: string) => {
  const m = config.payment_method.find((p) => p.payment_method_name === name);
  if (!m) throw new Error(`payment method ${name} not served`);
  return m;
};

export interface PaymentSpec {
  name: string;
  type?: 'NORMAL' | 'DEPOSIT' | 'CREDIT';
  /** omitted: whatever remains */
  amount?: number;
  ref?: string;
}

/** A completed sale (status 3) priced by src/domain; payments default to cash for the grand total. */
export function sale(
  config: ServedConfig,
  lines: Doc[],
  opts: { customer?: Doc | null; payments?: PaymentSpec[]; snapshot?: boolean; extra?: Doc } = {},
): Doc & { local_trx_id: string; drv_grand_total: number } {
  const base: Doc & { local_trx_id: string } = {
    local_trx_id: randomUUID(),
    trx_status_id: 3,
    trx_type: 'NORMAL',
    trx_local_start_time: '2026-11-22 09:00:00',
    customer: opts.customer ?? null,
    details: lines,
    order_no: 1,
    ...(opts.snapshot === false
      ? {}
      : {
          cashier_configs: {
            business_outlet_id: config.business_outlet_id,
            catalogue_version: config.catalogue_version,
            tax: config.tax,
            service_charge: config.service_charge,
            additional_charge: config.additional_charge,
          },
        }),
    ...opts.extra,
  };
  const totals = totalsToTransactionFields(
    priceTransaction(posTransactionSchema.parse(base), {
      tax: config.tax as never,
      service_charge: config.service_charge as never,
      additional_charge: config.additional_charge as never,
    }),
  );
  let remaining = totals.drv_grand_total;
  const payments = (opts.payments ?? [{ name: 'Cash' }]).map((p) => {
    const amount = p.amount ?? remaining;
    remaining -= amount;
    return {
      local_payment_id: randomUUID(),
      payment_type: p.type ?? 'NORMAL',
      payment_amount: amount,
      payment_ref: p.ref ?? null,
      payment_charge: paymentCharge(amount, paymentMethodSchema.parse(method(config, p.name))),
      payment_method: method(config, p.name),
    };
  });
  return { ...base, ...totals, payments } as Doc & { local_trx_id: string; drv_grand_total: number };
}

export const submit = (app: FastifyInstance, t: Tokens, trxs: Doc[], isOffline = 0) =>
  call(app, t, {
    method: 'POST',
    url: '/cashier/pos-trx',
    payload: isOffline
      ? { is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs }
      : { is_offline: 0, trxs },
  });
