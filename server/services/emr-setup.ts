import { sql } from 'drizzle-orm';
import type { CustomerIdentifier } from '../../src/api/contract/customer';
import type {
  EmrLocation,
  EmrOrganization,
  LocationInput,
  OrganizationInput,
} from '../../src/api/contract/satusehat';
import { EMR_SETUP_OWN, EMR_SETUP_TEXTS } from '../../src/domain/texts/emr-setup';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { type SatusehatClient, SatusehatError } from '../integrations/satusehat/client';
import { invalid, ServiceError } from '../lib/errors';
import { findCustomer } from './customer-lookup';
import { patientIdByNik, SatusehatNotReady } from './satusehat-outbox';
import type { AuthContext } from './sessions';

const notFound = (message: string) => new ServiceError('not_found', message);

function exchange(deps: AppDeps): SatusehatClient {
  const client = deps.integrations.satusehat;
  if (!client) throw invalid(EMR_SETUP_OWN.notConfigured);
  return client;
}

/** The exchange's refusal or silence as a clear 400 (never a 500). */
async function asking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof SatusehatNotReady) throw invalid(e.message);
    if (e instanceof SatusehatError)
      throw invalid(
        e.status === 0 ? EMR_SETUP_TEXTS.connectionFailed : EMR_SETUP_OWN.exchangeFailed(e.message),
      );
    throw e;
  }
}

/**
 * POST cashier/sync-patient-id: the customer's patient id at the exchange, found by NIK and stored. Medical-
 * record features need a registered health worker at an outlet in medical-record mode (001 §6).
 */
export async function syncPatientId(
  deps: AppDeps,
  auth: AuthContext,
  id: CustomerIdentifier,
): Promise<{ satusehat_patient_id: string }> {
  await requireHealthWorker(deps, auth);
  const customer = await findCustomer(deps, auth.business_id, id);
  if (!customer) throw notFound(EMR_SETUP_OWN.customerMissing);
  if (!customer.nik) throw invalid(EMR_SETUP_TEXTS.noNik, 'nik');
  const client = exchange(deps);
  const found = await asking(() => client.patientByNik(customer.nik as string));
  if (!found) throw invalid(EMR_SETUP_OWN.unknownNik(customer.nik), 'nik');
  const patientId = await patientIdByNik(
    deps,
    { ...client, patientByNik: async () => found },
    customer.customer_id,
    customer.nik,
  );
  return { satusehat_patient_id: patientId };
}

async function requireHealthWorker(deps: AppDeps, auth: AuthContext): Promise<void> {
  const [r] = rows<{ ok: boolean }>(
    await deps.database.db.execute(sql`
      SELECT (u.health_worker IS NOT NULL AND coalesce(o.settings->>'rme_satu_sehat', '0') = '1') AS ok
      FROM business_users u, outlets o
      WHERE u.business_user_id = ${auth.business_user_id} AND o.business_outlet_id = ${auth.outlet_id ?? -1}`),
  );
  if (!r?.ok) throw new ServiceError('forbidden', EMR_SETUP_OWN.healthWorkerOnly);
}

// ------------------------------------------------------------------ organizations

export async function listOrganizations(deps: AppDeps, businessId: number): Promise<EmrOrganization[]> {
  return rows<EmrOrganization>(
    await deps.database.db.execute(sql`
      SELECT o.emr_organization_id AS id, o.organization_name, p.organization_name AS parent_emr_organization,
        o.parent_emr_organization_id AS parent_organization_id, o.satusehat_organization_id, o.is_active
      FROM emr_organizations o LEFT JOIN emr_organizations p ON p.emr_organization_id = o.parent_emr_organization_id
      WHERE o.business_id = ${businessId} ORDER BY o.emr_organization_id`),
  ).map((o) => ({
    ...o,
    id: Number(o.id),
    parent_organization_id: o.parent_organization_id == null ? null : Number(o.parent_organization_id),
    is_active: Number(o.is_active) === 1 ? 1 : 0,
  }));
}

export async function getOrganization(
  deps: AppDeps,
  businessId: number,
  id: number,
): Promise<EmrOrganization> {
  const found = (await listOrganizations(deps, businessId)).find((o) => o.id === id);
  if (!found) throw notFound(EMR_SETUP_OWN.orgMissing);
  return found;
}

