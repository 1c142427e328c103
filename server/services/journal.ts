// Customer journal (001 §2.9, §3, §6, §7, issue 25): the journal's customer and notes, the activities with
// their photos (blobs served by URL), the medical-record section (room, ICD-10, SOAP) and author-only edits.
// Who and where come from the session; every refusal is a 400 naming its field; nothing is half-saved.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerIdentifier } from '../../src/api/contract/customer';
import {
  ACTIVITY_PHOTO_MAX_BYTES,
  type ActivityPhoto,
  type activityRequest,
  JOURNAL_PATHS,
  type JournalActivity,
  type JournalCustomer,
} from '../../src/api/contract/journal';
import { JOURNAL_OWN, JOURNAL_TEXTS } from '../../src/domain/texts/journal';
import {
  businessUsers,
  catalogueEntities,
  customerActivities,
  customerActivityPhotos,
  customers,
  outlets,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { randomToken } from '../lib/crypto';
import { invalid, ServiceError } from '../lib/errors';
import { findCustomer } from './customer-lookup';
import { sessionOutlet } from './customer-pos-lists';
import { icd10ById } from './icd10';
import { sniffImage } from './member-info';
import type { AuthContext } from './sessions';

type Extra = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const blankToNull = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v.trim() === '' ? null : v;

export const activityPhotoUrl = (token: string): string => `/${JOURNAL_PATHS.activityPhoto}/${token}`;

/** 001 §6: the medical-record section needs rme_satu_sehat = 1 on the outlet and a registered health worker. */
export async function medicalMode(
  deps: AppDeps,
  auth: AuthContext,
): Promise<{ rme: boolean; nakes: boolean; medical: boolean }> {
  const db = deps.database.db;
  const [[outlet], [user]] = await Promise.all([
    auth.outlet_id === null
      ? Promise.resolve([])
      : db
          .select({ settings: outlets.settings })
          .from(outlets)
          .where(
            and(eq(outlets.business_outlet_id, auth.outlet_id), eq(outlets.business_id, auth.business_id)),
          ),
    db
      .select({ health_worker: businessUsers.health_worker })
      .from(businessUsers)
      .where(eq(businessUsers.business_user_id, auth.business_user_id)),
  ]);
  const rme = Number((outlet?.settings as Extra | undefined)?.rme_satu_sehat ?? 0) === 1;
  const nakes = !!user?.health_worker;
  return { rme, nakes, medical: rme && nakes };
}

async function userNames(deps: AppDeps, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (wanted.length === 0) return new Map();
  const found = await deps.database.db
    .select({
      id: businessUsers.business_user_id,
      firstname: businessUsers.firstname,
      lastname: businessUsers.lastname,
    })
    .from(businessUsers)
    .where(inArray(businessUsers.business_user_id, wanted));
  return new Map(found.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]));
}

async function customerOf(deps: AppDeps, auth: AuthContext, id: CustomerIdentifier) {
  const row = await findCustomer(deps, auth.business_id, id);
  if (!row) throw invalid(JOURNAL_TEXTS.customerMissing, 'user_identifier_string');
  return row;
}

async function customerByCode(deps: AppDeps, businessId: number, userCode: string) {
  const [row] = await deps.database.db
    .select()
    .from(customers)
    .where(and(eq(customers.business_id, businessId), eq(customers.user_code, userCode)))
    .limit(1);
  if (!row) throw invalid(JOURNAL_TEXTS.customerMissing, 'user_code');
  return row;
}

/** POST cashier/user/info: the journal's customer, its NIK and national health ID, and its journal notes. */
export async function journalCustomer(
  deps: AppDeps,
  auth: AuthContext,
  id: CustomerIdentifier,
): Promise<JournalCustomer> {
  const row = await customerOf(deps, auth, id);
  const extra = (row.extra ?? {}) as Extra;
  const by = str(extra.journal_notes_modified_by);
  const byId = by && /^\d+$/.test(by) ? Number(by) : null;
  const names = await userNames(deps, [byId]);
  return {
    user_id: row.user_code,
    user_code: row.user_code,
    user_name: row.user_name,
    user_gender: row.user_gender,
    user_birth_date: row.user_birth_date,
    user_phone: row.user_phone,
    user_email: row.user_email,
    nik: row.nik,
    satusehat_patient_id: str(extra.satusehat_patient_id),
    satusehat_ihs_no: str(extra.satusehat_ihs_no),
    journal_notes: str(extra.journal_notes),
    journal_notes_modified_at: str(extra.journal_notes_modified_at),
    journal_notes_modified_by: byId !== null ? (names.get(byId) ?? by) : by,
  };
}

