// The medical sub-records' calls (001 §7 'GET {emr}' / 'PUT {emr}', issue 25) and the owner's audit of them.
import { z } from 'zod';
import { EMR_FIELDS, type EmrField } from '../../domain/emr-records';
import { EMR_RECORDS_OWN, EMR_RECORDS_TEXTS } from '../../domain/texts/emr-records';
import { API_MESSAGES } from '../../domain/texts/server';
import { isOutletStamp } from '../../domain/time-wall';

export const EMR_PATHS = {
  /** GET ?user_identifier_type=qr&user_identifier_string={user_code}; PUT {user_code, one list} */
  emr: 'cashier/customer-emr',
  /** ours: the owner's list of reads and writes of medical records (AUDIT_LOG) */
  accessLog: 'cashier/customer-emr/access-log',
} as const;

/** A PUT body is at most this large (five signatures of a consent list and their kin). */
export const EMR_BODY_LIMIT = 8 * 1024 * 1024;

/** A list as sent: the JSON text of the array, or '{}' when empty (001 §4); checked by the service. */
const wireList = z.string({ error: EMR_RECORDS_OWN.invalidRecord }).max(EMR_BODY_LIMIT);

export const emrPutRequest = z
  .object({
    user_code: z
      .string({ error: EMR_RECORDS_TEXTS.customerRequired })
      .trim()
      .min(1, { error: EMR_RECORDS_TEXTS.customerRequired })
      .max(100, { error: API_MESSAGES.invalidInput }),
    screening_rawat_jalan: wireList.optional(),
    riwayat_alergi: wireList.optional(),
    rekam_medis_tubuh: wireList.optional(),
    persetujuan_medis: wireList.optional(),
    discharge_planning: wireList.optional(),
  })
  .superRefine((v, ctx) => {
    const sent = EMR_FIELDS.filter((f) => v[f] !== undefined);
    if (sent.length !== 1)
      ctx.addIssue({ code: 'custom', message: EMR_RECORDS_OWN.oneField, path: [sent[1] ?? EMR_FIELDS[0]] });
  })
  .transform((v) => {
    const field = EMR_FIELDS.find((f) => v[f] !== undefined) as EmrField;
    return { user_code: v.user_code, field, wire: v[field] as string };
  });
export type EmrPutRequest = z.input<typeof emrPutRequest>;

/** GET {emr}: the five lists as JSON text (each an array, '[]' when empty). */
export const emrRecord = z.object({
  user_code: z.string(),
  screening_rawat_jalan: z.string(),
  riwayat_alergi: z.string(),
  rekam_medis_tubuh: z.string(),
  persetujuan_medis: z.string(),
  discharge_planning: z.string(),
});
export type EmrRecord = z.infer<typeof emrRecord>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.invalidInput })
  .refine(isOutletStamp, { error: API_MESSAGES.invalidInput })
  .optional();
export const emrAccessQuery = z.object({ start_date: day, end_date: day });
export type EmrAccessQuery = z.input<typeof emrAccessQuery>;

export const EMR_ACCESS_ACTIONS = ['read', 'write', 'refused'] as const;
export const emrAccessRow = z.object({
  emr_access_id: z.number(),
  at: z.string(),
  business_user_id: z.number(),
  user_name: z.string(),
  outlet_name: z.string().nullable(),
  user_code: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** a field of EMR_FIELDS, or '*' for a read of the whole record */
  record: z.string(),
  action: z.enum(EMR_ACCESS_ACTIONS),
  item_count: z.number().nullable(),
});
export type EmrAccessRow = z.infer<typeof emrAccessRow>;
export const emrAccessResponse = z.object({ entries: z.array(emrAccessRow) });
