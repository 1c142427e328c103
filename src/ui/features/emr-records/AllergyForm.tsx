// 'Riwayat Alergi' (001 §3 riwayat_alergi).
import { Stack } from '@mantine/core';
import { ALERGI, type AllergyItem } from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { binder, Choice, Text1 } from './fields';
import type { FormProps } from './RecordTab';

export const ALERGI_LABELS: Record<(typeof ALERGI)[number], string> = {
  dingin: O.alergiDingin,
  antibiotik: O.alergiAntibiotik,
  debu: O.alergiDebu,
  suhu: O.alergiSuhu,
  makanan: O.alergiMakanan,
  obat: T.alergiObat,
};

export function AllergyForm({ value, onChange }: FormProps<AllergyItem>) {
  const field = binder(value, onChange);
  return (
    <Stack gap="sm">
      <Choice
        label={O.namaAlergi}
        options={ALERGI.map((v) => [v, ALERGI_LABELS[v]] as const)}
        {...field('namaAlergi')}
      />
      <Text1 label={T.diagnosa} {...field('diagnosa')} long />
      <Text1 label={O.catatanDokter} {...field('catatanDokter')} long />
      <Text1 label={T.tabBodyMap} {...field('rekamMedisTubuh')} long />
      <Text1 label={O.suratMenyurat} {...field('suratMenyurat')} long />
    </Stack>
  );
}
