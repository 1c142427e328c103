// EMR statistics (001 §2.15, §3 'EMR statistics rows', §7): patients counted over the journal's medical
// activities (those with a room, i.e. written in medical-record mode) of the session's outlet, not deleted,
// created within the range (outlet days, WIB). A patient counts once per month, per diagnosis, per gender.
import { sql } from 'drizzle-orm';
import type { DiagnosisRow, GenderRow, MonthlyRow, StatisticQuery } from '../../src/api/contract/journal';
import { STATISTIC_MAX_DAYS } from '../../src/api/contract/journal';
import { JOURNAL_OWN } from '../../src/domain/texts/journal';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import { sessionOutlet } from './customer-pos-lists';
import type { AuthContext } from './sessions';

const DAY_MS = 86_400_000;

function range(q: Required<StatisticQuery>): { from: Date; to: Date } {
  const from = new Date(`${q.start_date}T00:00:00+07:00`);
  const last = new Date(`${q.end_date}T00:00:00+07:00`);
  if (Number.isNaN(from.getTime())) throw invalid(JOURNAL_OWN.rangeInvalid, 'start_date');
  if (Number.isNaN(last.getTime()) || last < from) throw invalid(JOURNAL_OWN.rangeInvalid, 'end_date');
  if ((last.getTime() - from.getTime()) / DAY_MS + 1 > STATISTIC_MAX_DAYS)
    throw invalid(JOURNAL_OWN.rangeTooLong, 'end_date');
  return { from, to: new Date(last.getTime() + DAY_MS) };
}

function scope(auth: AuthContext, q: Required<StatisticQuery>) {
  const outletId = sessionOutlet(auth);
  const { from, to } = range(q);
  return sql`a.business_id = ${auth.business_id} AND a.business_outlet_id = ${outletId}
    AND a.deleted_at IS NULL AND a.pos_area_id IS NOT NULL
    AND a.created_at >= ${from} AND a.created_at < ${to}`;
}

/** GET …/patient-count/monthly: per month (WIB), the patients seen. */
export async function patientsByMonth(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<StatisticQuery>,
): Promise<MonthlyRow[]> {
  const found = rows<{ m: string; n: string | number }>(
    await deps.database.db.execute(sql`
      SELECT to_char((a.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM') AS m,
             count(DISTINCT a.customer_id) AS n
      FROM customer_activities a WHERE ${scope(auth, q)}
      GROUP BY 1 ORDER BY 1`),
  );
  return found.map((r) => ({ year_month_number: r.m, patient_count: Number(r.n) }));
}

/** GET …/patient-count/by-diagnosis: per ICD-10 code, the patients diagnosed; most first. */
export async function patientsByDiagnosis(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<StatisticQuery>,
): Promise<DiagnosisRow[]> {
  const found = rows<{ id: number; skri: string; str: string; n: string | number }>(
    await deps.database.db.execute(sql`
      SELECT a.icd_10_id AS id, min(a.skri) AS skri, min(a.str) AS str, count(DISTINCT a.customer_id) AS n
      FROM customer_activities a WHERE ${scope(auth, q)} AND a.icd_10_id IS NOT NULL
      GROUP BY a.icd_10_id ORDER BY n DESC, skri`),
  );
  return found.map((r) => ({
    icd_10_id: Number(r.id),
    icd_skri: r.skri ?? '',
    icd_str: r.str ?? '',
    patient_count: Number(r.n),
  }));
}

/** GET …/patient-count/by-gender: patients by user_gender (1 male, 2 female); unknown genders are left out. */
export async function patientsByGender(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<StatisticQuery>,
): Promise<GenderRow[]> {
  const found = rows<{ g: number; n: string | number }>(
    await deps.database.db.execute(sql`
      SELECT c.user_gender AS g, count(DISTINCT a.customer_id) AS n
      FROM customer_activities a JOIN customers c ON c.customer_id = a.customer_id
      WHERE ${scope(auth, q)} AND c.user_gender IN (1, 2)
      GROUP BY c.user_gender ORDER BY c.user_gender`),
  );
  return found.map((r) => ({ user_gender: Number(r.g), patient_count: Number(r.n) }));
}
