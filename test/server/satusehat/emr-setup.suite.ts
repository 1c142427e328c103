// EMR setup (001 §2.14, ruling 11) and sync-patient-id against the stand-in of the exchange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSatusehatClient } from '../../../server/integrations/satusehat/client';
import {
  type SatusehatStandIn,
  startSatusehatStandIn,
} from '../../../server/integrations/satusehat/stand-in';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';

const NIK = '3174011111110009';

export function emrSetupSuite(backend: Backend) {
  describe(`EMR setup and sync-patient-id (${backend})`, () => {
    let s: TestServer;
    let standIn: SatusehatStandIn;
    let owner: Tokens;
    let dokter: Tokens;
    let userCode: string;
    beforeAll(async () => {
      s = await startTestServer(backend);
      standIn = await startSatusehatStandIn({
        subOrganizations: [{ id: '10000005', name: 'Poli Umum' }],
        patients: [{ nik: NIK, id: 'P20000000001', name: 'Sari Dewi' }],
      });
      s.app.deps.integrations.satusehat = httpSatusehatClient(standIn.settings);
      owner = await signIn(s.app, 'demo@serambi.id');
      dokter = await signIn(s.app, 'dokter@serambi.id');
      await call(s.app, dokter, { method: 'GET', url: '/cashier/config?outlet_id=2' });
      const r = await s.database.query<{ user_code: string }>(
        `UPDATE customers SET nik = $1 WHERE customer_id = (SELECT min(customer_id) FROM customers WHERE business_id = 1) RETURNING user_code`,
        [NIK],
      );
      userCode = r[0]?.user_code as string;
    }, 120_000);
    afterAll(async () => {
      await standIn?.close();
      await s?.close();
    });

    it('organizations: empty, initialized from the exchange (with its sub-organizations), then refused again', async () => {
      const list = await call(s.app, owner, { method: 'GET', url: '/cashier/satu-sehat-organization' });
      expect(list.json().data.organizations).toEqual([]);
      const blank = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-organization-init',
        payload: { satusehat_organization_id: ' ' },
      });
      expect([blank.statusCode, blank.json().error?.message]).toEqual([
        400,
        'ID organisasi SATUSEHAT harus diisi.',
      ]);
      const unknown = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-organization-init',
        payload: { satusehat_organization_id: '999' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error?.message).toMatch(/SATUSEHAT menolak permintaan: .*404/);
      const init = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-organization-init',
        payload: { satusehat_organization_id: '10000004' },
      });
      expect(init.statusCode, init.body).toBe(200);
      expect(init.json().message).toBe('Organisasi telah berhasil diinisiasi.');
      expect(
        init
          .json()
          .data.organizations.map((o: Record<string, unknown>) => [
            o.organization_name,
            o.parent_emr_organization,
          ]),
      ).toEqual([
        ['Klinik Serambi', null],
        ['Poli Umum', 'Klinik Serambi'],
      ]);
      const again = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-organization-init',
        payload: { satusehat_organization_id: '10000004' },
      });
      expect(again.json().error?.message).toBe(
        'Tidak dapat menginisialisasi struktur organisasi, karena telah ada sebelumnya.',
      );
    });

    it('organizations: created, edited (not its own parent), deleted when unused', async () => {
      const created = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-organization',
        payload: { organization_name: 'Poli Gigi', parent_organization_id: 1 },
      });
      expect(created.json().message).toBe('Organisasi telah berhasil disimpan');
      const id = created.json().data.id;
      const loop = await call(s.app, owner, {
        method: 'PUT',
        url: `/cashier/satu-sehat-organization/${id}`,
        payload: { organization_name: 'Poli Gigi', parent_organization_id: id },
      });
      expect(loop.statusCode).toBe(400);
      const edited = await call(s.app, owner, {
        method: 'PUT',
        url: `/cashier/satu-sehat-organization/${id}`,
        payload: { organization_name: 'Poli Gigi dan Mulut', parent_organization_id: null, is_active: 0 },
      });
      expect(edited.json().data).toMatchObject({ organization_name: 'Poli Gigi dan Mulut', is_active: 0 });
      const inUse = await call(s.app, owner, { method: 'DELETE', url: '/cashier/satu-sehat-organization/1' });
      expect([inUse.statusCode, inUse.json().error?.message]).toEqual([
        400,
        'Organisasi masih dipakai oleh organisasi atau lokasi lain.',
      ]);
      const del = await call(s.app, owner, {
        method: 'DELETE',
        url: `/cashier/satu-sehat-organization/${id}`,
      });
      expect(del.statusCode).toBe(200);
      const gone = await call(s.app, owner, { method: 'GET', url: `/cashier/satu-sehat-organization/${id}` });
      expect(gone.statusCode).toBe(404);
    });

    it('locations: created at the exchange too, listed, edited, deleted; a blank name is named', async () => {
      const blank = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-location',
        payload: { location_name: '' },
      });
      expect([blank.statusCode, blank.json().error?.message]).toEqual([400, 'Nama lokasi harus diisi.']);
      const room = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-location',
        payload: { location_name: 'Ruang Periksa 1', parent_organization_id: 2 },
      });
      expect(room.json().message).toBe('Lokasi telah berhasil disimpan');
      expect(room.json().data.satusehat_location_id).toBe(standIn.state.locations[0]?.id);
      const bed = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-location',
        payload: { location_name: 'Bed 1', parent_location_id: room.json().data.id },
      });
      expect(standIn.state.locations[1]?.partOf).toEqual({
        reference: `Location/${room.json().data.satusehat_location_id}`,
      });
      const list = await call(s.app, owner, { method: 'GET', url: '/cashier/satu-sehat-location' });
      expect(
        list
          .json()
          .data.locations.map((l: Record<string, unknown>) => [
            l.location_name,
            l.parent_emr_location,
            l.parent_emr_organization,
          ]),
      ).toEqual([
        ['Ruang Periksa 1', null, 'Poli Umum'],
        ['Bed 1', 'Ruang Periksa 1', null],
      ]);
      const edited = await call(s.app, owner, {
        method: 'PUT',
        url: `/cashier/satu-sehat-location/${bed.json().data.id}`,
        payload: { location_name: 'Bed A', parent_location_id: room.json().data.id },
      });
      expect(edited.json().data.location_name).toBe('Bed A');
      // the exchange down: a new location is not stored (it would be unknown there)
      standIn.state.failWith = 500;
      const down = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/satu-sehat-location',
        payload: { location_name: 'Ruang 2' },
      });
      standIn.state.failWith = null;
      expect(down.statusCode).toBe(400);
      const after = await call(s.app, owner, { method: 'GET', url: '/cashier/satu-sehat-location' });
      expect(after.json().data.locations).toHaveLength(2);
      const del = await call(s.app, owner, {
        method: 'DELETE',
        url: `/cashier/satu-sehat-location/${bed.json().data.id}`,
      });
      expect(del.json().message).toBe('Lokasi telah dihapus.');
    });

    it('sync-patient-id: the patient id by NIK; an unknown NIK and no NIK are clear; health workers only', async () => {
      const ok = await call(s.app, dokter, {
        method: 'POST',
        url: '/cashier/sync-patient-id',
        payload: { user_identifier_type: 'qr', user_identifier_string: userCode },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        message: 'Sync ID SATUSEHAT berhasil',
        data: { satusehat_patient_id: 'P20000000001' },
      });
      await s.database.query(`UPDATE customers SET nik = '3174011111110000' WHERE user_code = $1`, [
        userCode,
      ]);
      const unknown = await call(s.app, dokter, {
        method: 'POST',
        url: '/cashier/sync-patient-id',
        payload: { user_identifier_type: 'qr', user_identifier_string: userCode },
      });
      expect([unknown.statusCode, unknown.json().error?.message]).toEqual([
        400,
        'NIK 3174011111110000 tidak ditemukan di SATUSEHAT',
      ]);
      await s.database.query(`UPDATE customers SET nik = NULL WHERE user_code = $1`, [userCode]);
      const none = await call(s.app, dokter, {
        method: 'POST',
        url: '/cashier/sync-patient-id',
        payload: { user_identifier_type: 'qr', user_identifier_string: userCode },
      });
      expect(none.json().error?.message).toBe('Pasien belum memiliki NIK');
      // the owner at Kemang is no health worker at a medical-record outlet
      const refused = await call(s.app, owner, {
        method: 'POST',
        url: '/cashier/sync-patient-id',
        payload: { user_identifier_type: 'qr', user_identifier_string: userCode },
      });
      expect(refused.statusCode).toBe(403);
    });
  });
}
