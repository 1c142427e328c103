// Member info (001 §2.7, §7, issue 24): the member, its edit (photo stored as a blob), NIK, reference code,
// NFC card and the bill and item history. Every refusal is a 400 naming its field; nothing is half-saved.
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerIdentifier } from '../../src/api/contract/customer';
import {
  type BillRow,
  type HistoryQuery,
  type historyQuery,
  type ItemRow,
  MEMBER_INFO_PATHS,
  MEMBER_PHOTO_MAX_BYTES,
  type MemberCoupon,
  type MemberInfo,
  type memberEditRequest,
  type nfcRegisterRequest,
} from '../../src/api/contract/member';
import {
  historyMinDate,
  isBirthdayToday,
  matchesHistoryType,
  referenceCodeFrom,
} from '../../src/domain/member-info';
import { MEMBER_INFO_OWN, MEMBER_INFO_TEXTS } from '../../src/domain/texts/member-info';
import { rows } from '../db/rows';
import {
  businesses,
  catalogueEntities,
  couponUserLedger,
  couponUsers,
  customerMemberships,
  customerPhotos,
  customers,
  outlets,
  pointLedger,
  posSalesTrxDetails,
  posSalesTrxHeads,
  posSalesTrxPayments,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { randomToken } from '../lib/crypto';
import { forbidden, invalid } from '../lib/errors';
import { hashWalletCode, nfcCodeKey, verifyWalletCode } from '../lib/wallet-code-hash';
import { type CustomerRow, customerObject, findCustomer, outletToday } from './customer-lookup';
import { validateSupervisorPassword } from './pin-validation';
import type { AuthContext } from './sessions';

type Extra = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Advisory-lock namespace for a business's reference codes (pg_advisory_xact_lock(int, int)). */
const REFERENCE_LOCK = 7_424;

export const photoUrl = (token: string): string => `/${MEMBER_INFO_PATHS.photo}/${token}`;

async function customerByUserId(deps: AppDeps, businessId: number, userId: string): Promise<CustomerRow> {
  const [row] = await deps.database.db
    .select()
    .from(customers)
    .where(and(eq(customers.business_id, businessId), eq(customers.user_code, userId)))
    .limit(1);
  if (!row) throw invalid(MEMBER_INFO_TEXTS.customerMissing, 'user_id');
  return row;
}

async function businessSettings(deps: AppDeps, businessId: number): Promise<Extra> {
  const [b] = await deps.database.db
    .select({ settings: businesses.settings })
    .from(businesses)
    .where(eq(businesses.business_id, businessId));
  return (b?.settings ?? {}) as Extra;
}

const ruleOn = (settings: Extra, name: string): boolean => {
  const rules = settings.subscription_rules as Extra | undefined;
  return Number(rules?.[name] ?? 0) === 1;
};

async function memberCoupons(deps: AppDeps, businessId: number, customerId: number, today: string) {
  const left = sql<string>`sum(${couponUserLedger.qty})`;
  const list = await deps.database.db
    .select({
      coupon_user_id: couponUsers.coupon_user_id,
      coupon_id: couponUsers.coupon_id,
      expired_date: couponUsers.expired_date,
      coupon_notes: couponUsers.coupon_notes,
      outlet_name: sql<string | null>`min(${outlets.outlet_name})`,
      left,
    })
    .from(couponUsers)
    .innerJoin(couponUserLedger, eq(couponUserLedger.coupon_user_id, couponUsers.coupon_user_id))
    .leftJoin(
      posSalesTrxHeads,
      and(
        eq(posSalesTrxHeads.local_trx_id, couponUsers.ref_local_trx_id),
        eq(posSalesTrxHeads.business_id, businessId),
      ),
    )
    .leftJoin(outlets, eq(outlets.business_outlet_id, posSalesTrxHeads.business_outlet_id))
    .where(and(eq(couponUsers.customer_id, customerId), gte(couponUsers.expired_date, today)))
    .groupBy(couponUsers.coupon_user_id)
    .having(sql`${left} > 0`)
    .orderBy(asc(couponUsers.expired_date), asc(couponUsers.coupon_user_id));
  const docs = new Map<string, Extra>();
  if (list.length > 0) {
    const found = await deps.database.db
      .select({ id: catalogueEntities.entity_id, doc: catalogueEntities.doc })
      .from(catalogueEntities)
      .where(and(eq(catalogueEntities.business_id, businessId), eq(catalogueEntities.kind, 'coupons')));
    for (const f of found) docs.set(f.id, f.doc);
  }
  return list.map(
    (c): MemberCoupon => ({
      coupon_user_id: c.coupon_user_id,
      coupon_image: str(docs.get(String(c.coupon_id))?.coupon_image),
      coupon_name: str(docs.get(String(c.coupon_id))?.coupon_name),
      qty: Number(c.left),
      expired_date: c.expired_date,
      outlet_name: c.outlet_name,
      coupon_notes: c.coupon_notes,
    }),
  );
}

/** POST cashier/membership/info: the member an identifier names (400 when none), with the profile of §2.7. */
export async function memberInfo(
  deps: AppDeps,
  businessId: number,
  id: CustomerIdentifier,
): Promise<MemberInfo> {
  const row = await findCustomer(deps, businessId, id);
  if (!row) throw invalid(MEMBER_INFO_TEXTS.customerMissing, 'user_identifier_string');
  const now = deps.clock.now();
  const today = outletToday(now);
  const db = deps.database.db;
  const [base, points, [valid], [last], coupons] = await Promise.all([
    customerObject(deps, row, id, { retrieveCoupon: false }),
    db
      .select({ reward_name: pointLedger.reward_name, total: sql<string>`sum(${pointLedger.points})` })
      .from(pointLedger)
      .where(eq(pointLedger.customer_id, row.customer_id))
      .groupBy(pointLedger.reward_name)
      .orderBy(asc(pointLedger.reward_name)),
    db
      .select({ valid_until: customerMemberships.valid_until })
      .from(customerMemberships)
      .where(
        and(
          eq(customerMemberships.customer_id, row.customer_id),
          lte(customerMemberships.valid_from, now),
          or(isNull(customerMemberships.valid_until), gte(customerMemberships.valid_until, today.start)),
        ),
      )
      .orderBy(desc(sql`coalesce(${customerMemberships.valid_until}, 'infinity'::timestamptz)`))
      .limit(1),
    db
      .select({ at: sql<Date | string | null>`max(${posSalesTrxHeads.trx_time})` })
      .from(posSalesTrxHeads)
      .where(
        and(eq(posSalesTrxHeads.business_id, businessId), eq(posSalesTrxHeads.customer_id, row.customer_id)),
      ),
    memberCoupons(deps, businessId, row.customer_id, today.date),
  ]);
  const extra = row.extra ?? {};
  const token = str(extra.user_photo_token);
  const lastAt = last?.at ? new Date(last.at) : null;
  return {
    ...base,
    user_id: row.user_code,
    nik: row.nik,
    reference_code: row.user_ref,
    user_photo: token ? photoUrl(token) : null,
    satusehat_patient_id: str(extra.satusehat_patient_id),
    satusehat_ihs_no: str(extra.satusehat_ihs_no),
    valid_until:
      base.membership_name && valid?.valid_until ? formatLocalDateTime(valid.valid_until).slice(0, 10) : null,
    points: points.map((p) => ({ reward_name: p.reward_name, drv_point: Number(p.total) })),
    wallets: [{ drv_amount: base.deposit_amount }],
    account_receivable_drv_balance: base.account_receivables.reduce((s, r) => s + r.drv_balance, 0),
    last_trx: lastAt && !Number.isNaN(lastAt.getTime()) ? formatLocalDateTime(lastAt) : null,
    is_birthday: isBirthdayToday(row.user_birth_date, today.date) ? 1 : 0,
    has_nfc_card: str(extra.nfc_security_code_hash) ? 1 : 0,
    journal_notes: str(extra.journal_notes),
    journal_notes_modified_at: str(extra.journal_notes_modified_at),
    journal_notes_modified_by: str(extra.journal_notes_modified_by),
    member_coupons: coupons,
  };
}

/** The image kinds a photo may be, by its first bytes (the client's declared type is not trusted). */
export function sniffImage(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=._-]+)*;base64,/i;

