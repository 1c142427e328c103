// Issue 26 (001 §2.11, §3 'Customer session', §4 'Registration queue', §7): the registration queue's server.
//
// - Flow statuses: the business's own (customer_flow_statuses), else DEFAULT_FLOW_STATUSES.
// - A registration is stored once per local_session_id (a device's repeat, offline or lost answer, answers
//   the stored one). Its queue number is the server's: the outlet-day counter row bumped under its row lock
//   (INSERT … ON CONFLICT DO UPDATE), so concurrent registrations never share a number; the device's number
//   is a preview. Who and where come from the session; the day is the pendaftaran_time's.
// - A status change is stored once per local_change_id; under the session's row lock its history entry takes
//   the stored status as status_before (any status to any other, 001 §4). A deleted session answers 404.
// - A delete marks the row deleted (kept for the 404 above); deleting again is fine.
import { sql } from 'drizzle-orm';
import type {
  CustomerSession,
  PatientActivationRequest,
  SessionCreateRequest,
  SessionUpdateResponse,
} from '../../src/api/contract/registration';
import type { Customer } from '../../src/domain/model/customer';
import { canonicalPhone } from '../../src/domain/pos/phone';
import {
  DEFAULT_FLOW_STATUSES,
  isFilterDate,
  isPlausibleRegistrationTime,
  recordedActionDate,
} from '../../src/domain/registration';
import { REGISTRATION_OWN } from '../../src/domain/texts/registration';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { isCalendarDate } from '../../src/domain/time-wall';
import { transaction } from '../db/retry';
import { rows, type Tx } from '../db/rows';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { findCustomer, outletToday } from './customer-lookup';
import { editMember } from './member-info';
import { resolveSaleCustomer } from './pos/customer';
import type { AuthContext } from './sessions';

type Ex = Pick<Tx, 'execute'>;
type Auth = Pick<AuthContext, 'business_id' | 'business_user_id' | 'outlet_id'>;

class Twin extends Error {}

const notFound = () =>
  new ServiceError('not_found', REGISTRATION_OWN.sessionMissing, 'user_business_session_id');

function outletOf(auth: Auth): number {
  if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  return auth.outlet_id;
}

/** GET cashier/customer-flow-status: the business's statuses in order, else the defaults. */
export async function flowStatuses(deps: AppDeps, businessId: number): Promise<{ status_name: string }[]> {
  const own = rows<{ status_name: string }>(
    await deps.database.db.execute(sql`
      SELECT status_name FROM customer_flow_statuses WHERE business_id = ${businessId}
      ORDER BY sort_order, status_name`),
  );
  return own.length > 0 ? own : DEFAULT_FLOW_STATUSES.map((status_name) => ({ status_name }));
}

async function checkStatus(deps: AppDeps, businessId: number, status: string): Promise<void> {
  const known = await flowStatuses(deps, businessId);
  if (!known.some((s) => s.status_name === status)) throw invalid(REGISTRATION_OWN.unknownStatus, 'status');
}

interface SessionRow {
  user_business_session_id: string;
  local_session_id: string;
  user_code: string | null;
  user_name: string | null;
  user_phone: string | null;
  nomor_urut: number;
  pendaftaran_time: string;
  status: string;
  deleted_at: unknown;
}

const SESSION_SELECT = sql`
  SELECT s.user_business_session_id::text AS user_business_session_id, s.local_session_id, c.user_code,
    c.user_name, c.user_phone, s.nomor_urut, s.pendaftaran_time, s.status, s.deleted_at
  FROM customer_sessions s JOIN customers c ON c.customer_id = s.customer_id`;

async function historyOf(ex: Ex, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { status_before: string; status_after: string; action_date: string }[]>();
  const list = rows<{ id: string; status_before: string; status_after: string; action_date: string }>(
    await ex.execute(sql`
      SELECT user_business_session_id::text AS id, status_before, status_after, action_date
      FROM customer_session_changes
      WHERE user_business_session_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      ORDER BY change_id`),
  );
  const out = new Map<number, { status_before: string; status_after: string; action_date: string }[]>();
  for (const r of list) {
    const id = Number(r.id);
    const h = out.get(id) ?? [];
    h.push({ status_before: r.status_before, status_after: r.status_after, action_date: r.action_date });
    out.set(id, h);
  }
  return out;
}

/** phone_local: the phone as written locally (0…), 001 §3. */
const phoneLocal = (phone: string | null): string | null => {
  if (!phone) return null;
  const canonical = canonicalPhone(phone);
  return canonical?.startsWith('62') ? `0${canonical.slice(2)}` : phone;
};

