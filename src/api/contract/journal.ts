// Customer journal (001 §2.9, §3 'Customer activity (journal)', §7 'Customer journal and EMR') and EMR
// statistics (§2.15): paths, requests and answers. The server checks every field by these schemas and names
// the field it refuses (400); docs/api.md pairs each call with its path (ruling 12).
import { z } from 'zod';
import { JOURNAL_OWN } from '../../domain/texts/journal';
import { MEMBER_INFO_TEXTS } from '../../domain/texts/member-info';
import { API_MESSAGES } from '../../domain/texts/server';

export const JOURNAL_PATHS = {
  /** GET ?user_identifier_type&user_identifier_string&scope=journal → every activity; POST create; PUT update; DELETE. */
  activity: 'cashier/customer-activity',
  /** GET {token}: an activity photo (public by its unguessable token, like the member photos). */
  activityPhoto: 'cashier/customer-activity/photo',
  /** POST {user_identifier_type, user_identifier_string} → the journal's customer with its journal notes. */
  userInfo: 'cashier/user/info',
  /** POST {user_id, journal_notes}. */
  journalNotes: 'cashier/user/edit-journal-notes',
  /** GET ?search_term → ICD-10 items, ranked. */
  icd10: 'cashier/satu-sehat-icd-10-search',
  /** GET → the outlet's rooms (areas). */
  rooms: 'cashier/pos-area',
  statMonthly: 'cashier/emr/statistic/patient-count/monthly',
  statDiagnosis: 'cashier/emr/statistic/patient-count/by-diagnosis',
  statGender: 'cashier/emr/statistic/patient-count/by-gender',
} as const;

/** Free texts (notes, SOAP) at most; a longer one is refused by name (issue 25: a 200 KB SOAP note). */
export const JOURNAL_TEXT_MAX = 10_000;
/** Photos per activity at most. */
export const ACTIVITY_PHOTOS_MAX = 10;
/** Decoded bytes of one photo at most (a 1,500 px upload at quality 0.8 is far below). */
export const ACTIVITY_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The activity calls' body limit: room for every photo at its limit as a data URL, so size is refused by name. */
export const ACTIVITY_BODY_LIMIT = 80 * 1024 * 1024;
/** Body fields the generic input check leaves to this contract (they are bounded here, with their own message). */
export const ACTIVITY_LONG_FIELDS = [
  'activity_photos',
  'activity_notes',
  'notes_for_cashier',
  'soap_subject',
  'soap_object',
  'soap_assessment',
  'soap_planning',
] as const;

const noNul = (v: string) => !v.includes('\u0000');
const longText = z
  .string({ error: API_MESSAGES.invalidInput })
  .max(JOURNAL_TEXT_MAX, { error: JOURNAL_OWN.textTooLong(JOURNAL_TEXT_MAX) })
  .refine(noNul, { error: API_MESSAGES.invalidInput });

const userId = z
  .string({ error: MEMBER_INFO_TEXTS.customerMissing })
  .trim()
  .min(1, { error: MEMBER_INFO_TEXTS.customerMissing })
  .max(64, { error: MEMBER_INFO_TEXTS.customerMissing });

const localTrxId = z
  .string({ error: API_MESSAGES.invalidInput })
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: API_MESSAGES.invalidInput });

/** POST cashier/user/edit-journal-notes. */
export const journalNotesRequest = z.object(
  { user_id: userId, journal_notes: longText.nullish() },
  { error: API_MESSAGES.invalidInput },
);
export type JournalNotesRequest = z.input<typeof journalNotesRequest>;

/** GET cashier/customer-activity: scope=journal asks for every activity (the journal), else the cashier's today. */
export const activityScopeQuery = z.object({
  scope: z.literal('journal', { error: API_MESSAGES.invalidInput }).optional(),
});

export const activityPhotoInput = z.object(
  {
    /** the client's id of the row (kept photos carry their customer_activity_photo_id) */
    id: z.union([z.string().max(64), z.number().int()], { error: API_MESSAGES.invalidInput }).nullish(),
    /** a data URL (a new photo) or this activity's photo URL (kept) */
    photo_url: z
      .string({ error: JOURNAL_OWN.photoNotImage })
      .min(1, { error: JOURNAL_OWN.photoNotImage })
      .max(Math.ceil((ACTIVITY_PHOTO_MAX_BYTES * 4) / 3) * 8, { error: JOURNAL_OWN.photoTooLarge }),
    photo_desc: z
      .string({ error: API_MESSAGES.invalidInput })
      .max(500, { error: JOURNAL_OWN.textTooLong(500) })
      .refine(noNul, { error: API_MESSAGES.invalidInput })
      .nullish(),
  },
  { error: API_MESSAGES.invalidInput },
);

const optionalId = z
  .number({ error: API_MESSAGES.invalidInput })
  .int({ error: API_MESSAGES.invalidInput })
  .positive({ error: API_MESSAGES.invalidInput })
  .max(2_147_483_647, { error: API_MESSAGES.invalidInput })
  .nullish();

