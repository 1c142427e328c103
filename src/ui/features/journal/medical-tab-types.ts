// The shape of a medical-record tab in the journal's view (001 §2.10): apart from the list (medical-tabs.tsx),
// so the tabs' own modules can name it without importing the list that imports them.
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
