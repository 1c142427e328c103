import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ICD10_CSV } from '../../services/icd10';
import type { SatusehatSettings } from './client';
import {
  type Bundle,
  type BundleEntry,
  encounterIdentifierSystem,
  type FhirLocation,
  type FhirOrganization,
  type FhirResource,
  ICD10_SYSTEM,
  locationIdentifierSystem,
  NIK_SYSTEM,
  operationOutcome,
} from './fhir';

/**
 * A stand-in of SATUSEHAT that follows its contract closely enough to catch what the real exchange refuses:
 * the token endpoint takes a form body and answers expires_in as a string; every FHIR call needs a live
 * bearer (401 OperationOutcome otherwise); the credentials are bound to one organization; a patient search
 * answers masked names and total 0 when the NIK is unknown; a second Location with an identifier already used
 * is a 400; a transaction bundle's urn:uuid references are resolved; an unknown ICD-10 code and an Encounter
 * missing a required field are refused. Started by main.ts when no SATUSEHAT_CLIENT_ID is set, and by tests.
 */
export interface StandInPatient {
  nik: string;
  id: string;
  name: string;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  organizationId?: string;
  organizationName?: string;
  /** Sub-organizations (partOf the bound organization). */
  subOrganizations?: { id: string; name: string }[];
  patients?: StandInPatient[];
  /** Asked for a NIK not in `patients` (the demo: its database's customers); the answer is remembered. */
  lookupPatient?: (nik: string) => Promise<StandInPatient | null>;
  /** Locations the exchange already holds (the demo's, registered before a restart of the stand-in). */
  locations?: { id: string; code: string; name: string }[];
  /** Registered practitioner ids (empty: any id is taken). */
  practitioners?: string[];
  /** Token lifetime in seconds (the real one: 14399). */
  tokenLifeSeconds?: number;
  /** Known ICD-10 codes; default: the shipped list when found, else the code's shape. */
  isKnownIcd10?: (code: string) => boolean;
  /** The clock (ms), for token expiry in tests. */
  now?: () => number;
}

export interface StandInState {
  encounters: FhirResource[];
  conditions: FhirResource[];
  locations: FhirLocation[];
  tokenRequests: number;
  /** Set: every FHIR call answers this status (500, 401) or, with 0, the connection is dropped. */
  failWith: number | null;
  patients: Map<string, StandInPatient>;
}

export interface SatusehatStandIn {
  url: string;
  /** Settings for httpSatusehatClient that reach this stand-in. */
  settings: SatusehatSettings;
  state: StandInState;
  close(): Promise<void>;
}

