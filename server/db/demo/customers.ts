// 50 demo customers: deterministic (seeded), dated relative to `now`.
import { addDays, birthDateOn, pad, ymd, ymdHms } from './dates';
import { createRng, digits, intBetween, pick, type Rng, rngUuid } from './prng';
import { MEMBER_GOLD, MEMBER_KLINIK, MEMBER_PLATINUM, MEMBER_SILVER } from './promos';
import type { DemoCustomer } from './types';

const NAMES: [string, 1 | 2][] = [
  ['Ayu Lestari', 2],
  ['Budi Santoso', 1],
  ['Citra Kirana', 2],
  ['Dian Permata Sari', 2],
  ['Eko Prasetyo', 1],
  ['Fitri Handayani', 2],
  ['Gita Puspitasari', 2],
  ['Hendra Gunawan', 1],
  ['Indah Purnamasari', 2],
  ['Joko Widodo Saputro', 1],
  ['Kartika Dewi', 2],
  ['Lia Amelia', 2],
  ['Muhammad Rizky', 1],
  ['Nadia Putri', 2],
  ['Oktaviani Rahayu', 2],
  ['Putu Ayu Wulandari', 2],
  ['Qori Annisa', 2],
  ['Rina Marlina', 2],
  ['Siti Nurhaliza', 2],
  ['Tania Wijaya', 2],
  ['Umi Kalsum', 2],
  ['Vina Melinda', 2],
  ['Wahyu Hidayat', 1],
  ['Yulia Susanti', 2],
  ['Zahra Aulia', 2],
  ['Agus Setiawan', 1],
  ['Bella Safira', 2],
  ['Cahya Ningrum', 2],
  ['Dewi Sartika', 2],
  ['Endang Suryani', 2],
  ['Fajar Ramadhan', 1],
  ['Grace Natalia', 2],
  ['Hana Pertiwi', 2],
  ['Irma Suryani', 2],
  ['Jessica Tanoto', 2],
  ['Kevin Halim', 1],
  ['Larasati Ningsih', 2],
  ['Melati Anggraeni', 2],
  ['Novita Sari', 2],
  ['Olivia Tan', 2],
  ['Prita Maharani', 2],
  ['Ratna Sari Dewi', 2],
  ['Sekar Ayu Pramesti', 2],
  ['Teguh Wibowo', 1],
  ['Vivi Anggraini', 2],
  ['Wening Prabandari', 2],
  ['Yohana Sitompul', 2],
  ['Rahmat Hidayat', 1],
  ['Kadek Sri Wahyuni', 2],
  ['Ni Luh Putu Sari', 2],
];

const PHONE_PREFIXES = ['812', '813', '821', '822', '852', '857', '878', '896', '811', '815'];
const REGIONS = ['317401', '317402', '317105', '317306', '317203', '317507', '327602', '367101', '327501'];
const NOTES = [
  '',
  '',
  'Alergi lateks, gunakan sarung tangan nitril.',
  'Suka stylist Maya, minta air hangat.',
  'Kulit sensitif, hindari produk beralkohol.',
  'Langganan creambath tiap dua minggu.',
  'Lebih suka dihubungi lewat WhatsApp.',
];
const JOURNAL = [
  '',
  '',
  'Riwayat jerawat hormonal, sedang pakai krim racikan.',
  'Kontrol 2 minggu setelah chemical peeling.',
  'Menyukai aroma lavender saat pijat.',
];
const REFERENCES = ['Bayar akhir bulan', 'Transfer setelah gajian', 'Tagihan perusahaan', 'Cicilan ke-2'];

export const CUSTOMER_SEED = 2026;

/** NIK: region (6) + birth date DDMMYY (day + 40 for women) + serial (4) = 16 digits. */
export function makeNik(region: string, birthDate: string, gender: 1 | 2, serial: number): string {
  const [y, m, d] = birthDate.split('-');
  const day = Number(d) + (gender === 2 ? 40 : 0);
  return `${region}${pad(day)}${m}${y.slice(2)}${pad(serial % 10000, 4)}`;
}

export function makePhone(rng: Rng, index: number, international: boolean): string {
  const local = `8${pick(rng, PHONE_PREFIXES).slice(1)}${digits(rng, 4)}${pad(index % 10000, 4)}`;
  return international ? `+62${local}` : `0${local}`;
}

const membershipFor = (i: number): number | null => {
  if (i === 3 || i === 17 || i === 29) return MEMBER_PLATINUM;
  if (i % 5 === 0) return MEMBER_GOLD;
  if (i % 7 === 1) return MEMBER_SILVER;
  if (i === 12 || i === 24 || i === 36 || i === 46) return MEMBER_KLINIK;
  return null;
};