/** POST cashier/satu-sehat-organization-init: the organization and its sub-organizations, read at the exchange. */
export async function initOrganizations(
  deps: AppDeps,
  auth: AuthContext,
  satusehatId: string,
): Promise<EmrOrganization[]> {
  if ((await listOrganizations(deps, auth.business_id)).length > 0) throw invalid(EMR_SETUP_TEXTS.initExists);
  const client = exchange(deps);
  const root = await asking(() => client.readOrganization(satusehatId));
  const now = deps.clock.now().toISOString();
  const insert = async (name: string, ssId: string, parent: number | null, active: boolean) => {
    const [r] = rows<{ id: number }>(
      await deps.database.db.execute(sql`
        INSERT INTO emr_organizations (business_id, organization_name, parent_emr_organization_id,
          satusehat_organization_id, is_active, created_at, updated_at)
        VALUES (${auth.business_id}, ${name.slice(0, 200)}, ${parent}, ${ssId}, ${active ? 1 : 0}, ${now}::timestamptz, ${now}::timestamptz)
        RETURNING emr_organization_id AS id`),
    );
    return Number(r?.id);
  };
  // breadth first, three levels at most (facility → departments → units)
  let level = [
    {
      ssId: root.id ?? satusehatId,
      id: await insert(root.name ?? satusehatId, root.id ?? satusehatId, null, root.active !== false),
    },
  ];
  for (let depth = 0; depth < 2 && level.length; depth++) {
    const next: typeof level = [];
    for (const parent of level) {
      for (const child of await asking(() => client.organizationsPartOf(parent.ssId))) {
        if (!child.id) continue;
        next.push({
          ssId: child.id,
          id: await insert(child.name ?? child.id, child.id, parent.id, child.active !== false),
        });
      }
    }
    level = next;
  }
  return listOrganizations(deps, auth.business_id);
}

async function checkOrganizationParent(
  deps: AppDeps,
  businessId: number,
  id: number | null,
  parent: number | null | undefined,
) {
  if (parent == null) return;
  const all = await listOrganizations(deps, businessId);
  if (!all.some((o) => o.id === parent)) throw invalid(EMR_SETUP_OWN.orgMissing, 'parent_organization_id');
  // walking up from the parent must not reach the organization itself
  for (let at: number | null = parent, steps = 0; at != null && steps <= all.length; steps++) {
    if (at === id) throw invalid(EMR_SETUP_OWN.parentSelf, 'parent_organization_id');
    at = all.find((o) => o.id === at)?.parent_organization_id ?? null;
  }
}

export async function saveOrganization(
  deps: AppDeps,
  businessId: number,
  id: number | null,
  input: OrganizationInput,
): Promise<EmrOrganization> {
  if (id != null) await getOrganization(deps, businessId, id);
  await checkOrganizationParent(deps, businessId, id, input.parent_organization_id);
  const now = deps.clock.now().toISOString();
  const parent = input.parent_organization_id ?? null;
  const [r] = rows<{ id: number }>(
    await deps.database.db.execute(
      id == null
        ? sql`INSERT INTO emr_organizations (business_id, organization_name, parent_emr_organization_id, is_active, created_at, updated_at)
            VALUES (${businessId}, ${input.organization_name}, ${parent}, ${input.is_active ?? 1}, ${now}::timestamptz, ${now}::timestamptz)
            RETURNING emr_organization_id AS id`
        : sql`UPDATE emr_organizations SET organization_name = ${input.organization_name},
            parent_emr_organization_id = ${parent}, is_active = coalesce(${input.is_active ?? null}::smallint, is_active),
            updated_at = ${now}::timestamptz
            WHERE emr_organization_id = ${id} AND business_id = ${businessId} RETURNING emr_organization_id AS id`,
    ),
  );
  return getOrganization(deps, businessId, Number(r?.id));
}

export async function deleteOrganization(deps: AppDeps, businessId: number, id: number): Promise<void> {
  await getOrganization(deps, businessId, id);
  const [used] = rows<{ n: number }>(
    await deps.database.db.execute(sql`
      SELECT (SELECT count(*) FROM emr_organizations WHERE parent_emr_organization_id = ${id})
        + (SELECT count(*) FROM emr_locations WHERE emr_organization_id = ${id}) AS n`),
  );
  if (Number(used?.n) > 0) throw invalid(EMR_SETUP_OWN.orgInUse);
  await deps.database.db.execute(
    sql`DELETE FROM emr_organizations WHERE emr_organization_id = ${id} AND business_id = ${businessId}`,
  );
}

// ------------------------------------------------------------------ locations

