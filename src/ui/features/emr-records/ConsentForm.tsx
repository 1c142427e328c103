// 'Persetujuan Medis' (001 §3 persetujuan_medis): the information items, the consent items with their
// statements, the prefilled person and patient fields, and two signature pads.
import { Checkbox, SimpleGrid, Stack, Table, Textarea, Title } from '@mantine/core';
import { CONSENT_LABELS, type ConsentItem, GENDERS, INFORMATION_LABELS } from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { Choice, setter, Text1 } from './fields';
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
  const set = setter(value, onChange);
  const info = (i: number, patch: Partial<ConsentItem['informationItems'][number]>) =>
    onChange({
      ...value,
      informationItems: value.informationItems.map((it, k) => (k === i ? { ...it, ...patch } : it)),
    });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.dokterPelaksana} value={value.dokterPelaksana} onChange={set('dokterPelaksana')} />
        <Text1 label={O.pemberiInformasi} value={value.pemberiInformasi} onChange={set('pemberiInformasi')} />
        <Text1
          label={O.penerimaInformasi}
          value={value.penerimaInformasi}
          onChange={set('penerimaInformasi')}
        />
        <Text1 label={O.noRekamMedis} value={value.noRekamMedis} onChange={set('noRekamMedis')} />
        <Text1 label={O.alamat} value={value.alamat} onChange={set('alamat')} />
        <Text1 label={O.ttl} value={value.ttl} onChange={set('ttl')} />
      </SimpleGrid>
      <Choice
        label={T.jenisKelamin}
        value={value.jenisKelamin}
        options={genders}
        onChange={set('jenisKelamin')}
      />
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
        <Text1 label={T.nama} value={value.nama} onChange={set('nama')} />
        <Text1 label={T.ttlPersetujuan} value={value.ttlPersetujuan} onChange={set('ttlPersetujuan')} />
        <Text1 label={O.buktiDiri} value={value.buktiDiri} onChange={set('buktiDiri')} />
        <Text1 label={O.noTelepon} value={value.noTelepon} onChange={set('noTelepon')} />
      </SimpleGrid>
      <Choice
        label={T.jenisKelamin}
        value={value.jenisKelaminPersetujuan}
        options={genders}
        onChange={set('jenisKelaminPersetujuan')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.tindakanMedis} value={value.tindakanMedis} onChange={set('tindakanMedis')} />
        <Text1 label={O.namaPasien} value={value.namaPasien} onChange={set('namaPasien')} />
        <Text1 label={O.noRekam} value={value.noRekam} onChange={set('noRekam')} />
        <Text1 label={O.ttlPasien} value={value.ttlPasien} onChange={set('ttlPasien')} />
      </SimpleGrid>
      <Choice
        label={O.jenisKelaminPasien}
        value={value.jenisKelaminPasien}
        options={genders}
        onChange={set('jenisKelaminPasien')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.tempat} value={value.tempat} onChange={set('tempat')} />
        <Text1 label={T.tanggal} value={value.tanggal} onChange={set('tanggal')} type="date" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SignatureField
          name="doctor"
          label={O.doctorSignature}
          value={value.doctorSignature}
          onChange={set('doctorSignature')}
        />
        <SignatureField
          name="patient"
          label={O.patientSignature}
          value={value.patientSignature}
          onChange={set('patientSignature')}
        />
      </SimpleGrid>
    </Stack>
  );
}
