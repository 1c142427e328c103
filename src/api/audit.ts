import {
  AUDIT_PATHS,
  type AuditDayQuery,
  type AuditDayResponse,
  type AuditTrxResponse,
  auditDayResponse,
  auditTrxResponse,
  type UploadEventsResponse,
  uploadEventsResponse,
} from './contract/audit';
import type { ApiClient } from './http';

/** The audit log calls (issue 15), typed by src/api/contract/audit.ts. */
export interface AuditApi {
  /** POST cashier/audit/events: one batch of the device's log. */
  upload(events: unknown[]): Promise<UploadEventsResponse>;
  /** GET cashier/audit/day: the transactions of an outlet's day (AUDIT_LOG). */
  day(query: AuditDayQuery): Promise<AuditDayResponse>;
  /** GET cashier/audit/trx/{local_trx_id}: one transaction's events (AUDIT_LOG). */
  trx(local_trx_id: string): Promise<AuditTrxResponse>;
}

export function createAuditApi(client: ApiClient): AuditApi {
  return {
    upload: (events) =>
      client.request({
        method: 'POST',
        path: AUDIT_PATHS.events,
        body: { events },
        timeoutMs: 30_000,
        schema: uploadEventsResponse,
      }),
    day: (query) =>
      client.request({
        method: 'GET',
        path: AUDIT_PATHS.day,
        query: query as Record<string, string | number>,
        schema: auditDayResponse,
      }),
    trx: (local_trx_id) =>
      client.request({ method: 'GET', path: AUDIT_PATHS.trx(local_trx_id), schema: auditTrxResponse }),
  };
}