/** POST cashier/user/edit-journal-notes: the text, who (the session's user) and when. */
export async function saveJournalNotes(
  deps: AppDeps,
  auth: AuthContext,
  input: { user_id: string; journal_notes?: string | null },
): Promise<{ message: string }> {
  const row = await customerByCode(deps, auth.business_id, input.user_id).catch((e) => {
    throw e instanceof ServiceError ? invalid(e.message, 'user_id') : e;
  });
  const patch = {
    journal_notes: input.journal_notes ?? '',
    journal_notes_modified_at: formatLocalDateTime(deps.clock.now()),
    journal_notes_modified_by: String(auth.business_user_id),
  };
  await deps.database.db.execute(
    sql`UPDATE customers SET extra = coalesce(extra, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb, updated_at = ${deps.clock.now()} WHERE customer_id = ${row.customer_id}`,
  );
  return { message: JOURNAL_TEXTS.notesSaved };
}

async function areaNames(deps: AppDeps, businessId: number): Promise<Map<number, string>> {
  const docs = await deps.database.db
    .select({ doc: catalogueEntities.doc, outlet: catalogueEntities.business_outlet_id })
    .from(catalogueEntities)
    .where(and(eq(catalogueEntities.business_id, businessId), eq(catalogueEntities.kind, 'area')));
  const map = new Map<number, string>();
  for (const d of docs) {
    const doc = d.doc as Extra;
    if (typeof doc.pos_area_id === 'number') map.set(doc.pos_area_id, str(doc.area_name) ?? '');
  }
  return map;
}

/** The rooms (areas) of the session's outlet, by id. */
async function outletRoomIds(deps: AppDeps, auth: AuthContext): Promise<Set<number>> {
  const outletId = sessionOutlet(auth);
  const rows = await deps.database.db
    .select({ doc: catalogueEntities.doc })
    .from(catalogueEntities)
    .where(
      and(
        eq(catalogueEntities.business_id, auth.business_id),
        inArray(catalogueEntities.business_outlet_id, [0, outletId]),
        eq(catalogueEntities.kind, 'area'),
        sql`(${catalogueEntities.outlet_ids} IS NULL OR ${outletId} = ANY(${catalogueEntities.outlet_ids}))`,
      ),
    );
  return new Set(rows.map((r) => Number((r.doc as Extra).pos_area_id)));
}

type ActivityRow = typeof customerActivities.$inferSelect;

async function present(deps: AppDeps, businessId: number, list: ActivityRow[]): Promise<JournalActivity[]> {
  if (list.length === 0) return [];
  const ids = list.map((a) => a.customer_activity_id);
  const [photos, names, areas] = await Promise.all([
    deps.database.db
      .select({
        customer_activity_photo_id: customerActivityPhotos.customer_activity_photo_id,
        customer_activity_id: customerActivityPhotos.customer_activity_id,
        photo_url: customerActivityPhotos.photo_url,
        photo_desc: customerActivityPhotos.photo_desc,
      })
      .from(customerActivityPhotos)
      .where(inArray(customerActivityPhotos.customer_activity_id, ids))
      .orderBy(asc(customerActivityPhotos.position), asc(customerActivityPhotos.customer_activity_photo_id)),
    userNames(
      deps,
      list.flatMap((a) => [a.business_user_id, a.modified_by]),
    ),
    areaNames(deps, businessId),
  ]);
  const byActivity = new Map<number, ActivityPhoto[]>();
  for (const p of photos) {
    const l = byActivity.get(p.customer_activity_id) ?? [];
    l.push({
      customer_activity_photo_id: p.customer_activity_photo_id,
      photo_url: p.photo_url,
      photo_desc: p.photo_desc,
    });
    byActivity.set(p.customer_activity_id, l);
  }
  const at = (d: Date | null) => (d ? formatLocalDateTime(d) : null);
  return list.map((a) => ({
    customer_activity_id: a.customer_activity_id,
    local_trx_id: a.local_trx_id,
    business_user_id: a.business_user_id,
    author_name: a.business_user_id !== null ? (names.get(a.business_user_id) ?? null) : null,
    business_outlet_id: a.business_outlet_id,
    created_at: formatLocalDateTime(a.created_at),
    activity_notes: a.activity_notes,
    notes_for_cashier: a.notes_for_cashier,
    synced_at: at(a.synced_at),
    pos_area_id: a.pos_area_id,
    area_name: a.pos_area_id !== null ? (areas.get(a.pos_area_id) ?? null) : null,
    icd_10_id: a.icd_10_id,
    skri: a.skri,
    str: a.str,
    soap_subject: a.soap_subject,
    soap_object: a.soap_object,
    soap_assessment: a.soap_assessment,
    soap_planning: a.soap_planning,
    modified_by: a.modified_by,
    modified_by_name: a.modified_by !== null ? (names.get(a.modified_by) ?? null) : null,
    modified_at: at(a.modified_at),
    customer_activity_photos: byActivity.get(a.customer_activity_id) ?? [],
  }));
}

