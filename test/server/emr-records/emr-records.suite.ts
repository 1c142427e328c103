// The medical sub-records on the server (001 §2.10, §3, §6, §7; issue 25): the five lists, their shapes, the
// health-worker-only privacy and the owner's audit of every read and write. PGlite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import type { DemoCustomer } from '../../../server/db/demo/types';
import { emrAccessResponse, emrRecord } from '../../../src/api/contract/emr-records';
import { EMR_RECORDS_OWN, EMR_RECORDS_TEXTS } from '../../../src/domain/texts/emr-records';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { expectError } from '../customer/fixtures';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const at = '2026-11-27T03:00:00.000Z';
const screening = {
  uuid: 's-1',
  createdAt: at,
  beratBadan: 60,
  tinggiBadan: 165,
  pernafasan: 'normal',
  gcs: '14-15',
};
const bodyMap = (x: number) => ({
  id: 'b-1',
  createdAt: 1_764_000_000_000,
  data: [{ mark: 1, side: 'front', x, y: 40, note: 'memar' }],
});
const consent = (signature: string) => ({
  uuid: 'c-1',
  createdAt: at,
  informationItems: [{ label: 'Diagnosis', value: 'Dermatitis', checked: true }],
  informationConsentItems: [{ label: 'paham', checked: true }],
  doctorSignature: signature,
  patientSignature: PNG,
});

