import { z } from 'zod';
import { EMR_SETUP_OWN } from '../../domain/texts/emr-setup';
import { API_MESSAGES } from '../../domain/texts/server';

/** The national exchange's calls (001 §7 "EMR setup", sync patient id; ruling 11: stored, editable, deletable). */
export const SATUSEHAT_PATHS = {
  /** POST {user_identifier_type, user_identifier_string} → {satusehat_patient_id}. */
  syncPatientId: 'cashier/sync-patient-id',
  /** GET → {organizations}; POST (ours) a new one; GET/PUT/DELETE …/{id}. */
  organization: 'cashier/satu-sehat-organization',
  /** POST {satusehat_organization_id}. */
  organizationInit: 'cashier/satu-sehat-organization-init',
  /** Ours: GET → {locations}; POST a new one (created at the exchange too); GET/PUT/DELETE …/{id}. */
  location: 'cashier/satu-sehat-location',
} as const;

export const emrId = z.coerce
  .number({ error: API_MESSAGES.invalidInput })
  .int({ error: API_MESSAGES.invalidInput })
  .positive({ error: API_MESSAGES.invalidInput })
  .max(Number.MAX_SAFE_INTEGER, { error: API_MESSAGES.invalidInput });
export const emrIdParams = z.object({ id: emrId });
const optionalId = z.union([emrId, z.null()]).optional();

export const organizationInitRequest = z.object({
  satusehat_organization_id: z
    .string({ error: EMR_SETUP_OWN.orgIdRequired })
    .trim()
    .min(1, { error: EMR_SETUP_OWN.orgIdRequired })
    .max(64, { error: EMR_SETUP_OWN.orgIdRequired }),
});

export const organizationRequest = z.object({
  organization_name: z
    .string({ error: EMR_SETUP_OWN.orgNameRequired })
    .trim()
    .min(1, { error: EMR_SETUP_OWN.orgNameRequired })
    .max(200, { error: EMR_SETUP_OWN.orgNameRequired }),
  parent_organization_id: optionalId,
  is_active: z.union([z.literal(0), z.literal(1)], { error: API_MESSAGES.invalidInput }).optional(),
});

export const locationRequest = z.object({
  location_name: z
    .string({ error: EMR_SETUP_OWN.locNameRequired })
    .trim()
    .min(1, { error: EMR_SETUP_OWN.locNameRequired })
    .max(200, { error: EMR_SETUP_OWN.locNameRequired }),
  parent_location_id: optionalId,
  parent_organization_id: optionalId,
  is_active: z.union([z.literal(0), z.literal(1)], { error: API_MESSAGES.invalidInput }).optional(),
});

export type OrganizationInput = z.output<typeof organizationRequest>;
export type LocationInput = z.output<typeof locationRequest>;

export interface EmrOrganization {
  id: number;
  organization_name: string;
  /** The parent's name ('Bagian Dari'), null at the top. */
  parent_emr_organization: string | null;
  parent_organization_id: number | null;
  satusehat_organization_id: string | null;
  is_active: 0 | 1;
}

export interface EmrLocation {
  id: number;
  location_name: string;
  parent_emr_location: string | null;
  parent_emr_organization: string | null;
  parent_location_id: number | null;
  parent_organization_id: number | null;
  satusehat_location_id: string | null;
  is_active: 0 | 1;
}