/** GET cashier/customer-activity?scope=journal: every activity of the customer (not deleted), newest first. */
export async function journalActivities(
  deps: AppDeps,
  auth: AuthContext,
  id: CustomerIdentifier,
): Promise<JournalActivity[]> {
  const row = await customerOf(deps, auth, id);
  const list = await deps.database.db
    .select()
    .from(customerActivities)
    .where(and(eq(customerActivities.customer_id, row.customer_id), isNull(customerActivities.deleted_at)))
    .orderBy(desc(customerActivities.created_at), desc(customerActivities.customer_activity_id));
  return present(deps, auth.business_id, list);
}

/** One activity by its id, with its photos (for the outbox and tests). */
export async function activityByLocalId(
  deps: AppDeps,
  businessId: number,
  localTrxId: string,
): Promise<JournalActivity | null> {
  const [row] = await deps.database.db
    .select()
    .from(customerActivities)
    .where(
      and(
        eq(customerActivities.local_trx_id, localTrxId),
        eq(customerActivities.business_id, businessId),
        isNull(customerActivities.deleted_at),
      ),
    );
  if (!row) return null;
  return (await present(deps, businessId, [row]))[0] ?? null;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=._-]+)*;base64,/i;

/** A new photo from a data URL: its bytes and detected type; refusals name the photo's field. */
export function decodeActivityPhoto(value: string, field: string): { bytes: Buffer; content_type: string } {
  const head = DATA_URL.exec(value.slice(0, 200));
  if (!head) throw invalid(JOURNAL_OWN.photoNotImage, field);
  const b64 = value.slice(head[0].length);
  if (Math.floor((b64.length * 3) / 4) > ACTIVITY_PHOTO_MAX_BYTES + 3)
    throw invalid(JOURNAL_OWN.photoTooLarge, field);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid(JOURNAL_OWN.photoNotImage, field);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > ACTIVITY_PHOTO_MAX_BYTES) throw invalid(JOURNAL_OWN.photoTooLarge, field);
  const content_type = sniffImage(bytes);
  if (!content_type) throw invalid(JOURNAL_OWN.photoNotImage, field);
  return { bytes, content_type };
}

type ActivityInput = z.output<typeof activityRequest>;

