// The five medical sub-record tabs of the customer journal (001 §2.10), for a health worker of an outlet with
// rme_satu_sehat = 1. useEmrRecordTabs answers them as { value, label, panel } for the journal's tabs; the
// record is read once and each save replaces one list (PUT {emr}, '{}' when empty), then reads the record again.
import { Alert, Loader, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { EmrRecord } from '../../../api/contract/emr-records';
import { createEmrRecordsApi } from '../../../api/emr-records';
import { errorMessage } from '../../../api/http';
import {
  type AllergyItem,
  allergyItem,
  type BodyMapItem,
  type ConsentItem,
  consentItem,
  consentPrefill,
  type DischargeItem,
  dischargeItem,
  dischargePrefill,
  type EmrCustomer,
  type EmrField,
  listFromWire,
  type ScreeningItem,
  screeningItem,
} from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { formatOutletStamp } from '../../../domain/time-wall';
import { uuid } from '../../../events';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { ALERGI_LABELS, AllergyForm } from './AllergyForm';
import { BodyMapForm } from './BodyMapForm';
import { blankConsentLists, ConsentForm } from './ConsentForm';
import { DischargeForm } from './DischargeForm';
import { RecordTab } from './RecordTab';
import { KEPUTUSAN_LABELS, ScreeningForm } from './ScreeningForm';

export interface EmrTabCustomer extends EmrCustomer {
  user_code: string;
}

export interface EmrTab {
  value: EmrField;
  label: string;
  panel: ReactNode;
}

const stamp = (iso: string | number) => {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return Number.isFinite(ms) ? formatOutletStamp(ms) : '';
};
const newId = () => uuid();
const nowIso = () => new Date().toISOString();
const today = () => formatOutletStamp(Date.now()).slice(0, 10);
const edited = <I extends { updatedAt?: string }>(i: I): I => ({ ...i, updatedAt: nowIso() });
const signed = (url: string) => (url ? O.signed : O.unsigned);

/** The five tabs for a customer; searchedPhone prefills the consent's noTelepon. */
export function useEmrRecordTabs(customer: EmrTabCustomer, searchedPhone = ''): EmrTab[] {
  const { client } = useServices();
  const api = useMemo(() => createEmrRecordsApi(client), [client]);
  const [record, setRecord] = useState<EmrRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = customer.user_code;

  const load = useCallback(async () => {
    try {
      setError(null);
      setRecord(await api.get(code));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, code]);
  useEffect(() => {
    setRecord(null);
    void load();
  }, [load]);

  const save = useCallback(
    (field: EmrField) =>
      async (items: unknown[]): Promise<boolean> => {
        setBusy(true);
        try {
          const r = await api.save(code, field, items);
          notify('success', r.message || O.saved);
          await load();
          return true;
        } catch (e) {
          notify('error', errorMessage(e));
          return false;
        } finally {
          setBusy(false);
        }
      },
    [api, code, load],
  );

  const list = <I,>(field: EmrField): I[] => (record ? (listFromWire(record[field]) as I[]) : []);
  const wrap = (node: ReactNode): ReactNode =>
    error ? (
      <Alert color="red" role="alert" data-testid="emr-error">
        {error}
      </Alert>
    ) : record ? (
      node
    ) : (
      <Loader size="sm" />
    );

  const screenings = list<ScreeningItem>('screening_rawat_jalan');
  const allergies = list<AllergyItem>('riwayat_alergi');
  const maps = [...list<BodyMapItem>('rekam_medis_tubuh')].sort((a, b) => b.createdAt - a.createdAt);
  const consents = list<ConsentItem>('persetujuan_medis');
  const discharges = list<DischargeItem>('discharge_planning');

  return [
    {
      value: 'screening_rawat_jalan',
      label: T.tabScreening,
      panel: wrap(
        <RecordTab<ScreeningItem>
          name="screening"
          title={T.tabScreening}
          createLabel={T.newScreening}
          items={screenings}
          modalSize="75%"
          busy={busy}
          keyOf={(i) => i.uuid}
          blank={() => screeningItem.parse({ uuid: newId(), createdAt: nowIso() })}
          stampEdit={edited}
          Form={ScreeningForm}
          save={save('screening_rawat_jalan')}
          columns={[
            { header: O.arrivalDate, cell: (i) => stamp(i.createdAt).slice(0, 10) },
            { header: O.arrivalTime, cell: (i) => stamp(i.createdAt).slice(11, 16) },
            { header: O.keputusan, cell: (i) => (i.keputusan ? KEPUTUSAN_LABELS[i.keputusan] : '') },
          ]}
        />,
      ),
    },
    {
      value: 'riwayat_alergi',
      label: T.tabAllergy,
      panel: wrap(
        <RecordTab<AllergyItem>
          name="allergy"
          title={T.tabAllergy}
          createLabel={T.newAllergy}
          items={allergies}
          modalSize="75%"
          busy={busy}
          keyOf={(i) => i.uuid}
          blank={() => allergyItem.parse({ uuid: newId(), createdAt: nowIso() })}
          stampEdit={edited}
          Form={AllergyForm}
          save={save('riwayat_alergi')}
          columns={[
            { header: O.createdAt, cell: (i) => stamp(i.createdAt).slice(0, 16) },
            { header: O.namaAlergi, cell: (i) => (i.namaAlergi ? ALERGI_LABELS[i.namaAlergi] : '') },
            { header: T.diagnosa, cell: (i) => i.diagnosa },
          ]}
        />,
      ),
    },
    {
      value: 'rekam_medis_tubuh',
      label: T.tabBodyMap,
      panel: wrap(
        <RecordTab<BodyMapItem>
          name="bodymap"
          title={T.tabBodyMap}
          createLabel={T.newBodyMap}
          items={maps}
          modalSize="75%"
          busy={busy}
          hideOkInView
          keyOf={(i) => i.id}
          blank={() => ({ id: newId(), createdAt: Date.now(), data: [] })}
          stampEdit={edited}
          Form={BodyMapForm}
          save={save('rekam_medis_tubuh')}
          columns={[
            { header: O.createdAt, cell: (i) => stamp(i.createdAt).slice(0, 16) },
            { header: O.markerCount, cell: (i) => <Text size="sm">{i.data.length}</Text> },
          ]}
        />,
      ),
    },
    {
      value: 'persetujuan_medis',
      label: T.tabConsent,
      panel: wrap(
        <RecordTab<ConsentItem>
          name="consent"
          title={T.tabConsent}
          createLabel={T.newConsent}
          items={consents}
          modalSize="90%"
          busy={busy}
          keyOf={(i) => i.uuid}
          blank={() =>
            consentItem.parse({
              uuid: newId(),
              createdAt: nowIso(),
              ...blankConsentLists(),
              ...consentPrefill(customer, searchedPhone, today()),
            })
          }
          stampEdit={edited}
          Form={ConsentForm}
          save={save('persetujuan_medis')}
          columns={[
            { header: T.tanggal, cell: (i) => i.tanggal },
            { header: O.tindakanMedis, cell: (i) => i.tindakanMedis },
            { header: O.doctorSignature, cell: (i) => signed(i.doctorSignature) },
            { header: O.patientSignature, cell: (i) => signed(i.patientSignature) },
          ]}
        />,
      ),
    },
    {
      value: 'discharge_planning',
      label: T.tabDischarge,
      panel: wrap(
        <RecordTab<DischargeItem>
          name="discharge"
          title={T.tabDischarge}
          createLabel={T.newDischarge}
          items={discharges}
          modalSize="75%"
          busy={busy}
          keyOf={(i) => i.uuid}
          blank={() =>
            dischargeItem.parse({
              uuid: newId(),
              createdAt: nowIso(),
              ...dischargePrefill(customer, today()),
            })
          }
          stampEdit={edited}
          Form={DischargeForm}
          save={save('discharge_planning')}
          columns={[
            { header: O.createdAt, cell: (i) => stamp(i.createdAt).slice(0, 16) },
            { header: O.tanggalKeluar, cell: (i) => i.tanggalKeluar.replace('T', ' ') },
            { header: T.dokter, cell: (i) => i.dokter },
          ]}
        />,
      ),
    },
  ];
}

/** One tab's panel: the record read when it opens (the read is audited), the list of `field`. */
export function EmrRecordPanel({
  customer,
  searchedPhone,
  field,
}: {
  customer: EmrTabCustomer;
  searchedPhone: string;
  field: EmrField;
}) {
  const tabs = useEmrRecordTabs(customer, searchedPhone);
  return <>{tabs.find((t) => t.value === field)?.panel}</>;
}
