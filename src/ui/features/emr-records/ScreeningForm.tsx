// 'Screening Rawat Jalan' (001 §3 screening_rawat_jalan): every field and enum.
import { NumberInput, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  BATUK,
  GCS,
  HUBUNGAN,
  KEPUTUSAN,
  NYERI_DADA,
  PERNAFASAN,
  PSIKOLOGIS,
  RESIKO_JATUH,
  type ScreeningItem,
  SKALA_NYERI,
  showsStatusText,
  type YA_TIDAK,
} from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { binder, Choice, setter, Text1 } from './fields';
import type { FormProps } from './RecordTab';

const yaTidak = [
  ['ya', T.ya],
  ['tidak', T.tidak],
] as const satisfies readonly (readonly [(typeof YA_TIDAK)[number], string])[];

export const GCS_LABELS: Record<(typeof GCS)[number], string> = {
  '14-15': `14-15 ${T.gcs1415}`,
  '12-13': `12-13 ${T.gcs1213}`,
  '11-12': `11-12 ${T.gcs1112}`,
  '8-10': `8-10 ${T.gcs810}`,
  '<5': `<5 ${T.gcs5}`,
};
const STATUS_LABELS: Record<(typeof PSIKOLOGIS)[number], string> = {
  tenang: O.tenang,
  cemas: O.cemas,
  takut: O.takut,
  marah: O.marah,
  sedih: O.sedih,
  kecenderunganBD: O.kecenderunganBD,
  lain: T.statusLain,
};
export const KEPUTUSAN_LABELS: Record<(typeof KEPUTUSAN)[number], string> = {
  sesuai: T.keputusanSesuai,
  poli: T.keputusanPoli,
  tindakan: T.keputusanTindakan,
};

export function ScreeningForm({ value, onChange }: FormProps<ScreeningItem>) {
  const set = setter(value, onChange);
  const field = binder(value, onChange);
  const go = (key: keyof ScreeningItem['getUpAndGoTest']) => (v: (typeof YA_TIDAK)[number]) =>
    onChange({ ...value, getUpAndGoTest: { ...value.getUpAndGoTest, [key]: v } });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={O.beratBadan}
          min={0}
          value={value.beratBadan}
          onChange={(v) => set('beratBadan')(Number(v) || 0)}
        />
        <NumberInput
          label={O.tinggiBadan}
          min={0}
          value={value.tinggiBadan}
          onChange={(v) => set('tinggiBadan')(Number(v) || 0)}
        />
        <Text1 label={O.asalRujukan} {...field('asalRujukan')} />
        <Text1 label={O.alamat} {...field('alamat')} />
      </SimpleGrid>
      <Choice
        label={O.pernafasan}
        options={[
          [PERNAFASAN[0], T.normal],
          [PERNAFASAN[1], O.sesak],
        ]}
        {...field('pernafasan')}
      />
      <Title order={6}>{O.getUpAndGo}</Title>
      <Choice
        label={O.caraBerjalan}
        value={value.getUpAndGoTest.caraBerjalan}
        options={yaTidak}
        onChange={go('caraBerjalan')}
      />
      <Choice
        label={O.alatBantuJalan}
        value={value.getUpAndGoTest.alatBantu}
        options={yaTidak}
        onChange={go('alatBantu')}
      />
      <Choice
        label={O.menopangDiri}
        value={value.getUpAndGoTest.menopangDiri}
        options={yaTidak}
        onChange={go('menopangDiri')}
      />
      <Choice
        label={O.resikoJatuh}
        options={[
          [RESIKO_JATUH[0], O.jatuhTidak],
          [RESIKO_JATUH[1], O.jatuhRendah],
          [RESIKO_JATUH[2], O.jatuhTinggi],
        ]}
        {...field('resikoJatuh')}
      />
      <Choice
        label={O.nyeriDada}
        options={[
          [NYERI_DADA[0], T.tidak],
          [NYERI_DADA[1], T.ada],
        ]}
        {...field('nyeriDada')}
      />
      <Choice
        label={O.skalaNyeri}
        options={SKALA_NYERI.map((v) => [v, v] as const)}
        {...field('skalaNyeri')}
      />
      <Choice
        label={O.batuk}
        options={[
          [BATUK[0], T.tidak],
          [BATUK[1], O.batukKurang],
          [BATUK[2], O.batukLebih],
        ]}
        {...field('batuk')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={O.gcs}
          value={value.gcs || null}
          data={GCS.map((v) => ({ value: v, label: GCS_LABELS[v] }))}
          onChange={(v) => set('gcs')((v ?? '') as ScreeningItem['gcs'])}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={O.statusPsikologis}
          value={value.status || null}
          data={PSIKOLOGIS.map((v) => ({ value: v, label: STATUS_LABELS[v] }))}
          onChange={(v) => set('status')((v ?? '') as ScreeningItem['status'])}
        />
      </SimpleGrid>
      {showsStatusText(value.status) && (
        <Text1 label={value.status === 'lain' ? T.statusLain : T.statusReported} {...field('statusText')} />
      )}
      <Choice
        label={O.hubungan}
        options={[
          [HUBUNGAN[0], T.baik],
          [HUBUNGAN[1], O.tidakBaik],
        ]}
        {...field('hubungan')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text1 label={O.gizi} {...field('gizi')} />
        <Text1 label={O.td} {...field('td')} />
        <Text1 label={O.suhu} {...field('suhu')} />
        <Text1 label={O.nadi} {...field('nadi')} />
      </SimpleGrid>
      <Text1 label={O.riwayat} {...field('riwayat')} long />
      <Choice
        label={O.keputusan}
        options={KEPUTUSAN.map((v) => [v, KEPUTUSAN_LABELS[v]] as const)}
        {...field('keputusan')}
      />
    </Stack>
  );
}