/** The medical-record fields as stored: checked against the session's mode, the outlet's rooms and the list. */
async function medicalFields(deps: AppDeps, auth: AuthContext, input: ActivityInput) {
  const mode = await medicalMode(deps, auth);
  const soap = {
    soap_subject: blankToNull(input.soap_subject),
    soap_object: blankToNull(input.soap_object),
    soap_assessment: blankToNull(input.soap_assessment),
    soap_planning: blankToNull(input.soap_planning),
  };
  const any =
    (input.pos_area_id ?? null) !== null ||
    (input.icd_10_id ?? null) !== null ||
    Object.values(soap).some((v) => v !== null);
  if (!mode.medical) {
    if (any) throw invalid(JOURNAL_OWN.medicalOnly, 'pos_area_id');
    return { pos_area_id: null, icd_10_id: null, skri: null, str: null, ...soap };
  }
  // 001 §5: in medical-record mode a room is required; ICD-10, SOAP and notes are optional
  if (input.pos_area_id === null || input.pos_area_id === undefined)
    throw invalid(JOURNAL_TEXTS.roomRequired, 'pos_area_id');
  if (!(await outletRoomIds(deps, auth)).has(input.pos_area_id))
    throw invalid(JOURNAL_OWN.roomUnknown, 'pos_area_id');
  let icd: { icd_10_id: number | null; skri: string | null; str: string | null } = {
    icd_10_id: null,
    skri: null,
    str: null,
  };
  if (input.icd_10_id !== null && input.icd_10_id !== undefined) {
    const hit = await icd10ById(deps.database, input.icd_10_id);
    if (!hit) throw invalid(JOURNAL_OWN.icdUnknown, 'icd_10_id');
    icd = { icd_10_id: hit.icd_10_id, skri: hit.skri, str: hit.str };
  }
  return { pos_area_id: input.pos_area_id, ...icd, ...soap };
}

interface PhotoPlan {
  keep: { id: number; desc: string | null; position: number }[];
  add: { bytes: Buffer; content_type: string; desc: string | null; position: number }[];
}

function planPhotos(input: ActivityInput, current: Map<string, number>): PhotoPlan {
  const plan: PhotoPlan = { keep: [], add: [] };
  input.activity_photos.forEach((p, i) => {
    const field = `activity_photos.${i}.photo_url`;
    const desc = blankToNull(p.photo_desc);
    const kept = current.get(p.photo_url);
    if (kept !== undefined) plan.keep.push({ id: kept, desc, position: i });
    else if (p.photo_url.startsWith('data:'))
      plan.add.push({ ...decodeActivityPhoto(p.photo_url, field), desc, position: i });
    else throw invalid(JOURNAL_OWN.photoUnknown, field);
  });
  return plan;
}

type Tx = Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0];

async function insertPhotos(tx: Tx, activityId: number, add: PhotoPlan['add'], now: Date) {
  for (const p of add) {
    const token = randomToken(24);
    await tx.insert(customerActivityPhotos).values({
      customer_activity_id: activityId,
      photo_url: activityPhotoUrl(token),
      photo_desc: p.desc,
      created_at: now,
      photo_token: token,
      content_type: p.content_type,
      byte_size: p.bytes.length,
      bytes: p.bytes,
      position: p.position,
    });
  }
}

/** POST cashier/customer-activity: a new activity by the session's user at the session's outlet. */
export async function createActivity(
  deps: AppDeps,
  auth: AuthContext,
  input: ActivityInput,
): Promise<{ message: string; activity: JournalActivity }> {
  const outletId = sessionOutlet(auth);
  const customer = await customerByCode(deps, auth.business_id, input.user_code);
  const medical = await medicalFields(deps, auth, input);
  const photos = planPhotos(input, new Map());
  const now = deps.clock.now();
  const [existing] = await deps.database.db
    .select({ id: customerActivities.customer_activity_id })
    .from(customerActivities)
    .where(eq(customerActivities.local_trx_id, input.local_trx_id));
  if (existing) throw invalid(JOURNAL_OWN.duplicate, 'local_trx_id');
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerActivities)
      .values({
        local_trx_id: input.local_trx_id,
        customer_id: customer.customer_id,
        business_id: auth.business_id,
        business_outlet_id: outletId,
        business_user_id: auth.business_user_id,
        activity_notes: blankToNull(input.activity_notes),
        notes_for_cashier: blankToNull(input.notes_for_cashier),
        ...medical,
        modified_by: auth.business_user_id,
        modified_at: now,
        created_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: customerActivities.customer_activity_id });
    // two submits of one form at once: the second finds the first's row
    if (!row) throw invalid(JOURNAL_OWN.duplicate, 'local_trx_id');
    await insertPhotos(tx, row.id, photos.add, now);
  });
  const activity = await activityByLocalId(deps, auth.business_id, input.local_trx_id);
  if (!activity) throw invalid(JOURNAL_OWN.activityMissing, 'local_trx_id');
  return { message: JOURNAL_TEXTS.created, activity };
}