/** A new photo from a data URL: its bytes and detected type; refusals name user_photo. */
export function decodePhoto(value: string): { bytes: Buffer; content_type: string } {
  const head = DATA_URL.exec(value.slice(0, 200));
  if (!head) throw invalid(MEMBER_INFO_OWN.photoNotImage, 'user_photo');
  const b64 = value.slice(head[0].length);
  // size first, from the base64 length, before decoding anything large
  if (Math.floor((b64.length * 3) / 4) > MEMBER_PHOTO_MAX_BYTES + 3)
    throw invalid(MEMBER_INFO_OWN.photoTooLarge, 'user_photo');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid(MEMBER_INFO_OWN.photoNotImage, 'user_photo');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MEMBER_PHOTO_MAX_BYTES) throw invalid(MEMBER_INFO_OWN.photoTooLarge, 'user_photo');
  const content_type = sniffImage(bytes);
  if (!content_type) throw invalid(MEMBER_INFO_OWN.photoNotImage, 'user_photo');
  return { bytes, content_type };
}

type EditInput = z.output<typeof memberEditRequest>;

const EDIT_FIELDS = [
  'user_name',
  'user_gender',
  'user_birth_date',
  'user_notes',
  'reference_code',
  'user_email_notification',
  'user_photo',
  'journal_notes',
] as const;

