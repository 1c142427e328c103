// The registration dialog (001 §2.11, §4 'Modal', §5 'Registration'): not closable by clicking outside;
// Cancel resets everything. Step 1 the shared search (Phone, QR Code with auto-submit on scan, Email,
// Reference, Nama, NIK; 'Cari Customer'); step 2 the customer details (editable with
// CUSTOMER_INFORMATION_EDIT, NIK always; the birthday greeting), saved by cashier/patient-membership-
// activation (offline: carried with the registration, the server stores them when it is sent); step 3 the
// read-only User Code, User Name and Nomor Urut and the status, with 'Submit'. 'Ubah Status' opens step 3.
import { Button, Group, Modal, Select, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CUSTOMER_PATHS, posUser } from '../../../api/contract';
import { isApiError } from '../../../api/http';
import { createMemberApi } from '../../../api/member-search';
import type { RegistrationApi } from '../../../api/registration';
import { BIRTH_DATE_MIN, type Customer, isBirthdayToday } from '../../../domain';
import { SEARCH_TYPES } from '../../../domain/customer-search';
import { REGISTRATION_OWN as OWN, REGISTRATION_TEXTS as T } from '../../../domain/texts/registration';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { useServices } from '../../app/services';
import { DayInput } from '../../components/DayInput';
import { notify } from '../../components/feedback';
import { type CustomerSearchApi, CustomerSearchPanel } from '../customers/search';

export interface RegistrationDraft {
  customer: Customer;
  nomor_urut: number;
  status: string;
}

export interface RegistrationDialogProps {
  opened: boolean;
  /** 'new': from step 1; 'edit': step 3 of an existing session. */
  mode: 'new' | 'edit';
  /** edit: the session's customer and number. */
  edit?: { user_code: string | null; user_name: string | null; nomor_urut: number; status: string };
  nomorUrut: number;
  statuses: string[];
  canEditDetails: boolean;
  api: Pick<RegistrationApi, 'activatePatient'>;
  online: () => boolean;
  onClose: () => void;
  onSubmit: (draft: RegistrationDraft) => Promise<void>;
}

const now = () => formatLocalTimestamp(new Date());

