import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSale, pricingConfigFor } from '../../../server/services/pos/sale-check';
import { saleTrx } from '../../../src/api/contract/pos';
import {
  checkSalePayments,
  type PosConfig,
  paymentStatus,
  priceTransaction,
  totalsToTransactionFields,
} from '../../../src/domain';
import type { TransactionRecord } from '../../../src/events';
import { snapshot } from '../helpers';
import { CARD, CASH, config, type Harness, harness, item, ok } from './fixtures';

/** A small catalogue so lines collide and merge: one item, two variants, a package, a modifier item. */
const CATALOGUE = [
  item([50000]),
  item([10000, 12500]),
  item([90000], { is_package: 1 }),
  item([33333], { pos_item_category_id: 2, item_nature: 'RETAIL', max_custom_discount: 50 }),
];

const AUTH = { password: 'pw', reason: 'alasan', verified: true as const };

type Op =
  | { op: 'add'; trx: number; item: number; variant: number; qty: number; disc: number | null }
  | { op: 'edit'; trx: number; line: number; qty: number }
  | { op: 'remove'; trx: number; line: number }
  | { op: 'custom'; trx: number; price: number; qty: number }
  | { op: 'price'; trx: number; line: number; price: number }
  | { op: 'restore'; trx: number; line: number }
  | { op: 'customer'; trx: number; reward: number | null; code: 'U1' | 'U2' }
  | {
      op: 'clearCustomer' | 'removeMember' | 'removeGlobal' | 'submit' | 'print' | 'reset' | 'delete';
      trx: number;
    }
  | { op: 'global'; trx: number; kind: 'percentage' | 'value'; value: number }
  | { op: 'pay'; trx: number; cash: boolean; amount: Amount }
  | { op: 'credit' | 'deposit'; trx: number; amount: Amount }
  | { op: 'unpay'; trx: number; index: number }
  | { op: 'label'; trx: number; label: string };

/** A typed amount, or 'rest': whatever remains unpaid (so sales get paid off and completed often). */
type Amount = number | 'rest';
const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  fc.integer({ min: 0, max: 400000 }),
  fc.constant('rest' as const),
);

