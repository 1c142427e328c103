// POST cashier/pos-shift (002 §7 Shift; issue 12): idempotent per local_shift_id, the server's own totals
// from its stored sales (src/domain's shiftTotals), bounded input (400 with a clear message, never 500).
// Ruling 26 / issue 23 items 8 and 11: the start is a record (POST cashier/pos-shift/start), one open shift
// per cashier and outlet (race-safe), no overlapping shifts, a changed repeat refused, who from the session.
// Run on PGlite (shift.test.ts) and on PostgreSQL (shift.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { shiftListResponse, shiftSyncResponse } from '../../../src/api/contract/shift';
import { API_MESSAGES } from '../../../src/domain/texts/server';
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

  // each shift its own hour in the past (a cashier's shifts at an outlet never overlap); the first test's
  // shift covers now, where the sales are
  let slot = 0;
  const ago = (hours: number) => formatLocalDateTime(new Date(s.clock.now().getTime() - hours * hour));
  const body = (over: Doc = {}, shiftOver: Doc = {}) => {
    slot += 2;
    return {
      shifts: [
        {
          local_shift_id: randomUUID(),
          shift_start: ago(24 + slot),
          shift_end: ago(23 + slot),
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
    };
  };
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
    const payload = body({}, { shift_start: ago(1), shift_end: ago(-1) });
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
    const again = await post(owner, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data[0].pos_shift_id).toBe(id);
    // issue 23 item 8: a changed body is refused (400), as sales and inventory refuse it, and nothing changes
    for (const change of [
      { cash_end_actual: 1 },
      { cash_end_actual: null },
      { cash_start: 1 },
      { shift_end: ago(22 + slot - 1) },
      { expenses: [] },
      { trxs: { ...payload.shifts[0].trxs, total_amount: 1 } },
    ]) {
      const changed = await post(owner, { ...payload, shifts: [{ ...payload.shifts[0], ...change }] });
      expect(changed.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorEnvelope.parse(changed.json()).error.message).toBe(SHIFT_MESSAGES.repeatDiffers);
    }
    const race = body({}, { local_shift_id: 'tab-race' });
    const both = await Promise.all([post(owner, race), post(owner, race)]);
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
      ['an end before the start', { shift_end: '2020-01-01 00:00:00' }, API_MESSAGES.invalidInput],
      ['another outlet', { outlet_id: 2 }, API_MESSAGES.invalidInput],
      ['another business in the body', { business_id: 999 }, API_MESSAGES.invalidInput],
      ['another user in the body', { business_user_id: 999 }, API_MESSAGES.invalidInput],
      [
        'no counted cash at all (null says "not counted")',
        { cash_end_actual: undefined },
        SHIFT_MESSAGES.cashInvalid,
      ],
      ['a date that is no date', { shift_start: '2026-13-45 99:99:99' }, API_MESSAGES.invalidInput],
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

  describe('ruling 26: a shift is a record the server keeps from its start', () => {
    // a cashier of their own at Menteng (outlet 2): the owner's shifts above are at Kemang
    let menteng: Tokens;
    let who: { business_id: number; business_user_id: number };
    const startBody = (over: Doc = {}) => ({
      shift: {
        local_shift_id: randomUUID(),
        shift_start: ago(0.5),
        outlet_id: 2,
        cash_start: 300_000,
        cashier_name: 'Demo',
        outlet_name: 'Serambi Menteng',
        ...over,
      },
    });
    const start = (t: Tokens, payload: unknown) =>
      call(s.app, t, { method: 'POST', url: '/cashier/pos-shift/start', payload: payload as Doc });
    const list = async (t: Tokens) => {
      const r = await call(s.app, t, { method: 'GET', url: '/cashier/pos-shift' });
      expect(r.statusCode, r.body).toBe(200);
      return shiftListResponse.parse(r.json().data);
    };
    const openRows = async () =>
      s.database.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM pos_shifts WHERE business_outlet_id = 2 AND shift_end IS NULL
           AND business_user_id = $1`,
        [who.business_user_id],
      );

    beforeAll(async () => {
      menteng = await signIn(s.app, 'demo@serambi.id');
      const config = (await outletConfig(s.app, menteng, 2)) as unknown as Doc;
      who = { business_id: Number(config.business_id), business_user_id: Number(config.business_user_id) };
    });

    it('a start is stored open, listed as the open shift, and a repeat answers the same id; a changed repeat is refused', async () => {
      const payload = startBody({ business_id: who.business_id, business_user_id: who.business_user_id });
      const r = await start(menteng, payload);
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data.pos_shift_id;
      expect((await start(menteng, payload)).json().data.pos_shift_id).toBe(id);
      const changed = await start(menteng, { shift: { ...payload.shift, cash_start: 250_000 } });
      expect(changed.statusCode).toBe(400);
      expect(errorEnvelope.parse(changed.json()).error.message).toBe(SHIFT_MESSAGES.repeatDiffers);
      // a new session (signed out at Kemang, back in) finds it: the server knows which shifts are open
      const again = await signIn(s.app, 'demo@serambi.id');
      await outletConfig(s.app, again, 2);
      const { open } = await list(again);
      expect(open).toMatchObject({
        local_shift_id: payload.shift.local_shift_id,
        pos_shift_id: id,
        cash_start: 300_000,
        shift_end: null,
        business_id: who.business_id,
        business_user_id: who.business_user_id,
        outlet_id: 2,
      });
      // the end closes that very row: history lists it with the server's totals, the open shift is gone
      const end = await post(again, {
        shifts: [
          {
            ...payload.shift,
            shift_end: ago(0.25),
            cash_end_actual: 297_300,
            expenses: [],
            trxs: { drvPaymentMethods: [], total_amount: 0, total_trx_count: 0 },
          },
        ],
      });
      expect(end.statusCode, end.body).toBe(200);
      expect(end.json().data[0].pos_shift_id).toBe(id);
      const after = await list(menteng);
      expect(after.open).toBeNull();
      expect(after.history[0]).toMatchObject({
        pos_shift_id: id,
        cash_end_actual: 297_300,
        cash_end_expected: 300_000,
      });
      expect(after.history[0].trxs?.total_trx_count).toBe(0);
      // a late repeat of the start (it was queued offline) changes nothing
      expect((await start(menteng, payload)).json().data.pos_shift_id).toBe(id);
      expect(Number((await openRows())[0].n)).toBe(0);
    });

    it('one open shift per cashier and outlet: a second start is refused, and of two racing tabs one wins', async () => {
      const first = await start(menteng, startBody({ shift_start: ago(0.2) }));
      expect(first.statusCode, first.body).toBe(200);
      const second = await start(menteng, startBody({ shift_start: ago(0.1) }));
      expect(second.statusCode).toBe(400);
      expect(errorEnvelope.parse(second.json()).error.message).toBe(SHIFT_MESSAGES.alreadyActive);
      // end it, then two tabs start at once
      const open = (await list(menteng)).open;
      expect(open).not.toBeNull();
      const ended = await post(menteng, {
        shifts: [
          {
            local_shift_id: open?.local_shift_id,
            shift_start: open?.shift_start,
            shift_end: ago(0.15),
            cash_start: open?.cash_start,
            cash_end_actual: null,
            trxs: { drvPaymentMethods: [], total_amount: 0, total_trx_count: 0 },
          },
        ],
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect((await list(menteng)).history[0].cash_end_actual).toBeNull();
      const tabs = await Promise.all([
        start(menteng, startBody({ shift_start: ago(0.05) })),
        start(menteng, startBody({ shift_start: ago(0.05) })),
      ]);
      expect(tabs.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(Number((await openRows())[0].n)).toBe(1);
    });

    it('the database itself keeps one open shift per cashier and outlet', async () => {
      const insert = () =>
        s.database.query(
          `INSERT INTO pos_shifts (local_shift_id, business_id, business_outlet_id, business_user_id, shift_start,
             cash_start, created_at) VALUES ($1, $2, 2, $3, '2026-01-01 08:00:00', 0, now())`,
          [randomUUID(), who.business_id, who.business_user_id],
        );
      await expect(insert()).rejects.toThrow();
    });

    it('two ended shifts of one cashier and outlet never overlap in time (two tabs ending different shifts)', async () => {
      const kasir = await signIn(s.app, 'kasir@serambi.id');
      await outletConfig(s.app, kasir, 1);
      const a = body({}, { shift_start: ago(500), shift_end: ago(498) });
      const b = body({}, { shift_start: ago(499), shift_end: ago(497) });
      const both = await Promise.all([post(kasir, a), post(kasir, b)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = both.find((r) => r.statusCode === 400);
      expect(errorEnvelope.parse(refused?.json()).error.message).toBe(SHIFT_MESSAGES.overlaps);
      // touching is not overlapping
      expect((await post(kasir, body({}, { shift_start: ago(502), shift_end: ago(500) }))).statusCode).toBe(
        200,
      );
    });

    it('business and user come from the session: a start claiming another is refused, never stored', async () => {
      for (const over of [{ business_id: 999 }, { business_user_id: 999 }, { outlet_id: 1 }]) {
        const r = await start(menteng, startBody({ ...over, shift_start: ago(900) }));
        expect(r.statusCode, JSON.stringify(over)).toBe(400);
      }
      for (const bad of [
        {},
        { shift: null },
        { shift: { local_shift_id: 'x' } },
        startBody({ cash_start: -1 }),
      ]) {
        expect((await start(menteng, bad)).statusCode).toBe(400);
      }
    });

    it("an open shift's expenses are kept by the server before its end, replaced whole, restored with the open shift, and fixed by the end", async () => {
      const spv = await signIn(s.app, 'spv@serambi.id');
      await outletConfig(s.app, spv, 2);
      const payload = startBody({ shift_start: ago(0.05) });
      expect((await start(spv, payload)).statusCode).toBe(200);
      const local_shift_id = payload.shift.local_shift_id;
      const save = (t: Tokens, body: unknown) =>
        call(s.app, t, { method: 'POST', url: '/cashier/pos-shift/expenses', payload: body as Doc });
      const parkir = { key: 'e-1', expenseTitle: 'Parkir', expenseAmount: 5_000 };
      const galon = { key: 'e-2', expenseTitle: 'Air galon', expenseAmount: 20_000 };
      const first = await save(spv, { local_shift_id, expenses: [parkir, galon] });
      expect(first.statusCode, first.body).toBe(200);
      // a repeat is a no-op; the whole list replaces the last (a deleted expense is gone)
      expect((await save(spv, { local_shift_id, expenses: [parkir, galon] })).statusCode).toBe(200);
      expect((await save(spv, { local_shift_id, expenses: [galon] })).statusCode).toBe(200);
      // a sign-out and back in (the device cleared): the open shift comes back with its expenses
      const again = await signIn(s.app, 'spv@serambi.id');
      await outletConfig(s.app, again, 2);
      expect((await list(again)).open).toMatchObject({ local_shift_id, expenses: [galon] });
      // another cashier's shift, an unknown one, duplicate keys and bad amounts: 400, nothing stored
      for (const [t, body] of [
        [menteng, { local_shift_id, expenses: [] }],
        [spv, { local_shift_id: randomUUID(), expenses: [] }],
        [spv, { local_shift_id, expenses: [galon, galon] }],
        [spv, { local_shift_id, expenses: [{ ...galon, expenseAmount: -5 }] }],
        [spv, { local_shift_id, expenses: [{ ...galon, expenseTitle: '' }] }],
        [spv, { local_shift_id }],
        [spv, null],
      ] as [Tokens, unknown][]) {
        const r = await save(t, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await list(again)).open?.expenses).toEqual([galon]);
      // the end's list is the final one: no expense twice
      const end = await post(again, {
        shifts: [
          {
            ...payload.shift,
            shift_end: ago(0.01),
            cash_end_actual: 280_000,
            expenses: [galon, parkir],
            trxs: { drvPaymentMethods: [], total_amount: 0, total_trx_count: 0 },
          },
        ],
      });
      expect(end.statusCode, end.body).toBe(200);
      const ended = (await list(again)).history.find((h) => h.local_shift_id === local_shift_id);
      expect(ended?.expenses.map((e) => e.key).sort()).toEqual(['e-1', 'e-2']);
      expect(ended?.cash_end_expected).toBe(275_000);
      // after the end a late list changes nothing
      expect((await save(again, { local_shift_id, expenses: [] })).statusCode).toBe(200);
      expect(
        (await list(again)).history.find((h) => h.local_shift_id === local_shift_id)?.expenses,
      ).toHaveLength(2);
    });
  });
}
