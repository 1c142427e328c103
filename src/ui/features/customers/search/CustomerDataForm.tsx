// The customer search panel's 'Customer Data' (000 §2 Set Customer; 001 §2.2 after a lookup, §2.8): User Ref
// (display only, the cashier's), Nama, Tanggal Lahir (1930-01-01..today, DD-MM-YYYY), Jenis Kelamin, Catatan
// (4 rows), Notification Email (the cashier's). Editable fields are disabled when readOnly
// (pos_trx_no_user_edit = 1). Text fields save on blur, pickers at once.
import '@mantine/dates/styles.css';
import { Group, Input, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { birthDateBounds, type Customer, normalizeBirthDate } from '../../../../domain';
import { CakeIcon } from '../../pos/customer/CakeIcon';
import {
  BIRTH_DATE_FORMAT,
  BIRTHDAY_GREETING,
  customerDataLabel,
  GENDER_OPTIONS,
} from '../../pos/customer/customer-view';

export interface CustomerDataFormProps {
  customer: Customer | null;
  /** pos_trx_no_user_edit = 1. */
  readOnly: boolean;
  /** Today, YYYY-MM-DD. */
  today: string;
  birthday: boolean;
  onChange: (patch: Partial<Customer>) => void;
  /** 'cashier': with User Ref and Notification Email (000 §2); 'basic': name, birth date, gender, notes (001). */
  fields?: 'cashier' | 'basic';
}

type TextField = 'user_name' | 'user_notes' | 'user_email_notification';

export function CustomerDataForm({
  customer,
  readOnly,
  today,
  birthday,
  onChange,
  fields = 'cashier',
}: CustomerDataFormProps) {
  const all = fields === 'cashier';
  const [draft, setDraft] = useState<Record<TextField, string>>({
    user_name: '',
    user_notes: '',
    user_email_notification: '',
  });
  // A new customer (or a re-read one) replaces what is typed.
  useEffect(() => {
    setDraft({
      user_name: customer?.user_name ?? '',
      user_notes: customer?.user_notes ?? '',
      user_email_notification: customer?.user_email_notification ?? '',
    });
  }, [customer?.user_name, customer?.user_notes, customer?.user_email_notification]);

  const disabled = readOnly || !customer;
  const save = (field: TextField) => {
    const value = draft[field].trim();
    if ((customer?.[field] ?? '') !== value) onChange({ [field]: value === '' ? null : value });
  };
  const bounds = birthDateBounds(today);
  const text = (field: TextField) => ({
    value: draft[field],
    disabled,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [field]: value }));
    },
    onBlur: () => save(field),
  });

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={5}>Customer Data</Title>
        <Text size="sm" c="dimmed" data-testid="customer-data-label">
          {customerDataLabel(customer)}
        </Text>
      </Group>
      {all && <TextInput label="User Ref" value={customer?.user_ref ?? ''} readOnly disabled={!customer} />}
      <TextInput label="Nama" {...text('user_name')} />
      <DatePickerInput
        label="Tanggal Lahir"
        size="md"
        placeholder={BIRTH_DATE_FORMAT}
        valueFormat={BIRTH_DATE_FORMAT}
        minDate={bounds.min}
        maxDate={bounds.max}
        defaultLevel="decade"
        clearable
        disabled={disabled}
        value={normalizeBirthDate(customer?.user_birth_date, today)}
        onChange={(value) => onChange({ user_birth_date: normalizeBirthDate(value, today) })}
        description={
          birthday ? (
            <Group gap={4} c="pink.7" component="span">
              <CakeIcon size={14} />
              {BIRTHDAY_GREETING}
            </Group>
          ) : undefined
        }
        popoverProps={{ withinPortal: true }}
      />
      <Input.Wrapper label="Jenis Kelamin" size="md">
        <SegmentedControl
          fullWidth
          size="md"
          disabled={disabled}
          data={GENDER_OPTIONS.map((g) => ({ value: g.value, label: g.label }))}
          value={customer?.user_gender ? String(customer.user_gender) : ''}
          onChange={(value) => onChange({ user_gender: Number(value) })}
        />
      </Input.Wrapper>
      <Textarea label="Catatan" size="md" rows={4} {...text('user_notes')} />
      {all && (
        <TextInput label="Notification Email" size="md" type="email" {...text('user_email_notification')} />
      )}
    </Stack>
  );
}
