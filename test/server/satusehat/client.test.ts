import { afterEach, describe, expect, it } from 'vitest';
import { httpSatusehatClient, SatusehatError } from '../../../server/integrations/satusehat/client';
import { readSatusehatEnv } from '../../../server/integrations/satusehat/config';
import {
  encounterBundle,
  ICD10_SYSTEM,
  locationResource,
  operationOutcome,
} from '../../../server/integrations/satusehat/fhir';
import {
  maskName,
  type SatusehatStandIn,
  startSatusehatStandIn,
} from '../../../server/integrations/satusehat/stand-in';
import { validateR4 } from './fhir-r4';

const ORG = '10000004';
const PATIENT = { nik: '3174051204850001', id: 'P02478375538', name: 'Budi Santoso' };
const VISIT = {
  activityId: 'b6f4c1f2-0d7e-4d6b-9a1e-5c2f7f1a9e01',
  patient: { id: PATIENT.id, name: 'Budi Santoso' },
  practitioner: { id: '10009876543', name: 'dr. Sari' },
  start: new Date('2026-11-27T02:00:00Z'),
  end: new Date('2026-11-27T02:30:00Z'),
  diagnosis: { code: 'L70.0', display: 'Acne vulgaris' },
};

let standIn: SatusehatStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function start(opts: Parameters<typeof startSatusehatStandIn>[0] = {}) {
  standIn = await startSatusehatStandIn({
    organizationId: ORG,
    subOrganizations: [{ id: '10000005', name: 'Poli Kulit' }],
    patients: [PATIENT],
    practitioners: ['10009876543'],
    ...opts,
  });
  return standIn;
}

describe('the resources the client builds are valid FHIR R4', () => {
  it('the Encounter + Condition bundle and each of its resources', () => {
    const bundle = encounterBundle({
      ...VISIT,
      organizationId: ORG,
      location: { id: 'ef011065-38c9-46f8-9c35-d1fe68966a3e', name: 'Ruang 1' },
    });
    expect(() => validateR4(bundle)).not.toThrow();
    for (const e of bundle.entry ?? []) expect(() => validateR4(e.resource)).not.toThrow();
    const [enc, cond] = (bundle.entry ?? []).map((e) => e.resource as Record<string, unknown>);
    expect(enc?.class).toMatchObject({ code: 'AMB' });
    expect(enc?.statusHistory).toHaveLength(3);
    expect(cond?.code).toMatchObject({ coding: [{ system: ICD10_SYSTEM, code: 'L70.0' }] });
    expect(enc?.diagnosis).toMatchObject([{ condition: { reference: bundle.entry?.[1]?.fullUrl } }]);
  });

  it('a Location (with and without partOf) and an OperationOutcome', () => {
    validateR4(locationResource({ organizationId: ORG, code: 'R-1', name: 'Ruang 1' }));
    validateR4(locationResource({ organizationId: ORG, code: 'R-2', name: 'Ruang 2', partOfId: 'abc' }));
    validateR4(operationOutcome('invalid', 'x'));
  });

  it('the validator does refuse a broken resource (the check is real)', () => {
    const bundle = encounterBundle({ ...VISIT, organizationId: ORG, location: { id: 'x', name: 'R' } });
    const enc = bundle.entry?.[0]?.resource as Record<string, unknown>;
    expect(() => validateR4({ ...enc, status: undefined })).toThrow();
    expect(() => validateR4({ ...enc, class: 'AMB' })).toThrow();
    expect(() => validateR4({ ...enc, period: { start: 'kemarin' } })).toThrow();
  });
});

