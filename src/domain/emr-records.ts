// The medical sub-records of a customer (001 §2.10, §3 'EMR record (per customer)', §4, §5 'Body map' and
// 'Discharge form', §7 'PUT {emr}'): the five item shapes, the '{}' rule, age, body-map markers, signatures
// and the prefill from the customer. Pure; the browser and the server validate with the same shapes.
import { z } from 'zod';

/** The five JSON-encoded arrays of the EMR record, in the order of the tabs. */
export const EMR_FIELDS = [
  'screening_rawat_jalan',
  'riwayat_alergi',
  'rekam_medis_tubuh',
  'persetujuan_medis',
  'discharge_planning',
] as const;
export type EmrField = (typeof EMR_FIELDS)[number];

/** Bounds of ours (the spec gives none): a text field, a long text field, a signature's data URL. */
export const EMR_LIMITS = {
  text: 500,
  longText: 5_000,
  signatureChars: 400_000,
  itemsPerList: 500,
  markersPerMap: 200,
  medicationRows: 100,
} as const;

const text = z.string().max(EMR_LIMITS.text).default('');
const longText = z.string().max(EMR_LIMITS.longText).default('');
/** An unset choice is ''; the spec shows no other validation of the medical forms (§5). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]).default('');
const isoDateTime = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'tanggal tidak valid');
const common = {
  uuid: z.string().min(1).max(100),
  createdAt: isoDateTime,
  updatedAt: isoDateTime.optional(),
};

export const YA_TIDAK = ['ya', 'tidak'] as const;
export const PERNAFASAN = ['normal', 'sesak'] as const;
export const RESIKO_JATUH = ['tidak', 'rendah', 'tinggi'] as const;
export const NYERI_DADA = ['tidak', 'ada'] as const;
export const SKALA_NYERI = ['1-3', '3-5', '5-8', '8-10'] as const;
export const BATUK = ['tidak', '<2minggu', '>2minggu'] as const;
export const GCS = ['14-15', '12-13', '11-12', '8-10', '<5'] as const;
export const HUBUNGAN = ['baik', 'tidakBaik'] as const;
export const PSIKOLOGIS = ['tenang', 'cemas', 'takut', 'marah', 'sedih', 'kecenderunganBD', 'lain'] as const;
export const KEPUTUSAN = ['sesuai', 'poli', 'tindakan'] as const;

/** 001 §4: the psychological-status free text appears only for lain or kecenderunganBD. */
export const showsStatusText = (status: string): boolean => status === 'lain' || status === 'kecenderunganBD';

export const screeningItem = z.object({
  ...common,
  beratBadan: z.number().finite().min(0).max(1_000).default(0),
  tinggiBadan: z.number().finite().min(0).max(1_000).default(0),
  asalRujukan: text,
  alamat: text,
  pernafasan: choice(PERNAFASAN),
  getUpAndGoTest: z
    .object({ caraBerjalan: choice(YA_TIDAK), alatBantu: choice(YA_TIDAK), menopangDiri: choice(YA_TIDAK) })
    .default({ caraBerjalan: '', alatBantu: '', menopangDiri: '' }),
  resikoJatuh: choice(RESIKO_JATUH),
  nyeriDada: choice(NYERI_DADA),
  skalaNyeri: choice(SKALA_NYERI),
  batuk: choice(BATUK),
  gcs: choice(GCS),
  hubungan: choice(HUBUNGAN),
  status: choice(PSIKOLOGIS),
  statusText: text,
  gizi: text,
  td: text,
  suhu: text,
  nadi: text,
  riwayat: longText,
  keputusan: choice(KEPUTUSAN),
});
export type ScreeningItem = z.infer<typeof screeningItem>;

export const ALERGI = ['dingin', 'antibiotik', 'debu', 'suhu', 'makanan', 'obat'] as const;
export const allergyItem = z.object({
  ...common,
  namaAlergi: choice(ALERGI),
  diagnosa: longText,
  catatanDokter: longText,
  rekamMedisTubuh: longText,
  suratMenyurat: longText,
});
export type AllergyItem = z.infer<typeof allergyItem>;

