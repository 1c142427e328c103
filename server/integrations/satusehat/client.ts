import {
  type Bundle,
  type EncounterInput,
  encounterBundle,
  type FhirLocation,
  type FhirOrganization,
  type LocationInput,
  locationResource,
  NIK_SYSTEM,
  outcomeMessage,
} from './fhir';

/** Where the exchange is and who we are to it (SATUSEHAT_* in the environment; README "Configuration"). */
export interface SatusehatSettings {
  /** The OAuth2 base: {authUrl}/accesstoken?grant_type=client_credentials. */
  authUrl: string;
  /** The FHIR R4 base: {baseUrl}/Patient, /Organization, /Location, / (transaction bundles). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The facility's organization id at the exchange (its credentials are bound to it). */
  organizationId: string;
  /** Per request; the outbox's claim outlives it. */
  timeoutMs?: number;
}

export const SATUSEHAT_URLS = {
  sandbox: {
    authUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/oauth2/v1',
    baseUrl: 'https://api-satusehat-stg.dto.kemkes.go.id/fhir-r4/v1',
  },
  production: {
    authUrl: 'https://api-satusehat.kemkes.go.id/oauth2/v1',
    baseUrl: 'https://api-satusehat.kemkes.go.id/fhir-r4/v1',
  },
} as const;

/** A refusal or a failure to reach the exchange; status 0 = no answer (network, time-out). */
export class SatusehatError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SatusehatError';
  }
}

export interface PatientMatch {
  id: string;
  /** As the exchange gives it (masked: 'B**i S*****o'). */
  name: string;
}

/** What Serambi asks of the exchange (tests and the demo use the stand-in behind the same client). */
export interface SatusehatClient {
  readonly organizationId: string;
  /** The patient's id at the exchange by NIK; null when the exchange does not know the NIK. */
  patientByNik(nik: string): Promise<PatientMatch | null>;
  readOrganization(id: string): Promise<FhirOrganization>;
  /** The organizations whose partOf is `id`. */
  organizationsPartOf(id: string): Promise<FhirOrganization[]>;
  /** Creates the location; answers it with the exchange's id. */
  createLocation(input: Omit<LocationInput, 'organizationId'>): Promise<FhirLocation>;
  listLocations(): Promise<FhirLocation[]>;
  /** Sends one activity as an Encounter + Condition transaction; answers the exchange's ids. */
  sendEncounter(
    input: Omit<EncounterInput, 'organizationId'>,
  ): Promise<{ encounterId: string; conditionId: string }>;
}

interface CachedToken {
  token: string;
  /** ms since the epoch, with a minute's margin taken off. */
  expiresAt: number;
}

/**
 * The real client over fetch. The access token is cached in this process until shortly before its expiry
 * (`expires_in` arrives as a string of seconds); a 401 drops it and the call is tried once more with a new one.
 * A cache only: a restarted or second server asks for its own token (docs/decisions.md).
 */
export function httpSatusehatClient(
  settings: SatusehatSettings,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): SatusehatClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const base = settings.baseUrl.replace(/\/+$/, '');
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;

  async function request(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new SatusehatError(0, `SATUSEHAT tidak dapat dihubungi: ${(e as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body };
  }

  async function fetchToken(): Promise<string> {
    const form = new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret });
    const { status, body } = await request(
      `${settings.authUrl.replace(/\/+$/, '')}/accesstoken?grant_type=client_credentials`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
      },
    );
    const b = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (status !== 200 || typeof b.access_token !== 'string' || !b.access_token)
      throw new SatusehatError(
        status,
        `SATUSEHAT menolak kredensial (${status}): ${outcomeMessage(body) || JSON.stringify(body)?.slice(0, 200)}`,
      );
    // the exchange sends "14399" (a string); a number is taken too, anything else is a short life
    const seconds = Number(b.expires_in);
    const life = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
    cached = { token: b.access_token, expiresAt: now() + Math.max(0, life - 60_000) };
    return b.access_token;
  }

  async function token(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    // one token request at a time: concurrent calls share it
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function fhir(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await token();
      const { status, body } = await request(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          Accept: 'application/fhir+json',
          ...(payload ? { 'Content-Type': 'application/fhir+json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      if (status === 401 && attempt === 0) {
        if (cached?.token === bearer) cached = undefined;
        continue;
      }
      if (status >= 200 && status < 300) return body;
      const detail = outcomeMessage(body) || (typeof body === 'string' ? body.slice(0, 200) : '');
      throw new SatusehatError(status, `SATUSEHAT menjawab ${status}${detail ? `: ${detail}` : ''}`);
    }
  }

  const entries = <T>(bundle: unknown): T[] =>
    ((bundle as Bundle | null)?.entry ?? []).map((e) => e.resource as T).filter(Boolean);

  return {
    organizationId: settings.organizationId,
    async patientByNik(nik) {
      const found = (await fhir(
        'GET',
        `/Patient?identifier=${encodeURIComponent(`${NIK_SYSTEM}|${nik}`)}`,
      )) as Bundle;
      const patient = entries<{ id?: string; name?: { text?: string; family?: string; given?: string[] }[] }>(
        found,
      )[0];
      if (!patient?.id) return null;
      const n = patient.name?.[0];
      return { id: patient.id, name: n?.text ?? [...(n?.given ?? []), n?.family ?? ''].join(' ').trim() };
    },
    async readOrganization(id) {
      return (await fhir('GET', `/Organization/${encodeURIComponent(id)}`)) as FhirOrganization;
    },
    async organizationsPartOf(id) {
      return entries<FhirOrganization>(await fhir('GET', `/Organization?partof=${encodeURIComponent(id)}`));
    },
    async createLocation(input) {
      return (await fhir(
        'POST',
        '/Location',
        locationResource({ ...input, organizationId: settings.organizationId }),
      )) as FhirLocation;
    },
    async listLocations() {
      return entries<FhirLocation>(
        await fhir('GET', `/Location?organization=${encodeURIComponent(settings.organizationId)}`),
      );
    },
    async sendEncounter(input) {
      const answer = (await fhir(
        'POST',
        '',
        encounterBundle({ ...input, organizationId: settings.organizationId }),
      )) as Bundle;
      const ids = (answer?.entry ?? []).map(
        (e) => e.response?.location?.split('/')[1] ?? e.resource?.id ?? '',
      );
      const [encounterId = '', conditionId = ''] = ids;
      if (!encounterId) throw new SatusehatError(502, 'SATUSEHAT tidak mengembalikan id Encounter');
      return { encounterId, conditionId };
    },
  };
}
