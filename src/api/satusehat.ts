import {
  type EmrLocation,
  type EmrOrganization,
  type LocationInput,
  type OrganizationInput,
  SATUSEHAT_PATHS,
} from './contract/satusehat';
import type { ApiClient } from './http';

/** The EMR setup calls (001 §7; ruling 11: stored, editable, deletable). Each write resolves with its message. */
export interface EmrSetupApi {
  organizations(): Promise<EmrOrganization[]>;
  initialize(satusehat_organization_id: string): Promise<string>;
  organization(id: number): Promise<EmrOrganization>;
  saveOrganization(id: number | null, body: OrganizationInput): Promise<string>;
  deleteOrganization(id: number): Promise<string>;
  locations(): Promise<EmrLocation[]>;
  location(id: number): Promise<EmrLocation>;
  saveLocation(id: number | null, body: LocationInput): Promise<string>;
  deleteLocation(id: number): Promise<string>;
}

export function createEmrSetupApi(client: ApiClient): EmrSetupApi {
  const org = SATUSEHAT_PATHS.organization;
  const loc = SATUSEHAT_PATHS.location;
  const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    (await client.requestEnvelope({ method, path, body })).message ?? '';
  return {
    organizations: async () =>
      (await client.request<{ organizations: EmrOrganization[] }>({ method: 'GET', path: org }))
        .organizations,
    initialize: (satusehat_organization_id) =>
      write('POST', SATUSEHAT_PATHS.organizationInit, { satusehat_organization_id }),
    organization: (id) => client.request<EmrOrganization>({ method: 'GET', path: `${org}/${id}` }),
    saveOrganization: (id, body) =>
      id == null ? write('POST', org, body) : write('PUT', `${org}/${id}`, body),
    deleteOrganization: (id) => write('DELETE', `${org}/${id}`),
    locations: async () =>
      (await client.request<{ locations: EmrLocation[] }>({ method: 'GET', path: loc })).locations,
    location: (id) => client.request<EmrLocation>({ method: 'GET', path: `${loc}/${id}` }),
    saveLocation: (id, body) => (id == null ? write('POST', loc, body) : write('PUT', `${loc}/${id}`, body)),
    deleteLocation: (id) => write('DELETE', `${loc}/${id}`),
  };
}
