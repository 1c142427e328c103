import { sql } from 'drizzle-orm';
import type { Database } from '../../db/create-db';
import { rows } from '../../db/rows';
import { type SatusehatStandIn, startSatusehatStandIn } from './stand-in';

/**
 * The stand-in for `npm start` without SATUSEHAT_CLIENT_ID: it knows the patients of the database's customers
 * with a NIK (their stored patient id, or one derived from the NIK) except NIKs ending in 0000, every practitioner, and the EMR locations
 * already registered (its memory is gone after a restart; the database's is not).
 */
export async function startDemoStandIn(database: Database, port = 0): Promise<SatusehatStandIn> {
  // a NIK ending in 0000 is one the exchange does not know (to try the refusal)
  const lookupPatient = async (nik: string) => {
    if (!/^\d{16}$/.test(nik) || nik.endsWith('0000')) return null;
    const [c] = rows<{ ihs: string | null; user_name: string }>(
      await database.db.execute(sql`
        SELECT extra->>'satusehat_ihs_no' AS ihs, user_name FROM customers WHERE nik = ${nik}
        ORDER BY customer_id LIMIT 1`),
    );
    return c ? { nik, id: c.ihs || `P${nik.slice(-11)}`, name: c.user_name } : null;
  };
  // the patient ids customers already hold (found before, or given by the demo) are the exchange's too
  const patients = rows<{ nik: string; ihs: string; user_name: string }>(
    await database.db.execute(sql`
      SELECT nik, extra->>'satusehat_ihs_no' AS ihs, user_name FROM customers
      WHERE nik IS NOT NULL AND coalesce(extra->>'satusehat_ihs_no', '') <> ''`),
  ).map((c) => ({ nik: c.nik, id: c.ihs, name: c.user_name }));
  const locations = rows<{ id: string; code: string; name: string }>(
    await database.db.execute(sql`
      SELECT satusehat_location_id AS id, 'L-' || emr_location_id AS code, location_name AS name
      FROM emr_locations WHERE satusehat_location_id IS NOT NULL`),
  );
  return startSatusehatStandIn({
    port,
    patients,
    lookupPatient,
    locations,
    subOrganizations: [
      { id: '10000005', name: 'Poli Umum' },
      { id: '10000006', name: 'Poli Kulit dan Kecantikan' },
    ],
  });
}