export function customers(now: Date): DemoCustomer[] {
  const rng = createRng(CUSTOMER_SEED);
  return NAMES.map(([user_name, user_gender], i) => {
    const user_birth_date =
      i === 0
        ? birthDateOn(now, 1992) // birthday today: the cake icon and 'Selamat Ulang Tahun'
        : i === 1
          ? birthDateOn(addDays(now, 1), 1988)
          : `${intBetween(rng, 1965, 2005)}-${pad(intBetween(rng, 1, 12))}-${pad(intBetween(rng, 1, 28))}`;
    const first = user_name.toLowerCase().split(' ');
    const user_email = i % 6 === 4 ? '' : `${first[0]}.${first[first.length - 1]}${i}@contoh.co.id`;
    const membershipId = membershipFor(i);
    const membership =
      membershipId === null
        ? null
        : {
            business_membership_id: membershipId,
            // customer 45 is a lapsed member
            valid_until: ymd(addDays(now, i === 45 ? -10 : intBetween(rng, 30, 400))),
          };
    const opening_points = membership ? intBetween(rng, 50, 1200) : i % 3 === 0 ? intBetween(rng, 0, 80) : 0;
    const opening_wallet_balance = i % 4 === 0 ? intBetween(rng, 20, 400) * 5000 : 0;
    const hasNik = i % 8 !== 5;
    const coupons: DemoCustomer['coupons'] = [];
    if (i % 6 === 0) {
      coupons.push({
        coupon_id: 801,
        qty: intBetween(rng, 2, 4),
        start_date: ymd(addDays(now, -10)),
        expired_date: ymd(addDays(now, intBetween(rng, 30, 90))),
        coupon_notes: 'Paket potong rambut',
      });
    }
    if (i === 0) {
      // Ayu Lestari: a shopping voucher to try 'Kupon' in a sale at Kemang (issue 14)
      coupons.push({
        coupon_id: 806,
        qty: 2,
        start_date: ymd(addDays(now, -2)),
        expired_date: ymd(addDays(now, 28)),
        coupon_notes: 'Hadiah member baru',
      });
    }
    if (i % 9 === 2) {
      coupons.push({
        coupon_id: 806,
        qty: 1,
        start_date: ymd(addDays(now, -5)),
        expired_date: ymd(addDays(now, 25)),
      });
    }
    if (i % 11 === 3) {
      coupons.push({
        coupon_id: 804,
        qty: 2,
        start_date: ymd(addDays(now, -20)),
        expired_date: ymd(addDays(now, 70)),
      });
    }
    if (i % 10 === 7) {
      // expired: shows in the expired-coupon report, not among active coupons
      coupons.push({
        coupon_id: 802,
        qty: 1,
        start_date: ymd(addDays(now, -95)),
        expired_date: ymd(addDays(now, -5)),
      });
    }
    if (membershipId === MEMBER_KLINIK) {
      coupons.push({
        coupon_id: 808,
        qty: 1,
        start_date: ymd(addDays(now, -3)),
        expired_date: ymd(addDays(now, 87)),
      });
    }
    const receivables: DemoCustomer['receivables'] = [];
    if ([2, 8, 14, 27, 33].includes(i)) {
      const count = i === 8 ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const at = new Date(
          addDays(now, -intBetween(rng, 3, 40)).getTime() - intBetween(rng, 0, 600) * 60000,
        );
        const date = ymd(at).replaceAll('-', '');
        receivables.push({
          local_trx_id: rngUuid(rng),
          trx_id: `TRX-KMG-${date}-${pad(intBetween(rng, 1, 9999), 4)}`,
          trx_time: ymdHms(at),
          business_outlet_id: 1,
          amount: intBetween(rng, 30, 240) * 5000,
          payment_method_reference: pick(rng, REFERENCES),
        });
      }
    }
    const customer: DemoCustomer = {
      user_code: `SB${pad(26000000 + i + 1, 8)}`,
      user_name,
      user_phone: makePhone(rng, i, i % 2 === 0),
      user_email,
      user_email_notification: i % 3 === 0 ? user_email : '',
      user_ref: `REF-${pad(i + 1, 4)}`,
      user_birth_date,
      user_gender,
      user_notes: pick(rng, NOTES),
      nik: hasNik ? makeNik(pick(rng, REGIONS), user_birth_date, user_gender, i + 1) : '',
      satusehat_ihs_no: hasNik && i % 3 === 0 ? `P${digits(rng, 11)}` : '',
      wallet_security_code: opening_wallet_balance > 0 ? digits(rng, 6) : '',
      journal_notes: pick(rng, JOURNAL),
      membership,
      opening_points,
      opening_wallet_balance,
      coupons,
      receivables,
    };
    return customer;
  }).map((c, i) =>
    // Prita Maharani (customer 40, a Gold member with a wallet balance): a known 'Kode Receh' and an NFC card, so
    // a newcomer can pay from the deposit where the outlet asks for them (Menteng: use_wallet_security_code and
    // wallet_use_nfc); set after the seeded draws, so every other customer stays as it was
    i === DEMO_WALLET_CUSTOMER
      ? { ...c, wallet_security_code: DEMO_WALLET_PIN, nfc_security_code: DEMO_NFC_CARD }
      : c,
  );
}

/** The demo customer with a known wallet PIN and NFC card (README). */
export const DEMO_WALLET_CUSTOMER = 40;
export const DEMO_WALLET_PIN = '246810';
export const DEMO_NFC_CARD = '04A1B2C3D4';
