// The journal view's extension point for the medical-record tabs (001 §2.9 step 2, §2.10): in medical-record
// mode the view shows, after 'Data Pelanggan' and 'Aktivitas Pelanggan', every tab listed here in order
// ('Screening Rawat Jalan', 'Riwayat Alergi', 'Rekam Medis Tubuh', 'Persetujuan Medis', 'Resume Perencanaan
// Pulang (Discharge Planning Form)'). A tab renders from the customer in view; add one by appending it.
import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalCustomer } from '../../../api/contract/journal';
import { SATUSEHAT_PATHS } from '../../../api/contract/satusehat';
import { errorMessage } from '../../../api/http';
import { JOURNAL_TEXTS } from '../../../domain/texts/journal';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { EMR_MEDICAL_TABS } from '../emr-records/journal-tabs';
import type { MedicalTab } from './medical-tab-types';

export type { MedicalTab, MedicalTabProps } from './medical-tab-types';

// issue 25: the five medical sub-record tabs (src/ui/features/emr-records)
export const medicalTabs: MedicalTab[] = [...EMR_MEDICAL_TABS];

/**
 * The Sync button beside the national health ID on 'Data Pelanggan' (001 §2.9, §7 cashier/sync-patient-id):
 * the server asks the exchange for the patient by NIK and stores the id; onSynced reloads the view.
 */
function PatientIdSyncButton({
  identifier,
  onSynced,
}: {
  customer: JournalCustomer;
  identifier: CustomerIdentifier;
  onSynced: () => void;
}) {
  const { client } = useServices();
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      const answer = await client.requestEnvelope({
        method: 'POST',
        path: SATUSEHAT_PATHS.syncPatientId,
        body: identifier,
      });
      notify('success', answer.message ?? '');
      onSynced();
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" loading={busy} onClick={() => void sync()}>
      {JOURNAL_TEXTS.syncHealthId}
    </Button>
  );
}

export const patientIdSync: {
  Button:
    | ((props: {
        customer: JournalCustomer;
        identifier: CustomerIdentifier;
        onSynced: () => void;
      }) => ReactNode)
    | null;
} = { Button: PatientIdSyncButton };