export const BODY_SIDES = ['front', 'sides', 'back'] as const;
export type BodySide = (typeof BODY_SIDES)[number];

/** A marker's position is a percent of the image: 0 to 100 inclusive (§3); outside is refused. */
const percent = z.number().finite().min(0).max(100);
export const bodyMarker = z.object({
  mark: z.number().int().min(1).max(10_000),
  side: z.enum(BODY_SIDES),
  x: percent,
  y: percent,
  note: z
    .string()
    .max(EMR_LIMITS.text)
    .refine((s) => s.trim() !== '', 'catatan penanda harus diisi'),
});
export type BodyMarker = z.infer<typeof bodyMarker>;

export const bodyMapItem = z.object({
  id: z.string().min(1).max(100),
  /** epoch milliseconds (§3) */
  createdAt: z.number().int().min(0),
  updatedAt: isoDateTime.optional(),
  data: z
    .array(bodyMarker)
    .max(EMR_LIMITS.markersPerMap)
    .refine((ms) => new Set(ms.map((m) => m.mark)).size === ms.length, 'nomor penanda harus unik'),
});
export type BodyMapItem = z.infer<typeof bodyMapItem>;

/** A signature: '' (not signed yet) or a PNG image data URL (§2.10). */
export const signature = z
  .string()
  .max(EMR_LIMITS.signatureChars)
  .refine(
    (s) => s === '' || /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(s),
    'tanda tangan tidak valid',
  )
  .default('');

export const INFORMATION_LABELS = [
  'Diagnosis',
  'Dasar Diagnosis',
  'Tindakan Kedokteran',
  'Indikasi Tindakan',
  'Tata Cara',
  'Tujuan',
  'Risiko',
  'Komplikasi',
  'Prognosis',
  'Alternatif dan Risiko',
] as const;
export const CONSENT_LABELS = ['satusehat', 'PMK', 'diskusi', 'paham'] as const;
export const GENDERS = ['male', 'female'] as const;

export const consentItem = z.object({
  ...common,
  alamat: text,
  noRekamMedis: text,
  ttl: text,
  jenisKelamin: choice(GENDERS),
  dokterPelaksana: text,
  pemberiInformasi: text,
  penerimaInformasi: text,
  informationItems: z
    .array(
      z.object({ label: z.enum(INFORMATION_LABELS), value: longText, checked: z.boolean().default(false) }),
    )
    .max(INFORMATION_LABELS.length),
  informationConsentItems: z
    .array(z.object({ label: z.enum(CONSENT_LABELS), checked: z.boolean().default(false) }))
    .max(CONSENT_LABELS.length),
  nama: text,
  ttlPersetujuan: text,
  jenisKelaminPersetujuan: choice(GENDERS),
  buktiDiri: text,
  noTelepon: text,
  tindakanMedis: text,
  namaPasien: text,
  noRekam: text,
  ttlPasien: text,
  jenisKelaminPasien: choice(GENDERS),
  tempat: text,
  tanggal: text,
  doctorSignature: signature,
  patientSignature: signature,
});
export type ConsentItem = z.infer<typeof consentItem>;

export const DIRUJUK_KE = ['dokter', 'rs', 'pulang'] as const;
export const DISCHARGE_STATUS = ['izin-dokter', 'kabur', 'pulang-paksa', 'meninggal'] as const;
export const MOBILISASI = ['jalan', 'tongkat', 'kursi-roda', 'brankar', 'ngt'] as const;
export const ALAT_BANTU = ['tidak-ada', 'kateter', 'oksigen', 'lain'] as const;
export const DISCHARGE_GENDERS = ['Laki-Laki', 'Perempuan'] as const;
/** The 16 health-education topics of §3, in the spec's order (the stored values). */
export const PENYULUHAN = [
  'makan',
  'obat',
  'perawatan-luka',
  'relaksasi',
  'batuk-efektif',
  'alat-bantu',
  'alat-bantu-dengar',
  'kateter',
  'pembatasan',
  'perawatan-payudara',
  'pk-betadine',
  'diet',
  'ngt',
  'infus',
  'oksigen',
  'lain',
] as const;
/** The 16 documents of §3, in the spec's order (stored as shown). */
export const DOKUMENTASI = [
  'RADIOLOGI',
  'CT SCAN',
  'RO PHOTO',
  'LAIN - LAIN',
  'DIAGNOSA',
  'USG',
  'EKG',
  'ECHO',
  'HASIL DARAH',
  'AKTE KELAHIRAN',
  'SURAT PULANG',
  'SURAT SAKIT',
  'SURAT KONTROL',
  'KARTU GOLONGAN DARAH',
  'SURAT ASURANSI',
  'BUKU BAYI / KARTU IMUNISASI',
] as const;

