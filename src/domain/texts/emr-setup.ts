// EMR setup and the national exchange (001 §2.14, §8): the spec's texts word for word, and ours.

/** The spec's {health-record service}. */
export const HEALTH_SERVICE = 'SATUSEHAT';

export const EMR_SETUP_TEXTS = {
  orgListTitle: 'Daftar Struktur Organisasi',
  orgName: 'Nama Struktur Organisasi',
  partOf: 'Bagian Dari',
  status: 'Status',
  active: 'Aktif',
  inactive: 'Non Aktif',
  action: 'Action',
  addOrg: 'Tambah Struktur Organisasi',
  orgFormTitle: 'Struktur Organisasi',
  orgFormName: 'Nama Organisasi',
  save: 'Simpan',
  back: 'Kembali',
  orgSaved: 'Organisasi telah berhasil disimpan',
  locListTitle: 'Daftar Lokasi',
  locName: 'Nama Lokasi',
  parentLocation: 'Lokasi Induk',
  parentOrganization: 'Organisasi Induk',
  addLocation: 'Tambah Lokasi',
  locFormTitle: 'Lokasi',
  locSaved: 'Lokasi telah berhasil disimpan',
  initTitle: 'Inisialisasi Struktur Organisasi',
  initInput: (service: string) => `Masukkan ID Organisasi dari ${service}`,
  initButton: 'Inisiasi Struktur Organisasi',
  initDone: 'Organisasi telah berhasil diinisiasi.',
  initExists: 'Tidak dapat menginisialisasi struktur organisasi, karena telah ada sebelumnya.',
  connectionFailed: 'Telah terjadi kegagalan koneksi, silakan coba lagi.',
  confirmDelete: 'Yakin ingin menghapus?',
  confirmDeleteText: 'Data akan dihapus',
  edit: 'Ubah',
  delete: 'Hapus',
  syncDone: (service: string) => `Sync ID ${service} berhasil`,
  noNik: 'Pasien belum memiliki NIK',
  noParent: '-',
} as const;

/** Ours: refusals and labels the spec does not word (each listed in EMR_SETUP_OWN_TEXTS). */
export const EMR_SETUP_OWN = {
  orgIdRequired: 'ID organisasi SATUSEHAT harus diisi.',
  orgNameRequired: 'Nama organisasi harus diisi.',
  locNameRequired: 'Nama lokasi harus diisi.',
  orgMissing: 'Organisasi tidak ditemukan.',
  locMissing: 'Lokasi tidak ditemukan.',
  parentSelf: 'Induk tidak boleh dirinya sendiri atau turunannya.',
  orgDeleted: 'Organisasi telah dihapus.',
  locDeleted: 'Lokasi telah dihapus.',
  orgInUse: 'Organisasi masih dipakai oleh organisasi atau lokasi lain.',
  locInUse: 'Lokasi masih menjadi induk lokasi lain.',
  notConfigured: 'SATUSEHAT belum dikonfigurasi.',
  unknownNik: (nik: string) => `NIK ${nik} tidak ditemukan di SATUSEHAT`,
  exchangeFailed: (detail: string) => `SATUSEHAT menolak permintaan: ${detail}`,
  healthWorkerOnly: 'Hanya tenaga kesehatan terdaftar di outlet rekam medis yang dapat melakukan ini.',
  customerMissing: 'Pelanggan tidak ditemukan.',
  satusehatId: 'ID SATUSEHAT',
  empty: 'Belum ada data',
} as const;

const OURS = 'EMR setup (issue 25, ruling 11): the spec gives no text for this label or refusal';

export const EMR_SETUP_OWN_TEXTS: readonly { text: string; reason: string }[] = Object.values(
  EMR_SETUP_OWN,
).map((t) => ({ text: typeof t === 'function' ? (t as (s: string) => string)('{x}') : t, reason: OURS }));
