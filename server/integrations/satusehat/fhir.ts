/**
 * The FHIR R4 resources Serambi sends to SATUSEHAT, the national health-record exchange (issue 25), built by
 * pure functions so tests validate each against the R4 definitions (test/server/satusehat/fhir.test.ts).
 * The shapes follow the exchange's published contract (Kemenkes "SATUSEHAT" FHIR profiles): identifiers under
 * http://sys-ids.kemkes.go.id/…/{organization id}, patients by https://fhir.kemkes.go.id/id/nik.
 */

export const NIK_SYSTEM = 'https://fhir.kemkes.go.id/id/nik';
export const ICD10_SYSTEM = 'http://hl7.org/fhir/sid/icd-10';
export const ACT_CODE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const PARTICIPATION_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
export const DIAGNOSIS_ROLE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';
export const CONDITION_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
export const CONDITION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-category';
export const LOCATION_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/location-physical-type';

export const encounterIdentifierSystem = (organizationId: string) =>
  `http://sys-ids.kemkes.go.id/encounter/${organizationId}`;
export const locationIdentifierSystem = (organizationId: string) =>
  `http://sys-ids.kemkes.go.id/location/${organizationId}`;

export interface Coding {
  system: string;
  code: string;
  display?: string;
}
export interface Reference {
  reference: string;
  display?: string;
}
export interface Period {
  start: string;
  end?: string;
}
export type FhirResource = { resourceType: string; id?: string } & Record<string, unknown>;

export interface FhirLocation extends FhirResource {
  resourceType: 'Location';
  identifier?: { system: string; value: string }[];
  status?: 'active' | 'suspended' | 'inactive';
  name?: string;
  description?: string;
  mode?: 'instance' | 'kind';
  physicalType?: { coding: Coding[] };
  managingOrganization?: Reference;
  partOf?: Reference;
}

export interface FhirOrganization extends FhirResource {
  resourceType: 'Organization';
  active?: boolean;
  name?: string;
  partOf?: Reference;
}

export interface BundleEntry {
  fullUrl?: string;
  resource?: FhirResource;
  request?: { method: 'POST' | 'PUT' | 'GET'; url: string };
  response?: { status: string; location?: string };
}

export interface Bundle extends FhirResource {
  resourceType: 'Bundle';
  type: 'transaction' | 'transaction-response' | 'searchset';
  total?: number;
  entry?: BundleEntry[];
}

export interface LocationInput {
  organizationId: string;
  /** Ours, unique within the organization (the exchange refuses a second Location with it). */
  code: string;
  name: string;
  description?: string;
  /** The exchange's id of the location this one is part of. */
  partOfId?: string;
}

/** A room of the facility (physical type 'ro'), managed by the organization. */
export function locationResource(input: LocationInput): FhirLocation {
  return {
    resourceType: 'Location',
    identifier: [{ system: locationIdentifierSystem(input.organizationId), value: input.code }],
    status: 'active',
    name: input.name,
    description: input.description || input.name,
    mode: 'instance',
    physicalType: { coding: [{ system: LOCATION_TYPE_SYSTEM, code: 'ro', display: 'Room' }] },
    managingOrganization: { reference: `Organization/${input.organizationId}` },
    ...(input.partOfId ? { partOf: { reference: `Location/${input.partOfId}` } } : {}),
  };
}

export interface EncounterInput {
  organizationId: string;
  /** Ours: the activity's local_trx_id (the Encounter's identifier, unique per organization). */
  activityId: string;
  patient: { id: string; name: string };
  practitioner: { id: string; name: string };
  location: { id: string; name: string };
  /** The visit: arrived at `start`, in progress until `end`, finished at `end`. */
  start: Date;
  end: Date;
  diagnosis: { code: string; display: string };
}

/** urn:uuid fullUrls the two entries reference each other by (derived, so a resend builds the same bundle). */
export function bundleUuids(activityId: string): { encounter: string; condition: string } {
  const hex = [...activityId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 2166136261).toString(16);
  const base = `${hex.padStart(8, '0')}-0000-4000-8000-`;
  return { encounter: `urn:uuid:${base}000000000001`, condition: `urn:uuid:${base}000000000002` };
}

/** One Encounter (class AMB, finished, with its status history) and its Condition (ICD-10), as one transaction. */
export function encounterBundle(input: EncounterInput): Bundle {
  const urls = bundleUuids(input.activityId);
  const start = input.start.toISOString();
  const end = new Date(Math.max(input.end.getTime(), input.start.getTime())).toISOString();
  const display = `Kunjungan ${input.patient.name} tanggal ${start.slice(0, 10)}`;
  const encounter: FhirResource = {
    resourceType: 'Encounter',
    identifier: [{ system: encounterIdentifierSystem(input.organizationId), value: input.activityId }],
    status: 'finished',
    class: { system: ACT_CODE_SYSTEM, code: 'AMB', display: 'ambulatory' },
    subject: { reference: `Patient/${input.patient.id}`, display: input.patient.name },
    participant: [
      {
        type: [{ coding: [{ system: PARTICIPATION_TYPE_SYSTEM, code: 'ATND', display: 'attender' }] }],
        individual: { reference: `Practitioner/${input.practitioner.id}`, display: input.practitioner.name },
      },
    ],
    period: { start, end },
    location: [{ location: { reference: `Location/${input.location.id}`, display: input.location.name } }],
    diagnosis: [
      {
        condition: { reference: urls.condition, display: input.diagnosis.display },
        use: { coding: [{ system: DIAGNOSIS_ROLE_SYSTEM, code: 'DD', display: 'Discharge diagnosis' }] },
        rank: 1,
      },
    ],
    statusHistory: [
      { status: 'arrived', period: { start, end: start } },
      { status: 'in-progress', period: { start, end } },
      { status: 'finished', period: { start: end, end } },
    ],
    serviceProvider: { reference: `Organization/${input.organizationId}` },
  };
  const condition: FhirResource = {
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL_SYSTEM, code: 'active', display: 'Active' }] },
    category: [
      {
        coding: [
          { system: CONDITION_CATEGORY_SYSTEM, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' },
        ],
      },
    ],
    code: {
      coding: [{ system: ICD10_SYSTEM, code: input.diagnosis.code, display: input.diagnosis.display }],
    },
    subject: { reference: `Patient/${input.patient.id}`, display: input.patient.name },
    encounter: { reference: urls.encounter, display },
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: urls.encounter, resource: encounter, request: { method: 'POST', url: 'Encounter' } },
      { fullUrl: urls.condition, resource: condition, request: { method: 'POST', url: 'Condition' } },
    ],
  };
}

/** The diagnostics of an OperationOutcome (the exchange's error body), joined; '' when there are none. */
export function outcomeMessage(body: unknown): string {
  const issues = (body as { issue?: { diagnostics?: string; details?: { text?: string } }[] } | null)?.issue;
  if (!Array.isArray(issues)) return '';
  return issues
    .map((i) => i?.diagnostics ?? i?.details?.text ?? '')
    .filter(Boolean)
    .join('; ');
}

export function operationOutcome(code: string, diagnostics: string): FhirResource {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics }],
  };
}