export const medicationRow = z.object({
  namaObat: text,
  dosis: text,
  jamPemberian: text,
  jumlah: text,
  keterangan: text,
});
export type MedicationRow = z.infer<typeof medicationRow>;

const uniqueList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .refine((xs) => new Set(xs).size === xs.length, 'pilihan ganda')
    .default([]);

export const dischargeItem = z.object({
  ...common,
  namaPasien: text,
  gender: choice(DISCHARGE_GENDERS),
  /** §5: a number, minimum 0 */
  umur: z.number().int().min(0).max(200).default(0),
  tanggalMasuk: text,
  tanggalKeluar: text,
  tanggalKontrol: text,
  dirujukKe: choice(DIRUJUK_KE),
  status: choice(DISCHARGE_STATUS),
  mobilisasi: choice(MOBILISASI),
  alatBantu: choice(ALAT_BANTU),
  masalahKeperawatan: longText,
  poli: text,
  dokter: text,
  penyuluhan: uniqueList(PENYULUHAN),
  dokumentasi: uniqueList(DOKUMENTASI),
  obat: z.array(medicationRow).max(EMR_LIMITS.medicationRows).default([]),
  penanggungJawab: signature,
  petugasRuangan: signature,
});
export type DischargeItem = z.infer<typeof dischargeItem>;

/** Each field's item shape. */
export const EMR_ITEM_SCHEMAS = {
  screening_rawat_jalan: screeningItem,
  riwayat_alergi: allergyItem,
  rekam_medis_tubuh: bodyMapItem,
  persetujuan_medis: consentItem,
  discharge_planning: dischargeItem,
} as const;
export interface EmrItems {
  screening_rawat_jalan: ScreeningItem;
  riwayat_alergi: AllergyItem;
  rekam_medis_tubuh: BodyMapItem;
  persetujuan_medis: ConsentItem;
  discharge_planning: DischargeItem;
}

const itemKey = (item: { uuid?: string; id?: string }): string => item.uuid ?? item.id ?? '';

/** A list's shape: its items, each once by uuid (or id for the body map). */
export const emrList = <F extends EmrField>(field: F) =>
  z
    .array(EMR_ITEM_SCHEMAS[field] as unknown as z.ZodType<EmrItems[F]>)
    .max(EMR_LIMITS.itemsPerList)
    .refine(
      (xs) => new Set(xs.map((x) => itemKey(x as { uuid?: string; id?: string }))).size === xs.length,
      'id rekam medis harus unik',
    );

/** The literal sent instead of an empty array (§4). */
export const EMPTY_LIST_WIRE = '{}';

/** A list as PUT {emr} sends it: the JSON text of the array, or '{}' when empty (§4, §7). */
export const listToWire = (items: readonly unknown[]): string =>
  items.length === 0 ? EMPTY_LIST_WIRE : JSON.stringify(items);

/** A stored or answered field read back as a list: '{}', '', null, or unreadable text is empty. */
export function listFromWire(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '' || value.trim() === EMPTY_LIST_WIRE) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Whole years from a birth date (YYYY-MM-DD) to today (YYYY-MM-DD); 0 before the birth, null if unreadable. */
export function ageInYears(birthDate: string | null | undefined, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate ?? '');
  const t = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  if (bm < 1 || bm > 12 || bd < 1 || bd > 31) return null;
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return Math.max(0, ty - by - (beforeBirthday ? 1 : 0));
}