describe('the client against the stand-in of the exchange', () => {
  it('token: a form body, expires_in as a string, cached until expiry', async () => {
    let clock = Date.parse('2026-11-27T00:00:00Z');
    const s = await start({ tokenLifeSeconds: 3600, now: () => clock });
    const fetched: RequestInit[] = [];
    const client = httpSatusehatClient(s.settings, {
      now: () => clock,
      fetch: (url, init) => {
        if (String(url).includes('accesstoken')) fetched.push(init as RequestInit);
        return fetch(url, init);
      },
    });
    expect(await client.patientByNik(PATIENT.nik)).toEqual({ id: PATIENT.id, name: 'B**i S*****o' });
    await client.readOrganization(ORG);
    expect(s.state.tokenRequests).toBe(1);
    expect(fetched[0]?.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(String(fetched[0]?.body)).toContain('client_secret=');
    // the stand-in answers the string the exchange sends
    const raw = await fetch(`${s.settings.authUrl}/accesstoken?grant_type=client_credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: s.settings.clientId, client_secret: s.settings.clientSecret }),
    });
    expect(typeof (await raw.json()).expires_in).toBe('string');
    clock += 3600_000; // expired: a new token
    await client.readOrganization(ORG);
    expect(s.state.tokenRequests).toBe(3);
  });

  it('an expired or missing bearer is a 401 OperationOutcome; the client renews once and goes on', async () => {
    let clock = Date.parse('2026-11-27T00:00:00Z');
    const s = await start({ tokenLifeSeconds: 3600, now: () => clock });
    const bare = await fetch(`${s.settings.baseUrl}/Organization/${ORG}`);
    expect(bare.status).toBe(401);
    expect((await bare.json()).resourceType).toBe('OperationOutcome');
    // the client's clock stands still while the exchange's moves on: its cached token is refused (401),
    // it drops it and asks for a new one
    const t0 = clock;
    const client = httpSatusehatClient(s.settings, { now: () => t0 });
    await client.readOrganization(ORG);
    clock += 3_700_000;
    expect((await client.readOrganization(ORG)).id).toBe(ORG);
    expect(s.state.tokenRequests).toBe(2);
  });

  it('wrong credentials are a clear refusal', async () => {
    const s = await start();
    const client = httpSatusehatClient({ ...s.settings, clientSecret: 'nope' });
    await expect(client.readOrganization(ORG)).rejects.toThrow(/kredensial \(401\)/);
  });

  it('Patient by NIK: masked name; an unknown NIK is total 0 → null', async () => {
    const s = await start();
    const client = httpSatusehatClient(s.settings);
    expect(maskName('Budi Santoso')).toBe('B**i S*****o');
    expect(await client.patientByNik('3174000000000000')).toBeNull();
    const search = await fetch(
      `${s.settings.baseUrl}/Patient?identifier=${encodeURIComponent(`https://fhir.kemkes.go.id/id/nik|${PATIENT.nik}`)}`,
    );
    expect(search.status).toBe(401);
  });

  it('Organization read and partof; another organization is outside the binding', async () => {
    const s = await start();
    const client = httpSatusehatClient(s.settings);
    expect((await client.readOrganization(ORG)).name).toBe('Klinik Serambi');
    expect((await client.organizationsPartOf(ORG)).map((o) => o.id)).toEqual(['10000005']);
    await expect(client.readOrganization('99999')).rejects.toMatchObject({ status: 404 });
  });

  it('Location create and list; a second one with the same identifier is a 400', async () => {
    const s = await start();
    const client = httpSatusehatClient(s.settings);
    const room = await client.createLocation({ code: 'R-1', name: 'Ruang Periksa 1' });
    expect(room.id).toBeTruthy();
    validateR4(room);
    await client.createLocation({ code: 'R-1a', name: 'Bed 1', partOfId: room.id });
    expect((await client.listLocations()).map((l) => l.name)).toEqual(['Ruang Periksa 1', 'Bed 1']);
    const dup = client.createLocation({ code: 'R-1', name: 'Lagi' });
    await expect(dup).rejects.toBeInstanceOf(SatusehatError);
    await expect(dup).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/duplicate/) });
    // bound to its organization: a Location managed by another is refused
    const other = await httpPost(s, '/Location', {
      ...locationResource({ organizationId: ORG, code: 'X', name: 'X' }),
      managingOrganization: { reference: 'Organization/1' },
    });
    expect(other).toBe(403);
  });

  it('the Encounter bundle: references resolved, ids answered; a resend of the same activity is refused', async () => {
    const s = await start();
    const client = httpSatusehatClient(s.settings);
    const room = await client.createLocation({ code: 'R-1', name: 'Ruang Periksa 1' });
    const ids = await client.sendEncounter({ ...VISIT, location: { id: room.id as string, name: 'Ruang' } });
    expect(ids.encounterId).toBe(s.state.encounters[0]?.id);
    expect(s.state.conditions[0]?.encounter).toMatchObject({ reference: `Encounter/${ids.encounterId}` });
    expect(s.state.encounters[0]?.diagnosis).toMatchObject([
      { condition: { reference: `Condition/${ids.conditionId}` } },
    ]);
    await expect(
      client.sendEncounter({ ...VISIT, location: { id: room.id as string, name: 'Ruang' } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/duplicate/) });
  });

  it('refuses an unknown ICD-10 code and Encounters missing required fields', async () => {
    const s = await start({ isKnownIcd10: (c) => c === 'L70.0' });
    const client = httpSatusehatClient(s.settings);
    const room = await client.createLocation({ code: 'R-1', name: 'Ruang' });
    const location = { id: room.id as string, name: 'Ruang' };
    await expect(
      client.sendEncounter({ ...VISIT, location, diagnosis: { code: 'Z99.99', display: 'x' } }),
    ).rejects.toThrow(/ICD-10 Z99.99 tidak dikenal/);
    await expect(client.sendEncounter({ ...VISIT, location: { id: 'nowhere', name: 'x' } })).rejects.toThrow(
      /Encounter.location/,
    );
    await expect(
      client.sendEncounter({ ...VISIT, location, patient: { id: 'P0', name: 'x' } }),
    ).rejects.toThrow(/Encounter.subject/);
    const bundle = encounterBundle({ ...VISIT, organizationId: ORG, location });
    for (const field of ['class', 'statusHistory', 'participant', 'period'] as const) {
      const broken = structuredClone(bundle);
      const entry = broken.entry?.[0]?.resource as Record<string, unknown>;
      delete entry[field];
      expect(await httpPost(s, '', broken, await tokenFor(s))).toBe(400);
    }
    const dangling = structuredClone(bundle);
    const cond = dangling.entry?.[1]?.resource as Record<string, unknown>;
    cond.encounter = { reference: 'urn:uuid:nope' };
    expect(await httpPost(s, '', dangling, await tokenFor(s))).toBe(400);
    expect(s.state.encounters).toHaveLength(0);
  });

  it('a 500 or no answer is a SatusehatError with the status (0 = unreachable)', async () => {
    const s = await start();
    const client = httpSatusehatClient(s.settings);
    s.state.failWith = 500;
    await expect(client.readOrganization(ORG)).rejects.toMatchObject({ status: 500 });
    s.state.failWith = 0;
    await expect(client.readOrganization(ORG)).rejects.toMatchObject({ status: 0 });
  });
});

describe('SATUSEHAT_* settings', () => {
  it('none: the stand-in; sandbox by default; production URLs; an incomplete set is refused', () => {
    expect(readSatusehatEnv({})).toBeUndefined();
    const base = { SATUSEHAT_CLIENT_ID: 'a', SATUSEHAT_CLIENT_SECRET: 'b', SATUSEHAT_ORGANIZATION_ID: 'c' };
    expect(readSatusehatEnv(base)?.baseUrl).toMatch(/api-satusehat-stg/);
    expect(readSatusehatEnv({ ...base, SATUSEHAT_ENV: 'production' })?.authUrl).toBe(
      'https://api-satusehat.kemkes.go.id/oauth2/v1',
    );
    expect(() => readSatusehatEnv({ SATUSEHAT_CLIENT_ID: 'a' })).toThrow(/SATUSEHAT_CLIENT_SECRET/);
    expect(() => readSatusehatEnv({ ...base, SATUSEHAT_ENV: 'dev' })).toThrow(/sandbox or production/);
  });
});

async function tokenFor(s: SatusehatStandIn): Promise<string> {
  const r = await fetch(`${s.settings.authUrl}/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: s.settings.clientId, client_secret: s.settings.clientSecret }),
  });
  return (await r.json()).access_token;
}

async function httpPost(s: SatusehatStandIn, path: string, body: unknown, token?: string): Promise<number> {
  const r = await fetch(`${s.settings.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token ?? (await tokenFor(s))}`,
      'Content-Type': 'application/fhir+json',
    },
    body: JSON.stringify(body),
  });
  return r.status;
}
