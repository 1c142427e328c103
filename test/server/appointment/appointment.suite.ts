// Appointments on the server (001 §7; issue 26 item 1): list by day, create, update, delete with the linked
// sale; tags by id, answered with their names; a worker double-booked is refused naming the other booking,
// also when two requests race; who/where from the session; impossible input is a 400, never a 500;
// idempotent per local_appointment_id. Run on PGlite (appointment.test.ts) and PostgreSQL (.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/rows';
import { appointmentDayResponse, appointmentSaveResponse } from '../../../src/api/contract/appointment';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';

type Doc = Record<string, unknown>;

export function appointmentSuite(backend: Backend): void {
  let s: TestServer;
  let kasir: Tokens;
  let day = 0;
  // each test its own day, so bookings of one test never meet another's
  const nextDay = () => `2031-0${1 + Math.floor(day / 28)}-${String(1 + (day++ % 28)).padStart(2, '0')}`;

  beforeAll(async () => {
    s = await startTestServer(backend);
    kasir = await signIn(s.app, 'kasir@serambi.id');
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const body = (over: Doc = {}): Doc => ({
    local_appointment_id: randomUUID(),
    user_code: null,
    user_name: 'Guest',
    pos_salesType_id: 701,
    business_commission_worker_id: 201,
    appointment_date: '2031-01-01',
    start_time: '10:00',
    end_time: '11:00',
    appointment_notes: null,
    pos_local_trx_id: randomUUID(),
    pos_trx: null,
    tags: [301, 306],
    ...over,
  });
  const post = (payload: Doc, method: 'POST' | 'PUT' = 'POST') =>
    call(s.app, kasir, { method, url: '/cashier/appointment', payload });
  const dayList = async (date: string) => {
    const r = await call(s.app, kasir, {
      method: 'GET',
      url: `/cashier/appointments?start_date=${date}&end_date=${date}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return appointmentDayResponse.parse(r.json().data).customer_appointments;
  };
  const refusal = (r: { statusCode: number; json(): unknown; body: string }) => {
    expect(r.statusCode, r.body).toBe(400);
    return errorEnvelope.parse(r.json()).error;
  };

  it('creates an appointment at the session outlet, lists it by day with its tags named, and a repeat stays one', async () => {
    const date = nextDay();
    const b = body({ appointment_date: date, business_outlet_id: 2, business_user_id: 1 });
    const r = await post(b);
    expect(r.statusCode, r.body).toBe(200);
    const { appointment } = appointmentSaveResponse.parse(r.json().data);
    expect(appointment).toMatchObject({
      local_appointment_id: b.local_appointment_id,
      business_outlet_id: 1,
      user_name: 'Guest',
      start_time: '10:00',
      end_time: '11:00',
      tags: [
        { pos_tag_id: 301, pos_tag_name: 'Pelanggan Baru' },
        { pos_tag_id: 306, pos_tag_name: 'Alergi' },
      ],
    });
    // the offline sync sends it again when an answer was lost: still one appointment
    const again = await post(b);
    expect(again.statusCode, again.body).toBe(200);
    const list = await dayList(date);
    expect(list.map((a) => a.local_appointment_id)).toEqual([b.local_appointment_id]);
    const stored = await queryRows<{ business_user_id: number }>(
      s.database.db,
      sql`SELECT business_user_id FROM appointments WHERE local_appointment_id = ${b.local_appointment_id}`,
    );
    expect(stored.map((x) => x.business_user_id)).toEqual([2]);
  });

  it('refuses a double booking of a worker naming the other booking; back to back and another worker are fine', async () => {
    const date = nextDay();
    expect(
      (await post(body({ appointment_date: date, start_time: '10:00', end_time: '11:00' }))).statusCode,
    ).toBe(200);
    const clash = refusal(
      await post(body({ appointment_date: date, start_time: '10:30', end_time: '11:30' })),
    );
    expect(clash.message).toBe(
      `Rudi Hartono sudah memiliki appointment pada ${date} pukul 10:00–11:00 (Guest).`,
    );
    expect(clash.field).toBe('start_time');
    expect(
      (await post(body({ appointment_date: date, start_time: '11:00', end_time: '11:30' }))).statusCode,
    ).toBe(200);
    expect(
      (await post(body({ appointment_date: date, start_time: '09:30', end_time: '10:00' }))).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          body({
            appointment_date: date,
            business_commission_worker_id: 202,
            start_time: '10:15',
            end_time: '10:45',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await dayList(date)).toHaveLength(4);
  });

  it('lets one of two concurrent bookings of the same slot through and refuses the other', async () => {
    for (let round = 0; round < 3; round++) {
      const date = nextDay();
      const answers = await Promise.all(
        [0, 1, 2].map((i) =>
          post(body({ appointment_date: date, start_time: `10:${i * 15 || '00'}`, end_time: '11:00' })),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      expect(await dayList(date)).toHaveLength(1);
    }
  });

  it('updates an appointment and its linked sale, checking the overlap against the others only', async () => {
    const date = nextDay();
    const b = body({ appointment_date: date });
    await post(b);
    const trx = { local_trx_id: b.pos_local_trx_id, pos_salesType_id: 701, details: [] };
    const r = await post(
      { ...b, start_time: '10:30', end_time: '12:00', pos_salesType_id: 702, pos_trx: trx, tags: [] },
      'PUT',
    );
    expect(r.statusCode, r.body).toBe(200);
    const { appointment } = appointmentSaveResponse.parse(r.json().data);
    expect(appointment).toMatchObject({
      start_time: '10:30',
      end_time: '12:00',
      pos_salesType_id: 702,
      tags: [],
    });
    expect(appointment.pos_trx).toMatchObject({ local_trx_id: b.pos_local_trx_id, pos_salesType_id: 702 });
    const missing = await post(
      body({ appointment_date: date, start_time: '20:00', end_time: '21:00' }),
      'PUT',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an appointment with its linked sale; a late save of it is refused, not revived', async () => {
    const date = nextDay();
    const b = body({ appointment_date: date, pos_trx: { local_trx_id: 'x' } });
    await post(b);
    const del = await call(s.app, kasir, {
      method: 'DELETE',
      url: `/cashier/appointments/${b.local_appointment_id}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await dayList(date)).toEqual([]);
    expect(refusal(await post(b)).message).toBe('Appointment ini sudah dihapus.');
    const unknown = await call(s.app, kasir, {
      method: 'DELETE',
      url: `/cashier/appointments/${randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
    // the slot is free again
    expect((await post(body({ appointment_date: date }))).statusCode).toBe(200);
  });

  it('refuses impossible dates, times and ids with a 400 naming the field, never a 500', async () => {
    const cases: [Doc, string, string][] = [
      [{ appointment_date: '2031-02-30' }, 'appointment_date', 'Tanggal appointment tidak valid.'],
      [{ appointment_date: '31-01-2031' }, 'appointment_date', 'Tanggal appointment tidak valid.'],
      [{ start_time: '25:00' }, 'start_time', 'Waktu appointment tidak valid (HH:mm).'],
      [{ end_time: '10:60' }, 'end_time', 'Waktu appointment tidak valid (HH:mm).'],
      [{ start_time: '11:00', end_time: '10:00' }, 'end_time', 'Waktu selesai harus setelah waktu mulai.'],
      [
        { business_commission_worker_id: 206 },
        'business_commission_worker_id',
        'Worker tidak ditemukan di outlet ini.',
      ],
      [{ pos_salesType_id: 9999 }, 'pos_salesType_id', 'Sales type tidak ditemukan di outlet ini.'],
      [{ tags: [999] }, 'tags', 'Tag tidak ditemukan.'],
      [{ business_commission_worker_id: 'x' }, 'business_commission_worker_id', 'Data tidak valid.'],
      [{ local_appointment_id: '' }, 'local_appointment_id', 'Data tidak valid.'],
      [{ start_time: 1000 }, 'start_time', 'Data tidak valid.'],
    ];
    for (const [over, field, message] of cases) {
      const e = refusal(await post(body({ appointment_date: nextDay(), ...over })));
      expect({ field: e.field, message: e.message }).toEqual({ field, message });
    }
    for (const payload of [null, 'x', [], { tags: 'a' }]) {
      const r = await call(s.app, kasir, {
        method: 'POST',
        url: '/cashier/appointment',
        payload: payload as never,
      });
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, r.body).toBeLessThan(500);
    }
    for (const q of [
      'start_date=2031-02-30&end_date=2031-02-30',
      'start_date=2031-01-01&end_date=2031-01-02',
      '',
    ]) {
      const r = await call(s.app, kasir, { method: 'GET', url: `/cashier/appointments?${q}` });
      expect(r.statusCode, r.body).toBe(400);
    }
    const noSession = await call(s.app, null, {
      method: 'POST',
      url: '/cashier/appointment',
      payload: body(),
    });
    expect(noSession.statusCode).toBe(303);
  });
}
