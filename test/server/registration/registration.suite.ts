// Issue 26 (001 §2.11, §3, §4 'Registration queue', §7): the registration queue's calls on PGlite and
// PostgreSQL — flow statuses; sessions per outlet and day numbered by the server, unique under concurrent
// registrations, stored once per local_session_id; status changes with their history, stored once per
// local_change_id; delete; who and where from the session; impossible dates refused; bad input a 400 naming
// the field, never a 500; the role flag.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { DEFAULT_FLOW_STATUSES, parseChangeHistory } from '../../../src/domain/registration';
import { REGISTRATION_OWN } from '../../../src/domain/texts/registration';
import { addDays } from '../../../src/domain/time-wall';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { outletConfig } from '../pos/fixtures';

const URL = '/cashier/customer-flow';

export function registrationSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let ownerOutlet2: Tokens;
  let kasir: Tokens;
  let now: string;
  // each test that reads a whole queue has its own day (7 back from today are plausible); the rest use today
  let dayNo = 0;
  const freshDay = () => {
    if (dayNo >= 7) throw new Error('no fresh day left');
    return addDays(now.slice(0, 10), -1 - dayNo++);
  };
  const today = () => now.slice(0, 10);

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, owner, 1);
    ownerOutlet2 = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, ownerOutlet2, 2);
    kasir = await signIn(s.app, 'kasir@serambi.id');
    now = formatLocalDateTime(s.clock.now());
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const phone = () => `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const body = (day: string, extra: Record<string, unknown> = {}) => ({
    local_session_id: randomUUID(),
    user_code: null,
    pendaftaran_time: `${day} 09:30:00`,
    status: 'Menunggu',
    nomor_urut: 1,
    user_identifier_type: 'phone',
    user_identifier_string: phone(),
    user_name: 'Pasien Antrian',
    change_history: '[]',
    ...extra,
  });
  const post = (payload: unknown, t: Tokens = owner) =>
    call(s.app, t, { method: 'POST', url: URL, payload: payload as never });
  const put = (payload: unknown, t: Tokens = owner) =>
    call(s.app, t, { method: 'PUT', url: URL, payload: payload as never });
  const list = async (day: string, t: Tokens = owner) => {
    const r = await call(s.app, t, { method: 'GET', url: `${URL}?filter_date=${day}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      nomor_urut: number;
      status: string;
      user_business_session_id: number;
      change_history: string;
      local_session_id: string;
      user_name: string;
      phone_local: string;
    }[];
  };
  const expect400 = (
    r: { statusCode: number; body: string; json: () => { error: { message: string; field?: string } } },
    field: string,
    message?: string,
  ) => {
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.field).toBe(field);
    if (message) expect(r.json().error.message).toBe(message);
  };

  it('GET cashier/customer-flow-status answers the defaults, or the business’s own statuses in order', async () => {
    const r = await call(s.app, owner, { method: 'GET', url: '/cashier/customer-flow-status' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual(DEFAULT_FLOW_STATUSES.map((status_name) => ({ status_name })));
    await s.database.query(
      `INSERT INTO customer_flow_statuses (business_id, status_name, sort_order) VALUES (1, 'Kasir', 3), (1, 'Datang', 1), (1, 'Tindakan', 2)`,
      [],
    );
    const own = await call(s.app, owner, { method: 'GET', url: '/cashier/customer-flow-status' });
    expect(own.json().data.map((x: { status_name: string }) => x.status_name)).toEqual([
      'Datang',
      'Tindakan',
      'Kasir',
    ]);
    // a status outside the list is refused
    expect400(await post(body(today())), 'status', REGISTRATION_OWN.unknownStatus);
    await s.database.query(`DELETE FROM customer_flow_statuses WHERE business_id = 1`, []);
  });

  it('numbers a day’s queue 1, 2, 3 per outlet (the device’s number is a preview); who and where from the session', async () => {
    const day = freshDay();
    const a = await post(body(day, { nomor_urut: 7, business_outlet_id: 2, business_user_id: 99 }));
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data.nomor_urut).toBe(1);
    expect((await post(body(day))).json().data.nomor_urut).toBe(2);
    expect((await post(body(day), kasir)).json().data.nomor_urut).toBe(3);
    // another outlet's queue of the same day starts at 1; another day too
    expect((await post(body(day), ownerOutlet2)).json().data.nomor_urut).toBe(1);
    expect((await post(body(addDays(today(), 1)))).json().data.nomor_urut).toBe(1);
    const rows = await list(day);
    expect(rows.map((r) => r.nomor_urut)).toEqual([1, 2, 3]);
    expect(rows[0]?.phone_local).toMatch(/^0812/);
    const [stored] = await s.database.query<{ business_outlet_id: number; business_user_id: number }>(
      `SELECT business_outlet_id, business_user_id FROM customer_sessions WHERE local_session_id = $1`,
      [a.json().data.local_session_id],
    );
    expect(stored).toEqual({ business_outlet_id: 1, business_user_id: 1 });
    // a new session's history starts with status_before empty (001 §4)
    expect(parseChangeHistory(rows[0]?.change_history)).toEqual([
      { status_before: '', status_after: 'Menunggu', action_date: `${day} 09:30:00` },
    ]);
    expect((await list(day, ownerOutlet2)).map((r) => r.nomor_urut)).toEqual([1]);
  });

  it('a registration sent again (offline, a lost answer) is stored once, with its first number', async () => {
    const day = freshDay();
    const b = body(day);
    const first = (await post(b)).json().data;
    const again = await post({ ...b, status: 'Selesai' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first);
    expect((await list(day)).length).toBe(1);
  });

  it('concurrent registrations get unique numbers 1…n; the same registration twice at once is one row', async () => {
    const day = freshDay();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(body(day))));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const numbers = answers.map((r) => r.json().data.nomor_urut as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const twin = body(day);
    const twins = await Promise.all(Array.from({ length: 4 }, () => post(twin)));
    for (const r of twins) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(twins.map((r) => r.json().data.user_business_session_id)).size).toBe(1);
    // the twins' rolled-back numbers were not spent: the next number follows on
    expect(twins[0]?.json().data.nomor_urut).toBe(13);
    expect((await post(body(day))).json().data.nomor_urut).toBe(14);
  });

  it('a status change appends {status_before, status_after, action_date}; sent again it is stored once', async () => {
    const day = freshDay();
    const created = (await post(body(day))).json().data;
    const change = {
      user_business_session_id: created.user_business_session_id,
      local_change_id: randomUUID(),
      status: 'Dalam Proses',
      status_before: 'Menunggu',
      action_date: `${day} 10:00:00`,
      change_history: 'ignored',
    };
    const r = await put(change);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.status).toBe('Dalam Proses');
    expect(r.json().data.recorded).toEqual({
      status_before: 'Menunggu',
      status_after: 'Dalam Proses',
      action_date: `${day} 10:00:00`,
    });
    expect((await put(change)).json().data.recorded).toEqual(r.json().data.recorded);
    // by the device's local id (a registration made offline, changed before it was sent); any status to any other
    const back = await put({
      local_session_id: created.local_session_id,
      local_change_id: randomUUID(),
      status: 'Menunggu',
    });
    expect(back.statusCode, back.body).toBe(200);
    // an action time after the server's now (or before the registration) is the server's time
    expect(back.json().data.recorded.action_date).toBe(now);
    const [row] = await list(day);
    expect(parseChangeHistory(row?.change_history).map((h) => [h.status_before, h.status_after])).toEqual([
      ['', 'Menunggu'],
      ['Menunggu', 'Dalam Proses'],
      ['Dalam Proses', 'Menunggu'],
    ]);
    expect400(
      await put({ ...change, local_change_id: randomUUID(), status: 'Tidur' }),
      'status',
      REGISTRATION_OWN.unknownStatus,
    );
  });

  it('concurrent status changes each take the stored status as status_before (a chain, none lost)', async () => {
    const day = freshDay();
    const created = (await post(body(day))).json().data;
    const statuses = ['Dalam Proses', 'Selesai', 'Menunggu', 'Selesai', 'Dalam Proses'];
    const rs = await Promise.all(
      statuses.map((status) =>
        put({
          user_business_session_id: created.user_business_session_id,
          local_change_id: randomUUID(),
          status,
        }),
      ),
    );
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    const history = parseChangeHistory((await list(day))[0]?.change_history);
    expect(history).toHaveLength(6);
    for (let i = 1; i < history.length; i++)
      expect(history[i]?.status_before).toBe(history[i - 1]?.status_after);
  });

  it('delete leaves the queue; a change sent later is told it was deleted (404); deleting again is fine', async () => {
    const day = freshDay();
    const a = (await post(body(day))).json().data;
    const b = (await post(body(day))).json().data;
    const del = await call(s.app, owner, {
      method: 'DELETE',
      url: `${URL}?user_business_session_id=${a.user_business_session_id}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    // ruling 7: the body works too
    const delBody = await call(s.app, owner, {
      method: 'DELETE',
      url: URL,
      payload: { user_business_session_id: b.user_business_session_id },
    });
    expect(delBody.statusCode, delBody.body).toBe(200);
    expect(await list(day)).toEqual([]);
    const late = await put({
      user_business_session_id: a.user_business_session_id,
      local_change_id: randomUUID(),
      status: 'Selesai',
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe(REGISTRATION_OWN.sessionMissing);
    expect(
      (
        await call(s.app, owner, {
          method: 'DELETE',
          url: `${URL}?user_business_session_id=${a.user_business_session_id}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(s.app, owner, { method: 'DELETE', url: `${URL}?user_business_session_id=999999999` }))
        .statusCode,
    ).toBe(404);
    // a deleted number is not given again that day
    expect((await post(body(day))).json().data.nomor_urut).toBe(3);
  });

  it('refuses impossible and implausible dates, naming the field', async () => {
    for (const d of ['2026-02-30', '2026-13-01', '26-01-01', '', '2026-1-1', '1899-01-01'])
      expect400(
        await call(s.app, owner, { method: 'GET', url: `${URL}?filter_date=${d}` }),
        'filter_date',
        REGISTRATION_OWN.invalidDate,
      );
    expect400(await call(s.app, owner, { method: 'GET', url: URL }), 'filter_date');
    const today = now.slice(0, 10);
    for (const t of [
      `${today.slice(0, 8)}32 10:00:00`,
      `${today} 25:00:00`,
      `${addDays(today, 3)} 10:00:00`,
      `${addDays(today, -30)} 10:00:00`,
      today,
      'kemarin',
    ])
      expect400(
        await post(body(today, { pendaftaran_time: t })),
        'pendaftaran_time',
        REGISTRATION_OWN.invalidTime,
      );
  });

  it('answers 403 without CUSTOMER_FLOW, and never a 500 for any input', async () => {
    await s.database.query(
      `UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CUSTOMER_FLOW":0}'::jsonb WHERE business_user_group_id = 2`,
      [],
    );
    try {
      expect(
        (await call(s.app, kasir, { method: 'GET', url: '/cashier/customer-flow-status' })).statusCode,
      ).toBe(403);
      expect((await post(body(today()), kasir)).statusCode).toBe(403);
    } finally {
      await s.database.query(
        `UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CUSTOMER_FLOW":1}'::jsonb WHERE business_user_group_id = 2`,
        [],
      );
    }
    const junk: unknown[] = [
      null,
      [],
      'x',
      1,
      {},
      { local_session_id: 'short' },
      { ...body(now.slice(0, 10)), status: '' },
      { ...body(now.slice(0, 10)), user_identifier_type: 'fax' },
      { ...body(now.slice(0, 10)), user_code: 'NOPE' },
      { ...body(now.slice(0, 10)), user_identifier_type: 'qr', user_identifier_string: 'ZZZ' },
      { ...body(now.slice(0, 10)), nomor_urut: 'a' },
      { ...body(now.slice(0, 10)), user_name: 'a\u0000b' },
    ];
    for (const payload of junk) {
      const r = await post(payload);
      // 400 naming the problem (415 for a body that is not JSON): never a 500
      expect([400, 415], `${JSON.stringify(payload)} → ${r.body}`).toContain(r.statusCode);
    }
    for (const payload of [
      null,
      {},
      { status: 'Selesai', local_change_id: randomUUID() },
      { user_business_session_id: 'x', local_change_id: randomUUID(), status: 'Selesai' },
      { user_business_session_id: -1, local_change_id: randomUUID(), status: 'Selesai' },
      { user_business_session_id: 1e30, local_change_id: randomUUID(), status: 'Selesai' },
    ]) {
      const r = await put(payload);
      expect(r.statusCode, `${JSON.stringify(payload)} → ${r.body}`).toBe(400);
    }
    for (const q of [
      '',
      '?user_business_session_id=abc',
      '?user_business_session_id=0',
      '?user_business_session_id=1.5',
    ])
      expect((await call(s.app, owner, { method: 'DELETE', url: `${URL}${q}` })).statusCode).toBe(400);
  });

  it('a new customer’s impossible birth date (30 February) is left out, the registration kept: never a 500', async () => {
    const nik = `3171${String(Date.now()).slice(-12)}`;
    const r = await post(
      body(today(), {
        user_identifier_type: 'nik',
        user_identifier_string: nik,
        user_birth_date: '2025-02-30',
      }),
    );
    expect(r.statusCode, r.body).toBeLessThan(300);
  });

  describe('POST cashier/patient-membership-activation (step 2)', () => {
    it('creates a new customer by phone with its details, and the registration finds it', async () => {
      const p = phone();
      const r = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/patient-membership-activation',
        payload: {
          is_edit_user: 1,
          user_name: 'Budi Registrasi',
          user_gender: 1,
          user_birth_date: '1990-05-06',
          user_notes: 'alergi',
          user_email_notification: '',
          user_identifier_type: 'phone',
          user_identifier_string: p,
          nik: '3174051204850099',
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      const code = r.json().data.user_code as string;
      const [c] = await s.database.query<{ user_name: string; nik: string; user_gender: number }>(
        `SELECT user_name, nik, user_gender FROM customers WHERE user_code = $1`,
        [code],
      );
      expect(c).toEqual({ user_name: 'Budi Registrasi', nik: '3174051204850099', user_gender: 1 });
      const reg = await post(body(today(), { user_code: code }));
      expect(reg.json().data.user_name).toBe('Budi Registrasi');
    });

    it('without CUSTOMER_INFORMATION_EDIT only the NIK is stored (001 §5)', async () => {
      const p = phone();
      const made = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/patient-membership-activation',
        payload: { user_name: 'Asli', user_identifier_type: 'phone', user_identifier_string: p },
      });
      const code = made.json().data.user_code;
      await s.database.query(
        `UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CUSTOMER_INFORMATION_EDIT":0}'::jsonb WHERE business_user_group_id = 2`,
        [],
      );
      try {
        const r = await call(s.app, kasir, {
          method: 'POST',
          url: '/cashier/patient-membership-activation',
          payload: {
            is_edit_user: 1,
            user_name: 'Diubah',
            user_identifier_type: 'phone',
            user_identifier_string: p,
            nik: '3174051204850098',
          },
        });
        expect(r.statusCode, r.body).toBe(200);
      } finally {
        await s.database.query(
          `UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CUSTOMER_INFORMATION_EDIT":1}'::jsonb WHERE business_user_group_id = 2`,
          [],
        );
      }
      const [c] = await s.database.query<{ user_name: string; nik: string }>(
        `SELECT user_name, nik FROM customers WHERE user_code = $1`,
        [code],
      );
      expect(c).toEqual({ user_name: 'Asli', nik: '3174051204850098' });
    });

    it('refuses a bad NIK or birth date by field', async () => {
      const send = (payload: Record<string, unknown>) =>
        call(s.app, owner, {
          method: 'POST',
          url: '/cashier/patient-membership-activation',
          payload: { user_identifier_type: 'phone', user_identifier_string: phone(), ...payload },
        });
      expect400(await send({ nik: '123' }), 'nik');
      expect400(await send({ user_birth_date: '2999-01-01', user_name: 'X' }), 'user_birth_date');
    });
  });
}
