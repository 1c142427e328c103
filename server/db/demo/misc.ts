import type {
  DemoFaq,
  DemoItemCategory,
  DemoTag,
  DemoUnit,
  DemoVendor,
  DemoWorker,
  DemoWorkerGroup,
} from './types';

export const CAT_HAIR = 11;
export const CAT_NAIL = 12;
export const CAT_FACIAL = 13;
export const CAT_SPA = 14;
export const CAT_CLINIC = 15;
export const CAT_RETAIL = 16;
export const CAT_PACKAGE = 17;

export function itemCategories(): DemoItemCategory[] {
  return [
    { pos_item_category_id: CAT_HAIR, category_name: 'Perawatan Rambut', item_nature: 'SERVICE' },
    { pos_item_category_id: CAT_NAIL, category_name: 'Perawatan Kuku', item_nature: 'SERVICE' },
    { pos_item_category_id: CAT_FACIAL, category_name: 'Facial & Kecantikan Wajah', item_nature: 'SERVICE' },
    { pos_item_category_id: CAT_SPA, category_name: 'Body Spa & Pijat', item_nature: 'SERVICE' },
    { pos_item_category_id: CAT_CLINIC, category_name: 'Perawatan Klinik', item_nature: 'SERVICE' },
    { pos_item_category_id: CAT_RETAIL, category_name: 'Produk Retail', item_nature: 'RETAIL' },
    { pos_item_category_id: CAT_PACKAGE, category_name: 'Paket Perawatan', item_nature: 'SERVICE' },
  ];
}

export const WG_STYLIST = 1;
export const WG_NAIL = 2;
export const WG_TERAPIS = 3;
export const WG_DOKTER = 4;
export const WG_PERAWAT = 5;

export function workerGroups(): DemoWorkerGroup[] {
  return [
    { business_commission_worker_group_id: WG_STYLIST, group_name: 'Hair Stylist' },
    { business_commission_worker_group_id: WG_NAIL, group_name: 'Nail Artist' },
    { business_commission_worker_group_id: WG_TERAPIS, group_name: 'Terapis Spa & Facial' },
    { business_commission_worker_group_id: WG_DOKTER, group_name: 'Dokter' },
    { business_commission_worker_group_id: WG_PERAWAT, group_name: 'Perawat' },
  ];
}

export function workers(): DemoWorker[] {
  const w = (id: number, firstname: string, lastname: string, group: number): DemoWorker => ({
    business_commission_worker_id: id,
    firstname,
    lastname,
    initial: `${firstname[0]}${lastname[0]}`.toUpperCase(),
    business_commission_worker_group_id: group,
  });
  return [
    w(201, 'Rudi', 'Hartono', WG_STYLIST),
    w(202, 'Maya', 'Kartika', WG_STYLIST),
    w(203, 'Putri', 'Ayuningtyas', WG_NAIL),
    w(204, 'Wulan', 'Sari', WG_TERAPIS),
    w(205, 'Ketut', 'Sudarsana', WG_TERAPIS),
    w(206, 'Andi', 'Saputra', WG_DOKTER),
    w(207, 'Clara', 'Wijaya', WG_DOKTER),
    w(208, 'Siti', 'Rahmawati', WG_PERAWAT),
  ];
}

export function tags(): DemoTag[] {
  return [
    { pos_tag_id: 301, pos_tag_name: 'Pelanggan Baru', usage_scope: 'TRANSACTION' },
    { pos_tag_id: 302, pos_tag_name: 'Langganan', usage_scope: 'TRANSACTION' },
    { pos_tag_id: 303, pos_tag_name: 'Promo Instagram', usage_scope: 'TRANSACTION' },
    { pos_tag_id: 304, pos_tag_name: 'Request Stylist', usage_scope: 'ITEM' },
    { pos_tag_id: 305, pos_tag_name: 'Komplain Ulang', usage_scope: 'ITEM' },
    { pos_tag_id: 306, pos_tag_name: 'Alergi', usage_scope: 'ALL' },
    { pos_tag_id: 307, pos_tag_name: 'VIP', usage_scope: 'ALL' },
  ];
}