/** A reference code another customer of the business holds (case-insensitive), under the business's lock. */
async function referenceTaken(
  tx: Pick<AppDeps['database']['db'], 'execute'>,
  businessId: number,
  code: string,
  customerId: number,
) {
  const found = rows<{ customer_id: number }>(
    await tx.execute(
      sql`SELECT customer_id FROM customers WHERE business_id = ${businessId} AND lower(user_ref) = ${code.toLowerCase()} AND customer_id <> ${customerId} LIMIT 1`,
    ),
  );
  return found.length > 0;
}

/**
 * POST cashier/user/edit. {user_id, nik} alone is the NIK step (CUSTOMER_INFORMATION); any other field is the
 * member edit, which needs CUSTOMER_INFORMATION_EDIT. Checks every field before writing; one transaction.
 */
export async function editMember(
  deps: AppDeps,
  auth: AuthContext,
  input: EditInput,
): Promise<{ message: string }> {
  const fullEdit = EDIT_FIELDS.some((f) => input[f] !== undefined);
  if (fullEdit && auth.auth_role_accesses.CUSTOMER_INFORMATION_EDIT !== 1) throw forbidden();
  const row = await customerByUserId(deps, auth.business_id, input.user_id);
  const now = deps.clock.now();
  const today = outletToday(now).date;
  if (input.user_birth_date && (input.user_birth_date < '1930-01-01' || input.user_birth_date > today))
    throw invalid(MEMBER_INFO_OWN.birthDateInvalid, 'user_birth_date');
  const extra: Extra = { ...(row.extra ?? {}) };
  const currentToken = str(extra.user_photo_token);
  let photo: { bytes: Buffer; content_type: string } | null = null;
  let removePhoto = false;
  const p = input.user_photo;
  if (p !== undefined) {
    if (p === null || p === '') removePhoto = currentToken !== null;
    else if (currentToken && p === photoUrl(currentToken)) {
      // the current photo, kept
    } else photo = decodePhoto(p);
  }
  await deps.database.db.transaction(async (tx) => {
    const ref = input.reference_code;
    if (
      ref !== undefined &&
      ref !== null &&
      ref !== '' &&
      ref.toLowerCase() !== (row.user_ref ?? '').toLowerCase()
    ) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK}, ${auth.business_id})`);
      if (await referenceTaken(tx, auth.business_id, ref, row.customer_id))
        throw invalid(MEMBER_INFO_OWN.referenceTaken, 'reference_code');
    }
    if (photo) {
      const token = randomToken(24);
      await tx.insert(customerPhotos).values({
        photo_token: token,
        business_id: auth.business_id,
        customer_id: row.customer_id,
        content_type: photo.content_type,
        byte_size: photo.bytes.length,
        bytes: photo.bytes,
        created_at: now,
      });
      extra.user_photo_token = token;
    } else if (removePhoto) delete extra.user_photo_token;
    // the replaced or removed photo's bytes go with it (the URL stops answering)
    if ((photo || removePhoto) && currentToken)
      await tx.delete(customerPhotos).where(eq(customerPhotos.photo_token, currentToken));
    if (
      input.journal_notes !== undefined &&
      (input.journal_notes ?? '') !== (str(extra.journal_notes) ?? '')
    ) {
      extra.journal_notes = input.journal_notes ?? '';
      extra.journal_notes_modified_at = formatLocalDateTime(now);
      extra.journal_notes_modified_by = String(auth.business_user_id);
    }
    const notification = input.user_email_notification;
    if (notification !== undefined) {
      if (notification) extra.notification_email = notification;
      else delete extra.notification_email;
    }
    await tx
      .update(customers)
      .set({
        ...(input.nik !== undefined ? { nik: input.nik || null } : {}),
        ...(input.user_name !== undefined ? { user_name: input.user_name } : {}),
        ...(input.user_gender !== undefined ? { user_gender: input.user_gender } : {}),
        ...(input.user_birth_date !== undefined ? { user_birth_date: input.user_birth_date || null } : {}),
        ...(input.user_notes !== undefined ? { user_notes: input.user_notes || null } : {}),
        ...(input.reference_code !== undefined ? { user_ref: input.reference_code || null } : {}),
        ...(notification !== undefined ? { user_email_notification: notification ? 1 : 0 } : {}),
        extra,
        updated_at: now,
      })
      .where(eq(customers.customer_id, row.customer_id));
  });
  return { message: MEMBER_INFO_TEXTS.editSuccess };
}

/** POST cashier/user/reference-code-generate: a new unique code for a customer without one. */
export async function generateReferenceCode(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
): Promise<{ reference_code: string }> {
  const row = await customerByUserId(deps, auth.business_id, userId);
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK}, ${auth.business_id})`);
    const [fresh] = rows<{ user_ref: string | null }>(
      await tx.execute(sql`SELECT user_ref FROM customers WHERE customer_id = ${row.customer_id} FOR UPDATE`),
    );
    if ((fresh?.user_ref ?? '').trim() !== '') throw invalid(MEMBER_INFO_OWN.referenceExists, 'user_id');
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = referenceCodeFrom(cryptoBytes(8));
      if (await referenceTaken(tx, auth.business_id, code, row.customer_id)) continue;
      await tx
        .update(customers)
        .set({ user_ref: code, updated_at: deps.clock.now() })
        .where(eq(customers.customer_id, row.customer_id));
      return { reference_code: code };
    }
    throw invalid(MEMBER_INFO_OWN.referenceTaken, 'reference_code');
  });
}

function cryptoBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

type NfcInput = z.output<typeof nfcRegisterRequest>;

/**
 * Register (new) or change a customer's NFC card: a supervisor's password of the outlet (as the cashier's
 * authorisation modals), Ref ID when the business asks for it on a new card, and a code no other customer
 * of the business holds. Stored as the cashier reads it: argon2 hash plus the unique lookup key.
 */
export async function setNfcCard(
  deps: AppDeps,
  auth: AuthContext,
  input: NfcInput,
  mode: 'new' | 'change',
  ip: string,
): Promise<{ message: string }> {
  const row = await customerByUserId(deps, auth.business_id, input.user_id);
  const settings = await businessSettings(deps, auth.business_id);
  const refId = input.reference_code ?? '';
  if (mode === 'new' && Number(settings.nfc_with_ref_id ?? 0) === 1 && refId === '')
    throw invalid(MEMBER_INFO_TEXTS.refIdRequired, 'reference_code');
  await validateSupervisorPassword(deps, auth, { password: input.password, ip });
  const code = input.nfc_security_code;
  const key = nfcCodeKey(auth.business_id, code);
  const hash = await hashWalletCode(row.user_code, code);
  await deps.database.db.transaction(async (tx) => {
    const [other] = rows<{ customer_id: number }>(
      await tx.execute(
        sql`SELECT customer_id FROM customers WHERE business_id = ${auth.business_id} AND extra ->> 'nfc_code_key' = ${key} AND customer_id <> ${row.customer_id} LIMIT 1`,
      ),
    );
    if (other) throw invalid(MEMBER_INFO_OWN.nfcTaken, 'nfc_security_code');
    const patch: Extra = { nfc_security_code_hash: hash, nfc_code_key: key };
    if (refId !== '') patch.nfc_ref_id = refId;
    try {
      await tx.execute(
        sql`UPDATE customers SET extra = extra || ${JSON.stringify(patch)}::jsonb, updated_at = ${deps.clock.now()} WHERE customer_id = ${row.customer_id}`,
      );
    } catch (e) {
      // two tills binding one card at once: the unique index answers for the second
      if (/nfc_code_key|unique/i.test(String((e as Error).message)))
        throw invalid(MEMBER_INFO_OWN.nfcTaken, 'nfc_security_code');
      throw e;
    }
  });
  return { message: MEMBER_INFO_TEXTS.nfcSet };
}