async function answer(ex: Ex, list: SessionRow[]): Promise<CustomerSession[]> {
  const history = await historyOf(
    ex,
    list.map((r) => Number(r.user_business_session_id)),
  );
  return list.map((r) => ({
    user_business_session_id: Number(r.user_business_session_id),
    local_session_id: r.local_session_id,
    user_code: r.user_code,
    user_name: r.user_name,
    phone_local: phoneLocal(r.user_phone),
    nomor_urut: Number(r.nomor_urut),
    pendaftaran_time: r.pendaftaran_time,
    status: r.status,
    change_history: JSON.stringify(history.get(Number(r.user_business_session_id)) ?? []),
  }));
}

/** GET cashier/customer-flow?filter_date: the outlet's queue of that day, by number. */
export async function listSessions(
  deps: AppDeps,
  auth: Auth,
  filterDate: string,
): Promise<CustomerSession[]> {
  const outlet = outletOf(auth);
  if (!isFilterDate(filterDate)) throw invalid(REGISTRATION_OWN.invalidDate, 'filter_date');
  const db = deps.database.db;
  const list = rows<SessionRow>(
    await db.execute(sql`${SESSION_SELECT}
      WHERE s.business_id = ${auth.business_id} AND s.business_outlet_id = ${outlet}
        AND s.session_date = ${filterDate}::date AND s.deleted_at IS NULL
      ORDER BY s.nomor_urut`),
  );
  return answer(db, list);
}

async function storedByLocal(ex: Ex, businessId: number, localId: string): Promise<SessionRow | null> {
  const [r] = rows<SessionRow>(
    await ex.execute(
      sql`${SESSION_SELECT} WHERE s.business_id = ${businessId} AND s.local_session_id = ${localId}`,
    ),
  );
  return r ?? null;
}

/** The customer an identifier names already (read before the transaction: PGlite has one connection). */
async function knownCustomer(
  deps: AppDeps,
  businessId: number,
  input: Pick<SessionCreateRequest, 'user_code' | 'user_identifier_type' | 'user_identifier_string'>,
) {
  const type = input.user_identifier_type ?? null;
  const value = input.user_identifier_string?.trim() ?? '';
  if (input.user_code?.trim() || !type || !value || type === 'search') return null;
  const found = await findCustomer(deps, businessId, {
    user_identifier_type: type,
    user_identifier_string: value,
  });
  return found ? Number(found.customer_id) : null;
}

/** The registration's customer: by user_code, else by its identifier, else a new one (phone, e-mail or NIK). */
async function sessionCustomer(
  tx: Ex,
  businessId: number,
  input: SessionCreateRequest,
  known: number | null,
  now: Date,
) {
  if (known !== null) return known;
  const userCode = input.user_code?.trim();
  const type = input.user_identifier_type ?? null;
  const value = input.user_identifier_string?.trim() ?? '';
  if (!userCode && type === 'nik' && /^\d{16}$/.test(value)) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = `SB${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
      const at = now.toISOString();
      const [created] = rows<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO customers (business_id, user_code, user_name, nik, user_gender, user_notes, user_birth_date,
            user_email_notification, is_signed_up, extra, created_at, updated_at)
          VALUES (${businessId}, ${code}, ${input.user_name?.trim() || value}, ${value},
            ${input.user_gender ?? null}, ${input.user_notes ?? null}, ${birthDateOrNull(input.user_birth_date, now)}::date,
            0, 1, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz)
          ON CONFLICT (business_id, user_code) DO NOTHING RETURNING customer_id::text AS id`),
      );
      if (created) return Number(created.id);
    }
  }
  const customer = {
    user_code: userCode || null,
    user_name: input.user_name ?? null,
    user_phone: type === 'phone' ? value : null,
    user_email: type === 'email' ? value : null,
    user_gender: input.user_gender ?? null,
    user_birth_date: birthDateOrNull(input.user_birth_date, now),
    user_notes: input.user_notes ?? null,
    retrieve_time: null,
  } as unknown as Customer;
  const c = await resolveSaleCustomer(tx, { businessId, customer, lock: false, now, storeEdits: false });
  if (!c) throw invalid(POS_MESSAGES.customerNotFound, userCode ? 'user_code' : 'user_identifier_string');
  return Number(c.customer_id);
}

function birthDateOrNull(value: string | null | undefined, now: Date): string | null {
  // a format check alone lets 30 February reach the database's date cast (a 500)
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) return null;
  const today = outletToday(now).date;
  return value >= '1930-01-01' && value <= today ? value : null;
}