const trxIdx = fc.integer({ min: 0, max: 1 });
const lineIdx = fc.integer({ min: 0, max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      trx: trxIdx,
      item: fc.integer({ min: 0, max: CATALOGUE.length - 1 }),
      variant: fc.integer({ min: 1, max: 2 }),
      qty: fc.integer({ min: 0, max: 4 }),
      disc: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('edit' as const),
      trx: trxIdx,
      line: lineIdx,
      qty: fc.integer({ min: 0, max: 5 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), trx: trxIdx, line: lineIdx }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('custom' as const),
      trx: trxIdx,
      price: fc.integer({ min: 0, max: 20000 }),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('price' as const),
      trx: trxIdx,
      line: lineIdx,
      price: fc.integer({ min: 1, max: 120000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restore' as const), trx: trxIdx, line: lineIdx }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('customer' as const),
      trx: trxIdx,
      reward: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      code: fc.constantFrom('U1' as const, 'U2' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom(
        'clearCustomer' as const,
        'removeGlobal' as const,
        'print' as const,
        'reset' as const,
        'delete' as const,
      ),
      trx: trxIdx,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('removeMember' as const), trx: trxIdx }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('submit' as const), trx: trxIdx }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('global' as const),
      trx: trxIdx,
      kind: fc.constantFrom('percentage' as const, 'value' as const),
      value: fc.integer({ min: 0, max: 150000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      trx: trxIdx,
      cash: fc.boolean(),
      amount: amountArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('credit' as const, 'deposit' as const),
      trx: trxIdx,
      amount: amountArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('unpay' as const),
      trx: trxIdx,
      index: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('label' as const),
      trx: trxIdx,
      label: fc.string({ maxLength: 3 }),
    }),
  },
);

const configArb: fc.Arbitrary<PosConfig> = fc
  .record({
    tax: fc.constantFrom(0, 10, 11),
    pin: fc.constantFrom<0 | 1>(0, 1),
    discountTrx: fc.constantFrom(0, 1),
    lessThanOriginal: fc.constantFrom(0, 1),
    receivable: fc.constantFrom(0, 1),
  })
  .map((c) =>
    config({
      tax: c.tax === 0 ? null : { tax_percent: c.tax, is_included_in_price: 0 },
      pos_cashier_delete_by_pin: c.pin,
      pos_account_receivable: c.receivable,
      auth_role_accesses: {
        DISCOUNT_TRANSACTION: c.discountTrx,
        CUSTOM_PRICE_LESS_THAN_ORIGINAL: c.lessThanOriginal,
      },
    }),
  );

async function apply(h: Harness, ids: string[], o: Op): Promise<void> {
  const c = h.commands;
  const local_trx_id = ids[o.trx];
  const row = await h.store.getTransaction(local_trx_id);
  const line = 'line' in o ? row?.details[o.line % Math.max(1, row.details.length)] : undefined;
  const detail = line?.local_trx_detail_id ?? 'none';
  const amountOf = (a: Amount) =>
    a === 'rest' && row ? paymentStatus(row.drv_grand_total, row.payments).remaining : a;
  h.tick(1000);
  switch (o.op) {
    case 'add':
      await c.addItem({
        local_trx_id,
        item: CATALOGUE[o.item],
        pos_item_variant_id: o.variant,
        qty: o.qty,
        custom_discount_type: o.disc === null ? null : 'percentage',
        custom_discount_value: o.disc,
      });
      return;
    case 'edit':
      await c.editLine({
        local_trx_id,
        local_trx_detail_id: detail,
        changes: { qty: o.qty },
        authorization: AUTH,
      });
      return;
    case 'remove':
      await c.removeLine({ local_trx_id, local_trx_detail_id: detail, authorization: AUTH });
      return;
    case 'custom':
      await c.addCustomItem({ local_trx_id, qty: o.qty, item_name: 'Custom', price: o.price });
      return;
    case 'price':
      await c.setCustomPrice({ local_trx_id, local_trx_detail_id: detail, price: o.price });
      return;
    case 'restore':
      await c.restorePrice({ local_trx_id, local_trx_detail_id: detail });
      return;
    case 'customer':
      await c.setCustomer({
        local_trx_id,
        customer: {
          user_code: o.code,
          user_name: o.code === 'U1' ? 'Ani' : 'Budi',
          discount_level: o.reward ? { reward_value: o.reward } : null,
        },
      });
      return;
    case 'clearCustomer':
      await c.clearCustomer(local_trx_id);
      return;
    case 'removeMember':
      await c.removeMemberDiscount(local_trx_id);
      return;
    case 'removeGlobal':
      await c.removeGlobalDiscount(local_trx_id);
      return;
    case 'global':
      await c.applyGlobalDiscount(
        o.kind === 'percentage'
          ? { local_trx_id, type: 'percentage', percent: o.value % 101 }
          : { local_trx_id, type: 'value', nominal: o.value },
      );
      return;
    case 'pay':
      await c.addPayment({
        local_trx_id,
        payment_type: 'NORMAL',
        method: o.cash ? CASH : CARD,
        amount: amountOf(o.amount),
        reference: '12345',
      });
      return;
    case 'credit':
    case 'deposit':
      await c.addPayment({
        local_trx_id,
        payment_type: o.op === 'credit' ? 'CREDIT' : 'DEPOSIT',
        amount: amountOf(o.amount),
      });
      return;
    case 'unpay': {
      const p = row?.payments[o.index];
      if (p) await c.removePayment({ local_trx_id, local_payment_id: p.local_payment_id });
      return;
    }
    case 'submit':
      await c.submit({ local_trx_id });
      return;
    case 'print':
      await c.markPrinted(local_trx_id);
      return;
    case 'reset':
      await c.resetTransaction(local_trx_id);
      return;
    case 'delete':
      await c.deleteTransaction({ local_trx_id, authorization: AUTH });
      return;
    case 'label':
      await c.setLabel({ local_trx_id, trx_label: o.label });
  }
}

const DRV = [
  'drv_gross_total',
  'drv_subtotal',
  'drv_total_discount_nominal',
  'drv_total_service_charge',
  'drv_total_additional_charge',
  'drv_tax',
  'drv_grand_total',
  'drv_qty',
] as const;
const drvOf = (row: TransactionRecord) => Object.fromEntries(DRV.map((k) => [k, row[k]]));

/** The server's refusal of a completed sale, or null: its whole pure check and the shared payment check. */
function serverRefusal(row: TransactionRecord, cfg: PosConfig): string | null {
  const issue = checkSalePayments(row, row.drv_grand_total, { methods: cfg.payment_method });
  if (issue) return issue.message;
  try {
    const trx = saleTrx.parse(row);
    checkSale(trx, pricingConfigFor(trx, cfg), {
      use_wallet_security_code: false,
      payment_methods: cfg.payment_method,
    });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * The property: incremental read models == rebuild, every total == src/domain's pricing, and every sale the
 * commands complete is one the server accepts (nothing completed here is refused there).
 */
async function check(cfg: PosConfig, ops: Op[]): Promise<void> {
  const h = harness(cfg);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push(
      ok(await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: (i % 2) + 1 }))
        .local_trx_id,
    );
  const pricedByDomain = (row: TransactionRecord) =>
    expect(drvOf(row)).toEqual(totalsToTransactionFields(priceTransaction(row, cfg)));
  for (const o of ops) {
    await apply(h, ids, o);
    // After every command, not only at the end: a later re-pricing must not hide a stale total.
    const row = await h.store.getTransaction(ids[o.trx]);
    if (row) pricedByDomain(row);
  }
  const incremental = await snapshot(h.store);
  await h.store.rebuild();
  expect(await snapshot(h.store)).toEqual(incremental);
  for (const row of incremental.transactions as TransactionRecord[]) {
    pricedByDomain(row);
    if (row.trx_status_id === 3) {
      expect(row.is_synced).toBe(false);
      expect(serverRefusal(row, cfg)).toBeNull();
    }
  }
  // Every stored event names its transaction.
  for (const e of await h.store.listEvents()) expect(e.trxId).toBeTruthy();
  h.store.close();
}

/** A sale's payment step: customers, member and global discounts, payments of every type, tax changes, submits. */
type PayOp = Op | { op: 'retax'; trx: 0; tax: number };
const payOpArb: fc.Arbitrary<PayOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('customer' as const),
      trx: fc.constant(0),
      reward: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      code: fc.constantFrom('U1' as const, 'U2' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('clearCustomer' as const, 'removeMember' as const, 'removeGlobal' as const),
      trx: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('global' as const),
      trx: fc.constant(0),
      kind: fc.constantFrom('percentage' as const, 'value' as const),
      value: fc.integer({ min: 0, max: 50000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      trx: fc.constant(0),
      cash: fc.boolean(),
      amount: amountArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom('credit' as const, 'deposit' as const),
      trx: fc.constant(0),
      amount: amountArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('unpay' as const), trx: fc.constant(0), index: fc.nat(2) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('retax' as const),
      trx: fc.constant(0 as const),
      tax: fc.constantFrom(0, 10, 11, 12),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('submit' as const), trx: fc.constant(0) }) },
);

