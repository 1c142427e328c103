// The customer journal's server calls (001 §2.9, §6, §7, issue 25): run on PGlite (journal.test.ts) and
// PostgreSQL (journal.pg.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoCustomer } from '../../../server/db/demo/types';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { businessUsers } from '../../../server/db/schema';
import { customerActivityResponse } from '../../../src/api/contract/customer';
import {
  diagnosisRow,
  genderRow,
  icd10Response,
  journalActivitiesResponse,
  journalActivity,
  journalCustomer,
  monthlyRow,
} from '../../../src/api/contract/journal';
import { JOURNAL_OWN, JOURNAL_TEXTS } from '../../../src/domain/texts/journal';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { expectError, userWithFlags } from '../customer/fixtures';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';

const all = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;
const MENTENG = 2;
const ROOM = 611;
let seq = 0;
const newId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function journalSuite(backend: Backend): void {
  let s: TestServer;
  let dokter: Tokens;
  let dokter2: Tokens;
  let kasir: Tokens;
  let noJournal: Tokens;
  let patient: DemoCustomer;
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, tokens = dokter) =>
    call(s.app, tokens, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const qr = () => `user_identifier_type=qr&user_identifier_string=${patient.user_code}`;
  const list = async (tokens = dokter) => {
    const r = await req('GET', `/cashier/customer-activity?${qr()}&scope=journal`, undefined, tokens);
    expect(r.statusCode, r.body).toBe(200);
    return journalActivitiesResponse.parse(r.json().data).customer_activities;
  };
  const activity = (extra: Record<string, unknown> = {}) => ({
    local_trx_id: newId(),
    user_code: patient.user_code,
    activity_notes: 'Kontrol jerawat',
    notes_for_cashier: '',
    activity_photos: [],
    pos_area_id: ROOM,
    ...extra,
  });

  beforeAll(async () => {
    s = await startTestServer(backend);
    patient = demoBusiness(s.clock.now()).customers[0];
    dokter = await signIn(s.app, 'dokter@serambi.id', DEMO_PASSWORD);
    dokter2 = await userWithFlags(s, 9_501, all(), { outletIds: [MENTENG] });
    await s.database.db
      .update(businessUsers)
      .set({ health_worker: { nik: '3174051204850099', ihs_practitioner_id: '10009870000' } })
      .where(eq(businessUsers.business_user_id, 9_501));
    // a journal user at Menteng who is not a registered health worker
    kasir = await userWithFlags(s, 9_502, all(), { outletIds: [MENTENG] });
    noJournal = await userWithFlags(s, 9_503, all(['CUSTOMER_JOURNAL']), { outletIds: [MENTENG] });
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('journal notes', () => {
    it('saves the notes with who (the session) and when, and answers them with the author’s name', async () => {
      const r = await req('POST', '/cashier/user/edit-journal-notes', {
        user_id: patient.user_code,
        journal_notes: 'Alergi amoksisilin',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(JOURNAL_TEXTS.notesSaved);
      const info = await req('POST', '/cashier/user/info', {
        user_identifier_type: 'qr',
        user_identifier_string: patient.user_code,
      });
      expect(info.statusCode, info.body).toBe(200);
      const c = journalCustomer.parse(info.json().data);
      expect(c.journal_notes).toBe('Alergi amoksisilin');
      expect(c.journal_notes_modified_by).toBe('Andi Saputra');
      expect(c.journal_notes_modified_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('refuses an unknown customer by name and a user without CUSTOMER_JOURNAL', async () => {
      expectError(
        await req('POST', '/cashier/user/info', {
          user_identifier_type: 'reference',
          user_identifier_string: 'NOPE-9',
        }),
        400,
        JOURNAL_TEXTS.customerMissing,
        'user_identifier_string',
      );
      expectError(
        await req('POST', '/cashier/user/edit-journal-notes', { user_id: 'NOPE', journal_notes: 'x' }),
        400,
        JOURNAL_TEXTS.customerMissing,
        'user_id',
      );
      const f = await req(
        'POST',
        '/cashier/user/edit-journal-notes',
        { user_id: patient.user_code, journal_notes: 'x' },
        noJournal,
      );
      expect(f.statusCode).toBe(403);
    });
  });

  describe('activities', () => {
    it('creates an activity with a photo, a room, an ICD-10 code and SOAP; the photo is served by URL', async () => {
      const body = activity({
        notes_for_cashier: 'Tawarkan serum',
        activity_photos: [{ id: 'a', photo_url: dataUrl(PNG), photo_desc: 'Pipi kiri' }],
        icd_10_id: 1,
        soap_subject: 'Jerawat meradang',
        soap_object: 'Papul',
        soap_assessment: 'Akne',
        soap_planning: 'Krim',
      });
      const r = await req('POST', '/cashier/customer-activity', body);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(JOURNAL_TEXTS.created);
      const a = journalActivity.parse(r.json().data);
      expect(a).toMatchObject({
        business_user_id: 3,
        author_name: 'Andi Saputra',
        business_outlet_id: MENTENG,
        pos_area_id: ROOM,
        area_name: 'Ruang Tindakan 1',
        icd_10_id: 1,
        skri: 'A00',
        str: 'Cholera',
        synced_at: null,
        soap_planning: 'Krim',
      });
      expect(a.customer_activity_photos).toHaveLength(1);
      const url = a.customer_activity_photos[0].photo_url;
      expect(url).toMatch(/^\/cashier\/customer-activity\/photo\/[A-Za-z0-9_-]+$/);
      expect(url.startsWith('data:')).toBe(false);
      const img = await s.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(Buffer.from(img.rawPayload).equals(PNG)).toBe(true);
      expect((await list()).map((x) => x.local_trx_id)).toContain(body.local_trx_id);
      // the cashier's Customer Journals dialog shows today's notes for the cashier
      const cashier = await req('GET', `/cashier/customer-activity?${qr()}`);
      const today = customerActivityResponse.parse(cashier.json().data).customer_activities;
      expect(today.map((x) => x.notes_for_cashier)).toContain('Tawarkan serum');
    });

    it('refuses a photo that is not an image or is too big, naming the field', async () => {
      expectError(
        await req(
          'POST',
          '/cashier/customer-activity',
          activity({
            activity_photos: [
              { photo_url: dataUrl(Buffer.from('%PDF-1.4 hello'), 'image/png'), photo_desc: '' },
            ],
          }),
        ),
        400,
        JOURNAL_OWN.photoNotImage,
        'activity_photos.0.photo_url',
      );
      const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
      expectError(
        await req(
          'POST',
          '/cashier/customer-activity',
          activity({
            activity_photos: [
              { photo_url: dataUrl(PNG), photo_desc: '' },
              { photo_url: dataUrl(big), photo_desc: '' },
            ],
          }),
        ),
        400,
        JOURNAL_OWN.photoTooLarge,
        'activity_photos.1.photo_url',
      );
      expectError(
        await req(
          'POST',
          '/cashier/customer-activity',
          activity({
            activity_photos: [{ photo_url: 'https://example.com/x.png', photo_desc: '' }],
          }),
        ),
        400,
        JOURNAL_OWN.photoUnknown,
        'activity_photos.0.photo_url',
      );
    });

    it('refuses an unknown ICD-10 code, a 200 KB SOAP note, a missing room and a room of another outlet', async () => {
      expectError(
        await req('POST', '/cashier/customer-activity', activity({ icd_10_id: 999_999 })),
        400,
        JOURNAL_OWN.icdUnknown,
        'icd_10_id',
      );
      expectError(
        await req('POST', '/cashier/customer-activity', activity({ soap_subject: 'x'.repeat(200 * 1024) })),
        400,
        JOURNAL_OWN.textTooLong(10_000),
        'soap_subject',
      );
      expectError(
        await req('POST', '/cashier/customer-activity', activity({ pos_area_id: null })),
        400,
        JOURNAL_TEXTS.roomRequired,
        'pos_area_id',
      );
      expectError(
        await req('POST', '/cashier/customer-activity', activity({ pos_area_id: 601 })),
        400,
        JOURNAL_OWN.roomUnknown,
        'pos_area_id',
      );
      expectError(
        await req('POST', '/cashier/customer-activity', activity({ icd_10_id: 'A00' })),
        400,
        API_MESSAGES.invalidInput,
        'icd_10_id',
      );
    });

    it('keeps the medical-record fields to health workers: others write notes only', async () => {
      expectError(
        await req('POST', '/cashier/customer-activity', activity(), kasir),
        400,
        JOURNAL_OWN.medicalOnly,
        'pos_area_id',
      );
      const plain = activity({ pos_area_id: null, notes_for_cashier: 'Bayar nanti' });
      const r = await req('POST', '/cashier/customer-activity', plain, kasir);
      expect(r.statusCode, r.body).toBe(200);
      expect(journalActivity.parse(r.json().data).pos_area_id).toBeNull();
    });

    it('lets only the author change or delete an activity; the server takes who from the session', async () => {
      const body = activity({ activity_photos: [{ photo_url: dataUrl(PNG), photo_desc: 'satu' }] });
      const created = journalActivity.parse(
        (await req('POST', '/cashier/customer-activity', body)).json().data,
      );
      const kept = created.customer_activity_photos[0];
      const other = await req(
        'PUT',
        '/cashier/customer-activity',
        { ...body, activity_notes: 'bukan saya' },
        dokter2,
      );
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toBe(JOURNAL_OWN.notAuthor);
      const del = await s.app.inject({
        method: 'DELETE',
        url: `/cashier/customer-activity?local_trx_id=${body.local_trx_id}`,
        headers: (await import('../helpers')).sessionHeaders(dokter2),
      });
      expect(del.statusCode).toBe(403);

      const upd = await req('PUT', '/cashier/customer-activity', {
        ...body,
        activity_notes: 'Diubah',
        activity_photos: [
          { id: kept.customer_activity_photo_id, photo_url: kept.photo_url, photo_desc: 'satu (ubah)' },
          { photo_url: dataUrl(PNG), photo_desc: 'dua' },
        ],
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json().message).toBe(JOURNAL_OWN.updated);
      const u = journalActivity.parse(upd.json().data);
      expect(u.activity_notes).toBe('Diubah');
      expect(u.customer_activity_photos.map((p) => p.photo_desc)).toEqual(['satu (ubah)', 'dua']);
      expect(u.customer_activity_photos[0].photo_url).toBe(kept.photo_url);
      expect(u.modified_by_name).toBe('Andi Saputra');

      // the body reading of DELETE
      const gone = await req('DELETE', '/cashier/customer-activity', { local_trx_id: body.local_trx_id });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().message).toBe(JOURNAL_OWN.deleted);
      expect((await list()).map((x) => x.local_trx_id)).not.toContain(body.local_trx_id);
      expect((await s.app.inject({ method: 'GET', url: kept.photo_url })).statusCode).toBe(404);
      expectError(
        await req('DELETE', `/cashier/customer-activity?local_trx_id=${body.local_trx_id}`),
        400,
        JOURNAL_OWN.activityMissing,
        'local_trx_id',
      );
    });

    it('refuses a second create with the same local_trx_id and keeps one row', async () => {
      const body = activity();
      expect((await req('POST', '/cashier/customer-activity', body)).statusCode).toBe(200);
      expectError(
        await req('POST', '/cashier/customer-activity', body),
        400,
        JOURNAL_OWN.duplicate,
        'local_trx_id',
      );
      expect((await list()).filter((x) => x.local_trx_id === body.local_trx_id)).toHaveLength(1);
    });

    it('answers the journal list only with CUSTOMER_JOURNAL', async () => {
      const r = await req('GET', `/cashier/customer-activity?${qr()}&scope=journal`, undefined, noJournal);
      expect(r.statusCode).toBe(403);
    });
  });

  describe('ICD-10 search', () => {
    it('finds by code prefix and by Indonesian and English words, ranked', async () => {
      const search = async (term: string) => {
        const r = await req(
          'GET',
          `/cashier/satu-sehat-icd-10-search?search_term=${encodeURIComponent(term)}`,
        );
        expect(r.statusCode, r.body).toBe(200);
        return icd10Response.parse(r.json().data);
      };
      const code = await search('A00');
      expect(code[0].skri).toBe('A00');
      expect(code.slice(1, 4).map((c) => c.skri)).toEqual(['A00.0', 'A00.1', 'A00.9']);
      const id = await search('demam berdarah');
      expect(id.length).toBeGreaterThan(0);
      expect(id.every((c) => /demam/i.test(c.str_id) && /berdarah/i.test(c.str_id))).toBe(true);
      const en = await search('cholera');
      expect(en[0].skri).toBe('A00');
      expect(await search('')).toEqual([]);
      expect(await search('zzqqxx')).toEqual([]);
    });
  });

  describe('EMR statistics', () => {
    it('counts patients by month, diagnosis and gender over the medical activities of the outlet', async () => {
      const today = s.clock.now();
      const d = new Date(today.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
      const q = `start_date=${d}&end_date=${d}`;
      const get = async (p: string) => {
        const r = await req('GET', `/cashier/emr/statistic/patient-count/${p}?${q}`);
        expect(r.statusCode, r.body).toBe(200);
        return r.json().data;
      };
      const monthly = monthlyRow.array().parse(await get('monthly'));
      expect(monthly).toEqual([{ year_month_number: d.slice(0, 7), patient_count: 1 }]);
      const diag = diagnosisRow.array().parse(await get('by-diagnosis'));
      expect(diag).toEqual([{ icd_10_id: 1, icd_skri: 'A00', icd_str: 'Cholera', patient_count: 1 }]);
      const gender = genderRow.array().parse(await get('by-gender'));
      expect(gender).toEqual([{ user_gender: patient.user_gender, patient_count: 1 }]);
      expectError(
        await req('GET', `/cashier/emr/statistic/patient-count/monthly?start_date=${d}&end_date=2000-01-01`),
        400,
        JOURNAL_OWN.rangeInvalid,
        'end_date',
      );
      const f = await req('GET', `/cashier/emr/statistic/patient-count/monthly?${q}`, undefined, noJournal);
      expect(f.statusCode).toBe(200);
    });
  });
}
