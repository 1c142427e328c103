import type { EmrField } from '../domain/emr-records';
import { listToWire } from '../domain/emr-records';
import {
  EMR_PATHS,
  type EmrAccessRow,
  type EmrRecord,
  emrAccessResponse,
  emrRecord,
} from './contract/emr-records';
import type { ApiClient } from './http';

/** The medical sub-records' calls (001 §7 'GET {emr}' / 'PUT {emr}') and the owner's access list. */
export interface EmrRecordsApi {
  get(userCode: string): Promise<EmrRecord>;
  /** One list replaced whole ('{}' when empty); resolves with the record as saved and the server's message. */
  save(
    userCode: string,
    field: EmrField,
    items: readonly unknown[],
  ): Promise<{ record: EmrRecord; message: string }>;
  accessLog(range: { start_date?: string; end_date?: string }): Promise<EmrAccessRow[]>;
}

export function createEmrRecordsApi(client: ApiClient): EmrRecordsApi {
  return {
    get: (userCode) =>
      client.request({
        method: 'GET',
        path: EMR_PATHS.emr,
        query: { user_identifier_type: 'qr', user_identifier_string: userCode },
        schema: emrRecord,
      }),
    save: async (userCode, field, items) => {
      const r = await client.requestEnvelope({
        method: 'PUT',
        path: EMR_PATHS.emr,
        body: { user_code: userCode, [field]: listToWire(items) },
        schema: emrRecord,
      });
      return { record: r.data, message: r.message ?? '' };
    },
    accessLog: async (range) =>
      (
        await client.request({
          method: 'GET',
          path: EMR_PATHS.accessLog,
          query: range,
          schema: emrAccessResponse,
        })
      ).entries,
  };
}
