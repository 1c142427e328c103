// The five medical tabs as the journal's extension point lists them (src/ui/features/journal/medical-tabs.tsx).
import { EMR_FIELDS, type EmrField } from '../../../domain/emr-records';
import { EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import type { MedicalTab } from '../journal/medical-tab-types';
import { EmrRecordPanel } from './EmrRecordTabs';

const LABELS: Record<EmrField, string> = {
  screening_rawat_jalan: T.tabScreening,
  riwayat_alergi: T.tabAllergy,
  rekam_medis_tubuh: T.tabBodyMap,
  persetujuan_medis: T.tabConsent,
  discharge_planning: T.tabDischarge,
};

export const EMR_MEDICAL_TABS: MedicalTab[] = EMR_FIELDS.map((field) => ({
  value: field,
  label: LABELS[field],
  render: ({ customer, identifier }) => (
    <EmrRecordPanel
      key={`${customer.user_code}-${field}`}
      field={field}
      customer={customer}
      // 001 §3: noTelepon is prefilled from the searched phone (else the customer's own)
      searchedPhone={
        identifier.user_identifier_type === 'phone'
          ? identifier.user_identifier_string
          : (customer.user_phone ?? '')
      }
    />
  ),
}));
