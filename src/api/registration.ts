import {
  type CustomerSession,
  customerSession,
  type FlowStatus,
  flowStatusResponse,
  type PatientActivationRequest,
  patientActivationResponse,
  REGISTRATION_PATHS,
  type SessionCreateRequest,
  type SessionUpdateRequest,
  type SessionUpdateResponse,
  sessionListResponse,
  sessionUpdateResponse,
} from './contract/registration';
import type { ApiClient } from './http';

/** The registration queue's calls (001 §7), typed by src/api/contract/registration.ts. */
export interface RegistrationApi {
  statuses(): Promise<FlowStatus[]>;
  list(filter_date: string): Promise<CustomerSession[]>;
  create(body: SessionCreateRequest): Promise<CustomerSession>;
  update(body: SessionUpdateRequest): Promise<SessionUpdateResponse>;
  remove(user_business_session_id: number): Promise<void>;
  activatePatient(body: PatientActivationRequest): Promise<{ user_code: string }>;
}

export function createRegistrationApi(client: ApiClient): RegistrationApi {
  return {
    statuses: () =>
      client.request({ method: 'GET', path: REGISTRATION_PATHS.flowStatus, schema: flowStatusResponse }),
    list: (filter_date) =>
      client.request({
        method: 'GET',
        path: REGISTRATION_PATHS.session,
        query: { filter_date },
        schema: sessionListResponse,
      }),
    create: (body) =>
      client.request({ method: 'POST', path: REGISTRATION_PATHS.session, body, schema: customerSession }),
    update: (body) =>
      client.request({
        method: 'PUT',
        path: REGISTRATION_PATHS.session,
        body,
        schema: sessionUpdateResponse,
      }),
    remove: async (user_business_session_id) => {
      await client.request({
        method: 'DELETE',
        path: REGISTRATION_PATHS.session,
        query: { user_business_session_id },
      });
    },
    activatePatient: (body) =>
      client.request({
        method: 'POST',
        path: REGISTRATION_PATHS.patientActivation,
        body,
        schema: patientActivationResponse,
      }),
  };
}
