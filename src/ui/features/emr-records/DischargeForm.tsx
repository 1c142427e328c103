// 'Resume Perencanaan Pulang (Discharge Planning Form)' (001 §3 discharge_planning): age from the birth date,
// the enums, the 16 topics and 16 documents, medication rows and two signatures.
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ALAT_BANTU,
  DIRUJUK_KE,
  DISCHARGE_GENDERS,
  DISCHARGE_STATUS,
  type DischargeItem,
  DOKUMENTASI,
  type MedicationRow,
  MOBILISASI,
  PENYULUHAN,
} from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { binder, Choice, setter, Text1 } from './fields';
import type { FormProps } from './RecordTab';
import { SignatureField } from './SignatureField';

const TOPIC_LABELS: Record<(typeof PENYULUHAN)[number], string> = {
  makan: O.topicMakan,
  obat: O.topicObat,
  'perawatan-luka': O.topicLuka,
  relaksasi: O.topicRelaksasi,
  'batuk-efektif': O.topicBatuk,
  'alat-bantu': O.topicAlatBantu,
  'alat-bantu-dengar': O.topicDengar,
  kateter: O.topicKateter,
  pembatasan: O.topicPembatasan,
  'perawatan-payudara': O.topicPayudara,
  'pk-betadine': O.topicPk,
  diet: O.topicDiet,
  ngt: O.topicNgt,
  infus: O.topicInfus,
  oksigen: O.topicOksigen,
  lain: T.topicLain,
};
const MED_FIELDS: readonly (readonly [keyof MedicationRow, string])[] = [
  ['namaObat', O.namaObat],
  ['dosis', O.dosis],
  ['jamPemberian', O.jamPemberian],
  ['jumlah', T.jumlah],
  ['keterangan', T.keterangan],
];
const blankMed = (): MedicationRow => ({
  namaObat: '',
  dosis: '',
  jamPemberian: '',
  jumlah: '',
  keterangan: '',
});

export function DischargeForm({ value, onChange }: FormProps<DischargeItem>) {
  const set = setter(value, onChange);
  const field = binder(value, onChange);
  const setMed = (i: number, key: keyof MedicationRow, v: string) =>
    onChange({ ...value, obat: value.obat.map((m, k) => (k === i ? { ...m, [key]: v } : m)) });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text1 label={O.namaPasien} {...field('namaPasien')} />
        <NumberInput
          label={O.umur}
          min={0}
          value={value.umur}
          onChange={(v) => set('umur')(Math.max(0, Math.trunc(Number(v) || 0)))}
        />
        <Text1 label={T.poli} {...field('poli')} />
      </SimpleGrid>
      <Choice
        label={T.jenisKelamin}
        options={DISCHARGE_GENDERS.map((g) => [g, g] as const)}
        {...field('gender')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text1 label={O.tanggalMasuk} type="datetime-local" {...field('tanggalMasuk')} />
        <Text1 label={O.tanggalKeluar} type="datetime-local" {...field('tanggalKeluar')} />
        <Text1 label={O.tanggalKontrol} type="datetime-local" {...field('tanggalKontrol')} />
      </SimpleGrid>
      <Choice
        label={O.dirujukKe}
        options={[
          [DIRUJUK_KE[0], T.rujukDokter],
          [DIRUJUK_KE[1], T.rujukRs],
          [DIRUJUK_KE[2], T.rujukPulang],
        ]}
        {...field('dirujukKe')}
      />
      <Choice
        label={O.statusPulang}
        options={[
          [DISCHARGE_STATUS[0], O.izinDokter],
          [DISCHARGE_STATUS[1], O.kabur],
          [DISCHARGE_STATUS[2], O.pulangPaksa],
          [DISCHARGE_STATUS[3], O.meninggal],
        ]}
        {...field('status')}
      />
      <Choice
        label={O.mobilisasi}
        options={[
          [MOBILISASI[0], T.jalan],
          [MOBILISASI[1], O.tongkat],
          [MOBILISASI[2], O.kursiRoda],
          [MOBILISASI[3], O.brankar],
          [MOBILISASI[4], T.ngt],
        ]}
        {...field('mobilisasi')}
      />
      <Choice
        label={O.alatBantu}
        options={[
          [ALAT_BANTU[0], O.tidakAda],
          [ALAT_BANTU[1], O.kateter],
          [ALAT_BANTU[2], O.oksigen],
          [ALAT_BANTU[3], O.lainLain],
        ]}
        {...field('alatBantu')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.masalahKeperawatan} {...field('masalahKeperawatan')} long />
        <Text1 label={T.dokter} {...field('dokter')} />
      </SimpleGrid>
      <Checkbox.Group
        label={O.penyuluhan}
        value={value.penyuluhan}
        onChange={(v) => set('penyuluhan')(v as DischargeItem['penyuluhan'])}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt={4}>
          {PENYULUHAN.map((p) => (
            <Checkbox key={p} value={p} label={TOPIC_LABELS[p]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group
        label={O.dokumentasi}
        value={value.dokumentasi}
        onChange={(v) => set('dokumentasi')(v as DischargeItem['dokumentasi'])}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt={4}>
          {DOKUMENTASI.map((d) => (
            <Checkbox key={d} value={d} label={d} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Title order={6}>{O.obat}</Title>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {MED_FIELDS.map(([k, label]) => (
              <Table.Th key={k}>{label}</Table.Th>
            ))}
            <Table.Th>{O.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.obat.map((m, i) => (
            // rows have no id of their own; their position is their identity while the form is open
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              {MED_FIELDS.map(([k, label]) => (
                <Table.Td key={k}>
                  <TextInput
                    aria-label={`${label} ${i + 1}`}
                    value={m[k]}
                    onChange={(e) => setMed(i, k, e.currentTarget.value)}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => onChange({ ...value, obat: value.obat.filter((_, k) => k !== i) })}
                >
                  {T.remove}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => onChange({ ...value, obat: [...value.obat, blankMed()] })}
        >
          {O.addObat}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SignatureField name="guardian" label={O.penanggungJawab} {...field('penanggungJawab')} />
        <SignatureField name="officer" label={O.petugasRuangan} {...field('petugasRuangan')} />
      </SimpleGrid>
    </Stack>
  );
}
