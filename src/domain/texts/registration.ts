// The registration queue's texts (001 §2.11, §5 'Registration', §8): verbatim from the specification unless
// listed in REGISTRATION_OWN_TEXTS with the reason.

export const REGISTRATION_TEXTS = {
  title: 'Registrasi dan Proses',
  newRegistration: 'Registrasi dan Proses Baru',
  allStatus: 'All Status',
  reload: 'Reload Data',
  reloaded: 'Data successfully reloaded!',
  colNumber: 'Nomor Urut',
  colCustomer: 'Nama Customer',
  colTime: 'Waktu Pendaftaran',
  colStatus: 'Status',
  colAction: 'Action',
  changeStatus: 'Ubah Status',
  delete: 'Hapus',
  cancelDelete: 'Batal',
  actions: 'Actions',
  pos: 'Sistem Kasir (POS)',
  journal: 'Customer Journal',
  stockOut: 'Inventory - Stock Out',
  deleteTitle: 'Yakin ingin menghapus?',
  /** 001 §2.11: the placeholders are filled by deleteText (src/domain/registration.ts) */
  deleteText: (user_name: string, nomor_urut: string | number) =>
    `Data ${user_name} nomor urut ${nomor_urut} akan dihapus`,
  findCustomer: 'Cari Customer',
  userRef: 'User Ref',
  name: 'Nama',
  birthDate: 'Tanggal Lahir',
  gender: 'Jenis Kelamin',
  male: 'Laki-laki',
  female: 'Perempuan',
  notes: 'Catatan',
  notificationEmail: 'Notification Email',
  nik: 'NIK',
  birthday: 'Selamat Ulang Tahun',
  userCode: 'User Code',
  userName: 'User Name',
  submit: 'Submit',
  cancel: 'Cancel',
  save: 'Simpan',
  contactRequired: 'Please fill out the customer contact.',
  offline: 'Tidak ada koneksi internet. Mohon coba kembali.',
} as const;

export const REGISTRATION_OWN = {
  history: 'Riwayat Status',
  historyEmpty: 'Belum ada perubahan status',
  historyAction: 'Waktu',
  historyBefore: 'Status Sebelum',
  historyAfter: 'Status Sesudah',
  close: 'Tutup',
  pending: 'Menunggu dikirim',
  pendingCount: (n: number | string) => `Registrasi menunggu dikirim: ${n}`,
  savedLocal: 'Tersimpan di perangkat, akan dikirim saat online.',
  statusChanged: 'Status berhasil diubah.',
  registered: 'Registrasi berhasil disimpan.',
  deleted: 'Data berhasil dihapus.',
  numberChanged: (user_name: string, from: string | number, to: string | number) =>
    `Nomor urut ${user_name} berubah dari ${from} menjadi ${to} saat dikirim.`,
  statusLost: (user_name: string, nomor_urut: string | number) =>
    `Perubahan status ${user_name} nomor urut ${nomor_urut} tidak terkirim: data telah dihapus.`,
  statusOverrode: (user_name: string, seen: string, found: string) =>
    `Status ${user_name} telah diubah perangkat lain (${seen} → ${found}) sebelum perubahan ini dikirim.`,
  refused: (user_name: string, message: string) => `Registrasi ${user_name} ditolak server: ${message}`,
  conflictTitle: 'Perlu diperiksa',
  dismiss: 'Mengerti',
  unknownStatus: 'Status tidak dikenal.',
  invalidDate: 'Tanggal tidak valid.',
  invalidTime: 'Waktu pendaftaran tidak valid.',
  sessionMissing: 'Data registrasi tidak ditemukan.',
  customerStep: 'Customer',
  detailStep: 'Detail Customer',
  statusStep: 'Status',
  date: 'Tanggal',
  empty: 'Belum ada registrasi pada tanggal ini.',
} as const;

/** Texts of ours, each with its reason (test/domain/texts.test.ts accepts them through OWN_TEXTS). */
export const REGISTRATION_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: 'Riwayat Status',
    reason: 'issue 26: the change history view of a session (001 §3 change_history); the spec names no title',
  },
  { text: 'Belum ada perubahan status', reason: 'issue 26: an empty change history; the spec gives no text' },
  {
    text: 'Status Sebelum',
    reason: 'issue 26: the history column of status_before (001 §3); the spec gives no label',
  },
  {
    text: 'Status Sesudah',
    reason: 'issue 26: the history column of status_after (001 §3); the spec gives no label',
  },
  {
    text: 'Menunggu dikirim',
    reason: 'issue 26: a registration or status change saved on the device, not yet sent',
  },
  {
    text: 'Registrasi menunggu dikirim: {n}',
    reason:
      'issue 26: how many registration events wait for the sync (GUIDE §5: the device state is visible)',
  },
  {
    text: 'Tersimpan di perangkat, akan dikirim saat online.',
    reason: 'issue 26: a registration made offline is kept on the device; the spec gives no text',
  },
  {
    text: 'Status berhasil diubah.',
    reason: 'issue 26: a status change stored; the spec gives no success text',
  },
  {
    text: 'Registrasi berhasil disimpan.',
    reason: 'issue 26: a registration stored; the spec gives no success text',
  },
  { text: 'Data berhasil dihapus.', reason: 'issue 26: a session deleted; the spec gives no success text' },
  {
    text: 'Nomor urut {user_name} berubah dari {from} menjadi {to} saat dikirim.',
    reason:
      'issue 26: an offline registration whose queue number the server gave to another registration meanwhile (the server assigns numbers)',
  },
  {
    text: 'Perubahan status {user_name} nomor urut {n} tidak terkirim: data telah dihapus.',
    reason: 'issue 26: an offline status change whose session another device deleted meanwhile',
  },
  {
    text: 'Status {user_name} telah diubah perangkat lain ({seen} → {found}) sebelum perubahan ini dikirim.',
    reason: 'issue 26: an offline status change sent after another device changed the same session',
  },
  {
    text: 'Registrasi {user_name} ditolak server: {message}',
    reason:
      'issue 26: an offline registration the server refused when it was synced (never dropped silently)',
  },
  {
    text: 'Perlu diperiksa',
    reason: 'issue 26: the title of the sync conflicts shown on the registration screen',
  },
  { text: 'Mengerti', reason: 'issue 26: acknowledges a sync conflict the user has read' },
  {
    text: 'Status tidak dikenal.',
    reason: 'issue 26: the server refuses a status not in the flow-status list',
  },
  {
    text: 'Tanggal tidak valid.',
    reason: 'issue 26: the server refuses an impossible filter_date (2026-02-30)',
  },
  {
    text: 'Waktu pendaftaran tidak valid.',
    reason: 'issue 26: the server refuses an impossible or implausible pendaftaran_time',
  },
  {
    text: 'Data registrasi tidak ditemukan.',
    reason: 'issue 26: a status change or delete of a session that does not exist',
  },
  {
    text: 'Detail Customer',
    reason: 'issue 26: the label of the dialog’s step 2 (customer details); the spec numbers the steps only',
  },
  {
    text: 'Belum ada registrasi pada tanggal ini.',
    reason: 'issue 26: the empty queue of a day; the spec gives no text',
  },
];
