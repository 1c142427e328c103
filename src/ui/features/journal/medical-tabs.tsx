// The journal view's extension point for the medical-record tabs (001 §2.9 step 2, §2.10): in medical-record
// mode the view shows, after 'Data Pelanggan' and 'Aktivitas Pelanggan', every tab listed here in order
// ('Screening Rawat Jalan', 'Riwayat Alergi', 'Rekam Medis Tubuh', 'Persetujuan Medis', 'Resume Perencanaan
// Pulang (Discharge Planning Form)'). A tab renders from the customer in view; add one by appending it.
import type { ReactNode } from 'react';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalCustomer } from '../../../api/contract/journal';

export interface MedicalTabProps {
  customer: JournalCustomer;
  identifier: CustomerIdentifier;
}

export interface MedicalTab {
  /** the tab's value (unique; used in the tab's id) */
  value: string;
  /** the tab's label, as the spec words it */
  label: string;
  render(props: MedicalTabProps): ReactNode;
}

export const medicalTabs: MedicalTab[] = [];

/**
 * The Sync button beside the national health ID on 'Data Pelanggan' (001 §2.9, §7 cashier/sync-patient-id):
 * none until the SATUSEHAT client provides one; it calls onSynced after a successful sync (the view reloads).
 */
export const patientIdSync: {
  Button:
    | ((props: {
        customer: JournalCustomer;
        identifier: CustomerIdentifier;
        onSynced: () => void;
      }) => ReactNode)
    | null;
} = { Button: null };
