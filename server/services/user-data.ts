import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { CONFIG_CATALOGUE_KINDS } from '../../src/domain/config-catalogue';
import { voidAllowedFor } from '../../src/domain/flags';
import {
  businesses,
  businessUserOutlets,
  businessUsers,
  outlets,
  storageLocations,
  userGroups,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { serveCatalogueVersion } from './catalogue-version';
import { catalogueGeneration, catalogueTail, tailBytes } from './config-cache';

export { CONFIG_CATALOGUE_KINDS };

export interface UserOutlet {
  business_outlet_id: number;
  outlet_id: number;
  outlet_name: string;
  outlet_address: string | null;
  outlet_phone: string | null;
}

export async function userOutlets(deps: AppDeps, businessUserId: number): Promise<UserOutlet[]> {
  const rows = await deps.database.db
    .select({
      business_outlet_id: outlets.business_outlet_id,
      outlet_name: outlets.outlet_name,
      outlet_address: outlets.outlet_address,
      outlet_phone: outlets.outlet_phone,
    })
    .from(businessUserOutlets)
    .innerJoin(outlets, eq(outlets.business_outlet_id, businessUserOutlets.business_outlet_id))
    .where(eq(businessUserOutlets.business_user_id, businessUserId))
    .orderBy(asc(outlets.business_outlet_id));
  return rows.map((r) => ({ ...r, outlet_id: r.business_outlet_id }));
}

/** 002 §3: the session outlet's storage locations (the user's own) and all of the brand's. */
async function storageLocationsOf(
  deps: AppDeps,
  businessId: number,
  outletId: number,
): Promise<{ storage_locations: StorageLocation[]; all_storage_locations: StorageLocation[] }> {
  const rows = await deps.database.db
    .select({
      inv_sloc_id: storageLocations.inv_sloc_id,
      location_name: storageLocations.location_name,
      business_outlet_id: storageLocations.business_outlet_id,
      is_default: storageLocations.is_default,
    })
    .from(storageLocations)
    .innerJoin(outlets, eq(outlets.business_outlet_id, storageLocations.business_outlet_id))
    .where(eq(outlets.business_id, businessId))
    .orderBy(asc(storageLocations.business_outlet_id), asc(storageLocations.inv_sloc_id));
  const all = rows.map((r) => ({ ...r, is_default: r.is_default ? 1 : 0 }));
  return {
    storage_locations: all.filter((r) => r.business_outlet_id === outletId),
    all_storage_locations: all,
  };
}

interface StorageLocation {
  inv_sloc_id: number;
  location_name: string;
  business_outlet_id: number;
  is_default: number;
}

export interface UserDataInput {
  business_user_id: number;
  /** null: the user has several outlets and has not chosen one yet (no outlet settings or catalogue). */
  outlet_id: number | null;
  signed_in_at: Date;
}

/**
 * The user data in two parts: `head`, the small per-request JSON object without its closing brace (brand,
 * user, outlet settings, times), and the outlet's catalogue part (cached per catalogue generation). The
 * whole is `${head},${catalogue}}` (or `${head}}` without an outlet). The ETag names everything the answer
 * depends on except retrieve_time (the time of this answer): the head's inputs and the catalogue generation.
 */
export interface UserDataParts {
  head: string;
  retrieve_time: string;
  /** The head's digest, retrieve_time left out (configEtag names the answer from it and a generation). */
  head_hash: string;
  business_id: number;
  /** null: no outlet chosen yet, no catalogue part. */
  outlet_id: number | null;
  generation: string | null;
}

export async function userDataParts(
  deps: AppDeps,
  input: UserDataInput,
  extra: Record<string, unknown> = {},
): Promise<UserDataParts> {
  const db = deps.database.db;
  const [u] = await db
    .select({
      user: businessUsers,
      group: userGroups,
      business: businesses,
    })
    .from(businessUsers)
    .innerJoin(userGroups, eq(userGroups.business_user_group_id, businessUsers.business_user_group_id))
    .innerJoin(businesses, eq(businesses.business_id, businessUsers.business_id))
    .where(eq(businessUsers.business_user_id, input.business_user_id))
    .limit(1);
  if (!u) throw new Error(`business user ${input.business_user_id} not found`);
  const { user, group, business } = u;
  const business_outlets = await userOutlets(deps, user.business_user_id);
  const outlet =
    input.outlet_id === null
      ? undefined
      : (await db.select().from(outlets).where(eq(outlets.business_outlet_id, input.outlet_id)).limit(1))[0];
  const cashier_name = `${user.firstname} ${user.lastname}`.trim();
  const retrieve_time = formatLocalDateTime(deps.clock.now());
  const baseFor = (retrieveTime: string): Record<string, unknown> => ({
    ...business.settings,
    business_id: business.business_id,
    business_slug: business.business_slug,
    brand_name: business.brand_name,
    brand_logo: business.brand_logo,
    currency_code: business.currency_code,
    qty_decimal_length: business.qty_decimal_length,
    business_user_id: user.business_user_id,
    business_user_firstname: user.firstname,
    business_user_lastname: user.lastname,
    business_user_email: user.email,
    cashier_name,
    business_user_group_id: group.business_user_group_id,
    business_user_group_name: group.group_name,
    is_supervisor: user.is_supervisor ? 1 : 0,
    is_satusehat_nakes: user.health_worker ? 1 : 0,
    // ours (issue 27): the brand's owner sees the full data export's button (the server checks it again)
    is_brand_owner: business.owner_business_user_id === user.business_user_id ? 1 : 0,
    auth_role_accesses: group.auth_role_accesses,
    business_outlets,
    signed_in_at: formatLocalDateTime(input.signed_in_at),
    retrieve_time: retrieveTime,
    outlet_id: null,
    business_outlet_id: null,
    outlet_name: null,
    outlet_address: null,
    outlet_phone: null,
  });
  const parts = (headFor: (retrieveTime: string) => string, generation: string | null) => ({
    head: headFor(retrieve_time).slice(0, -1),
    retrieve_time,
    head_hash: createHash('sha256').update(headFor('')).digest('base64url').slice(0, 27),
    business_id: business.business_id,
    outlet_id: outlet?.business_outlet_id ?? null,
    generation,
  });
  if (!outlet) return parts((t) => JSON.stringify({ ...baseFor(t), configs: {}, ...extra }), null);
  const settings = outlet.settings as Record<string, unknown>;
  const locations = await storageLocationsOf(deps, business.business_id, outlet.business_outlet_id);
  const catalogue_version = await serveCatalogueVersion(deps, business.business_id);
  const generation = await catalogueGeneration(deps, business.business_id);
  const is_void_allowed = voidAllowedFor(settings.is_void_allowed, group.is_void_allowed);
  const identity = {
    outlet_id: outlet.business_outlet_id,
    business_outlet_id: outlet.business_outlet_id,
    outlet_name: outlet.outlet_name,
    outlet_address: outlet.outlet_address,
    outlet_phone: outlet.outlet_phone,
  };
  const headFor = (retrieveTime: string) =>
    JSON.stringify({
      ...baseFor(retrieveTime),
      ...settings,
      ...identity,
      is_void_allowed,
      ...locations,
      // the catalogue the device prices with: its sales name it (cashier_configs.catalogue_version)
      catalogue_version,
      // the snapshot a transaction keeps as cashier_configs (000 §3)
      configs: {
        cashier_name,
        business_id: business.business_id,
        business_user_id: user.business_user_id,
        business_outlet_id: outlet.business_outlet_id,
        retrieve_time: retrieveTime,
        catalogue_version,
      },
      ...extra,
    });
  return parts(headFor, generation);
}

/** A weak validator: the same head (retrieve_time left out) and the same catalogue generation. */
export function configEtag(headHash: string, generation: string | null): string {
  return `W/"${generation ?? 'none'}-${headHash}"`;
}

/** The catalogue part of the parts' outlet (compressed; tailBytes inflates it). */
export function userDataCatalogue(deps: AppDeps, parts: UserDataParts) {
  if (parts.outlet_id === null) return Promise.resolve(null);
  return catalogueTail(deps, parts.business_id, parts.outlet_id, CONFIG_CATALOGUE_KINDS);
}

/**
 * The user data / POS configuration of 000 §3 as JSON text, assembled from the brand, the outlet's
 * settings, the catalogue and the user's group flags. `extra` (sign-in's tokens) is added to it.
 */
export async function userDataJson(
  deps: AppDeps,
  input: UserDataInput,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const parts = await userDataParts(deps, input, extra);
  const catalogue = await userDataCatalogue(deps, parts);
  return catalogue ? `${parts.head},${tailBytes(catalogue).toString('utf8')}}` : `${parts.head}}`;
}

/** The user data as an object (tests, tools). */
export async function buildUserData(deps: AppDeps, input: UserDataInput): Promise<Record<string, unknown>> {
  return JSON.parse(await userDataJson(deps, input)) as Record<string, unknown>;
}
