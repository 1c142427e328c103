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
import { RecordTab, type RecordTabProps } from './RecordTab';
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

  /** One tab: its field, its label (the tab's and the panel's title), and what differs between the five. */
  const tab = <I extends { updatedAt?: string }>(
    value: EmrField,
    label: string,
    props: Omit<RecordTabProps<I>, 'title' | 'items' | 'modalSize' | 'busy' | 'stampEdit' | 'save'> & {
      items?: I[];
      modalSize?: RecordTabProps<I>['modalSize'];
    },
  ): EmrTab => ({
    value,
    label,
    panel: wrap(
      <RecordTab<I>
        title={label}
        items={list<I>(value)}
        modalSize="75%"
        busy={busy}
        stampEdit={edited}
        save={save(value)}
        {...props}
      />,
    ),
  });
  const byUuid = (i: { uuid: string }) => i.uuid;
  const created = {
    header: O.createdAt,
    cell: (i: { createdAt: string | number }) => stamp(i.createdAt).slice(0, 16),
  };

  return [
    tab<ScreeningItem>('screening_rawat_jalan', T.tabScreening, {
      name: 'screening',
      createLabel: T.newScreening,
      keyOf: byUuid,
      blank: () => screeningItem.parse({ uuid: newId(), createdAt: nowIso() }),
      Form: ScreeningForm,
      columns: [
        { header: O.arrivalDate, cell: (i) => stamp(i.createdAt).slice(0, 10) },
        { header: O.arrivalTime, cell: (i) => stamp(i.createdAt).slice(11, 16) },
        { header: O.keputusan, cell: (i) => (i.keputusan ? KEPUTUSAN_LABELS[i.keputusan] : '') },
      ],
    }),
    tab<AllergyItem>('riwayat_alergi', T.tabAllergy, {
      name: 'allergy',
      createLabel: T.newAllergy,
      keyOf: byUuid,
      blank: () => allergyItem.parse({ uuid: newId(), createdAt: nowIso() }),
      Form: AllergyForm,
      columns: [
        created,
        { header: O.namaAlergi, cell: (i) => (i.namaAlergi ? ALERGI_LABELS[i.namaAlergi] : '') },
        { header: T.diagnosa, cell: (i) => i.diagnosa },
      ],
    }),
    tab<BodyMapItem>('rekam_medis_tubuh', T.tabBodyMap, {
      name: 'bodymap',
      createLabel: T.newBodyMap,
      items: [...list<BodyMapItem>('rekam_medis_tubuh')].sort((a, b) => b.createdAt - a.createdAt),
      hideOkInView: true,
      keyOf: (i) => i.id,
      blank: () => ({ id: newId(), createdAt: Date.now(), data: [] }),
      Form: BodyMapForm,
      columns: [created, { header: O.markerCount, cell: (i) => <Text size="sm">{i.data.length}</Text> }],
    }),
    tab<ConsentItem>('persetujuan_medis', T.tabConsent, {
      name: 'consent',
      createLabel: T.newConsent,
      modalSize: '90%',
      keyOf: byUuid,
      blank: () =>
        consentItem.parse({
          uuid: newId(),
          createdAt: nowIso(),
          ...blankConsentLists(),
          ...consentPrefill(customer, searchedPhone, today()),
        }),
      Form: ConsentForm,
      columns: [
        { header: T.tanggal, cell: (i) => i.tanggal },
        { header: O.tindakanMedis, cell: (i) => i.tindakanMedis },
        { header: O.doctorSignature, cell: (i) => signed(i.doctorSignature) },
        { header: O.patientSignature, cell: (i) => signed(i.patientSignature) },
      ],
    }),
    tab<DischargeItem>('discharge_planning', T.tabDischarge, {
      name: 'discharge',
      createLabel: T.newDischarge,
      keyOf: byUuid,
      blank: () =>
        dischargeItem.parse({
          uuid: newId(),
          createdAt: nowIso(),
          ...dischargePrefill(customer, today()),
        }),
      Form: DischargeForm,
      columns: [
        created,
        { header: O.tanggalKeluar, cell: (i) => i.tanggalKeluar.replace('T', ' ') },
        { header: T.dokter, cell: (i) => i.dokter },
      ],
    }),
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