/** 'Budi Santoso' → 'B**i S*****o', as the exchange masks names in search answers. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length <= 2 ? `${w[0]}*` : `${w[0]}${'*'.repeat(w.length - 2)}${w[w.length - 1]}`))
    .join(' ');
}

function icd10FromShippedList(): ((code: string) => boolean) | undefined {
  for (const path of [ICD10_CSV, '../shared/data/icd10.csv']) {
    if (!existsSync(path)) continue;
    const codes = new Set(
      readFileSync(path, 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.split(';')[0]?.trim())
        .filter(Boolean),
    );
    return (code) => codes.has(code);
  }
  return undefined;
}

const ICD10_SHAPE = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,2})?$/;

export async function startSatusehatStandIn(options: StandInOptions = {}): Promise<SatusehatStandIn> {
  const clientId = options.clientId ?? 'serambi-stand-in';
  const clientSecret = options.clientSecret ?? 'stand-in-secret';
  const orgId = options.organizationId ?? '10000004';
  const now = options.now ?? Date.now;
  const life = options.tokenLifeSeconds ?? 14399;
  const isKnownIcd10 =
    options.isKnownIcd10 ?? icd10FromShippedList() ?? ((code: string) => ICD10_SHAPE.test(code));
  const organizations = new Map<string, FhirOrganization>([
    [
      orgId,
      {
        resourceType: 'Organization',
        id: orgId,
        active: true,
        name: options.organizationName ?? 'Klinik Serambi',
      },
    ],
  ]);
  for (const o of options.subOrganizations ?? [])
    organizations.set(o.id, {
      resourceType: 'Organization',
      id: o.id,
      active: true,
      name: o.name,
      partOf: { reference: `Organization/${orgId}` },
    });
  const state: StandInState = {
    encounters: [],
    conditions: [],
    locations: (options.locations ?? []).map((l) => ({
      resourceType: 'Location',
      id: l.id,
      identifier: [{ system: locationIdentifierSystem(orgId), value: l.code }],
      status: 'active',
      name: l.name,
      managingOrganization: { reference: `Organization/${orgId}` },
    })),
    tokenRequests: 0,
    failWith: null,
    patients: new Map((options.patients ?? []).map((p) => [p.nik, p])),
  };
  const practitioners = new Set(options.practitioners ?? []);
  const tokens = new Map<string, number>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/fhir+json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string, diagnostics: string) =>
    send(res, status, operationOutcome(code, diagnostics));
  const searchset = (resources: FhirResource[]): Bundle => ({
    resourceType: 'Bundle',
    type: 'searchset',
    total: resources.length,
    entry: resources.map((r) => ({ fullUrl: `${r.resourceType}/${r.id}`, resource: r })),
  });

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > 1_000_000) throw new Error('too large');
      chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  const ref = (v: unknown): string => ((v as { reference?: unknown } | undefined)?.reference as string) ?? '';

  /** What is wrong with an Encounter of a bundle ('' = nothing). */
  function encounterProblem(e: FhirResource, resolve: (r: string) => string | null): string {
    const identifier = (e.identifier as { system?: string; value?: string }[] | undefined)?.[0];
    if (!identifier?.value || identifier.system !== encounterIdentifierSystem(orgId))
      return `Encounter.identifier harus memakai system ${encounterIdentifierSystem(orgId)}`;
    if (!['arrived', 'in-progress', 'finished'].includes(e.status as string))
      return 'Encounter.status wajib diisi';
    const cls = e.class as { code?: string } | undefined;
    if (!cls?.code) return 'Encounter.class wajib diisi';
    const subject = ref(e.subject);
    if (
      !subject.startsWith('Patient/') ||
      ![...state.patients.values()].some((p) => `Patient/${p.id}` === subject)
    )
      return `Encounter.subject ${subject || '(kosong)'} tidak dikenal`;
    const participant = (e.participant as { individual?: unknown }[] | undefined)?.[0];
    const pr = ref(participant?.individual);
    if (!pr.startsWith('Practitioner/') || (practitioners.size > 0 && !practitioners.has(pr.slice(13))))
      return `Encounter.participant ${pr || '(kosong)'} tidak dikenal`;
    if (!(e.period as { start?: string } | undefined)?.start) return 'Encounter.period.start wajib diisi';
    const loc = ref((e.location as { location?: unknown }[] | undefined)?.[0]?.location);
    if (!state.locations.some((l) => `Location/${l.id}` === loc))
      return `Encounter.location ${loc || '(kosong)'} tidak dikenal`;
    if (!Array.isArray(e.statusHistory) || e.statusHistory.length === 0)
      return 'Encounter.statusHistory wajib diisi';
    if (ref(e.serviceProvider) !== `Organization/${orgId}`)
      return 'Encounter.serviceProvider harus organisasi pemilik kredensial';
    for (const d of (e.diagnosis as { condition?: unknown }[] | undefined) ?? []) {
      if (resolve(ref(d.condition)) === null)
        return `Encounter.diagnosis ${ref(d.condition)} tidak dapat diresolusi`;
    }
    if (
      state.encounters.some(
        (x) => (x.identifier as { value?: string }[] | undefined)?.[0]?.value === identifier.value,
      )
    )
      return `duplicate: Encounter dengan identifier ${identifier.value} sudah ada`;
    return '';
  }

  function conditionProblem(c: FhirResource, resolve: (r: string) => string | null): string {
    const coding = (c.code as { coding?: { system?: string; code?: string }[] } | undefined)?.coding?.[0];
    if (coding?.system !== ICD10_SYSTEM) return `Condition.code harus memakai system ${ICD10_SYSTEM}`;
    if (!coding.code || !isKnownIcd10(coding.code)) return `Kode ICD-10 ${coding.code ?? ''} tidak dikenal`;
    if (
      !state.patients.size ||
      ![...state.patients.values()].some((p) => `Patient/${p.id}` === ref(c.subject))
    )
      return `Condition.subject ${ref(c.subject)} tidak dikenal`;
    if (resolve(ref(c.encounter)) === null)
      return `Condition.encounter ${ref(c.encounter)} tidak dapat diresolusi`;
    return '';
  }

  function transaction(res: ServerResponse, bundle: Bundle) {
    if (bundle?.resourceType !== 'Bundle' || bundle.type !== 'transaction' || !Array.isArray(bundle.entry))
      return refuse(res, 400, 'invalid', 'Bundle transaction diperlukan');
    // every entry gets its id first, so references in either direction resolve
    const ids = new Map<string, string>();
    for (const entry of bundle.entry) {
      if (!entry.resource || entry.request?.method !== 'POST')
        return refuse(res, 400, 'invalid', 'Setiap entry memerlukan resource dan request POST');
      if (entry.fullUrl) ids.set(entry.fullUrl, `${entry.resource.resourceType}/${randomUUID()}`);
    }
    const resolve = (r: string): string | null => {
      if (r.startsWith('urn:uuid:')) return ids.get(r) ?? null;
      if (r.startsWith('Encounter/'))
        return state.encounters.some((e) => `Encounter/${e.id}` === r) ? r : null;
      if (r.startsWith('Condition/'))
        return state.conditions.some((e) => `Condition/${e.id}` === r) ? r : null;
      return null;
    };
    for (const entry of bundle.entry) {
      const r = entry.resource as FhirResource;
      const problem =
        r.resourceType === 'Encounter'
          ? encounterProblem(r, resolve)
          : r.resourceType === 'Condition'
            ? conditionProblem(r, resolve)
            : `${r.resourceType} tidak diterima stand-in`;
      if (problem)
        return refuse(res, 400, problem.startsWith('duplicate') ? 'duplicate' : 'invalid', problem);
    }
    const stored: BundleEntry[] = [];
    for (const entry of bundle.entry) {
      const r = entry.resource as FhirResource;
      const location = entry.fullUrl
        ? (ids.get(entry.fullUrl) as string)
        : `${r.resourceType}/${randomUUID()}`;
      const withRefs = JSON.parse(JSON.stringify(r), (_k, v) =>
        typeof v === 'string' && ids.has(v) ? ids.get(v) : v,
      ) as FhirResource;
      withRefs.id = location.split('/')[1];
      (r.resourceType === 'Encounter' ? state.encounters : state.conditions).push(withRefs);
      stored.push({ response: { status: '201 Created', location: `${location}/_history/1` } });
    }
    send(res, 200, { resourceType: 'Bundle', type: 'transaction-response', entry: stored });
  }

  function createLocation(res: ServerResponse, l: FhirLocation) {
    if (l?.resourceType !== 'Location')
      return refuse(res, 400, 'invalid', 'resourceType Location diperlukan');
    const identifier = l.identifier?.[0];
    if (!identifier?.value || identifier.system !== locationIdentifierSystem(orgId))
      return refuse(
        res,
        400,
        'invalid',
        `Location.identifier harus memakai system ${locationIdentifierSystem(orgId)}`,
      );
    if (!l.name?.trim()) return refuse(res, 400, 'required', 'Location.name wajib diisi');
    if (!l.status) return refuse(res, 400, 'required', 'Location.status wajib diisi');
    if (ref(l.managingOrganization) !== `Organization/${orgId}`)
      return refuse(
        res,
        403,
        'forbidden',
        'Location.managingOrganization harus organisasi pemilik kredensial',
      );
    if (l.partOf && !state.locations.some((x) => `Location/${x.id}` === ref(l.partOf)))
      return refuse(res, 400, 'invalid', `Location.partOf ${ref(l.partOf)} tidak dikenal`);
    if (state.locations.some((x) => x.identifier?.[0]?.value === identifier.value))
      return refuse(
        res,
        400,
        'duplicate',
        `duplicate: Location dengan identifier ${identifier.value} sudah ada`,
      );
    const created = { ...l, id: randomUUID() };
    state.locations.push(created);
    send(res, 201, created);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/oauth2/v1/accesstoken') {
      if (req.method !== 'POST' || url.searchParams.get('grant_type') !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type' });
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return send(res, 400, { error: 'invalid_request', error_description: 'form body required' });
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
      state.tokenRequests++;
      const token = randomUUID().replaceAll('-', '');
      tokens.set(token, now() + life * 1000);
      return send(res, 200, {
        access_token: token,
        expires_in: String(life),
        token_type: 'BearerToken',
        issued_at: String(now()),
        client_id: clientId,
        organization_name: organizations.get(orgId)?.name,
        status: 'approved',
      });
    }
    if (!path.startsWith('/fhir-r4/v1')) return refuse(res, 404, 'not-found', 'Tidak ditemukan');
    if (state.failWith === 0) return req.socket.destroy();
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= now())
      return refuse(res, 401, 'login', expiresAt ? 'Access token expired' : 'Invalid access token');
    if (state.failWith)
      return refuse(res, state.failWith, 'exception', `Stand-in menjawab ${state.failWith}`);
    const fhirPath = path.slice('/fhir-r4/v1'.length);
    let body: unknown = null;
    if (req.method === 'POST') {
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return refuse(res, 400, 'invalid', 'JSON tidak valid');
      }
    }
    if (req.method === 'GET' && fhirPath === '/Patient') {
      const [system, nik] = (url.searchParams.get('identifier') ?? '').split('|');
      if (system !== NIK_SYSTEM || !nik)
        return refuse(res, 400, 'invalid', `identifier ${NIK_SYSTEM}|{nik} diperlukan`);
      let p = state.patients.get(nik);
      if (!p && options.lookupPatient) {
        p = (await options.lookupPatient(nik)) ?? undefined;
        if (p) state.patients.set(nik, p);
      }
      return send(
        res,
        200,
        searchset(
          p
            ? [
                {
                  resourceType: 'Patient',
                  id: p.id,
                  name: [{ use: 'official', text: maskName(p.name) }],
                  meta: { profile: ['https://fhir.kemkes.go.id/r4/StructureDefinition/Patient'] },
                },
              ]
            : [],
        ),
      );
    }
    const orgMatch = /^\/Organization\/([^/]+)$/.exec(fhirPath);
    if (req.method === 'GET' && orgMatch) {
      const o = organizations.get(decodeURIComponent(orgMatch[1] as string));
      if (!o) return refuse(res, 404, 'not-found', `Organization ${orgMatch[1]} tidak ditemukan`);
      const bound = o.id === orgId || ref(o.partOf) === `Organization/${orgId}`;
      if (!bound) return refuse(res, 403, 'forbidden', 'Organization di luar organisasi pemilik kredensial');
      return send(res, 200, o);
    }
    if (req.method === 'GET' && fhirPath === '/Organization') {
      const partof = url.searchParams.get('partof') ?? '';
      if (partof !== orgId && !organizations.has(partof)) return send(res, 200, searchset([]));
      return send(
        res,
        200,
        searchset([...organizations.values()].filter((o) => ref(o.partOf) === `Organization/${partof}`)),
      );
    }
    if (req.method === 'POST' && fhirPath === '/Location') return createLocation(res, body as FhirLocation);
    if (req.method === 'GET' && fhirPath === '/Location') {
      const org = url.searchParams.get('organization') ?? orgId;
      return send(
        res,
        200,
        searchset(state.locations.filter((l) => ref(l.managingOrganization) === `Organization/${org}`)),
      );
    }
    if (req.method === 'POST' && fhirPath === '') return transaction(res, body as Bundle);
    return refuse(res, 404, 'not-supported', `${req.method} ${fhirPath} tidak didukung stand-in`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) refuse(res, 500, 'exception', e.message);
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    settings: {
      authUrl: `${url}/oauth2/v1`,
      baseUrl: `${url}/fhir-r4/v1`,
      clientId,
      clientSecret,
      organizationId: orgId,
      timeoutMs: 5_000,
    },
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