/** POST cashier/customer-flow: a registration, stored once per local_session_id, numbered by the server. */
export async function createSession(
  deps: AppDeps,
  auth: Auth,
  input: SessionCreateRequest,
): Promise<CustomerSession> {
  const outlet = outletOf(auth);
  const db = deps.database.db;
  const again = await storedByLocal(db, auth.business_id, input.local_session_id);
  if (again) return (await answer(db, [again]))[0] as CustomerSession;
  const now = deps.clock.now();
  const stamp = formatLocalDateTime(now);
  if (!isPlausibleRegistrationTime(input.pendaftaran_time, stamp.slice(0, 10)))
    throw invalid(REGISTRATION_OWN.invalidTime, 'pendaftaran_time');
  await checkStatus(deps, auth.business_id, input.status);
  const day = input.pendaftaran_time.slice(0, 10);
  const known = await knownCustomer(deps, auth.business_id, input);
  const id = await transaction(db, async (tx) => {
    const customerId = await sessionCustomer(tx, auth.business_id, input, known, now);
    const [counter] = rows<{ n: number }>(
      await tx.execute(sql`
        INSERT INTO customer_session_counters (business_id, business_outlet_id, session_date, last_number)
        VALUES (${auth.business_id}, ${outlet}, ${day}::date, 1)
        ON CONFLICT (business_id, business_outlet_id, session_date)
        DO UPDATE SET last_number = customer_session_counters.last_number + 1
        RETURNING last_number AS n`),
    );
    const [row] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO customer_sessions (business_id, business_outlet_id, business_user_id, local_session_id, customer_id,
          session_date, nomor_urut, pendaftaran_time, status, created_at)
        VALUES (${auth.business_id}, ${outlet}, ${auth.business_user_id}, ${input.local_session_id}, ${customerId},
          ${day}::date, ${Number(counter?.n)}, ${input.pendaftaran_time}, ${input.status}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (business_id, local_session_id) DO NOTHING
        RETURNING user_business_session_id::text AS id`),
    );
    // the same registration from another tab at this instant: the first one stands (this one rolls back,
    // its number with it)
    if (!row) throw new Twin();
    await tx.execute(sql`
      INSERT INTO customer_session_changes (business_id, user_business_session_id, local_change_id, status_before,
        status_after, action_date, business_user_id, created_at)
      VALUES (${auth.business_id}, ${Number(row.id)}, ${`${input.local_session_id}:0`}, '', ${input.status},
        ${input.pendaftaran_time}, ${auth.business_user_id}, ${now.toISOString()}::timestamptz)`);
    return Number(row.id);
  }).catch(async (e) => {
    if (e instanceof Twin || (await storedByLocal(db, auth.business_id, input.local_session_id))) return null;
    throw e;
  });
  const stored = await storedByLocal(db, auth.business_id, input.local_session_id);
  if (!stored || (id !== null && Number(stored.user_business_session_id) !== id)) throw notFound();
  return (await answer(db, [stored]))[0] as CustomerSession;
}

/** PUT cashier/customer-flow: a status change, stored once per local_change_id. */
export async function updateSessionStatus(
  deps: AppDeps,
  auth: Auth,
  input: {
    user_business_session_id?: number | null;
    local_session_id?: string | null;
    local_change_id: string;
    status: string;
    action_date?: string | null;
  },
): Promise<SessionUpdateResponse> {
  outletOf(auth);
  const db = deps.database.db;
  const target = input.user_business_session_id
    ? sql`s.user_business_session_id = ${input.user_business_session_id}`
    : sql`s.local_session_id = ${input.local_session_id ?? ''}`;
  const [session] = rows<SessionRow>(
    await db.execute(sql`${SESSION_SELECT} WHERE s.business_id = ${auth.business_id} AND ${target}`),
  );
  if (!session) throw notFound();
  const sessionId = Number(session.user_business_session_id);
  const recordedOf = async (ex: Ex) => {
    const [r] = rows<{ status_before: string; status_after: string; action_date: string }>(
      await ex.execute(sql`
        SELECT status_before, status_after, action_date FROM customer_session_changes
        WHERE business_id = ${auth.business_id} AND local_change_id = ${input.local_change_id}`),
    );
    return r ?? null;
  };
  const reply = async (recorded: { status_before: string; status_after: string; action_date: string }) => {
    const [fresh] = rows<SessionRow>(
      await db.execute(sql`${SESSION_SELECT} WHERE s.user_business_session_id = ${sessionId}`),
    );
    return { ...((await answer(db, [fresh as SessionRow]))[0] as CustomerSession), recorded };
  };
  const repeat = await recordedOf(db);
  if (repeat) return reply(repeat);
  if (session.deleted_at) throw notFound();
  await checkStatus(deps, auth.business_id, input.status);
  const now = deps.clock.now();
  const recorded = await transaction(db, async (tx) => {
    const [locked] = rows<{ status: string; deleted: boolean; pendaftaran_time: string }>(
      await tx.execute(sql`
        SELECT status, deleted_at IS NOT NULL AS deleted, pendaftaran_time FROM customer_sessions
        WHERE user_business_session_id = ${sessionId} FOR UPDATE`),
    );
    if (!locked || locked.deleted) throw notFound();
    const entry = {
      status_before: locked.status,
      status_after: input.status,
      action_date: recordedActionDate(input.action_date, locked.pendaftaran_time, formatLocalDateTime(now)),
    };
    const [inserted] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO customer_session_changes (business_id, user_business_session_id, local_change_id, status_before,
          status_after, action_date, business_user_id, created_at)
        VALUES (${auth.business_id}, ${sessionId}, ${input.local_change_id}, ${entry.status_before},
          ${entry.status_after}, ${entry.action_date}, ${auth.business_user_id}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (business_id, local_change_id) DO NOTHING RETURNING change_id::text AS id`),
    );
    if (!inserted) return null;
    await tx.execute(
      sql`UPDATE customer_sessions SET status = ${input.status} WHERE user_business_session_id = ${sessionId}`,
    );
    return entry;
  });
  return reply(recorded ?? ((await recordedOf(db)) as NonNullable<Awaited<ReturnType<typeof recordedOf>>>));
}

