import { z } from 'zod';
import { API_MESSAGES } from '../../domain/texts/server';

/**
 * The audit log calls (issue 15, docs/api.md): the device uploads its event log before its local data is
 * cleared; the auditor (role flag AUDIT_LOG) reads an outlet's day and replays one transaction.
 */
export const AUDIT_PATHS = {
  /** POST {events}: a batch of the device's log (≤ 1000), stored once per event id. Any signed-in user. */
  events: 'cashier/audit/events',
  /** GET ?outlet_id=&date=[&business_user_id=][&local_trx_id=]: the transactions of an outlet's WIB day. */
  day: 'cashier/audit/day',
  /** GET: every event of one transaction, in order, with its chain findings. */
  trx: (localTrxId: string) => `cashier/audit/trx/${encodeURIComponent(localTrxId)}`,
} as const;

/** The role flag of the auditor page (ours, not the spec's: docs/decisions.md). */
export const AUDIT_ROLE = 'AUDIT_LOG';

/**
 * Events per upload call (issue 23 item 3: the work of one call is bounded; parsing and checking 5,000 events
 * held the server's thread for 200–400 ms on a loaded machine). The server stores a call in transactions of
 * 50–1,000 events, sized to take about 40 ms each (server/services/audit.ts AUDIT_UPLOAD_CHUNK, issue 28), that
 * commit one by one (issue 23 item 3).
 */
export const AUDIT_UPLOAD_BATCH = 1000;

/** Text the database can hold (jsonb and text refuse U+0000). */
const safeText = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .min(1, { error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .refine((s) => !s.includes('\u0000'), { error: API_MESSAGES.invalidInput });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, { error: API_MESSAGES.invalidInput });

/** One event as the device's log holds it (src/events RawEvent, without the local seq). */
export const uploadedEvent = z.object(
  {
    id: safeText(100),
    type: safeText(100),
    v: z.number().int().min(1).max(10_000),
    at: z.iso.datetime({ offset: true, error: API_MESSAGES.invalidInput }),
    actor: z.union([z.number().int().min(0).max(2_147_483_647), z.literal('device')]),
    trxId: safeText(100).optional(),
    payload: z
      .unknown()
      .refine((p) => p !== undefined, { error: API_MESSAGES.invalidInput })
      .refine((p) => !(JSON.stringify(p) ?? '').includes('\\u0000'), { error: API_MESSAGES.invalidInput }),
    chain: z
      .object({
        device: safeText(100),
        n: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        prev: hex64,
        hash: hex64,
      })
      .optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type UploadedEvent = z.infer<typeof uploadedEvent>;

export const uploadEventsRequest = z.object(
  {
    events: z.array(uploadedEvent, { error: API_MESSAGES.invalidInput }).min(1).max(AUDIT_UPLOAD_BATCH),
  },
  { error: API_MESSAGES.invalidInput },
);
export type UploadEventsRequest = z.infer<typeof uploadEventsRequest>;

export const uploadEventsResponse = z.object({
  /** Events stored by this call. */
  stored: z.number().int().min(0),
  /** Events the server already held (a repeat). */
  duplicates: z.number().int().min(0),
  /** Of the stored ones, those the chain check flagged. */
  flagged: z.number().int().min(0),
});
export type UploadEventsResponse = z.infer<typeof uploadEventsResponse>;

const queryInt = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/, { error: API_MESSAGES.invalidInput })], {
    error: API_MESSAGES.invalidInput,
  })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: API_MESSAGES.invalidInput }));

export const auditDayQuery = z.object(
  {
    outlet_id: queryInt,
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.invalidInput }),
    business_user_id: queryInt.optional(),
    local_trx_id: safeText(100).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type AuditDayQuery = z.input<typeof auditDayQuery>;

export const auditTrxParams = z.object({ local_trx_id: safeText(100) }, { error: API_MESSAGES.invalidInput });