/** The activity the call names, when the session's user wrote it (001 §6: Ubah and Hapus for the author only). */
async function ownActivity(deps: AppDeps, auth: AuthContext, localTrxId: string) {
  const [row] = await deps.database.db
    .select()
    .from(customerActivities)
    .where(
      and(
        eq(customerActivities.local_trx_id, localTrxId),
        eq(customerActivities.business_id, auth.business_id),
        isNull(customerActivities.deleted_at),
      ),
    );
  if (!row) throw invalid(JOURNAL_OWN.activityMissing, 'local_trx_id');
  if (row.business_user_id !== auth.business_user_id)
    throw new ServiceError('forbidden', JOURNAL_OWN.notAuthor);
  return row;
}

/** PUT cashier/customer-activity: the author's change; photos not listed any more are deleted with their bytes. */
export async function updateActivity(
  deps: AppDeps,
  auth: AuthContext,
  input: ActivityInput,
): Promise<{ message: string; activity: JournalActivity }> {
  const row = await ownActivity(deps, auth, input.local_trx_id);
  const customer = await customerByCode(deps, auth.business_id, input.user_code);
  if (customer.customer_id !== row.customer_id) throw invalid(JOURNAL_OWN.activityMissing, 'user_code');
  const medical = await medicalFields(deps, auth, input);
  const current = await deps.database.db
    .select({ id: customerActivityPhotos.customer_activity_photo_id, url: customerActivityPhotos.photo_url })
    .from(customerActivityPhotos)
    .where(eq(customerActivityPhotos.customer_activity_id, row.customer_activity_id));
  const photos = planPhotos(input, new Map(current.map((c) => [c.url, c.id])));
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(customerActivities)
      .set({
        activity_notes: blankToNull(input.activity_notes),
        notes_for_cashier: blankToNull(input.notes_for_cashier),
        ...medical,
        modified_by: auth.business_user_id,
        modified_at: now,
      })
      .where(eq(customerActivities.customer_activity_id, row.customer_activity_id));
    const keep = new Set(photos.keep.map((k) => k.id));
    const gone = current.filter((c) => !keep.has(c.id)).map((c) => c.id);
    if (gone.length > 0)
      await tx
        .delete(customerActivityPhotos)
        .where(inArray(customerActivityPhotos.customer_activity_photo_id, gone));
    for (const k of photos.keep)
      await tx
        .update(customerActivityPhotos)
        .set({ photo_desc: k.desc, position: k.position })
        .where(eq(customerActivityPhotos.customer_activity_photo_id, k.id));
    await insertPhotos(tx, row.customer_activity_id, photos.add, now);
  });
  const activity = await activityByLocalId(deps, auth.business_id, input.local_trx_id);
  if (!activity) throw invalid(JOURNAL_OWN.activityMissing, 'local_trx_id');
  return { message: JOURNAL_OWN.updated, activity };
}

/** DELETE cashier/customer-activity: the author hides the activity (the row stays; its photos stop answering). */
export async function deleteActivity(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<{ message: string }> {
  const row = await ownActivity(deps, auth, localTrxId);
  const now = deps.clock.now();
  await deps.database.db
    .update(customerActivities)
    .set({ deleted_at: now, modified_by: auth.business_user_id, modified_at: now })
    .where(eq(customerActivities.customer_activity_id, row.customer_activity_id));
  return { message: JOURNAL_OWN.deleted };
}

/** GET cashier/customer-activity/photo/{token}: the bytes and their detected type, or null (also once deleted). */
export async function readActivityPhoto(
  deps: AppDeps,
  token: string,
): Promise<{ content_type: string; bytes: Buffer } | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [p] = await deps.database.db
    .select({ content_type: customerActivityPhotos.content_type, bytes: customerActivityPhotos.bytes })
    .from(customerActivityPhotos)
    .innerJoin(
      customerActivities,
      eq(customerActivities.customer_activity_id, customerActivityPhotos.customer_activity_id),
    )
    .where(and(eq(customerActivityPhotos.photo_token, token), isNull(customerActivities.deleted_at)));
  if (!p?.content_type || !p.bytes) return null;
  return { content_type: p.content_type, bytes: p.bytes };
}