export async function listLocations(deps: AppDeps, businessId: number): Promise<EmrLocation[]> {
  return rows<EmrLocation>(
    await deps.database.db.execute(sql`
      SELECT l.emr_location_id AS id, l.location_name, p.location_name AS parent_emr_location,
        o.organization_name AS parent_emr_organization, l.parent_emr_location_id AS parent_location_id,
        l.emr_organization_id AS parent_organization_id, l.satusehat_location_id, l.is_active
      FROM emr_locations l
      LEFT JOIN emr_locations p ON p.emr_location_id = l.parent_emr_location_id
      LEFT JOIN emr_organizations o ON o.emr_organization_id = l.emr_organization_id
      WHERE l.business_id = ${businessId} ORDER BY l.emr_location_id`),
  ).map((l) => ({
    ...l,
    id: Number(l.id),
    parent_location_id: l.parent_location_id == null ? null : Number(l.parent_location_id),
    parent_organization_id: l.parent_organization_id == null ? null : Number(l.parent_organization_id),
    is_active: Number(l.is_active) === 1 ? 1 : 0,
  }));
}

export async function getLocation(deps: AppDeps, businessId: number, id: number): Promise<EmrLocation> {
  const found = (await listLocations(deps, businessId)).find((l) => l.id === id);
  if (!found) throw notFound(EMR_SETUP_OWN.locMissing);
  return found;
}

/**
 * A new location is registered at the exchange first (Location create, identifier L-{our id}); it is stored
 * only when the exchange took it, so a location the outbox names always exists there. An edit or delete is
 * ours (the exchange keeps its copy; docs/decisions.md).
 */
export async function saveLocation(
  deps: AppDeps,
  businessId: number,
  id: number | null,
  input: LocationInput,
): Promise<EmrLocation> {
  const locations = await listLocations(deps, businessId);
  if (id != null) await getLocation(deps, businessId, id);
  const parentLocation = input.parent_location_id ?? null;
  const parentOrg = input.parent_organization_id ?? null;
  if (parentLocation != null) {
    if (!locations.some((l) => l.id === parentLocation))
      throw invalid(EMR_SETUP_OWN.locMissing, 'parent_location_id');
    for (
      let at: number | null = parentLocation, steps = 0;
      at != null && steps <= locations.length;
      steps++
    ) {
      if (at === id) throw invalid(EMR_SETUP_OWN.parentSelf, 'parent_location_id');
      at = locations.find((l) => l.id === at)?.parent_location_id ?? null;
    }
  }
  if (parentOrg != null)
    await getOrganization(deps, businessId, parentOrg).catch(() => {
      throw invalid(EMR_SETUP_OWN.orgMissing, 'parent_organization_id');
    });
  const now = deps.clock.now().toISOString();
  const db = deps.database.db;
  if (id != null) {
    await db.execute(sql`
      UPDATE emr_locations SET location_name = ${input.location_name}, parent_emr_location_id = ${parentLocation},
        emr_organization_id = ${parentOrg}, is_active = coalesce(${input.is_active ?? null}::smallint, is_active),
        updated_at = ${now}::timestamptz
      WHERE emr_location_id = ${id} AND business_id = ${businessId}`);
    return getLocation(deps, businessId, id);
  }
  const client = exchange(deps);
  const [r] = rows<{ id: number }>(
    await db.execute(sql`
      INSERT INTO emr_locations (business_id, location_name, parent_emr_location_id, emr_organization_id,
        is_active, created_at, updated_at)
      VALUES (${businessId}, ${input.location_name}, ${parentLocation}, ${parentOrg}, ${input.is_active ?? 1},
        ${now}::timestamptz, ${now}::timestamptz)
      RETURNING emr_location_id AS id`),
  );
  const newId = Number(r?.id);
  try {
    const partOf = locations.find((l) => l.id === parentLocation)?.satusehat_location_id ?? undefined;
    const created = await asking(() =>
      client.createLocation({ code: `L-${newId}`, name: input.location_name, partOfId: partOf }),
    );
    await db.execute(
      sql`UPDATE emr_locations SET satusehat_location_id = ${created.id ?? null} WHERE emr_location_id = ${newId}`,
    );
  } catch (e) {
    await db.execute(sql`DELETE FROM emr_locations WHERE emr_location_id = ${newId}`);
    throw e;
  }
  return getLocation(deps, businessId, newId);
}

export async function deleteLocation(deps: AppDeps, businessId: number, id: number): Promise<void> {
  await getLocation(deps, businessId, id);
  const [used] = rows<{ n: number }>(
    await deps.database.db.execute(
      sql`SELECT count(*) AS n FROM emr_locations WHERE parent_emr_location_id = ${id}`,
    ),
  );
  if (Number(used?.n) > 0) throw invalid(EMR_SETUP_OWN.locInUse);
  await deps.database.db.execute(
    sql`DELETE FROM emr_locations WHERE emr_location_id = ${id} AND business_id = ${businessId}`,
  );
}
