// Member info (001 §2.7, §5, §8): the spec's texts word for word, and ours (MEMBER_INFO_OWN_TEXTS).

export const MEMBER_INFO_TEXTS = {
  title: 'Informasi Pelanggan',
  tabData: 'Data Pelanggan',
  tabCoupons: 'Kupon',
  tabBills: 'Riwayat Transaksi (Bill)',
  tabItems: 'Riwayat Transaksi (Item)',
  journal: 'Jurnal Pelanggan',
  noPhoto: 'Belum ada foto',
  birthday: 'Selamat Ulang Tahun',
  birthdayToday: 'TODAY IS HIS/HER BIRTHDAY!',
  couponFilter: 'Cari kupon..',
  editMember: 'Edit Member Data',
  generate: 'Generate',
  nfcNew: 'Daftar Baru',
  nfcChange: 'Ubah',
  nfcTest: 'Test',
  scanCard: 'Scan Kartu',
  password: 'Password',
  refId: 'Ref ID',
  allTypes: 'Semua Jenis Transaksi',
  editSuccessTitle: 'Edit Member Data Success!',
  editSuccess: 'Data member telah berhasil diubah.',
  nfcSet: 'User NFC has been successfully set.',
  nfcValid: 'NFC card is valid.',
  generated: 'Kode user berhasil di generate',
  invalidNfc: 'Invalid NFC Card!',
  refIdRequired: 'Ref ID harus diisi',
  historyNeedsCustomer: 'Mohon pilih pelanggan terlebih dahulu.',
  historyNeedsStart: 'Mohon pilih tanggal transaksi terlebih dahulu.',
  fillContact: 'Please fill out the user contact.',
  confirmBack: 'Apakah Anda yakin ingin kembali?',
  nik: 'NIK',
  editNik: 'Edit NIK',
  customerMissing: 'Data customer tidak ditemukan',
  takePhoto: 'Ambil Foto',
  topUp: 'Top Up Deposit',
  search: 'Cari',
  back: 'Kembali',
  save: 'Simpan',
  cancel: 'Batal',
} as const;

/** Ours: labels and refusals the spec does not word (each listed in MEMBER_INFO_OWN_TEXTS). */
export const MEMBER_INFO_OWN = {
  nikInvalid: 'NIK harus 16 digit angka.',
  emailInvalid: 'E-mail notifikasi tidak valid.',
  photoNotImage: 'Foto harus berupa gambar JPEG, PNG, WebP atau GIF.',
  photoTooLarge: 'Ukuran foto maksimal 5 MB.',
  referenceTaken: 'Kode referensi sudah dipakai pelanggan lain.',
  referenceExists: 'Pelanggan sudah memiliki kode referensi.',
  nfcTaken: 'Kartu NFC sudah terdaftar untuk pelanggan lain.',
  nfcNoCard: 'Pelanggan belum memiliki kartu NFC.',
  passwordWrong: 'Password salah.',
  historyRange: 'Tanggal riwayat tidak boleh sebelum 1 Januari tahun lalu atau di masa depan.',
  birthDateInvalid: 'Tanggal lahir harus antara 1 Januari 1930 dan hari ini.',
  historyOff: 'Riwayat transaksi pelanggan tidak aktif untuk bisnis ini.',
  uploadPhoto: 'Unggah Foto',
  capture: 'Jepret',
  noRows: 'Tidak ada data',
  scanWaiting: 'Tempelkan kartu NFC pada pembaca…',
} as const;

const OURS = 'member info (issue 24): the spec gives no text for this label or refusal (docs/decisions.md)';

export const MEMBER_INFO_OWN_TEXTS: readonly { text: string; reason: string }[] = Object.values(
  MEMBER_INFO_OWN,
).map((text) => ({ text, reason: OURS }));
