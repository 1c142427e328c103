// 'Persetujuan Medis' (001 §3 persetujuan_medis): the information items, the consent items with their
// statements, the prefilled person and patient fields, and two signature pads.
import { Checkbox, SimpleGrid, Stack, Table, Textarea, Title } from '@mantine/core';
import { CONSENT_LABELS, type ConsentItem, GENDERS, INFORMATION_LABELS } from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { binder, Choice, Text1 } from './fields';
import type { FormProps } from './RecordTab';
import { SignatureField } from './SignatureField';

const genders = [
  [GENDERS[0], T.lakiLaki],
  [GENDERS[1], T.perempuan],
] as const;

export const CONSENT_STATEMENTS: Record<(typeof CONSENT_LABELS)[number], string> = {
  satusehat: O.consentSatusehat,
  PMK: O.consentPmk,
  diskusi: O.consentDiskusi,
  paham: O.consentPaham,
};

/** The ten information items and four consent items of a new consent, unchecked. */
export const blankConsentLists = () => ({
  informationItems: INFORMATION_LABELS.map((label) => ({ label, value: '', checked: false })),
  informationConsentItems: CONSENT_LABELS.map((label) => ({ label, checked: false })),
});

export function ConsentForm({ value, onChange }: FormProps<ConsentItem>) {
  const field = binder(value, onChange);
  const info = (i: number, patch: Partial<ConsentItem['informationItems'][number]>) =>
    onChange({
      ...value,
      informationItems: value.informationItems.map((it, k) => (k === i ? { ...it, ...patch } : it)),
    });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.dokterPelaksana} {...field('dokterPelaksana')} />
        <Text1 label={O.pemberiInformasi} {...field('pemberiInformasi')} />
        <Text1 label={O.penerimaInformasi} {...field('penerimaInformasi')} />
        <Text1 label={O.noRekamMedis} {...field('noRekamMedis')} />
        <Text1 label={O.alamat} {...field('alamat')} />
        <Text1 label={O.ttl} {...field('ttl')} />
      </SimpleGrid>
      <Choice label={T.jenisKelamin} options={genders} {...field('jenisKelamin')} />
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{O.information}</Table.Th>
            <Table.Th>{O.informationValue}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.informationItems.map((it, i) => (
            <Table.Tr key={it.label}>
              <Table.Td>
                <Checkbox
                  label={it.label}
                  checked={it.checked}
                  onChange={(e) => info(i, { checked: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <Textarea
                  aria-label={`${O.informationValue} ${it.label}`}
                  value={it.value}
                  autosize
                  minRows={1}
                  onChange={(e) => info(i, { value: e.currentTarget.value })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={6}>{O.consentStatements}</Title>
      {value.informationConsentItems.map((it, i) => (
        <Checkbox
          key={it.label}
          label={CONSENT_STATEMENTS[it.label]}
          checked={it.checked}
          onChange={(e) =>
            onChange({
              ...value,
              informationConsentItems: value.informationConsentItems.map((c, k) =>
                k === i ? { ...c, checked: e.currentTarget.checked } : c,
              ),
            })
          }
        />
      ))}
      <Title order={6}>{O.consentPerson}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={T.nama} {...field('nama')} />
        <Text1 label={T.ttlPersetujuan} {...field('ttlPersetujuan')} />
        <Text1 label={O.buktiDiri} {...field('buktiDiri')} />
        <Text1 label={O.noTelepon} {...field('noTelepon')} />
      </SimpleGrid>
      <Choice label={T.jenisKelamin} options={genders} {...field('jenisKelaminPersetujuan')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.tindakanMedis} {...field('tindakanMedis')} />
        <Text1 label={O.namaPasien} {...field('namaPasien')} />
        <Text1 label={O.noRekam} {...field('noRekam')} />
        <Text1 label={O.ttlPasien} {...field('ttlPasien')} />
      </SimpleGrid>
      <Choice label={O.jenisKelaminPasien} options={genders} {...field('jenisKelaminPasien')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.tempat} {...field('tempat')} />
        <Text1 label={T.tanggal} {...field('tanggal')} type="date" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SignatureField name="doctor" label={O.doctorSignature} {...field('doctorSignature')} />
        <SignatureField name="patient" label={O.patientSignature} {...field('patientSignature')} />
      </SimpleGrid>
    </Stack>
  );
}