export function vendors(): DemoVendor[] {
  return [
    { inv_vendor_id: 401, vendor_name: 'PT Loreal', vendor_last_name: 'Indonesia' },
    { inv_vendor_id: 402, vendor_name: 'CV Sumber Ayu', vendor_last_name: 'Kosmetika' },
    { inv_vendor_id: 403, vendor_name: 'PT Mustika', vendor_last_name: 'Ratu Tbk' },
    { inv_vendor_id: 404, vendor_name: 'PT Kimia', vendor_last_name: 'Farma Trading' },
    { inv_vendor_id: 405, vendor_name: 'Toko Salon', vendor_last_name: 'Jaya Abadi' },
  ];
}

export const UNIT_PCS = 1;
export const UNIT_BOTOL = 2;
export const UNIT_TUBE = 3;
export const UNIT_GRAM = 4;
export const UNIT_ML = 5;
export const UNIT_SESI = 6;

export function units(): DemoUnit[] {
  return [
    { inv_unit_id: UNIT_PCS, unit_name: 'pcs' },
    { inv_unit_id: UNIT_BOTOL, unit_name: 'botol' },
    { inv_unit_id: UNIT_TUBE, unit_name: 'tube' },
    { inv_unit_id: UNIT_GRAM, unit_name: 'gram' },
    { inv_unit_id: UNIT_ML, unit_name: 'ml' },
    { inv_unit_id: UNIT_SESI, unit_name: 'sesi' },
  ];
}

export function helpFaqs(): DemoFaq[] {
  const faqs: [string, string][] = [
    [
      'Bagaimana cara memulai transaksi baru?',
      '<p>Buka menu <b>Sistem Kasir (POS)</b>, pilih item dari katalog, lalu tekan tombol lanjut ke pembayaran. Customer dapat dipilih sebelum atau sesudah memilih item.</p>',
    ],
    [
      'Apa yang terjadi jika koneksi internet terputus?',
      '<p>Transaksi tetap tersimpan di perangkat dan akan disinkronkan otomatis setiap 5 menit atau saat Anda menekan tombol <b>Sync</b> ketika koneksi kembali.</p>',
    ],
    [
      'Bagaimana cara void transaksi?',
      '<p>Buka <b>Riwayat Transaksi</b>, pilih transaksi yang sudah selesai, tekan <b>Void</b>, lalu masukkan password kasir dan alasan pembatalan. Hanya akun dengan izin void yang dapat melakukannya.</p>',
    ],
    [
      'Bagaimana cara top up deposit customer?',
      '<p>Pilih jenis transaksi <b>Top Up Deposit</b>, pilih customer, isi nominal top up, lalu selesaikan pembayaran. Bonus top up diberikan otomatis sesuai aturan brand.</p>',
    ],
    [
      'Mengapa saya tidak bisa sign out?',
      '<p>Sign out membutuhkan koneksi internet. Pastikan semua transaksi sudah tersinkron, shift sudah diakhiri (jika diwajibkan), dan stock out pemakaian sudah dilakukan (jika diwajibkan outlet).</p>',
    ],
    [
      'Bagaimana cara memakai kupon customer?',
      '<p>Pada layar kasir tekan <b>Kupon</b>, scan QR kupon customer atau pilih dari daftar kupon aktif customer, lalu kupon akan diterapkan pada item yang sesuai.</p>',
    ],
    [
      'Bagaimana cara mencetak ulang struk?',
      '<p>Buka detail transaksi di <b>Riwayat Transaksi</b> lalu tekan <b>Print</b>. Ukuran kertas (8 cm atau 6 cm) dapat diatur di pengaturan perangkat pada halaman Home.</p>',
    ],
    [
      'Bagaimana cara mencatat piutang customer?',
      '<p>Saat pembayaran pilih metode <b>Piutang</b>. Pelunasan dilakukan melalui transaksi <b>Pembayaran Piutang</b> dan daftar piutang dapat dilihat di menu <b>Piutang</b>.</p>',
    ],
    [
      'Siapa yang harus dihubungi jika ada kendala?',
      '<p>Hubungi tim dukungan Serambi melalui WhatsApp <b>0811-1234-5678</b> atau email <b>bantuan@serambi.id</b> (Senin–Sabtu, 08.00–20.00 WIB).</p>',
    ],
  ];
  return faqs.map(([question, answer], i) => ({ business_user_faq_id: i + 1, question, answer }));
}
