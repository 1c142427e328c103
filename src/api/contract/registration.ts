// The registration queue's calls (001 §7 'Registration and visit flow'; issue 26). Paths per docs/api.md
// (ruling 12: the customer session is cashier/customer-flow, a path 001 §7 lists). No leading slash.
// local_session_id and local_change_id are ours: the device's ids that make a registration or a status change
// sent again (offline, a lost answer, two tabs) stored once.
import { z } from 'zod';
import { NIK_PATTERN } from '../../domain/member-info';
import { MEMBER_INFO_OWN } from '../../domain/texts/member-info';
import { REGISTRATION_OWN } from '../../domain/texts/registration';
import { API_MESSAGES } from '../../domain/texts/server';
import { bounded } from './redeem';

export const REGISTRATION_PATHS = {
  /** GET → [{status_name}] */
  flowStatus: 'cashier/customer-flow-status',
  /** GET ?filter_date → sessions; POST a registration; PUT a status change; DELETE ?user_business_session_id */
  session: 'cashier/customer-flow',
  /** POST the customer details of step 2 → {user_code, message} */
  patientActivation: 'cashier/patient-membership-activation',
} as const;

/** 001 §6: the registration menu's flag. */
export const REGISTRATION_ROLES = ['CUSTOMER_FLOW'] as const;

const text = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .refine((s) => !s.includes('\u0000'), { error: API_MESSAGES.invalidInput });
const identifierType = z.enum(['phone', 'qr', 'email', 'reference', 'search', 'nik'], {
  error: API_MESSAGES.invalidInput,
});
const localId = z
  .string({ error: API_MESSAGES.invalidInput })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: API_MESSAGES.invalidInput });
const sessionId = z.coerce
  .number({ error: REGISTRATION_OWN.sessionMissing })
  .int({ error: REGISTRATION_OWN.sessionMissing })
  .min(1, { error: REGISTRATION_OWN.sessionMissing })
  .max(2 ** 53 - 1, { error: REGISTRATION_OWN.sessionMissing });
const status = bounded(100);
const stamp = z
  .string({ error: REGISTRATION_OWN.invalidTime })
  .max(19, { error: REGISTRATION_OWN.invalidTime });

export const flowStatusResponse = z.array(z.object({ status_name: z.string() }));
export type FlowStatus = z.infer<typeof flowStatusResponse>[number];

export const sessionListQuery = z.object(
  {
    filter_date: z
      .string({ error: REGISTRATION_OWN.invalidDate })
      .max(10, { error: REGISTRATION_OWN.invalidDate }),
  },
  { error: API_MESSAGES.invalidInput },
);

/** 001 §3 Customer session, as the server answers it (local_session_id: ours). */
export const customerSession = z.object({
  user_business_session_id: z.number(),
  local_session_id: z.string().nullable(),
  user_code: z.string().nullable(),
  user_name: z.string().nullable(),
  phone_local: z.string().nullable(),
  nomor_urut: z.number(),
  pendaftaran_time: z.string(),
  status: z.string(),
  change_history: z.string(),
});
export type CustomerSession = z.infer<typeof customerSession>;
export const sessionListResponse = z.array(customerSession);

/** POST: 001 §7 plus local_session_id and the customer details a registration made offline carries. */
export const sessionCreateRequest = z.object(
  {
    local_session_id: localId,
    user_code: text(50).nullish(),
    pendaftaran_time: stamp,
    status,
    nomor_urut: z.number({ error: API_MESSAGES.invalidInput }).int().min(0).max(100_000).nullish(),
    user_identifier_string: text(254).nullish(),
    user_identifier_type: identifierType.nullish(),
    change_history: text(20_000).nullish(),
    user_name: text(120).nullish(),
    user_gender: z.union([z.literal(1), z.literal(2)], { error: API_MESSAGES.invalidInput }).nullish(),
    user_birth_date: text(10).nullish(),
    user_notes: text(1000).nullish(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type SessionCreateRequest = z.infer<typeof sessionCreateRequest>;

/** PUT: 001 §7 plus local_change_id, the status the device saw and when the change was made. */
export const sessionUpdateRequest = z
  .object(
    {
      user_business_session_id: sessionId.nullish(),
      local_session_id: localId.nullish(),
      local_change_id: localId,
      status,
      status_before: text(100).nullish(),
      action_date: text(19).nullish(),
      change_history: text(20_000).nullish(),
    },
    { error: API_MESSAGES.invalidInput },
  )
  .refine((b) => b.user_business_session_id != null || b.local_session_id != null, {
    error: REGISTRATION_OWN.sessionMissing,
    path: ['user_business_session_id'],
  });
export type SessionUpdateRequest = z.infer<typeof sessionUpdateRequest>;

/** The answer to a status change: the session and the history entry this change recorded. */
export const sessionUpdateResponse = customerSession.extend({
  recorded: z.object({ status_before: z.string(), status_after: z.string(), action_date: z.string() }),
});
export type SessionUpdateResponse = z.infer<typeof sessionUpdateResponse>;

export const sessionDeleteRequest = z.object(
  { user_business_session_id: sessionId },
  { error: API_MESSAGES.invalidInput },
);

/** POST cashier/patient-membership-activation (001 §7). */
export const patientActivationRequest = z.object(
  {
    is_edit_user: z.union([z.literal(0), z.literal(1)]).optional(),
    user_name: text(120).nullish(),
    user_gender: z.union([z.literal(1), z.literal(2)], { error: API_MESSAGES.invalidInput }).nullish(),
    user_birth_date: text(10).nullish(),
    user_notes: text(1000).nullish(),
    user_email_notification: text(254).nullish(),
    user_identifier_string: bounded(254),
    user_identifier_type: identifierType,
    nik: z
      .string({ error: API_MESSAGES.invalidInput })
      .trim()
      .max(64)
      .refine((v) => v === '' || NIK_PATTERN.test(v), { error: MEMBER_INFO_OWN.nikInvalid })
      .nullish(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type PatientActivationRequest = z.infer<typeof patientActivationRequest>;
export const patientActivationResponse = z.object({ user_code: z.string() });