/** POST (create) and PUT (update) cashier/customer-activity (001 §7). Who and where come from the session. */
export const activityRequest = z.object(
  {
    local_trx_id: localTrxId,
    user_code: userId,
    activity_notes: longText.nullish(),
    notes_for_cashier: longText.nullish(),
    activity_photos: z
      .array(activityPhotoInput, { error: API_MESSAGES.invalidInput })
      .max(ACTIVITY_PHOTOS_MAX, { error: JOURNAL_OWN.tooManyPhotos(ACTIVITY_PHOTOS_MAX) })
      .default([]),
    pos_area_id: optionalId,
    icd_10_id: optionalId,
    soap_subject: longText.nullish(),
    soap_object: longText.nullish(),
    soap_assessment: longText.nullish(),
    soap_planning: longText.nullish(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type ActivityRequest = z.input<typeof activityRequest>;

/** DELETE cashier/customer-activity: {local_trx_id} in the query or the body (001 §7 allows both readings). */
export const activityDeleteRequest = z.object(
  { local_trx_id: localTrxId },
  { error: API_MESSAGES.invalidInput },
);

export const activityPhoto = z.object({
  customer_activity_photo_id: z.number(),
  photo_url: z.string(),
  photo_desc: z.string().nullable(),
});
export type ActivityPhoto = z.infer<typeof activityPhoto>;

/** One journal activity (001 §3), with the names the table shows. Times are local 'YYYY-MM-DD HH:mm:ss'. */
export const journalActivity = z.object({
  customer_activity_id: z.number(),
  local_trx_id: z.string(),
  business_user_id: z.number().nullable(),
  author_name: z.string().nullable(),
  business_outlet_id: z.number().nullable(),
  created_at: z.string(),
  activity_notes: z.string().nullable(),
  notes_for_cashier: z.string().nullable(),
  synced_at: z.string().nullable(),
  pos_area_id: z.number().nullable(),
  area_name: z.string().nullable(),
  icd_10_id: z.number().nullable(),
  skri: z.string().nullable(),
  str: z.string().nullable(),
  soap_subject: z.string().nullable(),
  soap_object: z.string().nullable(),
  soap_assessment: z.string().nullable(),
  soap_planning: z.string().nullable(),
  modified_by: z.number().nullable(),
  modified_by_name: z.string().nullable(),
  modified_at: z.string().nullable(),
  customer_activity_photos: z.array(activityPhoto),
});
export type JournalActivity = z.infer<typeof journalActivity>;
export const journalActivitiesResponse = z.object({ customer_activities: z.array(journalActivity) });

/** POST cashier/user/info: the journal's customer (001 §7 'user info' and 'member info' in one answer). */
export const journalCustomer = z.object({
  user_id: z.string(),
  /** the same as user_id (the search panel reads user_code) */
  user_code: z.string(),
  user_name: z.string().nullable(),
  user_gender: z.number().nullable(),
  user_birth_date: z.string().nullable(),
  user_phone: z.string().nullable(),
  user_email: z.string().nullable(),
  nik: z.string().nullable(),
  satusehat_patient_id: z.string().nullable(),
  satusehat_ihs_no: z.string().nullable(),
  journal_notes: z.string().nullable(),
  journal_notes_modified_at: z.string().nullable(),
  /** the author's name (the stored business_user_id resolved) */
  journal_notes_modified_by: z.string().nullable(),
});
export type JournalCustomer = z.infer<typeof journalCustomer>;

/** GET cashier/satu-sehat-icd-10-search. */
export const icd10Query = z.object({
  search_term: z.string({ error: API_MESSAGES.invalidInput }).max(100, { error: API_MESSAGES.invalidInput }),
});
export const icd10Item = z.object({
  icd_10_id: z.number(),
  skri: z.string(),
  str: z.string(),
  /** the Indonesian title (ours: the list ships both) */
  str_id: z.string(),
});
export type Icd10Item = z.infer<typeof icd10Item>;
export const icd10Response = z.array(icd10Item);
/** Items the search answers at most. */
export const ICD10_SEARCH_LIMIT = 30;

/** The statistics' date range (001 §2.15, §9: requests YYYY-MM-DD). */
export const statisticQuery = z.object(
  {
    start_date: z
      .string({ error: JOURNAL_OWN.rangeInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: JOURNAL_OWN.rangeInvalid }),
    end_date: z
      .string({ error: JOURNAL_OWN.rangeInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: JOURNAL_OWN.rangeInvalid }),
  },
  { error: API_MESSAGES.invalidInput },
);
export type StatisticQuery = z.input<typeof statisticQuery>;
export const monthlyRow = z.object({ year_month_number: z.string(), patient_count: z.number() });
export const diagnosisRow = z.object({
  icd_10_id: z.number(),
  icd_skri: z.string(),
  icd_str: z.string(),
  patient_count: z.number(),
});
export const genderRow = z.object({ user_gender: z.number(), patient_count: z.number() });
export type MonthlyRow = z.infer<typeof monthlyRow>;
export type DiagnosisRow = z.infer<typeof diagnosisRow>;
export type GenderRow = z.infer<typeof genderRow>;
/** The longest range a statistics query may span. */
export const STATISTIC_MAX_DAYS = 366;