/** POST cashier/user/check-nfc-security-code: the card is this customer's ('NFC card is valid.'), else 400. */
export async function checkNfcCard(
  deps: AppDeps,
  auth: AuthContext,
  input: { user_id: string; nfc_security_code: string },
): Promise<{ message: string }> {
  const row = await customerByUserId(deps, auth.business_id, input.user_id);
  const hash = str(row.extra?.nfc_security_code_hash);
  if (!hash || !(await verifyWalletCode(hash, row.user_code, input.nfc_security_code)))
    throw invalid(MEMBER_INFO_TEXTS.invalidNfc, 'nfc_security_code');
  return { message: MEMBER_INFO_TEXTS.nfcValid };
}

/** GET cashier/user/photo/{token}: the stored bytes and their detected type, or null. */
export async function readPhoto(
  deps: AppDeps,
  token: string,
): Promise<{ content_type: string; bytes: Buffer } | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [p] = await deps.database.db
    .select({ content_type: customerPhotos.content_type, bytes: customerPhotos.bytes })
    .from(customerPhotos)
    .where(eq(customerPhotos.photo_token, token));
  return p ?? null;
}

type HistoryInput = z.output<typeof historyQuery>;

/** The history's customer, gate and bounds (001 §5, §6, §9): the heads in range, newest first, type-filtered. */
async function historyHeads(deps: AppDeps, auth: AuthContext, q: HistoryInput) {
  const settings = await businessSettings(deps, auth.business_id);
  if (!ruleOn(settings, 'customer_trx_history')) throw invalid(MEMBER_INFO_OWN.historyOff);
  const row = await customerByUserId(deps, auth.business_id, q.user_code);
  const today = outletToday(deps.clock.now()).date;
  const min = historyMinDate(today);
  const start = q.start_date === '' ? min : q.start_date;
  const end = q.end_date === '' ? today : q.end_date;
  if (q.start_date === '' && q.end_date !== '')
    throw invalid(MEMBER_INFO_TEXTS.historyNeedsStart, 'start_date');
  if (start < min || start > today) throw invalid(MEMBER_INFO_OWN.historyRange, 'start_date');
  if (end < start || end > today) throw invalid(MEMBER_INFO_OWN.historyRange, 'end_date');
  const from = outletToday(new Date(`${start}T12:00:00+07:00`)).start;
  const to = outletToday(new Date(`${end}T12:00:00+07:00`)).end;
  const heads = await deps.database.db
    .select({
      id: posSalesTrxHeads.pos_sales_trx_head_id,
      local_trx_id: posSalesTrxHeads.local_trx_id,
      trx_id: posSalesTrxHeads.trx_id,
      trx_type: posSalesTrxHeads.trx_type,
      trx_time: posSalesTrxHeads.trx_time,
      drv_grand_total: posSalesTrxHeads.drv_grand_total,
      trx: posSalesTrxHeads.trx,
    })
    .from(posSalesTrxHeads)
    .where(
      and(
        eq(posSalesTrxHeads.business_id, auth.business_id),
        eq(posSalesTrxHeads.customer_id, row.customer_id),
        gte(posSalesTrxHeads.trx_time, from),
        sql`${posSalesTrxHeads.trx_time} < ${to}`,
        isNull(posSalesTrxHeads.voided_at),
      ),
    )
    .orderBy(desc(posSalesTrxHeads.trx_time), desc(posSalesTrxHeads.pos_sales_trx_head_id));
  const ids = heads.map((h) => h.id);
  const payments =
    ids.length === 0
      ? []
      : await deps.database.db
          .select({
            head: posSalesTrxPayments.pos_sales_trx_head_id,
            payment_method_name: posSalesTrxPayments.payment_method_name,
            payment_type: posSalesTrxPayments.payment_type,
            payment_amount: posSalesTrxPayments.payment_amount,
          })
          .from(posSalesTrxPayments)
          .where(sql`${posSalesTrxPayments.pos_sales_trx_head_id} = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  const byHead = new Map<number, BillRow['payments']>();
  for (const p of payments) {
    const list = byHead.get(p.head) ?? [];
    list.push({
      payment_method_name: p.payment_method_name,
      payment_type: p.payment_type,
      payment_amount: Number(p.payment_amount),
    });
    byHead.set(p.head, list);
  }
  const bills = heads
    .map((h) => {
      const trx = h.trx as Extra;
      const customer = (trx.customer ?? null) as Extra | null;
      const bill: BillRow = {
        local_trx_id: h.local_trx_id,
        trx_id: h.trx_id,
        trx_local_end_time: str(trx.trx_local_end_time) ?? formatLocalDateTime(h.trx_time),
        drv_grand_total: Number(h.drv_grand_total),
        trx_notes: str(trx.trx_notes),
        trx_type: h.trx_type,
        redeem: trx.redeem ?? null,
        coupon: trx.coupon ?? null,
        payments: byHead.get(h.id) ?? [],
        customer: customer ? { user_name: str(customer.user_name) } : null,
      };
      return { head: h, trx, customer, bill };
    })
    .filter((b) => matchesHistoryType(b.bill, q.type))
    .slice(0, q.num_of_rows);
  return { row, bills };
}

export async function billHistory(
  deps: AppDeps,
  auth: AuthContext,
  q: HistoryInput,
): Promise<{ trxs: BillRow[] }> {
  const { bills } = await historyHeads(deps, auth, q);
  return { trxs: bills.map((b) => b.bill) };
}

const personName = (w: unknown): string | null => {
  if (!w || typeof w !== 'object') return null;
  const { firstname, lastname } = w as Extra;
  const name = `${str(firstname) ?? ''} ${str(lastname) ?? ''}`.trim();
  return name === '' ? null : name;
};

export async function itemHistory(
  deps: AppDeps,
  auth: AuthContext,
  q: HistoryInput,
): Promise<{ trxs: ItemRow[] }> {
  const { row, bills } = await historyHeads(deps, auth, q);
  const ids = bills.map((b) => b.head.id);
  const details =
    ids.length === 0
      ? []
      : await deps.database.db
          .select({
            head: posSalesTrxDetails.pos_sales_trx_head_id,
            local_trx_detail_id: posSalesTrxDetails.local_trx_detail_id,
            item_name: posSalesTrxDetails.item_name,
            variant_name: posSalesTrxDetails.variant_name,
            line_total: posSalesTrxDetails.line_total,
            line_no: posSalesTrxDetails.line_no,
          })
          .from(posSalesTrxDetails)
          .where(sql`${posSalesTrxDetails.pos_sales_trx_head_id} = ANY(${`{${ids.join(',')}}`}::bigint[])`)
          .orderBy(asc(posSalesTrxDetails.line_no));
  return {
    trxs: bills.map(({ head, trx, customer }) => {
      const lines = new Map(
        ((trx.details ?? []) as Extra[]).map((d) => [String(d.local_trx_detail_id), d] as const),
      );
      return {
        local_trx_id: head.local_trx_id,
        trx_local_end_time: str(trx.trx_local_end_time) ?? formatLocalDateTime(head.trx_time),
        document_date: str(trx.document_date),
        user_name: str(customer?.user_name) ?? row.user_name,
        drv_primary_phone: row.user_phone,
        reference_code: row.user_ref,
        item_trx_history_pos_sales_trx_details: details
          .filter((d) => d.head === head.id)
          .map((d) => {
            const line = lines.get(d.local_trx_detail_id) ?? {};
            const pkg = line.package_name ?? (line.pos_item_package as Extra | undefined)?.item_name;
            const workers = ((line.commission_workers ?? []) as Extra[]).map((w) =>
              personName(w.commission_worker),
            );
            const sellers = ((line.item_sellers ?? []) as Extra[]).map(personName);
            const worker = [personName(line.commission_worker), ...workers].filter(Boolean).join(', ');
            return {
              package_name: str(pkg),
              item_name: [d.item_name, d.variant_name].filter((s) => s && s !== '').join(' - ') || '-',
              notes: str(line.notes),
              secret_notes: str(line.secret_notes),
              worker_name: worker === '' ? null : worker,
              seller_name: sellers.filter(Boolean).join(', ') || null,
              price: Number(d.line_total),
            };
          }),
      };
    }),
  };
}

export type { HistoryQuery };
