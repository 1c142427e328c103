import { areaListResponse, type CustomerIdentifier } from './contract/customer';
import {
  type ActivityRequest,
  type DiagnosisRow,
  diagnosisRow,
  type GenderRow,
  genderRow,
  type Icd10Item,
  icd10Response,
  JOURNAL_PATHS,
  type JournalActivity,
  type JournalCustomer,
  journalActivitiesResponse,
  journalActivity,
  journalCustomer,
  type MonthlyRow,
  monthlyRow,
  type StatisticQuery,
} from './contract/journal';
import { type ApiClient, SHORT_TIMEOUT_MS } from './http';

export interface Room {
  pos_area_id: number;
  area_name: string;
}

/** The customer journal's calls (001 §7 'Customer journal and EMR'), typed by src/api/contract/journal.ts. */
export interface JournalApi {
  customer(id: CustomerIdentifier): Promise<JournalCustomer>;
  activities(id: CustomerIdentifier): Promise<JournalActivity[]>;
  saveNotes(user_id: string, journal_notes: string): Promise<string>;
  rooms(): Promise<Room[]>;
  icd10(search_term: string): Promise<Icd10Item[]>;
  create(body: ActivityRequest): Promise<{ activity: JournalActivity; message: string }>;
  update(body: ActivityRequest): Promise<{ activity: JournalActivity; message: string }>;
  remove(local_trx_id: string): Promise<string>;
  monthly(q: StatisticQuery): Promise<MonthlyRow[]>;
  byDiagnosis(q: StatisticQuery): Promise<DiagnosisRow[]>;
  byGender(q: StatisticQuery): Promise<GenderRow[]>;
}

export function createJournalApi(client: ApiClient): JournalApi {
  const write = async (method: 'POST' | 'PUT', body: ActivityRequest) => {
    const r = await client.requestEnvelope({
      method,
      path: JOURNAL_PATHS.activity,
      body,
      schema: journalActivity,
    });
    return { activity: r.data, message: r.message ?? '' };
  };
  return {
    customer: (id) =>
      client.request({
        method: 'POST',
        path: JOURNAL_PATHS.userInfo,
        body: id,
        timeoutMs: SHORT_TIMEOUT_MS,
        schema: journalCustomer,
      }),
    activities: async (id) =>
      (
        await client.request({
          method: 'GET',
          path: JOURNAL_PATHS.activity,
          query: { ...id, scope: 'journal' },
          schema: journalActivitiesResponse,
        })
      ).customer_activities,
    saveNotes: async (user_id, journal_notes) =>
      (
        await client.requestEnvelope({
          method: 'POST',
          path: JOURNAL_PATHS.journalNotes,
          body: { user_id, journal_notes },
        })
      ).message ?? '',
    rooms: async () =>
      (await client.request({ method: 'GET', path: JOURNAL_PATHS.rooms, schema: areaListResponse })).area.map(
        (a) => ({ pos_area_id: a.pos_area_id, area_name: a.area_name }),
      ),
    icd10: (search_term) =>
      client.request({
        method: 'GET',
        path: JOURNAL_PATHS.icd10,
        query: { search_term },
        schema: icd10Response,
      }),
    create: (body) => write('POST', body),
    update: (body) => write('PUT', body),
    remove: async (local_trx_id) =>
      (
        await client.requestEnvelope({
          method: 'DELETE',
          path: JOURNAL_PATHS.activity,
          query: { local_trx_id },
          body: { local_trx_id },
        })
      ).message ?? '',
    monthly: (q) =>
      client.request({
        method: 'GET',
        path: JOURNAL_PATHS.statMonthly,
        query: { ...q },
        schema: monthlyRow.array(),
      }),
    byDiagnosis: (q) =>
      client.request({
        method: 'GET',
        path: JOURNAL_PATHS.statDiagnosis,
        query: { ...q },
        schema: diagnosisRow.array(),
      }),
    byGender: (q) =>
      client.request({
        method: 'GET',
        path: JOURNAL_PATHS.statGender,
        query: { ...q },
        schema: genderRow.array(),
      }),
  };
}