/** Pays and submits one sale; the moment the commands complete it, the server's check must accept it. */
async function checkPaying(cfg: PosConfig, lines: number[], ops: PayOp[]): Promise<boolean> {
  const h = harness(cfg);
  const id = ok(await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 1 })).local_trx_id;
  for (const i of lines)
    ok(await h.commands.addItem({ local_trx_id: id, item: CATALOGUE[i], pos_item_variant_id: 1, qty: 1 }));
  let completed = false;
  for (const o of ops) {
    if (o.op === 'retax') {
      // the configuration changes under a pending sale: submit prices it anew
      h.setConfig({
        ...h.getConfig(),
        tax: o.tax === 0 ? null : { tax_percent: o.tax, is_included_in_price: 0 },
      });
      continue;
    }
    await apply(h, [id], o);
    const row = await h.store.getTransaction(id);
    if (row?.trx_status_id === 3) {
      expect(serverRefusal(row, h.getConfig())).toBeNull();
      completed = true;
      break;
    }
  }
  h.store.close();
  return completed;
}

describe('random cashier command sequences', () => {
  it('complete only sales the server accepts (its check, src/domain/payment-check, run on each)', async () => {
    let completed = 0;
    await fc.assert(
      fc.asyncProperty(
        configArb,
        fc.array(fc.integer({ min: 0, max: CATALOGUE.length - 1 }), { minLength: 1, maxLength: 2 }),
        fc.array(payOpArb, { minLength: 1, maxLength: 12 }),
        async (cfg, lines, ops) => {
          if (await checkPaying(cfg, lines, ops)) completed += 1;
        },
      ),
      // enough runs that the random sequences complete more than 10 sales (9 of 100 once did)
      { numRuns: 200 },
    );
    // the property is about completed sales: enough of them must have been made
    expect(completed).toBeGreaterThan(10);
  });

  // Pinned: the audit's cases and the shapes that once completed sales the server refused.
  it.each([
    [
      'a: card for the whole total, then a member customer',
      [
        { op: 'pay', trx: 0, cash: false, amount: 'rest' },
        { op: 'customer', trx: 0, reward: 10, code: 'U1' },
        { op: 'pay', trx: 0, cash: true, amount: 400000 },
        { op: 'submit', trx: 0 },
      ],
    ],
    [
      'b: credit above what remains, then cash',
      [
        { op: 'customer', trx: 0, reward: null, code: 'U1' },
        { op: 'credit', trx: 0, amount: 400000 },
        { op: 'pay', trx: 0, cash: true, amount: 'rest' },
        { op: 'submit', trx: 0 },
      ],
    ],
    [
      "c: credit, then 'Change Customer'",
      [
        { op: 'customer', trx: 0, reward: null, code: 'U1' },
        { op: 'credit', trx: 0, amount: 'rest' },
        { op: 'clearCustomer', trx: 0 },
        { op: 'submit', trx: 0 },
        { op: 'pay', trx: 0, cash: true, amount: 'rest' },
        { op: 'submit', trx: 0 },
      ],
    ],
    [
      'card for the whole total, then a lower tax at submit',
      [
        { op: 'pay', trx: 0, cash: false, amount: 'rest' },
        { op: 'retax', trx: 0, tax: 10 },
        { op: 'submit', trx: 0 },
      ],
    ],
  ] as [string, PayOp[]][])('pinned: %s', async (_name, ops) => {
    await checkPaying(config({ pos_account_receivable: 1 }), [0], ops);
  });

  it('keep the projection equal to its rebuild and the totals equal to src/domain pricing', async () => {
    await fc.assert(
      fc.asyncProperty(configArb, fc.array(opArb, { minLength: 1, maxLength: 40 }), (cfg, ops) =>
        check(cfg, ops),
      ),
      { numRuns: 60 },
    );
  });

  // Pinned sequences: shapes that once mattered (merge then custom price, discount then removal).
  it.each([
    [
      'merge, custom price, member discount dropped, removal under the pin',
      config({ pos_cashier_delete_by_pin: 1 }),
      [
        { op: 'add', trx: 0, item: 1, variant: 2, qty: 1, disc: null },
        { op: 'add', trx: 0, item: 1, variant: 2, qty: 2, disc: 10 },
        { op: 'price', trx: 0, line: 0, price: 99999 },
        { op: 'customer', trx: 0, reward: 15 },
        { op: 'removeMember', trx: 0 },
        { op: 'global', trx: 0, kind: 'value', value: 150000 },
        { op: 'remove', trx: 0, line: 0 },
        { op: 'submit', trx: 0 },
      ] as Op[],
    ],
    [
      'paid, edited, paid again, submitted, deleted after',
      config(),
      [
        { op: 'add', trx: 1, item: 0, variant: 1, qty: 1, disc: null },
        { op: 'pay', trx: 1, cash: true, amount: 400000 },
        { op: 'edit', trx: 1, line: 0, qty: 3 },
        { op: 'pay', trx: 1, cash: true, amount: 400000 },
        { op: 'submit', trx: 1 },
        { op: 'delete', trx: 1 },
        { op: 'reset', trx: 2 },
      ] as Op[],
    ],
  ])('pinned: %s', async (_name, cfg, ops) => {
    await check(cfg, ops);
  });
});