/** DELETE cashier/customer-flow: the session leaves the queue (kept, marked deleted); again is fine. */
export async function deleteSession(
  deps: AppDeps,
  auth: Auth,
  id: number,
): Promise<{ user_business_session_id: number }> {
  outletOf(auth);
  const now = deps.clock.now();
  const found = rows<{ id: string }>(
    await deps.database.db.execute(sql`
      UPDATE customer_sessions SET deleted_at = coalesce(deleted_at, ${now.toISOString()}::timestamptz),
        deleted_by = coalesce(deleted_by, ${auth.business_user_id})
      WHERE business_id = ${auth.business_id} AND user_business_session_id = ${id}
      RETURNING user_business_session_id::text AS id`),
  );
  if (found.length === 0) throw notFound();
  return { user_business_session_id: id };
}

/**
 * POST cashier/patient-membership-activation (001 §2.11 step 2): the customer found or created by its
 * identifier, then its details stored — name, birth date, gender, notes and notification e-mail only with
 * CUSTOMER_INFORMATION_EDIT (001 §5), NIK always. Answers the user_code.
 */
export async function activatePatient(
  deps: AppDeps,
  auth: AuthContext,
  input: PatientActivationRequest,
): Promise<{ user_code: string }> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const identified = {
    user_identifier_type: input.user_identifier_type,
    user_identifier_string: input.user_identifier_string,
  };
  const known = await knownCustomer(deps, auth.business_id, identified);
  const customerId = await transaction(db, (tx) =>
    sessionCustomer(
      tx,
      auth.business_id,
      {
        local_session_id: 'x',
        pendaftaran_time: '',
        status: '',
        user_identifier_type: input.user_identifier_type,
        user_identifier_string: input.user_identifier_string,
        user_name: input.user_name ?? null,
        user_gender: input.user_gender ?? null,
        user_birth_date: input.user_birth_date ?? null,
        user_notes: input.user_notes ?? null,
      },
      known,
      now,
    ),
  );
  const [c] = rows<{ user_code: string }>(
    await db.execute(sql`SELECT user_code FROM customers WHERE customer_id = ${customerId}`),
  );
  const userCode = (c as { user_code: string }).user_code;
  const mayEdit = auth.auth_role_accesses.CUSTOMER_INFORMATION_EDIT === 1;
  await editMember(deps, auth, {
    user_id: userCode,
    ...(input.nik !== undefined && input.nik !== null ? { nik: input.nik } : {}),
    ...(mayEdit && input.is_edit_user !== 0
      ? {
          ...(input.user_name?.trim() ? { user_name: input.user_name.trim() } : {}),
          ...(input.user_gender !== undefined ? { user_gender: input.user_gender } : {}),
          ...(input.user_birth_date !== undefined ? { user_birth_date: input.user_birth_date ?? '' } : {}),
          ...(input.user_notes !== undefined ? { user_notes: input.user_notes } : {}),
          ...(input.user_email_notification !== undefined
            ? { user_email_notification: input.user_email_notification }
            : {}),
        }
      : {}),
  } as Parameters<typeof editMember>[2]);
  return { user_code: userCode };
}