export function RegistrationDialog(props: RegistrationDialogProps) {
  const { client } = useServices();
  const memberApi = useMemo(() => createMemberApi(client), [client]);
  const searchApi = useMemo<CustomerSearchApi>(
    () => ({
      findCustomer: (identifier) =>
        client.request({
          method: 'POST',
          path: CUSTOMER_PATHS.posUser,
          body: identifier,
          schema: posUser,
        }) as Promise<Customer>,
      searchUsers: (keyword) => memberApi.searchMembers(keyword),
    }),
    [client, memberApi],
  );
  const [step, setStep] = useState(props.mode === 'edit' ? 2 : 0);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [status, setStatus] = useState<string | null>(props.edit?.status ?? props.statuses[0] ?? null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep(0);
    setCustomer(null);
    props.onClose();
  };

  const saveDetails = async () => {
    if (!customer) return;
    const c = customer;
    const identifier = {
      user_identifier_type: c.user_identifier_type ?? 'phone',
      user_identifier_string: String(c.user_identifier_string ?? c.user_code ?? ''),
    };
    if (!props.online()) {
      notify('warning', OWN.savedLocal);
      setStep(2);
      return;
    }
    setBusy(true);
    try {
      const { user_code } = await props.api.activatePatient({
        is_edit_user: 1,
        user_name: c.user_name ?? null,
        user_gender: c.user_gender === 1 || c.user_gender === 2 ? c.user_gender : null,
        user_birth_date: c.user_birth_date ?? null,
        user_notes: c.user_notes ?? null,
        user_email_notification:
          (c as { user_email_notification?: string | null }).user_email_notification ?? null,
        ...identifier,
        nik: (c as { nik?: string | null }).nik ?? null,
      } as Parameters<typeof props.api.activatePatient>[0]);
      // 001 §7: then the member lookup is repeated
      let fresh: Customer = { ...c, user_code };
      try {
        fresh = { ...(await searchApi.findCustomer(identifier)), ...identifier };
      } catch {
        // the stored details stand
      }
      setCustomer(fresh);
      setStep(2);
    } catch (e) {
      if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) {
        notify('warning', OWN.savedLocal);
        setStep(2);
      } else notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!status) return;
    setBusy(true);
    try {
      await props.onSubmit({
        customer:
          customer ??
          ({
            user_code: props.edit?.user_code ?? null,
            user_name: props.edit?.user_name ?? null,
          } as Customer),
        nomor_urut: props.edit?.nomor_urut ?? props.nomorUrut,
        status,
      });
      close();
    } finally {
      setBusy(false);
    }
  };

  const c = customer;
  const patch = (p: Partial<Customer> & Record<string, unknown>) =>
    setCustomer((x) => (x ? ({ ...x, ...p } as Customer) : x));
  const ro = !props.canEditDetails;
  const birthday = c ? isBirthdayToday(c.user_birth_date, now()) : false;
  const shown = props.mode === 'edit' ? props.edit : c;
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
      title={T.newRegistration}
    >
      <Stack gap="md">
        <Stepper active={step} size="sm">
          <Stepper.Step label={OWN.customerStep} />
          <Stepper.Step label={OWN.detailStep} />
          <Stepper.Step label={OWN.statusStep} />
        </Stepper>
        {step === 0 && (
          <CustomerSearchPanel
            types={SEARCH_TYPES.registration}
            defaultType="phone"
            area="journal"
            api={searchApi}
            customer={c}
            onSet={(found) => {
              setCustomer(found);
              setStep(1);
            }}
            onClear={() => setCustomer(null)}
            notify={(kind, message) => notify(kind, message)}
            now={now}
            details="none"
            checkLabel={T.findCustomer}
          />
        )}
        {step === 1 && c && (
          <Stack gap="sm" data-testid="registration-details">
            {birthday && (
              <Text fw={700} c="pink.9">
                <span aria-hidden="true">🎂 </span>
                {T.birthday}
              </Text>
            )}
            {c.user_ref && <TextInput label={T.userRef} value={c.user_ref} readOnly />}
            <TextInput
              label={T.name}
              value={c.user_name ?? ''}
              readOnly={ro}
              disabled={ro}
              onChange={(e) => patch({ user_name: e.currentTarget.value })}
            />
            <DayInput
              label={T.birthDate}
              value={c.user_birth_date ?? null}
              disabled={ro}
              minDate={BIRTH_DATE_MIN}
              maxDate={now().slice(0, 10)}
              clearable
              onChange={(d) => patch({ user_birth_date: d })}
            />
            <Select
              label={T.gender}
              disabled={ro}
              data={[
                { value: '1', label: T.male },
                { value: '2', label: T.female },
              ]}
              value={c.user_gender === 1 || c.user_gender === 2 ? String(c.user_gender) : null}
              onChange={(v) => patch({ user_gender: v ? (Number(v) as 1 | 2) : null })}
            />
            <Textarea
              label={T.notes}
              value={c.user_notes ?? ''}
              disabled={ro}
              onChange={(e) => patch({ user_notes: e.currentTarget.value })}
            />
            <TextInput
              label={T.notificationEmail}
              type="email"
              disabled={ro}
              value={String((c as { user_email_notification?: unknown }).user_email_notification ?? '')}
              onChange={(e) => patch({ user_email_notification: e.currentTarget.value })}
            />
            <TextInput
              label={T.nik}
              inputMode="numeric"
              value={String((c as { nik?: unknown }).nik ?? '')}
              onChange={(e) => patch({ nik: e.currentTarget.value })}
            />
          </Stack>
        )}
        {step === 2 && (
          <Stack gap="sm" data-testid="registration-status-step">
            <TextInput label={T.userCode} value={shown?.user_code ?? ''} readOnly />
            <TextInput label={T.userName} value={shown?.user_name ?? ''} readOnly />
            <TextInput
              label={T.colNumber}
              value={String(props.edit?.nomor_urut ?? props.nomorUrut)}
              readOnly
            />
            <Select
              label={T.colStatus}
              data={props.statuses}
              value={status}
              onChange={setStatus}
              allowDeselect={false}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {T.cancel}
          </Button>
          {step === 1 && (
            <Button loading={busy} onClick={() => void saveDetails()}>
              {T.save}
            </Button>
          )}
          {step === 2 && (
            <Button loading={busy} disabled={!status} onClick={() => void submit()}>
              {T.submit}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
