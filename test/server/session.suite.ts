// The session calls' behaviour, run on PGlite (session.test.ts) and on PostgreSQL (session.pg.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  appointments,
  authAttempts,
  businessUserOutlets,
  businessUsers,
  sessions,
  signOuts,
  signOutTrxs,
  userGroups,
} from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { pruneAuthAttempts } from '../../server/services/attempt-limiter';
import {
  FORGOT_MAX_PER_EMAIL_AND_IP,
  FORGOT_MAX_PER_IP,
  RESET_EMAILS_PER_USER,
} from '../../server/services/password-reset';
import { RATE_LIMIT_MAX_FAILURES, RATE_LIMIT_MAX_FAILURES_PER_IP } from '../../server/services/sign-in';
import { clientPlugin } from '../../server/static';
import { errorEnvelope } from '../../src/api/contract/envelope';
import { configResponse, FORGOT_PASSWORD_MESSAGE, signInResponse } from '../../src/api/contract/session';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { RESET_PASSWORD_MESSAGES } from '../../src/domain/texts/session';
import { type Backend, call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from './helpers';

const SIGN_IN = '/cashier/pos/auth/sign-in';
const CONFIRM = '/cashier/pos/auth/sign-in-confirmation';
const SIGN_OUT = '/cashier/pos/auth/sign-out';
const CONFIG = '/cashier/config';
const APPOINTMENT = '/cashier/appointment';
const FORGOT = '/cashier/auth/forgot-password';

function expectError(
  r: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  field?: string,
) {
  expect(r.statusCode).toBe(status);
  const body = errorEnvelope.parse(r.json());
  expect(body.error.message).toBe(message);
  if (field !== undefined) expect(body.error.field).toBe(field);
}

export function sessionSuite(backend: Backend): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('sign-in', () => {
    it('answers the full user data with tokens; several outlets leave outlet_id null', async () => {
      const r = await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: {
          email: 'demo@serambi.id',
          password: DEMO_PASSWORD,
          subscription_user_type_status: 'cashier',
        },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().status).toBe('success');
      const data = signInResponse.parse(r.json().data);
      expect(data.client_key.length).toBeGreaterThan(20);
      expect(data.login_token.length).toBeGreaterThan(20);
      expect(data.outlet_id).toBeNull();
      expect(data.brand_name).toBe('Serambi Beauty');
      expect(data.business_outlets.map((o) => o.outlet_name)).toEqual([
        'Serambi Salon Kemang',
        'Serambi Klinik Menteng',
      ]);
      expect(data.auth_role_accesses.CASHIER_SYSTEM).toBe(1);
      expect(data.signed_in_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('stores the tokens only as hashes', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const rows = await s.database.db.select().from(sessions);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(t.client_key);
      expect(stored).not.toContain(t.login_token);
    });

    it('binds a one-outlet user to that outlet and sends its catalogue and group limits', async () => {
      const t = await signIn(s.app, 'KASIR@serambi.id');
      const data = signInResponse.parse(t);
      expect(data.outlet_id).toBe(1);
      expect(data.outlet_name).toBe('Serambi Salon Kemang');
      expect(data.pos_items?.length).toBeGreaterThan(0);
      expect(data.payment_method?.map((p) => p.payment_method_name)).toContain('Cash');
      expect(data.auth_role_accesses.DISCOUNT_TRANSACTION).toBe(0);
      expect(data.auth_role_accesses.REPORT).toBe(0);
      expect(data.is_void_allowed).toBe(0);
    });

    it('refuses a wrong password and an unknown e-mail with the same message', async () => {
      const wrong = await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'demo@serambi.id', password: 'salah123' },
        remoteAddress: '10.0.0.2',
      });
      expectError(wrong, 400, API_MESSAGES.wrongCredentials);
      const unknown = await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'siapa@serambi.id', password: DEMO_PASSWORD },
        remoteAddress: '10.0.0.2',
      });
      expectError(unknown, 400, API_MESSAGES.wrongCredentials);
    });

    it.each([
      [{ password: DEMO_PASSWORD }, 'Email harus diisi!', 'email'],
      [{ email: '   ', password: DEMO_PASSWORD }, 'Email harus diisi!', 'email'],
      [{ email: 'demo@serambi.id' }, 'Password harus diisi!', 'password'],
      [{ email: 'demo@serambi.id', password: '' }, 'Password harus diisi!', 'password'],
      [{ email: 42, password: DEMO_PASSWORD }, 'Email harus diisi!', 'email'],
    ])('validates %j → %s', async (payload, message, field) => {
      const r = await s.app.inject({ method: 'POST', url: SIGN_IN, payload });
      expectError(r, 400, message, field);
    });

    it('answers 400, never 500, for an empty or malformed body', async () => {
      const empty = await s.app.inject({ method: 'POST', url: SIGN_IN });
      expectError(empty, 400, 'Email harus diisi!', 'email');
      const broken = await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(errorEnvelope.parse(broken.json()).status).toBe('error');
    });

    it('rate limits after 5 failures per e-mail and address within 15 minutes (429)', async () => {
      const attempt = (password: string, ip = '10.9.9.9') =>
        s.app.inject({
          method: 'POST',
          url: SIGN_IN,
          payload: { email: 'dokter@serambi.id', password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 5; i++) expectError(await attempt('salah'), 400, API_MESSAGES.wrongCredentials);
      expectError(await attempt(DEMO_PASSWORD), 429, API_MESSAGES.rateLimited);
      // another address is not affected
      expect((await attempt(DEMO_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
      s.clock.advance(15 * 60_000 + 1000);
      expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('prunes attempts older than a day', async () => {
      await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'x@serambi.id', password: 'a' },
        remoteAddress: '10.5.5.5',
      });
      const countFor = async () =>
        (await s.database.db.select().from(authAttempts)).filter((a) => a.subject === 'x@serambi.id').length;
      expect(await countFor()).toBe(1);
      await pruneAuthAttempts(s.app.deps);
      expect(await countFor()).toBe(1);
      s.clock.advance(24 * 60 * 60_000 + 1000);
      await pruneAuthAttempts(s.app.deps);
      expect(await countFor()).toBe(0);
    });

    it('a success resets the count of failures', async () => {
      const attempt = (password: string) =>
        s.app.inject({
          method: 'POST',
          url: SIGN_IN,
          payload: { email: 'spv@serambi.id', password },
          remoteAddress: '10.7.7.7',
        });
      for (let i = 0; i < 4; i++) await attempt('salah');
      expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expectError(await attempt('salah'), 400, API_MESSAGES.wrongCredentials);
      expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('sign-in confirmation', () => {
    it('confirms the session named by the headers and the body', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, t, {
        method: 'POST',
        url: CONFIRM,
        payload: { login_token: t.login_token },
      });
      expect(r.statusCode).toBe(200);
      const [row] = await s.database.db.select().from(sessions).orderBy(sessions.session_id);
      expect(row).toBeDefined();
      const confirmed = await s.database.db.select({ at: sessions.confirmed_at }).from(sessions);
      expect(confirmed.some((c) => c.at !== null)).toBe(true);
    });

    it('refuses another session’s token (303) and a missing one (400)', async () => {
      const a = await signIn(s.app, 'demo@serambi.id');
      const b = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, a, {
        method: 'POST',
        url: CONFIRM,
        payload: { login_token: b.login_token },
      });
      expectError(r, 303, API_MESSAGES.sessionExpired);
      const missing = await call(s.app, a, { method: 'POST', url: CONFIRM, payload: {} });
      expectError(missing, 400, 'login_token harus diisi!', 'login_token');
    });
  });

  describe('the session hook (303)', () => {
    it('refuses missing, forged and wrongly typed session headers', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      expectError(await call(s.app, null, { method: 'GET', url: CONFIG }), 303, API_MESSAGES.sessionExpired);
      const forged = { client_key: t.client_key, login_token: `${t.login_token}x` };
      expectError(
        await call(s.app, forged, { method: 'GET', url: CONFIG }),
        303,
        API_MESSAGES.sessionExpired,
      );
      const swapped = { client_key: t.login_token, login_token: t.client_key };
      expectError(
        await call(s.app, swapped, { method: 'GET', url: CONFIG }),
        303,
        API_MESSAGES.sessionExpired,
      );
      const wrongType = await call(s.app, t, {
        method: 'GET',
        url: CONFIG,
        headers: { 'Authorization-Type': 'customer' },
      });
      expectError(wrongType, 303, API_MESSAGES.sessionExpired);
      expect((await call(s.app, t, { method: 'GET', url: CONFIG })).statusCode).toBe(200);
    });

    it('refuses a revoked session (after sign-out) and an expired one', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      expect((await call(s.app, t, { method: 'POST', url: SIGN_OUT, payload: {} })).statusCode).toBe(200);
      expectError(await call(s.app, t, { method: 'GET', url: CONFIG }), 303, API_MESSAGES.sessionExpired);
      expectError(
        await call(s.app, t, { method: 'POST', url: SIGN_OUT, payload: {} }),
        303,
        API_MESSAGES.sessionExpired,
      );

      const old = await signIn(s.app, 'demo@serambi.id');
      s.clock.advance(31 * 24 * 60 * 60_000);
      expectError(
        await call(s.app, old, { method: 'GET', url: APPOINTMENT }),
        303,
        API_MESSAGES.sessionExpired,
      );
    });
  });

  describe('config', () => {
    it('without outlet_id uses the session outlet (none yet for a two-outlet user)', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, t, { method: 'GET', url: CONFIG });
      expect(r.statusCode).toBe(200);
      const data = configResponse.parse(r.json().data);
      expect(data.outlet_id).toBeNull();
      expect(data.client_key).toBeUndefined();
      expect(data.business_outlets).toHaveLength(2);
    });

    it('with outlet_id answers that outlet and binds the session to it', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, t, { method: 'GET', url: `${CONFIG}?outlet_id=2` });
      expect(r.statusCode).toBe(200);
      const data = configResponse.parse(r.json().data);
      expect(data.outlet_id).toBe(2);
      expect(data.outlet_name).toBe('Serambi Klinik Menteng');
      expect(data.rme_satu_sehat).toBe(1);
      expect(data.is_getpos).toBe(0);
      expect(data.is_user_id_required).toBe(1);
      expect(data.signed_in_at).toBe(t.signed_in_at);
      const again = configResponse.parse((await call(s.app, t, { method: 'GET', url: CONFIG })).json().data);
      expect(again.outlet_id).toBe(2);
      const kemang = configResponse.parse(
        (await call(s.app, t, { method: 'GET', url: `${CONFIG}?outlet_id=1` })).json().data,
      );
      expect(kemang.is_getpos).toBe(1);
      expect(kemang.pos_items?.length).toBeGreaterThan(0);
    });

    it('sends the outlet’s own storage locations and all of the brand’s (002 §3)', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, t, { method: 'GET', url: `${CONFIG}?outlet_id=2` });
      const data = r.json().data as Record<
        string,
        Array<{ inv_sloc_id: number; business_outlet_id: number }>
      >;
      expect(data.storage_locations.map((l) => l.inv_sloc_id)).toEqual([41, 42]);
      expect(data.all_storage_locations.map((l) => l.inv_sloc_id)).toEqual([31, 32, 41, 42]);
      expect(new Set(data.storage_locations.map((l) => l.business_outlet_id))).toEqual(new Set([2]));
    });

    it('refuses an outlet that is not the user’s and a malformed outlet_id', async () => {
      const t = await signIn(s.app, 'kasir@serambi.id');
      const r = await call(s.app, t, { method: 'GET', url: `${CONFIG}?outlet_id=2` });
      expectError(r, 400, API_MESSAGES.outletNotAllowed, 'outlet_id');
      const bad = await call(s.app, t, { method: 'GET', url: `${CONFIG}?outlet_id=abc` });
      expectError(bad, 400, API_MESSAGES.outletNotAllowed, 'outlet_id');
      const after = configResponse.parse((await call(s.app, t, { method: 'GET', url: CONFIG })).json().data);
      expect(after.outlet_id).toBe(1);
    });
  });

  describe('appointment', () => {
    it('lists the outlet’s appointments with their pos_trx', async () => {
      const t = await signIn(s.app, 'kasir@serambi.id');
      const empty = await call(s.app, t, { method: 'GET', url: APPOINTMENT });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data).toEqual({ customer_appointments: [] });
      const now = s.clock.now();
      await s.database.db.insert(appointments).values({
        local_appointment_id: 'appt-1',
        business_outlet_id: 1,
        business_commission_worker_id: 1,
        appointment_date: '2026-01-02',
        start_time: '10:00',
        end_time: '11:00',
        pos_trx: { local_trx_id: 'trx-appt-1', trx_status_id: 1, details: [] },
        tags: [],
        status: 'booked',
        created_at: now,
        updated_at: now,
      });
      const r = await call(s.app, t, { method: 'GET', url: APPOINTMENT });
      const list = r.json().data.customer_appointments;
      expect(list).toHaveLength(1);
      expect(list[0].pos_trx.local_trx_id).toBe('trx-appt-1');
    });

    it('refuses a user whose group has neither CASHIER_SYSTEM nor APPOINTMENT (403)', async () => {
      const now = s.clock.now();
      await s.database.db.insert(userGroups).values({
        business_user_group_id: 990,
        business_id: 1,
        group_name: 'Tanpa akses',
        auth_role_accesses: { REPORT: 1 },
        is_void_allowed: 0,
      });
      await s.database.db.insert(businessUsers).values({
        business_user_id: 990,
        business_id: 1,
        email: 'tamu@serambi.id',
        password_hash: await hashPassword(DEMO_PASSWORD),
        firstname: 'Tamu',
        lastname: '',
        business_user_group_id: 990,
        is_supervisor: false,
        is_active: true,
        created_at: now,
      });
      await s.database.db
        .insert(businessUserOutlets)
        .values({ business_user_id: 990, business_outlet_id: 1 });
      const t = await signIn(s.app, 'tamu@serambi.id');
      expectError(await call(s.app, t, { method: 'GET', url: APPOINTMENT }), 403, API_MESSAGES.forbidden);
      expect((await call(s.app, t, { method: 'GET', url: CONFIG })).statusCode).toBe(200);
    });
  });

  describe('sign-out', () => {
    const pending = (id: string, notes: string) => ({
      local_trx_id: id,
      trx_status_id: 2,
      trx_notes: notes,
      details: [{ qty: 1 }],
    });

    it('stores deletedTrxs and pendingTrxs, records the settlement flag and revokes the session', async () => {
      const t = await signIn(s.app, 'kasir@serambi.id');
      const r = await call(s.app, t, {
        method: 'POST',
        url: SIGN_OUT,
        payload: {
          configs: { cashier_name: 'Kasir' },
          deletedTrxs: [{ local_trx_id: 'del-1', deleted_details: [{ actionType: 'DELETE_TRX' }] }],
          pendingTrxs: [pending('pen-1', 'a'), pending('pen-2', 'b')],
        },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual({ settlement: 1, deleted_trx_count: 1, pending_trx_count: 2 });
      const rows = await s.database.db.select().from(signOutTrxs);
      expect(rows.map((x) => `${x.kind}:${x.local_trx_id}`).sort()).toEqual(
        expect.arrayContaining(['deleted:del-1', 'pending:pen-1', 'pending:pen-2']),
      );
      expect((await call(s.app, t, { method: 'GET', url: CONFIG })).statusCode).toBe(303);
    });

    it('keeps one row per local_trx_id when a transaction arrives again (newest copy)', async () => {
      const a = await signIn(s.app, 'kasir@serambi.id');
      await call(s.app, a, {
        method: 'POST',
        url: SIGN_OUT,
        payload: { pendingTrxs: [pending('pen-9', 'first')] },
      });
      const b = await signIn(s.app, 'kasir@serambi.id');
      const r = await call(s.app, b, {
        method: 'POST',
        url: SIGN_OUT,
        payload: { pendingTrxs: [pending('pen-9', 'second'), pending('pen-9', 'second')] },
      });
      expect(r.json().data.pending_trx_count).toBe(1);
      const rows = await s.database.db
        .select()
        .from(signOutTrxs)
        .where(eq(signOutTrxs.local_trx_id, 'pen-9'));
      expect(rows).toHaveLength(1);
      expect(rows[0].trx.trx_notes).toBe('second');
      expect(rows[0].first_received_at.getTime()).toBeLessThanOrEqual(rows[0].received_at.getTime());
    });

    it('settlement=0 (cashier switch) records settlement 0', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const r = await call(s.app, t, {
        method: 'POST',
        url: `${SIGN_OUT}?settlement=0`,
        payload: { configs: {} },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.settlement).toBe(0);
      const rows = await s.database.db.select().from(signOuts);
      expect(rows.some((x) => x.settlement === 0)).toBe(true);
    });

    it('validates its input (400 with the field) and stores nothing then', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      const before = (await s.database.db.select().from(signOuts)).length;
      const r = await call(s.app, t, {
        method: 'POST',
        url: SIGN_OUT,
        payload: { pendingTrxs: [{ trx_notes: 'x' }] },
      });
      expectError(r, 400, 'local_trx_id harus diisi!', 'pendingTrxs.0.local_trx_id');
      const notList = await call(s.app, t, { method: 'POST', url: SIGN_OUT, payload: { deletedTrxs: 'x' } });
      expect(notList.statusCode).toBe(400);
      const badFlag = await call(s.app, t, { method: 'POST', url: `${SIGN_OUT}?settlement=2`, payload: {} });
      expectError(badFlag, 400, 'settlement harus 0 atau 1', 'settlement');
      expect((await s.database.db.select().from(signOuts)).length).toBe(before);
      expect((await call(s.app, t, { method: 'GET', url: CONFIG })).statusCode).toBe(200);
    });
  });

  describe('forgot password', () => {
    it('records the request and queues a reset e-mail for a known address', async () => {
      const r = await s.app.inject({
        method: 'POST',
        url: FORGOT,
        payload: { email: 'kasir@serambi.id', subscription_user_type_status: 'cashier' },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().message).toBe(
        'Jika email terdaftar, tautan untuk mengatur ulang password telah dikirim ke email Anda.',
      );
      const outbox = await s.database.withConnection((c) =>
        c.query<{ to_address: string; status: string; body: string }>(
          'SELECT to_address, status, body FROM email_outbox',
        ),
      );
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ to_address: 'kasir@serambi.id', status: 'queued' });
      expect(outbox[0].body).toContain('reset_token=');
    });

    it('answers an unknown address exactly the same and queues nothing', async () => {
      const known = await s.app.inject({
        method: 'POST',
        url: FORGOT,
        payload: { email: 'demo@serambi.id' },
      });
      const unknown = await s.app.inject({
        method: 'POST',
        url: FORGOT,
        payload: { email: 'Nobody@serambi.id' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().message).toBe(known.json().message);
      const requests = await s.database.withConnection((c) =>
        c.query<{ subject: string; business_user_id: number | null }>(
          "SELECT subject, business_user_id FROM auth_attempts WHERE kind = 'forgot_password'",
        ),
      );
      expect(requests.find((x) => x.subject === 'nobody@serambi.id')?.business_user_id).toBeNull();
      expect(requests.find((x) => x.subject === 'demo@serambi.id')?.business_user_id).toBeTypeOf('number');
      const outbox = await s.database.withConnection((c) =>
        c.query<{ to_address: string }>('SELECT to_address FROM email_outbox'),
      );
      expect(outbox.map((o) => o.to_address)).not.toContain('nobody@serambi.id');
    });

    it('requires the e-mail', async () => {
      const r = await s.app.inject({
        method: 'POST',
        url: FORGOT,
        payload: { email: '', subscription_user_type_status: 'cashier' },
      });
      expectError(r, 400, 'Email harus diisi!', 'email');
    });
  });

  describe('concurrent requests', () => {
    it('serve parallel sign-ins, configs and sign-outs (transactions do not interleave)', async () => {
      const emails = ['demo@serambi.id', 'kasir@serambi.id', 'dokter@serambi.id', 'spv@serambi.id'];
      const tokens = await Promise.all([...emails, ...emails].map((e) => signIn(s.app, e)));
      const trxs = (n: number) =>
        Array.from({ length: 40 }, (_, i) => ({ local_trx_id: `par-${n}-${i}`, trx_status_id: 2 }));
      const results = await Promise.all(
        tokens.flatMap((t, n) => [
          call(s.app, t, { method: 'GET', url: CONFIG }),
          call(s.app, t, { method: 'POST', url: SIGN_OUT, payload: { pendingTrxs: trxs(n) } }),
        ]),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
      const rows = await s.database.withConnection((c) =>
        c.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM sign_out_trxs WHERE local_trx_id LIKE 'par-%'",
        ),
      );
      expect(Number(rows[0].n)).toBe(tokens.length * 40);
    });

    it('answers 400 "Data tidak valid." for bodies that are not objects', async () => {
      const t = await signIn(s.app, 'demo@serambi.id');
      for (const payload of ['[1,2]', '"text"', '42']) {
        for (const url of [SIGN_OUT, SIGN_IN, FORGOT, CONFIRM]) {
          const r = await call(s.app, t, {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expectError(r, 400, API_MESSAGES.invalidInput);
        }
      }
      expect((await call(s.app, t, { method: 'GET', url: CONFIG })).statusCode).toBe(200);
    });
  });

  describe('every route is closed unless declared public', () => {
    // Adding a public route is a conscious act: it has to be listed here.
    const PUBLIC = [
      'GET /healthz',
      'HEAD /healthz',
      'POST /cashier/pos/auth/sign-in',
      'POST /cashier/auth/forgot-password',
      'POST /cashier/auth/reset-password',
      'GET /cashier/pos/receipt-view/:receipt_token',
      'HEAD /cashier/pos/receipt-view/:receipt_token',
      // ruling 10: /backdoor needs no sign-in; its passphrase is checked here, rate-limited
      'POST /cashier/maintenance/unlock',
      // a member's photo is read by an <img> (no session headers): behind an unguessable token, like a receipt
      'GET /cashier/user/photo/:token',
      'HEAD /cashier/user/photo/:token',
      // an activity's photo in the journal, read the same way (issue 25)
      'GET /cashier/customer-activity/photo/:token',
      'HEAD /cashier/customer-activity/photo/:token',
    ];
    // The built client (server/static.ts): its SPA fallback and each file it serves.
    const CLIENT_FILES = ['/*', '/', '/index.html', '/assets/index-abc.js'].flatMap((url) => [
      `GET ${url}`,
      `HEAD ${url}`,
    ]);
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const concrete = (url: string) => url.replace(/:\w+/g, 'x').replace('*', 'x');
    let dist: string;
    let withClient: FastifyInstance;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'serambi-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
      withClient = await buildApp({
        db: s.database,
        clock: s.clock,
        integrations: s.integrations,
        plugins: [
          clientPlugin(dist),
          // a route that forgot to declare `auth`: closed, like every route not listed public
          async (app) => {
            app.get('/cashier/undeclared', async () => ({ leaked: true }));
          },
        ],
      });
      await withClient.ready();
    });
    afterAll(async () => {
      await withClient?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('lists exactly the deliberate public routes as public', () => {
      const declared = s.app.routeTable.filter((r) => r.isPublic).map(key);
      expect(declared.sort()).toEqual([...PUBLIC].sort());
      const served = withClient.routeTable.filter((r) => r.isPublic).map(key);
      expect(served.sort()).toEqual([...PUBLIC, ...CLIENT_FILES].sort());
      expect(s.app.routeTable.length).toBeGreaterThan(20);
    });

    it('answers 303 without session headers, or with forged ones, on every other route', async () => {
      const t = await signIn(s.app, 'kasir@serambi.id');
      const forged = { client_key: t.client_key, login_token: `${t.login_token}x` };
      const closed = withClient.routeTable.filter((r) => !r.isPublic);
      expect(closed.map(key)).toEqual(
        expect.arrayContaining([
          'POST /cashier/pos/auth/sign-in-confirmation',
          'GET /cashier/appointment',
          'POST /cashier/pos/auth/sign-out',
          'GET /cashier/config',
          'POST /cashier/pos-trx',
          'GET /cashier/undeclared',
        ]),
      );
      for (const r of closed) {
        const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
        const url = concrete(r.url);
        const payload = method === 'GET' || method === 'HEAD' ? undefined : {};
        const none = await withClient.inject({ method, url, payload });
        expect([key(r), none.statusCode]).toEqual([key(r), 303]);
        const bad = await call(withClient, forged, { method, url, payload });
        expect([key(r), bad.statusCode]).toEqual([key(r), 303]);
      }
    });

    it('sign-in confirmation and appointments: missing or forged headers → 303, the live ones pass', async () => {
      const t = await signIn(s.app, 'kasir@serambi.id');
      const forged = { client_key: `${t.client_key}x`, login_token: t.login_token };
      for (const [method, url, payload] of [
        ['POST', CONFIRM, { login_token: t.login_token }],
        ['GET', APPOINTMENT, undefined],
      ] as const) {
        expectError(await s.app.inject({ method, url, payload }), 303, API_MESSAGES.sessionExpired);
        expectError(await call(s.app, forged, { method, url, payload }), 303, API_MESSAGES.sessionExpired);
        expect((await call(s.app, t, { method, url, payload })).statusCode).toBe(200);
      }
    });

    it('public routes answer without a session', async () => {
      const served = [
        await withClient.inject({ method: 'GET', url: '/healthz' }),
        await withClient.inject({ method: 'GET', url: '/assets/index-abc.js' }),
        await withClient.inject({ method: 'GET', url: '/pos' }),
      ];
      expect(served.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const receipt = await withClient.inject({ method: 'GET', url: '/cashier/pos/receipt-view/nope' });
      expect(receipt.statusCode).toBe(404);
    });
  });

  describe('build headers', () => {
    it('records App-Version and the build (either name) on the session row', async () => {
      const post = (headers: Record<string, string>) =>
        s.app.inject({
          method: 'POST',
          url: SIGN_IN,
          payload: { email: 'demo@serambi.id', password: DEMO_PASSWORD },
          headers,
        });
      const a = signInResponse.parse(
        (await post({ 'App-Version': '1.8.70', 'Build-Number': '20251030' })).json().data,
      );
      const b = signInResponse.parse(
        (await post({ 'App-Version': '1.8.69', 'App-Build': '20251001' })).json().data,
      );
      const rows = await s.database.db
        .select({ id: sessions.session_id, v: sessions.app_version, b: sessions.app_build })
        .from(sessions)
        .orderBy(desc(sessions.session_id))
        .limit(2);
      expect(rows.map((r) => [r.v, r.b])).toEqual([
        ['1.8.69', '20251001'],
        ['1.8.70', '20251030'],
      ]);
      expect(a.client_key).not.toBe(b.client_key);
    });
  });

  describe('subscription_user_type_status (000 §6)', () => {
    it('accepts only "cashier" (absent means cashier)', async () => {
      for (const url of [SIGN_IN, FORGOT]) {
        const r = await s.app.inject({
          method: 'POST',
          url,
          payload: {
            email: 'demo@serambi.id',
            password: DEMO_PASSWORD,
            subscription_user_type_status: 'customer',
          },
          remoteAddress: '10.44.0.1',
        });
        expectError(r, 400, 'subscription_user_type_status harus "cashier"', 'subscription_user_type_status');
      }
    });
  });

  describe('rate limits under a parallel burst', () => {
    const wrong = (email: string, ip: string) =>
      s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email, password: 'salah' },
        remoteAddress: ip,
      });

    it('20 wrong sign-ins at once for one e-mail: only 5 reach the password check', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => wrong('demo@serambi.id', '10.20.0.1')),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(RATE_LIMIT_MAX_FAILURES);
      expect(codes.filter((c) => c === 429)).toHaveLength(20 - RATE_LIMIT_MAX_FAILURES);
      const recorded = await s.database.db
        .select()
        .from(authAttempts)
        .where(and(eq(authAttempts.kind, 'sign_in'), eq(authAttempts.ip, '10.20.0.1')));
      expect(recorded).toHaveLength(RATE_LIMIT_MAX_FAILURES);
    });

    it('one address trying many e-mails is refused past the per-address cap, but a right password still passes', async () => {
      const n = RATE_LIMIT_MAX_FAILURES_PER_IP + 10;
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) => wrong(`u${i}@serambi.id`, '10.20.0.2')),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(RATE_LIMIT_MAX_FAILURES_PER_IP);
      expect(codes.filter((c) => c === 429)).toHaveLength(10);
      // the right password from that address signs in (its e-mail is not locked: issue 11), and from another
      const ok = (ip: string) =>
        s.app.inject({
          method: 'POST',
          url: SIGN_IN,
          payload: { email: 'demo@serambi.id', password: DEMO_PASSWORD },
          remoteAddress: ip,
        });
      expect((await ok('10.20.0.2')).statusCode).toBe(200);
      expect((await ok('10.20.0.3')).statusCode).toBe(200);
      // a wrong one from there is still refused as too many
      expectError(await wrong('demo@serambi.id', '10.20.0.2'), 429, API_MESSAGES.rateLimited);
      // an e-mail locked by its own failures stays locked from that address, even with the right password
      for (let i = 0; i < RATE_LIMIT_MAX_FAILURES; i++) await wrong('kasir@serambi.id', '10.20.0.4');
      const locked = await s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'kasir@serambi.id', password: DEMO_PASSWORD },
        remoteAddress: '10.20.0.4',
      });
      expectError(locked, 429, API_MESSAGES.rateLimited);
    });
  });

  describe('password reset (the forgot-password link)', () => {
    const RESET = '/cashier/auth/reset-password';
    let userId = 980;
    /** A user of its own per test: a reset changes the password for good. */
    async function resetUser() {
      userId += 1;
      const email = `reset${userId}@serambi.id`;
      await s.database.db.insert(businessUsers).values({
        business_user_id: userId,
        business_id: 1,
        email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        firstname: 'Reset',
        lastname: '',
        business_user_group_id: 2,
        is_supervisor: false,
        is_active: true,
        created_at: s.clock.now(),
      });
      await s.database.db
        .insert(businessUserOutlets)
        .values({ business_user_id: userId, business_outlet_id: 1 });
      return email;
    }
    const forgot = (email: string, ip = '10.30.0.1') =>
      s.app.inject({ method: 'POST', url: FORGOT, payload: { email }, remoteAddress: ip });
    /** The tokens of the links e-mailed to this address, oldest first. */
    async function linksTo(email: string): Promise<string[]> {
      const rows = await s.database.withConnection((c) =>
        c.query<{ body: string }>('SELECT body FROM email_outbox WHERE to_address = $1 ORDER BY email_id', [
          email,
        ]),
      );
      return rows.map((r) => {
        const m = /\/sign-in\?reset_token=([\w-]+)/.exec(r.body);
        if (!m) throw new Error(`no link in ${r.body}`);
        return m[1];
      });
    }
    const reset = (reset_token: unknown, password: unknown) =>
      s.app.inject({ method: 'POST', url: RESET, payload: { reset_token, password } });
    const signInWith = (email: string, password: string) =>
      s.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email, password },
        remoteAddress: '10.31.0.1',
      });

    it('sets the new password once, uses up every link of the user and revokes the user’s sessions', async () => {
      const email = await resetUser();
      const session = await signIn(s.app, email);
      expect((await forgot(email)).statusCode).toBe(200);
      expect((await forgot(email)).statusCode).toBe(200);
      const [first, second] = await linksTo(email);
      expect(second).toBeDefined();

      expectError(await reset(first, ''), 400, API_MESSAGES.passwordRequired, 'password');
      expectError(await reset(first, 'pendek'), 400, RESET_PASSWORD_MESSAGES.passwordTooShort, 'password');
      expectError(await reset('', 'passwordbaru'), 400, RESET_PASSWORD_MESSAGES.tokenInvalid, 'reset_token');
      expectError(
        await reset('made-up', 'passwordbaru'),
        400,
        RESET_PASSWORD_MESSAGES.tokenInvalid,
        'reset_token',
      );
      // the refusals above changed nothing
      expect((await call(s.app, session, { method: 'GET', url: CONFIG })).statusCode).toBe(200);

      const r = await reset(first, 'passwordbaru');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        status: 'success',
        message: RESET_PASSWORD_MESSAGES.succeeded,
        data: { email },
      });
      expectError(
        await call(s.app, session, { method: 'GET', url: CONFIG }),
        303,
        API_MESSAGES.sessionExpired,
      );
      expectError(await signInWith(email, DEMO_PASSWORD), 400, API_MESSAGES.wrongCredentials);
      expect((await signInWith(email, 'passwordbaru')).statusCode).toBe(200);
      const [stored] = await s.database.db
        .select({ hash: businessUsers.password_hash })
        .from(businessUsers)
        .where(eq(businessUsers.email, email));
      expect(stored.hash).toMatch(/^\$argon2id\$/);

      // single use, and the other link e-mailed before is used up with it
      expectError(
        await reset(first, 'lainlagi123'),
        400,
        RESET_PASSWORD_MESSAGES.tokenInvalid,
        'reset_token',
      );
      expectError(
        await reset(second, 'lainlagi123'),
        400,
        RESET_PASSWORD_MESSAGES.tokenInvalid,
        'reset_token',
      );
    });

    it('refuses a link older than 60 minutes', async () => {
      const email = await resetUser();
      await forgot(email, '10.30.0.2');
      const [token] = await linksTo(email);
      s.clock.advance(60 * 60_000 + 1000);
      expectError(
        await reset(token, 'passwordbaru'),
        400,
        RESET_PASSWORD_MESSAGES.tokenInvalid,
        'reset_token',
      );
      expect((await signInWith(email, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('two resets racing with one link: exactly one wins', async () => {
      const email = await resetUser();
      await forgot(email, '10.30.0.3');
      const [token] = await linksTo(email);
      const results = await Promise.all([reset(token, 'pertama123'), reset(token, 'kedua1234')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = results[0].statusCode === 200 ? 'pertama123' : 'kedua1234';
      expect((await signInWith(email, winner)).statusCode).toBe(200);
    });

    it('forgot-password is rate limited like sign-in (per e-mail and address, per address), even in a burst', async () => {
      const email = await resetUser();
      const burst = await Promise.all(Array.from({ length: 12 }, () => forgot(email, '10.32.0.1')));
      const codes = burst.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(FORGOT_MAX_PER_EMAIL_AND_IP);
      expect(codes.filter((c) => c === 429)).toHaveLength(12 - FORGOT_MAX_PER_EMAIL_AND_IP);
      expectError(burst[codes.indexOf(429)], 429, RESET_PASSWORD_MESSAGES.tooManyRequests);

      const many = await Promise.all(
        Array.from({ length: FORGOT_MAX_PER_IP + 5 }, (_, i) => forgot(`nobody${i}@serambi.id`, '10.32.0.2')),
      );
      expect(many.filter((r) => r.statusCode === 200)).toHaveLength(FORGOT_MAX_PER_IP);
      s.clock.advance(15 * 60_000 + 1000);
      expect((await forgot('nobody0@serambi.id', '10.32.0.2')).statusCode).toBe(200);
    });

    it('one mailbox gets at most 3 links an hour, however many addresses ask', async () => {
      const email = await resetUser();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => forgot(email, `10.33.0.${i + 1}`)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.map((r) => r.json().message)).toEqual(answers.map(() => FORGOT_PASSWORD_MESSAGE));
      expect(await linksTo(email)).toHaveLength(RESET_EMAILS_PER_USER);
      s.clock.advance(60 * 60_000 + 1000);
      await forgot(email, '10.33.0.9');
      expect(await linksTo(email)).toHaveLength(RESET_EMAILS_PER_USER + 1);
    });
  });

  describe('health and unknown paths', () => {
    it('answers /healthz and a 404 envelope', async () => {
      const h = await s.app.inject({ method: 'GET', url: '/healthz' });
      expect(h.statusCode).toBe(200);
      expect(h.json().status).toBe('ok');
      const n = await s.app.inject({ method: 'GET', url: '/cashier/nope' });
      expectError(n, 404, API_MESSAGES.notFound);
    });
  });
}
