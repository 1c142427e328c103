// Sales ingest (cashier/pos-trx), run on PGlite (sales.test.ts) and on PostgreSQL (sales.pg.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createDb } from '../../../server/db/create-db';
import { demoBusiness } from '../../../server/db/demo';
import { countRows } from '../../../server/db/seed';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { posTrxResponse } from '../../../src/api/contract/pos';
import { posTransactionSchema } from '../../../src/domain/model/transaction';
import { LEGACY_MONEY_DECIMALS } from '../../../src/domain/money';
import { type PricingConfig, priceTransaction, totalsToTransactionFields } from '../../../src/domain/pricing';
import { SALE_MESSAGES as DOMAIN_MESSAGES, PAYMENT_CHECK_MESSAGES } from '../../../src/domain/texts/sale';
import { API_MESSAGES, POS_MESSAGES } from '../../../src/domain/texts/server';
import {
  type Backend,
  call,
  PG_URL,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { item, line, outletConfig, type ServedConfig, sale, submit } from './fixtures';

export function expectError(
  r: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  field?: string,
) {
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  const body = errorEnvelope.parse(r.json());
  expect(body.error.message).toBe(message);
  if (field !== undefined) expect(body.error.field).toBe(field);
}

/** Row counts of everything a sale writes. */
export async function saleFootprint(s: TestServer) {
  const tables = [
    'pos_sales_trx_heads',
    'pos_sales_trx_details',
    'pos_sales_trx_payments',
    'wallet_ledger',
    'receivables',
    'receivable_ledger',
    'stock_ledger',
    'customers',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await countRows(s.database, t);
  return out;
}

export async function scalar(s: TestServer, query: string, params: unknown[] = []): Promise<number> {
  const rows = await s.database.withConnection((c) => c.query<{ v: string | null }>(query, params));
  return Number(rows[0]?.v ?? 0);
}

export const walletOf = (s: TestServer, userCode: string) =>
  scalar(
    s,
    `SELECT sum(w.amount)::text AS v FROM wallet_ledger w JOIN customers c USING (customer_id) WHERE c.user_code = $1`,
    [userCode],
  );

export const stockOf = (s: TestServer, variantId: number, slocId = 0) =>
  scalar(
    s,
    `SELECT sum(l.qty)::text AS v FROM stock_ledger l JOIN storage_locations s USING (inv_sloc_id)
     WHERE l.pos_item_variant_id = $1 AND s.is_default AND s.business_outlet_id = 1 AND ($2 = 0 OR l.inv_sloc_id = $2)`,
    [variantId, slocId],
  );

// Kemang (outlet 1): tax 11 % on top, service charge 5 % on 'Walk In'; Menteng (2): use_wallet_security_code 1
const RETAIL = 1072; // Makarizo Conditioner, variant 10721
const CREAMBATH = 1005; // service, recipe 0.1 × variant 10791 (Krim Creambath)
const WALLET_CUSTOMER = 0; // demo customer 0 holds an opening wallet balance

export function salesSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let walletCode: string;
  let walletUser: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    const demo = demoBusiness(s.clock.now()).customers[WALLET_CUSTOMER];
    walletCode = demo.wallet_security_code;
    walletUser = demo.user_code;
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('submit', () => {
    it('stores a cash sale with its lines and payments and answers the spec fields', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)]);
      const before = await saleFootprint(s);
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      const [a] = posTrxResponse.parse(r.json().data);
      expect(a.status).toBe('success');
      expect(a.local_trx_id).toBe(trx.local_trx_id);
      expect(a.trx_id).toMatch(/^KMG-\d{8}-\d{4}$/);
      expect(a.pos_sales_trx_head_id).toBeGreaterThan(0);
      expect(a.deposit_balance).toBeNull();
      expect(a.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const after = await saleFootprint(s);
      expect(after.pos_sales_trx_heads - before.pos_sales_trx_heads).toBe(1);
      expect(after.pos_sales_trx_details - before.pos_sales_trx_details).toBe(2);
      expect(after.pos_sales_trx_payments - before.pos_sales_trx_payments).toBe(1);
      // 2 conditioners as sales, the creambath's recipe as ingredients
      expect(after.stock_ledger - before.stock_ledger).toBe(2);
      const stored = await scalar(
        s,
        `SELECT drv_grand_total::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`,
        [trx.local_trx_id],
      );
      expect(stored).toBe(trx.drv_grand_total);
    });

    it('numbers trx_id per outlet and day, one after the other', async () => {
      const r = await submit(s.app, owner, [
        sale(kemang, [line(kemang, RETAIL)]),
        sale(kemang, [line(kemang, RETAIL)]),
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const [a, b] = posTrxResponse.parse(r.json().data);
      const no = (id: string) => Number(id.slice(-4));
      expect(no(b.trx_id)).toBe(no(a.trx_id) + 1);
      expect(a.trx_id.slice(0, -4)).toBe(b.trx_id.slice(0, -4));
    });

    it('deducts RETAIL lines as sales and service recipes as ingredients (ruling 14)', async () => {
      const conditioner = await stockOf(s, 10721);
      const krim = await stockOf(s, 10791);
      const r = await submit(s.app, owner, [
        sale(kemang, [line(kemang, RETAIL, 3), line(kemang, CREAMBATH, 2)]),
      ]);
      expect(r.statusCode, r.body).toBe(200);
      expect(await stockOf(s, 10721)).toBeCloseTo(conditioner - 3, 4);
      expect(await stockOf(s, 10791)).toBeCloseTo(krim - 0.2, 4);
    });

    it('prices with the outlet configuration when the sale carries no snapshot', async () => {
      const r = await submit(s.app, owner, [sale(kemang, [line(kemang, CREAMBATH)], { snapshot: false })]);
      expect(r.statusCode, r.body).toBe(200);
    });

    it("a sale belongs to the outlet of its cashier_configs when the user works there, else the session's", async () => {
      const t = await signIn(s.app, 'spv@serambi.id');
      const menteng = await outletConfig(s.app, t, 2);
      await outletConfig(s.app, t, 1); // the cashier switched to Kemang with a Menteng sale still unsynced
      const clinic = menteng.pos_items.find((i) => i.item_nature === 'SERVICE' && i.pos_item_id > 1)!;
      const r = await submit(s.app, t, [sale(menteng, [line(menteng, clinic.pos_item_id)])], 1);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data[0].trx_id).toMatch(/^MNG-/);
      // kasir works in Kemang only: a snapshot naming Menteng does not move the sale there
      const kasir = await signIn(s.app, 'kasir@serambi.id');
      const claimed = sale(kemang, [line(kemang, RETAIL)]);
      (claimed.cashier_configs as Record<string, unknown>).business_outlet_id = 2;
      const r2 = await submit(s.app, kasir, [claimed]);
      expect(r2.statusCode, r2.body).toBe(200);
      expect(r2.json().data[0].trx_id).toMatch(/^KMG-/);
    });

    it('accepts a sync (is_offline 1) and records it as offline', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      const r = await submit(s.app, owner, [trx], 1);
      expect(r.statusCode, r.body).toBe(200);
      expect(
        await scalar(s, `SELECT is_offline::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`, [
          trx.local_trx_id,
        ]),
      ).toBe(1);
    });
  });

  describe('exactly once', () => {
    it('a repeat returns the first answer and writes nothing again', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL), line(kemang, CREAMBATH)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 10000 }, { name: 'Cash' }],
      });
      const first = await submit(s.app, owner, [trx]);
      expect(first.statusCode, first.body).toBe(200);
      const before = await saleFootprint(s);
      s.clock.advance(60_000);
      const again = await submit(s.app, owner, [trx], 1);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      expect(await saleFootprint(s)).toEqual(before);
    });

    it('a repeat whose content changed (edited after a lost answer) is refused, not acknowledged', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      const first = await submit(s.app, owner, [trx]);
      expect(first.statusCode, first.body).toBe(200);
      const before = await saleFootprint(s);
      const bigger = sale(kemang, [line(kemang, RETAIL), line(kemang, CREAMBATH)]);
      const r = await submit(s.app, owner, [{ ...bigger, local_trx_id: trx.local_trx_id }]);
      expectError(r, 400, POS_MESSAGES.repeatDiffers, 'trxs.0.drv_grand_total');
      expect(await saleFootprint(s)).toEqual(before);
    });

    describe('whole rupiah (ruling 22)', () => {
      /**
       * A line with a 13.333 % custom discount: its figures have cents unless rounded whole. The service
       * (1001, 'Potong Wanita') allows a custom discount up to 20 %, so the server's pricing accepts it.
       */
      const oddLine = () => ({
        ...line(kemang, 1001),
        custom_discount_type: 'percentage',
        custom_discount_value: 13.333,
      });
      const pricing = (): PricingConfig => ({
        tax: kemang.tax as never,
        service_charge: kemang.service_charge as never,
        additional_charge: kemang.additional_charge as never,
      });
      /** The same sale as a device priced it before ruling 22 (2 decimals), paid in full in cash. */
      const beforeRuling = <T extends ReturnType<typeof sale>>(trx: T): T => {
        const totals = totalsToTransactionFields(
          priceTransaction(posTransactionSchema.parse(trx), pricing(), {
            moneyDecimals: LEGACY_MONEY_DECIMALS,
          }),
        );
        const [cash] = trx.payments as Record<string, unknown>[];
        return { ...trx, ...totals, payments: [{ ...cash, payment_amount: totals.drv_grand_total }] };
      };
      const headFigure = (id: string, column: string) =>
        scalar(s, `SELECT ${column}::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`, [id]);

      it('stores the whole figures the device showed and was paid', async () => {
        const trx = sale(kemang, [oddLine()]);
        expect(Number.isInteger(trx.drv_grand_total)).toBe(true);
        const r = await submit(s.app, owner, [trx]);
        expect(r.statusCode, r.body).toBe(200);
        for (const column of ['drv_subtotal', 'drv_total_service_charge', 'drv_tax', 'drv_grand_total'])
          expect(Number.isInteger(await headFigure(trx.local_trx_id, column))).toBe(true);
        expect(await headFigure(trx.local_trx_id, 'drv_grand_total')).toBe(trx.drv_grand_total);
      });

      it('a sale completed before it (2-decimal figures) still syncs as sold, and its repeats are recognised', async () => {
        const whole = sale(kemang, [oddLine()]);
        const old = beforeRuling(whole);
        expect(Number.isInteger(old.drv_grand_total)).toBe(false);
        const first = await submit(s.app, owner, [old], 1);
        expect(first.statusCode, first.body).toBe(200);
        expect(await headFigure(old.local_trx_id, 'drv_grand_total')).toBe(old.drv_grand_total);
        const before = await saleFootprint(s);
        // the same stored sale again, as it was sent: the first answer
        const r = await submit(s.app, owner, [old], 1);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().data).toEqual(first.json().data);
        // re-priced (another body than the one stored with its hash, issue 11 item 6): refused, so the device
        // adopts the server's copy; nothing is written twice
        const repriced = await submit(s.app, owner, [whole], 1);
        expectError(repriced, 400, POS_MESSAGES.repeatDiffers);
        expect(await saleFootprint(s)).toEqual(before);
      });

      it('figures that are neither pricing are refused', async () => {
        const old = beforeRuling(sale(kemang, [oddLine()]));
        const off = { ...old, drv_grand_total: old.drv_grand_total + 0.25 };
        expectError(
          await submit(s.app, owner, [off]),
          400,
          POS_MESSAGES.totalMismatch('drv_grand_total'),
          'trxs.0.drv_grand_total',
        );
      });
    });

    it('concurrent duplicates store one sale and all get the same answer', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 5000 }, { name: 'Cash' }],
      });
      const before = await saleFootprint(s);
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit(s.app, owner, [trx])));
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      const data = answers.map((r) => r.json().data);
      for (const d of data) expect(d).toEqual(data[0]);
      const after = await saleFootprint(s);
      expect(after.pos_sales_trx_heads - before.pos_sales_trx_heads).toBe(1);
      expect(after.wallet_ledger - before.wallet_ledger).toBe(1);
      expect(after.stock_ledger - before.stock_ledger).toBe(2);
      expect(after.pos_sales_trx_details - before.pos_sales_trx_details).toBe(2);
    });

    // PGlite is one process per data folder: two instances exist only on PostgreSQL
    if (backend === 'pg')
      it('two server instances on one PostgreSQL store a sale posted to both once', async () => {
        const [{ schema }] = await s.database.withConnection((c) =>
          c.query<{ schema: string }>('SELECT current_schema() AS schema'),
        );
        const other = await createDb({ databaseUrl: PG_URL, schema, poolSize: 4 });
        const second = await buildApp({ db: other, clock: s.clock, integrations: s.integrations });
        try {
          const trx = sale(kemang, [line(kemang, RETAIL), line(kemang, CREAMBATH)], {
            customer: { user_code: walletUser },
            payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 2500 }, { name: 'Cash' }],
          });
          const before = await saleFootprint(s);
          const answers = await Promise.all(
            [s.app, second, s.app, second, s.app, second].map((app) => submit(app, owner, [trx], 1)),
          );
          for (const r of answers) expect(r.statusCode, r.body).toBe(200);
          for (const r of answers) expect(r.json().data).toEqual(answers[0].json().data);
          const after = await saleFootprint(s);
          expect(after.pos_sales_trx_heads - before.pos_sales_trx_heads).toBe(1);
          expect(after.wallet_ledger - before.wallet_ledger).toBe(1);
          expect(after.stock_ledger - before.stock_ledger).toBe(2);
        } finally {
          await second.close();
          await other.close();
        }
      });

    it('concurrent different sales in one outlet get distinct trx_ids', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => submit(s.app, owner, [sale(kemang, [line(kemang, RETAIL)])])),
      );
      const ids = answers.map((r) => r.json().data[0].trx_id as string);
      expect(new Set(ids).size).toBe(5);
    });
  });

  describe('refusals', () => {
    it('totals that disagree with the domain pricing', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      const before = await saleFootprint(s);
      const r = await submit(s.app, owner, [{ ...trx, drv_grand_total: trx.drv_grand_total + 1000 }]);
      expectError(r, 400, 'Total transaksi tidak sesuai (drv_grand_total).', 'trxs.0.drv_grand_total');
      const r2 = await submit(s.app, owner, [{ ...trx, drv_tax: 1 }]);
      expectError(r2, 400, 'Total transaksi tidak sesuai (drv_tax).', 'trxs.0.drv_tax');
      expect(await saleFootprint(s)).toEqual(before);
    });

    it('bad input answers 400 naming the field, never 500', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      expectError(await submit(s.app, owner, []), 400, POS_MESSAGES.trxsRequired, 'trxs');
      const noTrxs = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/pos-trx',
        payload: { is_offline: 0 },
      });
      expectError(noTrxs, 400, POS_MESSAGES.trxsRequired, 'trxs');
      expectError(
        await submit(s.app, owner, [{ ...trx, local_trx_id: '' }]),
        400,
        POS_MESSAGES.localTrxIdRequired,
        'trxs.0.local_trx_id',
      );
      const badQty = { ...trx, details: [{ ...(trx.details as object[])[0], qty: 'banyak' }] };
      expectError(
        await submit(s.app, owner, [badQty]),
        400,
        API_MESSAGES.invalidInput,
        'trxs.0.details.0.qty',
      );
      const arrayBody = await call(s.app, owner, { method: 'POST', url: '/cashier/pos-trx', payload: [trx] });
      expectError(arrayBody, 400, API_MESSAGES.invalidInput);
      const badPayment = { ...trx, payments: [{ payment_amount: 5 }] };
      expectError(await submit(s.app, owner, [badPayment]), 400, API_MESSAGES.invalidInput);
    });

    it('what the database could not store is bad input (400), never a 500', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      const first = (trx.details as Record<string, unknown>[])[0];
      const cases: [Record<string, unknown>, string][] = [
        [{ ...trx, details: [{ ...first, qty: 0 }] }, 'trxs.0.details.0.qty'],
        [{ ...trx, details: [{ ...first, pos_item_id: 1e12 }] }, 'trxs.0.details.0.pos_item_id'],
        [{ ...trx, order_no: 1e12 }, 'trxs.0.order_no'],
        // the bound on every input (issue 11) names the very field
        [{ ...trx, trx_notes: 'catatan\u0000' }, 'trxs.0.trx_notes'],
      ];
      for (const [bad, field] of cases) {
        expectError(await submit(s.app, owner, [bad]), 400, API_MESSAGES.invalidInput, field);
      }
      const huge = sale(kemang, [line(kemang, RETAIL, 2_000_000_000)]);
      expectError(await submit(s.app, owner, [huge]), 400, API_MESSAGES.invalidInput, 'trxs.0.details.0.qty');
      const nulSync = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/pos-trx',
        payload: { is_offline: 1, local_sync_time: 'x\u0000', trxs: [trx] },
      });
      expectError(nulSync, 400, API_MESSAGES.invalidInput, 'local_sync_time');
    });

    it('only completed sales, of a kind the specification names', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)]);
      expectError(
        await submit(s.app, owner, [{ ...trx, trx_status_id: 2 }]),
        400,
        POS_MESSAGES.notCompleted,
        'trxs.0.trx_status_id',
      );
      // every kind of ruling 8 is processed now (issue 14); another is refused by the contract
      const res = await submit(s.app, owner, [{ ...trx, trx_type: 'GIFT_CARD' }]);
      expect(res.statusCode).toBe(400);
    });

    it('payments: unpaid remainder, zero amount, deposit or credit without a customer, unknown customer', async () => {
      const unpaid = sale(kemang, [line(kemang, RETAIL)], { payments: [{ name: 'Cash', amount: 1000 }] });
      expectError(await submit(s.app, owner, [unpaid]), 400, DOMAIN_MESSAGES.notPaidOff, 'trxs.0.payments');
      const zero = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'QRIS', amount: 0 }, { name: 'Cash' }],
      });
      expectError(
        await submit(s.app, owner, [zero]),
        400,
        DOMAIN_MESSAGES.paymentAmountZero,
        'trxs.0.payments.0.payment_amount',
      );
      const base = sale(kemang, [line(kemang, RETAIL)]);
      const over = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'QRIS', amount: base.drv_grand_total + 1000 }],
      });
      expectError(
        await submit(s.app, owner, [over]),
        400,
        DOMAIN_MESSAGES.paymentAboveRemaining,
        'trxs.0.payments.0.payment_amount',
      );
      // cash may exceed what remains (change)
      const change = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'Cash', amount: base.drv_grand_total + 50000 }],
      });
      expect((await submit(s.app, owner, [change])).statusCode).toBe(200);
      const noRef = sale(kemang, [line(kemang, RETAIL)], { payments: [{ name: 'Debit Card', ref: '12' }] });
      expectError(
        await submit(s.app, owner, [noRef]),
        400,
        DOMAIN_MESSAGES.paymentReferenceRequired,
        'trxs.0.payments.0.payment_ref',
      );
      const withRef = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'Debit Card', ref: '1234' }],
      });
      expect((await submit(s.app, owner, [withRef])).statusCode).toBe(200);
      const wrongCharge = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'Debit Card', ref: '1234' }],
      });
      (wrongCharge.payments as { payment_charge: number }[])[0].payment_charge = 0;
      expectError(
        await submit(s.app, owner, [wrongCharge]),
        400,
        'Total transaksi tidak sesuai (payment_charge).',
        'trxs.0.payments.0.payment_charge',
      );
      const depositOver = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: base.drv_grand_total + 1 }],
      });
      expectError(
        await submit(s.app, owner, [depositOver]),
        400,
        DOMAIN_MESSAGES.depositAboveTotal,
        'trxs.0.payments.0.payment_amount',
      );
      const depositZero = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 0 }, { name: 'Cash' }],
      });
      expectError(
        await submit(s.app, owner, [depositZero]),
        400,
        DOMAIN_MESSAGES.depositAmountZero,
        'trxs.0.payments.0.payment_amount',
      );
      // case b of the audit: a credit beyond what remains (the device now refuses it too)
      const creditOver = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Piutang', type: 'CREDIT', amount: base.drv_grand_total + 1 }],
      });
      expectError(
        await submit(s.app, owner, [creditOver]),
        400,
        DOMAIN_MESSAGES.paymentAboveRemaining,
        'trxs.0.payments.0.payment_amount',
      );
      const creditZero = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Piutang', type: 'CREDIT', amount: 0 }, { name: 'Cash' }],
      });
      expectError(
        await submit(s.app, owner, [creditZero]),
        400,
        DOMAIN_MESSAGES.creditAmountZero,
        'trxs.0.payments.0.payment_amount',
      );
      const noCustomer = sale(kemang, [line(kemang, RETAIL)], {
        payments: [{ name: 'Piutang', type: 'CREDIT' }],
      });
      expectError(
        await submit(s.app, owner, [noCustomer]),
        400,
        POS_MESSAGES.customerRequiredForPayment,
        'trxs.0.customer',
      );
      const guest = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: null, user_name: 'Tamu' },
        payments: [{ name: 'Deposit', type: 'DEPOSIT' }],
      });
      expectError(
        await submit(s.app, owner, [guest]),
        400,
        POS_MESSAGES.customerRequiredForPayment,
        'trxs.0.customer',
      );
      const unknown = sale(kemang, [line(kemang, RETAIL)], { customer: { user_code: 'SB99999999' } });
      expectError(
        await submit(s.app, owner, [unknown]),
        400,
        POS_MESSAGES.customerNotFound,
        'trxs.0.customer.user_code',
      );
    });

    it("payment methods are the outlet's: a forged copy cannot drop a charge or a reference, or pose as Cash", async () => {
      const card = () =>
        sale(kemang, [line(kemang, RETAIL)], { payments: [{ name: 'Debit Card', ref: '1234' }] });
      const forge = (
        trx: ReturnType<typeof card>,
        change: Record<string, unknown>,
        payment: Record<string, unknown> = {},
      ) => {
        const [p] = trx.payments as Record<string, unknown>[];
        Object.assign(p, payment, { payment_method: { ...(p.payment_method as object), ...change } });
        return trx;
      };
      const before = await saleFootprint(s);
      // the device's copy says "no charge" and charges nothing: the outlet's Debit Card charges 1 %
      expectError(
        await submit(s.app, owner, [
          forge(card(), { is_charge_to_customer: 0, charge_percentage: 0 }, { payment_charge: 0 }),
        ]),
        400,
        PAYMENT_CHECK_MESSAGES.chargeMismatch,
        'trxs.0.payments.0.payment_charge',
      );
      // no reference needed, says the copy: the outlet's method needs 4 characters
      expectError(
        await submit(s.app, owner, [forge(card(), { is_reference_required: 0 }, { payment_ref: null })]),
        400,
        DOMAIN_MESSAGES.paymentReferenceRequired,
        'trxs.0.payments.0.payment_ref',
      );
      // a card renamed 'Cash' still may not exceed what remains
      const base = card();
      expectError(
        await submit(s.app, owner, [
          forge(
            card(),
            { payment_method_name: 'Cash' },
            // its charge as the copy has it (none): the amount is refused first
            { payment_amount: base.drv_grand_total + 50000, payment_charge: 0 },
          ),
        ]),
        400,
        DOMAIN_MESSAGES.paymentAboveRemaining,
        'trxs.0.payments.0.payment_amount',
      );
      // a method the outlet does not offer, or one of another payment type (the wallet's, as a normal payment)
      for (const change of [{ table_id: 99 }, { table_name: 'business_wallet', table_id: 1 }])
        expectError(
          await submit(s.app, owner, [forge(card(), change)]),
          400,
          PAYMENT_CHECK_MESSAGES.methodNotAvailable,
          'trxs.0.payments.0.payment_method',
        );
      expect(await saleFootprint(s)).toEqual(before);
      // the outlet's own method as served is accepted
      expect((await submit(s.app, owner, [card()])).statusCode).toBe(200);
    });

    it("deposit and credit payments by the cashier's stand-in methods (not configured) carry no charge", async () => {
      const stand = (trx: ReturnType<typeof sale>, charge: number) => {
        const [p] = trx.payments as Record<string, unknown>[];
        p.payment_method = { payment_method_name: 'Piutang', table_name: 'account_receivable', table_id: 0 };
        p.payment_charge = charge;
        return trx;
      };
      const credit = () =>
        sale(kemang, [line(kemang, RETAIL)], {
          customer: { user_code: walletUser },
          payments: [{ name: 'Piutang', type: 'CREDIT' }],
        });
      expectError(
        await submit(s.app, owner, [stand(credit(), 500)]),
        400,
        PAYMENT_CHECK_MESSAGES.chargeMismatch,
        'trxs.0.payments.0.payment_charge',
      );
      const r = await submit(s.app, owner, [stand(credit(), 0)]);
      expect(r.statusCode, r.body).toBe(200);
    });

    it('a refusal of the second sale keeps the first (stored once) and names trxs.1', async () => {
      const good = sale(kemang, [line(kemang, RETAIL)]);
      const bad = { ...sale(kemang, [line(kemang, RETAIL)]), drv_grand_total: 1 };
      const r = await submit(s.app, owner, [good, bad]);
      expectError(r, 400, 'Total transaksi tidak sesuai (drv_grand_total).', 'trxs.1.drv_grand_total');
      const again = await submit(s.app, owner, [good]);
      expect(again.statusCode).toBe(200);
      expect(
        await scalar(s, `SELECT count(*)::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = $1`, [
          good.local_trx_id,
        ]),
      ).toBe(1);
    });
  });

  describe('ledgers', () => {
    it('a DEPOSIT payment debits the wallet; deposit_balance is the balance after', async () => {
      const balance = await walletOf(s, walletUser);
      const trx = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 20000 }, { name: 'Cash' }],
      });
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data[0].deposit_balance).toBe(balance - 20000);
      expect(r.json().data[0].user_code).toBe(walletUser);
      expect(await walletOf(s, walletUser)).toBe(balance - 20000);
    });

    it('a deposit beyond the balance is refused and writes nothing', async () => {
      const balance = await walletOf(s, walletUser);
      const big = line(kemang, RETAIL, 200);
      const trx = sale(kemang, [big], {
        customer: { user_code: walletUser },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: balance + 1000 }, { name: 'Cash' }],
      });
      const before = await saleFootprint(s);
      expectError(
        await submit(s.app, owner, [trx]),
        400,
        POS_MESSAGES.insufficientDeposit,
        'trxs.0.payments',
      );
      expect(await saleFootprint(s)).toEqual(before);
      expect(await walletOf(s, walletUser)).toBe(balance);
    });

    it('Kode Receh where use_wallet_security_code = 1 (Menteng): missing, wrong, right', async () => {
      const t = await signIn(s.app, 'spv@serambi.id');
      const menteng = await outletConfig(s.app, t, 2);
      const clinicItem = menteng.pos_items.find((i) => i.item_nature === 'SERVICE' && i.pos_item_id > 1)!;
      const make = (code?: string) =>
        sale(menteng, [line(menteng, clinicItem.pos_item_id)], {
          customer: { user_code: walletUser },
          payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 1000 }, { name: 'Cash' }],
          extra: code === undefined ? {} : { receh_code: code },
        });
      expectError(
        await submit(s.app, t, [make()]),
        400,
        DOMAIN_MESSAGES.walletCodeRequired,
        'trxs.0.receh_code',
      );
      const wrong = walletCode === '000000' ? '111111' : '000000';
      expectError(
        await submit(s.app, t, [make(wrong)]),
        400,
        POS_MESSAGES.wrongWalletCode,
        'trxs.0.receh_code',
      );
      const r = await submit(s.app, t, [make(walletCode)]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data[0].trx_id).toMatch(/^MNG-/);
    });

    it('a CREDIT payment opens a receivable with drv_balance = its amount', async () => {
      const trx = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: walletUser },
        payments: [
          { name: 'Cash', amount: 10000 },
          { name: 'Piutang', type: 'CREDIT', ref: 'Bayar akhir bulan' },
        ],
      });
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      const owed = await scalar(
        s,
        `SELECT sum(l.amount)::text AS v FROM receivables r JOIN receivable_ledger l USING (account_receivable_id)
         WHERE r.local_trx_id = $1`,
        [trx.local_trx_id],
      );
      expect(owed).toBe(trx.drv_grand_total - 10000);
    });

    it('a package line moves the stock of its details (the chosen variant, detail qty × line qty)', async () => {
      const pkg = line(kemang, 1093, 2); // Paket Rambut Sehat: Creambath (recipe), Hair Spa, …
      const details = (item(kemang, 1093).pos_item_package_details as Record<string, unknown>[]).map((d) =>
        d.pos_item_id === CREAMBATH
          ? {
              ...d,
              pos_item_package_detail_variants: (
                d.pos_item_package_detail_variants as { pos_item_variant_id: number }[]
              ).map((v) => ({ ...v, is_chosen: v.pos_item_variant_id === 10053 ? 1 : 0 })),
            }
          : d,
      );
      const trx = sale(kemang, [{ ...pkg, is_package: 1, pos_item_package_details: details }]);
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      expect(
        await scalar(
          s,
          `SELECT sum(qty)::text AS v FROM stock_ledger WHERE ref_local_trx_id = $1 AND pos_item_variant_id = 10791
             AND entry_type = 'ingredients'`,
          [trx.local_trx_id],
        ),
      ).toBeCloseTo(-0.2, 4);
    });

    it('finds a recipe ingredient held by an item whose ids follow no convention', async () => {
      const service = {
        pos_item_id: 4001,
        item_name: 'Totok Wajah',
        item_nature: 'SERVICE',
        pos_item_variants: [
          {
            pos_item_variant_id: 4001,
            variant_name: 'Reguler',
            variant_price: 50000,
            ingredients: [{ pos_item_variant_id: 77, qty: 2 }],
          },
        ],
      };
      const oil = {
        pos_item_id: 5003,
        item_name: 'Minyak Zaitun',
        item_nature: 'RETAIL',
        pos_item_variants: [
          { pos_item_variant_id: 77, variant_name: '100 ml', variant_price: 30000, inv_unit_id: 2 },
        ],
      };
      await s.database.withConnection(async (c) => {
        for (const doc of [service, oil])
          await c.query(
            `INSERT INTO catalogue_entities (business_id, business_outlet_id, kind, entity_id, doc, updated_at)
             VALUES (1, 0, 'pos_items', $1, $2::json, now())`,
            [String(doc.pos_item_id), JSON.stringify(doc)],
          );
      });
      const served = { ...kemang, pos_items: [...kemang.pos_items, service] } as ServedConfig;
      const trx = sale(served, [line(served, 4001, 3)]);
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      expect(
        await scalar(
          s,
          `SELECT sum(qty)::text AS v FROM stock_ledger WHERE ref_local_trx_id = $1 AND pos_item_id = 5003
             AND pos_item_variant_id = 77 AND entry_type = 'ingredients'`,
          [trx.local_trx_id],
        ),
      ).toBe(-6);
    });

    it('a new customer (user_code null with a phone) is created once and answered', async () => {
      const phone = `0813${String(Date.now()).slice(-8)}`;
      const trx = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: null, user_name: 'Pelanggan Baru', user_phone: phone },
      });
      const before = await saleFootprint(s);
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      const code = r.json().data[0].user_code as string;
      expect(code).toMatch(/^SB\d{8}$/);
      expect((await saleFootprint(s)).customers - before.customers).toBe(1);
      // the same phone (written +62…) on a later offline sale is the same customer
      const next = sale(kemang, [line(kemang, RETAIL)], {
        customer: { user_code: null, user_phone: `+62${phone.slice(1)}` },
      });
      const r2 = await submit(s.app, owner, [next], 1);
      expect(r2.json().data[0].user_code).toBe(code);
      expect((await saleFootprint(s)).customers - before.customers).toBe(1);
    });
  });
}