/** §5: a new marker's number is 1 when there are none, else the highest number + 1 (over all sides). */
export const nextMark = (markers: readonly Pick<BodyMarker, 'mark'>[]): number =>
  markers.reduce((max, m) => Math.max(max, m.mark), 0) + 1;

/**
 * A click on the image as percent of its box, rounded to 2 decimals; null when the point lies outside the
 * image (a marker outside it is refused).
 */
export function clickToPercent(
  click: { x: number; y: number },
  box: { width: number; height: number },
): { x: number; y: number } | null {
  if (!(box.width > 0 && box.height > 0)) return null;
  if (!Number.isFinite(click.x) || !Number.isFinite(click.y)) return null;
  if (click.x < 0 || click.y < 0 || click.x > box.width || click.y > box.height) return null;
  const round = (v: number) => Math.min(100, Math.max(0, Math.round(v * 10_000) / 100));
  return { x: round(click.x / box.width), y: round(click.y / box.height) };
}

/** The markers after adding one: null when the note is blank (the dialog stays open) or the point is outside. */
export function addMarker(
  markers: readonly BodyMarker[],
  side: BodySide,
  point: { x: number; y: number },
  note: string,
): BodyMarker[] | null {
  if (note.trim() === '') return null;
  const ok = (v: number) => Number.isFinite(v) && v >= 0 && v <= 100;
  if (!ok(point.x) || !ok(point.y)) return null;
  return [...markers, { mark: nextMark(markers), side, x: point.x, y: point.y, note: note.trim() }];
}

/** A side's list line (§2.10): '{mark}. {note}'. */
export const markerLine = (m: Pick<BodyMarker, 'mark' | 'note'>): string => `${m.mark}. ${m.note}`;

/** signature_pad's strokes (toData()): blank when no stroke has a point. */
export const isBlankSignature = (strokes: readonly { points: readonly unknown[] }[]): boolean =>
  strokes.every((s) => s.points.length === 0);

/** The customer as the medical forms read it (the journal's lookup answers user_gender 'Male' / 'Female'). */
export interface EmrCustomer {
  user_name?: string | null;
  user_birth_date?: string | null;
  user_gender?: string | number | null;
  nik?: string | null;
}

/** 'male' / 'female' from the customer's gender ('Male' / 'Female', or 1 / 2 on some screens), else ''. */
export function genderLower(g: EmrCustomer['user_gender']): '' | 'male' | 'female' {
  const v = String(g ?? '')
    .trim()
    .toLowerCase();
  if (v === 'male' || v === '1') return 'male';
  if (v === 'female' || v === '2') return 'female';
  return '';
}

/** §3: the consent's prefill: name, birth date, gender lower-cased; buktiDiri from nik; noTelepon from the phone. */
export function consentPrefill(customer: EmrCustomer, searchedPhone: string, today: string) {
  const name = customer.user_name ?? '';
  const birth = customer.user_birth_date ?? '';
  const gender = genderLower(customer.user_gender);
  return {
    ttl: birth,
    jenisKelamin: gender,
    nama: name,
    ttlPersetujuan: birth,
    jenisKelaminPersetujuan: gender,
    buktiDiri: customer.nik ?? '',
    noTelepon: searchedPhone,
    namaPasien: name,
    ttlPasien: birth,
    jenisKelaminPasien: gender,
    tanggal: today,
  };
}

/** §3: the discharge form's prefill: name, Laki-Laki / Perempuan from the gender, age from the birth date. */
export function dischargePrefill(customer: EmrCustomer, today: string) {
  const g = genderLower(customer.user_gender);
  return {
    namaPasien: customer.user_name ?? '',
    gender: (g === 'male' ? 'Laki-Laki' : g === 'female' ? 'Perempuan' : '') as
      | ''
      | 'Laki-Laki'
      | 'Perempuan',
    umur: ageInYears(customer.user_birth_date, today) ?? 0,
  };
}
