// Set Customer (000 §2 "Cashier dialogs", §4 "Customer in a transaction", §5, 003 §8): the shared customer
// search panel (src/ui/features/customers/search) in a modal, with the cashier's types (Phone, QR Code,
// Email, Reference, Nama), its messages and its Customer Data (User Ref, Notification Email).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { type Customer, SEARCH_TYPES } from '../../../../domain';
import { CustomerSearchPanel } from '../../customers/search';
import type { CustomerApi } from './customer-api';

export interface SetCustomerModalViewProps {
  opened: boolean;
  onClose: () => void;
  customer: Customer | null;
  api: Pick<CustomerApi, 'findCustomer' | 'searchUsers'>;
  /** pos_trx_no_user_edit = 1. */
  noUserEdit: boolean;
  /** TABLET display mode: no autofocus (the on-screen keyboard would cover the dialog). */
  tablet: boolean;
  /** Local "YYYY-MM-DD HH:mm:ss". */
  now: () => string;
  isOnline?: () => boolean;
  onSet: (customer: Customer) => Promise<void> | void;
  onClear: () => Promise<void> | void;
  notify: (kind: 'success' | 'error' | 'warning', message: string) => void;
}

export function SetCustomerModalView(props: SetCustomerModalViewProps) {
  const { opened, onClose, customer, api, noUserEdit, tablet, now, notify } = props;
  return (
    <Modal opened={opened} onClose={onClose} title="Set Customer" size="lg" centered>
      <Stack gap="sm">
        <CustomerSearchPanel
          types={SEARCH_TYPES.cashier}
          area="cashier"
          api={api}
          customer={customer}
          onSet={props.onSet}
          onClear={props.onClear}
          notify={notify}
          now={now}
          isOnline={props.isOnline}
          noUserEdit={noUserEdit}
          details="cashier"
          detailsReadOnly={noUserEdit}
          autoFocus={!tablet}
        />
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={onClose}>
            Tutup
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