export function emrRecordsSuite(backend: Backend): void {
  let s: TestServer;
  let dokter: Tokens;
  let perawat: Tokens;
  let owner: Tokens;
  let customer: DemoCustomer;
  const get = (t: Tokens, code = customer.user_code) =>
    call(s.app, t, {
      method: 'GET',
      url: `/cashier/customer-emr?user_identifier_type=qr&user_identifier_string=${encodeURIComponent(code)}`,
    });
  const put = (t: Tokens, payload: Record<string, unknown>) =>
    call(s.app, t, {
      method: 'PUT',
      url: '/cashier/customer-emr',
      payload: { user_code: customer.user_code, ...payload },
    });
  const log = async (t: Tokens) => {
    const r = await call(s.app, t, { method: 'GET', url: '/cashier/customer-emr/access-log' });
    expect(r.statusCode, r.body).toBe(200);
    return emrAccessResponse.parse(r.json().data).entries;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    customer = demoBusiness(s.clock.now()).customers[2];
    dokter = await signIn(s.app, 'dokter@serambi.id');
    perawat = await signIn(s.app, 'perawat@serambi.id');
    owner = await signIn(s.app, 'demo@serambi.id');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a health worker of Menteng reads five empty lists, saves one, reads it back, and empties it with {}', async () => {
    const first = await get(dokter);
    expect(first.statusCode, first.body).toBe(200);
    const empty = emrRecord.parse(first.json().data);
    expect(empty.user_code).toBe(customer.user_code);
    expect(JSON.parse(empty.screening_rawat_jalan)).toEqual([]);

    const saved = await put(dokter, { screening_rawat_jalan: JSON.stringify([screening]) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(EMR_RECORDS_OWN.saved);
    const back = emrRecord.parse((await get(dokter)).json().data);
    const [item] = JSON.parse(back.screening_rawat_jalan);
    expect(item).toMatchObject({ uuid: 's-1', beratBadan: 60, gcs: '14-15', resikoJatuh: '' });
    expect(JSON.parse(back.riwayat_alergi)).toEqual([]);

    // the other lists stay as they were when one is written
    expect((await put(dokter, { rekam_medis_tubuh: JSON.stringify([bodyMap(25)]) })).statusCode).toBe(200);
    expect((await put(dokter, { persetujuan_medis: JSON.stringify([consent(PNG)]) })).statusCode).toBe(200);
    const all = emrRecord.parse((await get(dokter)).json().data);
    expect(JSON.parse(all.screening_rawat_jalan)).toHaveLength(1);
    expect(JSON.parse(all.rekam_medis_tubuh)[0].data[0]).toMatchObject({ mark: 1, x: 25 });
    expect(JSON.parse(all.persetujuan_medis)[0].doctorSignature).toBe(PNG);

    expect((await put(dokter, { screening_rawat_jalan: '{}' })).statusCode).toBe(200);
    const cleared = emrRecord.parse((await get(dokter)).json().data);
    expect(JSON.parse(cleared.screening_rawat_jalan)).toEqual([]);
    expect(JSON.parse(cleared.rekam_medis_tubuh)).toHaveLength(1);
  });

  it('refuses a marker outside the image, a signature that is not an image, bad JSON and two lists at once', async () => {
    expectError(
      await put(dokter, { rekam_medis_tubuh: JSON.stringify([bodyMap(100.5)]) }),
      400,
      EMR_RECORDS_OWN.invalidRecord,
      'rekam_medis_tubuh.0.data.0.x',
    );
    expectError(
      await put(dokter, {
        persetujuan_medis: JSON.stringify([consent('data:text/html;base64,PHNjcmlwdD4=')]),
      }),
      400,
      EMR_RECORDS_OWN.invalidRecord,
      'persetujuan_medis.0.doctorSignature',
    );
    expectError(
      await put(dokter, { riwayat_alergi: '[{"uuid":' }),
      400,
      EMR_RECORDS_OWN.invalidRecord,
      'riwayat_alergi',
    );
    expectError(
      await put(dokter, { riwayat_alergi: '{}', discharge_planning: '{}' }),
      400,
      EMR_RECORDS_OWN.oneField,
      'discharge_planning',
    );
    expectError(
      await call(s.app, dokter, {
        method: 'PUT',
        url: '/cashier/customer-emr',
        payload: { riwayat_alergi: '{}' },
      }),
      400,
      EMR_RECORDS_TEXTS.customerRequired,
      'user_code',
    );
    expectError(
      await get(dokter, 'NOPE-404'),
      400,
      EMR_RECORDS_TEXTS.customerMissing,
      'user_identifier_string',
    );
    // nothing of the refused writes was kept
    const still = emrRecord.parse((await get(dokter)).json().data);
    expect(JSON.parse(still.rekam_medis_tubuh)[0].data[0].x).toBe(25);
  });

  it('refuses the non-health-worker of Menteng and the owner (403, a clear message), and keeps the record', async () => {
    for (const t of [perawat, owner]) {
      expectError(await get(t), 403, EMR_RECORDS_OWN.notHealthWorker);
      expectError(await put(t, { rekam_medis_tubuh: '{}' }), 403, EMR_RECORDS_OWN.notHealthWorker);
    }
    const kept = emrRecord.parse((await get(dokter)).json().data);
    expect(JSON.parse(kept.rekam_medis_tubuh)).toHaveLength(1);
  });

  it('lists every read, write and refusal to the owner (AUDIT_LOG) with who, which record and customer', async () => {
    const entries = await log(owner);
    const mine = entries.filter((e) => e.user_code === customer.user_code);
    const dokterName = 'Andi Saputra';
    expect(mine.some((e) => e.action === 'read' && e.record === '*' && e.user_name === dokterName)).toBe(
      true,
    );
    expect(
      mine.some((e) => e.action === 'write' && e.record === 'persetujuan_medis' && e.item_count === 1),
    ).toBe(true);
    expect(mine.some((e) => e.action === 'refused' && e.user_name === 'Rina Wulandari')).toBe(true);
    expect(mine.every((e) => e.customer_name === customer.user_name)).toBe(true);
    expect(mine.filter((e) => e.outlet_name === 'Serambi Klinik Menteng').length).toBeGreaterThan(3);
    // newest first
    const ids = entries.map((e) => e.emr_access_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // the doctor and the nurse have no AUDIT_LOG
    for (const t of [dokter, perawat])
      expectError(
        await call(s.app, t, { method: 'GET', url: '/cashier/customer-emr/access-log' }),
        403,
        API_MESSAGES.forbidden,
      );
    const bad = await call(s.app, owner, {
      method: 'GET',
      url: '/cashier/customer-emr/access-log?start_date=2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const none = await call(s.app, owner, {
      method: 'GET',
      url: '/cashier/customer-emr/access-log?start_date=2001-01-01&end_date=2001-01-02',
    });
    expect(emrAccessResponse.parse(none.json().data).entries).toEqual([]);
  });
}