/**
 * What the checks find: the chain's own findings (altered, gap, broken, reordered: src/events/chain.ts), and
 * the uploader's (issue 23 items 1–2): 'outlet' (the sale belongs to an outlet the uploader cannot sell at;
 * the event is not filed there), 'actor' (the event names another user than the one who uploaded it),
 * 'claimed' (a device: another business uploaded events under its id).
 */
export const CHAIN_FLAG_VALUES = [
  'altered',
  'gap',
  'broken',
  'reordered',
  'outlet',
  'actor',
  'claimed',
] as const;
export type AuditFlag = (typeof CHAIN_FLAG_VALUES)[number];

/** A device's chain as the auditor sees it: the findings of upload and of this read. */
export const deviceChain = z.object({
  device_id: z.string(),
  flagged_events: z.number().int().min(0),
  flags: z.array(z.enum(CHAIN_FLAG_VALUES)),
  /** Events another business uploaded under this device id (0: none; then 'claimed' is among the flags). */
  claimed_events: z.number().int().min(0),
});
export type DeviceChain = z.infer<typeof deviceChain>;

/** One transaction of the day, summed up from its events (or a synced sale whose log has not arrived). */
export const auditTrxSummary = z.object({
  local_trx_id: z.string(),
  /** The server's number of the sale ({outlet code}-{YYYYMMDD}-{NNNN}); null when the server has no sale. */
  trx_id: z.string().nullable(),
  /** The server holds the sale but no event of it yet: the device uploads its log at sign-out. */
  log_pending: z.boolean(),
  order_no: z.number().nullable(),
  first_at: z.string(),
  last_at: z.string(),
  cashier_ids: z.array(z.number()),
  device_ids: z.array(z.string()),
  events: z.number().int(),
  deleted_lines: z.number().int(),
  payments_removed: z.number().int(),
  voided: z.boolean(),
  void_reason: z.string().nullable(),
  max_discount_percent: z.number(),
  submitted: z.boolean(),
  deleted_before_submit: z.boolean(),
  reprints: z.number().int(),
  worker_edits: z.number().int(),
  drv_grand_total: z.number().nullable(),
  flagged: z.boolean(),
});
export type AuditTrxSummary = z.infer<typeof auditTrxSummary>;

export const auditDayResponse = z.object({
  trxs: z.array(auditTrxSummary),
  devices: z.array(deviceChain),
  cashiers: z.array(z.object({ business_user_id: z.number(), name: z.string() })),
  outlets: z.array(z.object({ business_outlet_id: z.number(), outlet_name: z.string() })),
});
export type AuditDayResponse = z.infer<typeof auditDayResponse>;

/** One stored event of a transaction, with where it sits in its chain and what the checks found. */
export const auditEvent = z.object({
  id: z.string(),
  type: z.string(),
  v: z.number(),
  at: z.string(),
  actor: z.union([z.number(), z.literal('device')]),
  trxId: z.string().optional(),
  payload: z.unknown(),
  device_id: z.string().nullable(),
  chain_n: z.number().nullable(),
  flags: z.array(z.enum(CHAIN_FLAG_VALUES)),
  /** Who uploaded it (the signed-in user of the upload) and from which outlet's session. */
  uploaded_by: z.number(),
  upload_outlet_id: z.number().nullable(),
  /** The outlet it is filed under: its sale's, or the upload's when the uploader cannot sell there. */
  outlet_id: z.number().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditTrxResponse = z.object({
  events: z.array(auditEvent),
  devices: z.array(deviceChain),
  /** The actors and uploaders named by the events. */
  cashiers: z.array(z.object({ business_user_id: z.number(), name: z.string() })),
  /** The business's outlets the events name (filed or uploaded from). */
  outlets: z.array(z.object({ business_outlet_id: z.number(), outlet_name: z.string() })),
  /** The sale as the server holds it (null: not synced, or never submitted). */
  sale: z
    .object({ trx_id: z.string(), business_outlet_id: z.number(), trx_status_id: z.number() })
    .nullable(),
});
export type AuditTrxResponse = z.infer<typeof auditTrxResponse>;
