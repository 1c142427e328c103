// POST cashier/pos-shift (002 §7 Shift; issue 12): idempotent per local_shift_id, the server's own totals
// from its stored sales (src/domain's shiftTotals), bounded input (400 with a clear message, never 500).
// Run on PGlite (shift.test.ts) and on PostgreSQL (shift.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { errorEnvelope, MESSAGES } from '../../../src/api/contract/envelope';
import { shiftSyncResponse } from '../../../src/api/contract/shift';
import { SHIFT_MESSAGES } from '../../../src/domain/texts/shift';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

type Doc = Record<string, unknown>;

export function shiftSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let cashTotal = 0;
  let cardTotal = 0;
  const hour = 3_600_000;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    const cash = sale(kemang, [line(kemang, RETAIL, 2)]);
    const card = sale(kemang, [line(kemang, RETAIL)], { payments: [{ name: 'Debit Card', ref: '1234' }] });
    const r = await submit(s.app, owner, [cash, card]);
    expect(r.statusCode, r.body).toBe(200);
    cashTotal = cash.drv_grand_total;
    cardTotal = card.drv_grand_total;
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const body = (over: Doc = {}, shiftOver: Doc = {}) => ({
    shifts: [
      {
        local_shift_id: randomUUID(),
        shift_start: formatLocalDateTime(new Date(s.clock.now().getTime() - hour)),
        shift_end: formatLocalDateTime(new Date(s.clock.now().getTime() + hour)),
        outlet_id: 1,
        cash_start: 100_000,
        cash_end_actual: 150_000,
        cashier_name: 'Demo',
        outlet_name: 'Serambi Salon Kemang',
        expenses: [{ key: randomUUID(), expenseTitle: 'Parkir', expenseAmount: 2_000 }],
        // the device's summary: stored as sent, never trusted
        trxs: {
          drvPaymentMethods: [{ payment_method_name: 'Cash', trx_count: 9, trx_amount: 999 }],
          total_amount: 999,
          total_trx_count: 9,
        },
        ...shiftOver,
      },
    ],
    ...over,
  });
  const post = (t: Tokens, payload: unknown) =>
    call(s.app, t, { method: 'POST', url: '/cashier/pos-shift', payload: payload as Doc });
  const stored = async (localShiftId: string) =>
    s.database.query<{
      pos_shift_id: string;
      server_trxs: unknown;
      device_trxs: unknown;
      cash_end_expected: string;
    }>(
      'SELECT pos_shift_id, server_trxs, device_trxs, cash_end_expected::text AS cash_end_expected FROM pos_shifts WHERE local_shift_id = $1',
      [localShiftId],
    );
  const expenses = async (posShiftId: number) =>
    s.database.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM pos_shift_expenses WHERE pos_shift_id = $1',
      [posShiftId],
    );

  it('stores the shift with the server’s own totals from its stored sales, and the device’s summary as sent', async () => {
    const payload = body();
    const r = await post(owner, payload);
    expect(r.statusCode, r.body).toBe(200);
    const [answer] = shiftSyncResponse.parse(r.json().data);
    expect(answer).toMatchObject({ status: 'success', local_shift_id: payload.shifts[0].local_shift_id });
    const [row] = await stored(payload.shifts[0].local_shift_id);
    expect(Number(row.pos_shift_id)).toBe(answer.pos_shift_id);
    const server = (typeof row.server_trxs === 'string' ? JSON.parse(row.server_trxs) : row.server_trxs) as {
      drvPaymentMethods: { payment_method_name: string; trx_count: number; trx_amount: number }[];
      total_trx_count: number;
    };
    const by = Object.fromEntries(server.drvPaymentMethods.map((m) => [m.payment_method_name, m]));
    expect(by.Cash).toMatchObject({ trx_count: 1, trx_amount: cashTotal });
    expect(by['Debit Card']).toMatchObject({ trx_count: 1, trx_amount: cardTotal });
    expect(server.total_trx_count).toBe(2);
    expect(Number(row.cash_end_expected)).toBe(100_000 + cashTotal - 2_000);
    expect(JSON.stringify(row.device_trxs)).toContain('999');
    expect((await expenses(answer.pos_shift_id))[0].n).toBe('1');
  });

  it('a repeat (a retry after a lost answer, two tabs at once) answers the same pos_shift_id and writes nothing', async () => {
    const payload = body();
    const first = await post(owner, payload);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data[0].pos_shift_id;
    const again = await post(owner, { ...payload, shifts: [{ ...payload.shifts[0], cash_end_actual: 1 }] });
    expect(again.json().data[0].pos_shift_id).toBe(id);
    const both = await Promise.all([
      post(owner, body({}, { local_shift_id: 'tab-race' })),
      post(owner, body({}, { local_shift_id: 'tab-race' })),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0].json().data[0].pos_shift_id).toBe(both[1].json().data[0].pos_shift_id);
    expect(await stored('tab-race')).toHaveLength(1);
    expect((await expenses(both[0].json().data[0].pos_shift_id))[0].n).toBe('1');
    const [row] = await stored(payload.shifts[0].local_shift_id);
    expect(Number(row.pos_shift_id)).toBe(id);
    const [{ n }] = await s.database.query<{ n: string }>(
      'SELECT cash_end_actual::text AS n FROM pos_shifts WHERE local_shift_id = $1',
      [payload.shifts[0].local_shift_id],
    );
    expect(Number(n)).toBe(150_000);
  });

  it("another cashier's local_shift_id is refused and tells nothing", async () => {
    const payload = body();
    expect((await post(owner, payload)).statusCode).toBe(200);
    const kasir = await signIn(s.app, 'kasir@serambi.id');
    await outletConfig(s.app, kasir, 1);
    const r = await post(kasir, payload);
    expect([400, 403]).toContain(r.statusCode);
  });

  describe('bad input: 400 with a clear message, never 500', () => {
    const cases: [string, Doc, string][] = [
      ['negative starting cash', { cash_start: -1 }, SHIFT_MESSAGES.cashInvalid],
      ['absurd starting cash', { cash_start: 1_000_000_001 }, SHIFT_MESSAGES.cashInvalid],
      ['starting cash not a number', { cash_start: 'seratus' }, SHIFT_MESSAGES.cashInvalid],
      ['fractional counted cash', { cash_end_actual: 10.5 }, SHIFT_MESSAGES.cashInvalid],
      [
        'expense without a description',
        { expenses: [{ key: 'k', expenseTitle: ' ', expenseAmount: 1 }] },
        SHIFT_MESSAGES.expenseNameRequired,
      ],
      [
        'negative expense',
        { expenses: [{ key: 'k', expenseTitle: 'Parkir', expenseAmount: -5 }] },
        SHIFT_MESSAGES.expenseAmountInvalid,
      ],
      [
        'absurd expense',
        { expenses: [{ key: 'k', expenseTitle: 'Parkir', expenseAmount: 5e9 }] },
        SHIFT_MESSAGES.expenseAmountInvalid,
      ],
      ['an end before the start', { shift_end: '2020-01-01 00:00:00' }, MESSAGES.invalidInput],
      ['another outlet', { outlet_id: 2 }, MESSAGES.invalidInput],
      ['a date that is no date', { shift_start: '2026-13-45 99:99:99' }, MESSAGES.invalidInput],
    ];
    it.each(cases)('%s', async (_name, over, message) => {
      const r = await post(owner, body({}, over));
      expect(r.statusCode, r.body).toBe(400);
      expect(errorEnvelope.parse(r.json()).error.message).toBe(message);
    });

    it('no shifts, not an object', async () => {
      for (const payload of [{}, { shifts: [] }, { shifts: 'x' }, { shifts: [null] }]) {
        const r = await post(owner, payload);
        expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });
}
