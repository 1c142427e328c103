// Shift management (file 002 §2.8, §4, §5, §8): the specification's texts, verbatim, and our own refusals
// (listed in OWN_TEXTS with their reasons).

export const SHIFT_TEXTS = {
  noActiveShift: 'Belum ada shift yang aktif saat ini.',
  mustStart: 'Shift harus dimulai terlebih dahulu sebelum dapat mulai beraktivitas',
  noExpenses: 'Belum ada pengeluaran',
  noHistory: 'Tidak ada shift sebelumnya',
  currentTab: 'Shift Berjalan',
  expensesTab: 'Pengeluaran',
  historyTab: 'Riwayat Shift',
  newExpense: 'Buat Pengeluaran Baru',
  printPreview: 'Print Preview',
  print: 'Print',
  closePreview: 'Close Preview',
  endTitle: 'Apakah Anda yakin ingin mengakhiri shift?',
  endMessage: 'Shift akan diakhiri dan perhitungan cash akan diulang dari awal.',
  deleteExpenseConfirm: 'Apakah Anda yakin ingin menghapus pengeluaran?',
} as const;

export const SHIFT_MESSAGES = {
  started: 'Shift baru berhasil dimulai.',
  ended: 'Shift berhasil diakhiri.',
  expenseAdded: 'Pengeluaran berhasil ditambahkan',
  expenseDeleted: 'Pengeluaran berhasil dihapus',
  syncFailed: 'Gagal melakukan sinkronisasi, silakan cek jaringan internet dan coba lagi.',
  alreadyActive: 'Tidak dapat memulai shift baru karena masih ada shift yang aktif.',
  expenseNameRequired: 'Nama pengeluaran harus diisi',
  expenseAmountRequired: 'Jumlah pengeluaran harus diisi',
  expenseDeleteFailed: 'Gagal menghapus pengeluaran',
  // ours (OWN_TEXTS)
  cashInvalid: 'Jumlah kas harus berupa angka dari 0 sampai 999.999.999.',
  expenseAmountInvalid: 'Jumlah pengeluaran harus berupa angka dari 1 sampai 999.999.999.',
  expenseNameTooLong: 'Nama pengeluaran maksimal 100 karakter.',
  noActiveShift: 'Tidak ada shift yang aktif.',
  outletRequired: 'Outlet harus dipilih sebelum memulai shift.',
  repeatDiffers: 'Shift ini sudah tersimpan di server dengan isi yang berbeda.',
  overlaps: 'Waktu shift ini bertumpuk dengan shift lain Anda di outlet ini.',
  countedRequired: 'Kas Akhir Aktual harus diisi sebelum mengakhiri shift.',
  endPending: 'Akhir shift ini sedang dikirim ke server; kirim ulang dengan tombol Akhiri Shift.',
  startNotSent: 'Mulai shift ini belum diterima server: {message}',
  notCounted: 'Tidak dihitung',
  expensesShiftUnknown:
    'Shift ini belum tersimpan di server; pengeluaran dikirim setelah mulai shift diterima.',
  /** Ruling 26: sign-out names each enforced shift still open at another outlet before it clears the device. */
  openElsewhere: (outlet: string, start: string) =>
    `Shift di ${outlet} (mulai ${start}) masih aktif. Shift tetap tersimpan di server dan dipulihkan saat Anda kembali ke outlet tersebut.`,
} as const;

/** Our shift texts (ruling 26, issue 23 items 8 and 11); the spec gives no words for these situations. */
export const SHIFT_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: SHIFT_MESSAGES.repeatDiffers,
    reason:
      'a repeat of a stored shift with a changed body is refused, as sales and inventory are (issue 23 item 8)',
  },
  {
    text: SHIFT_MESSAGES.overlaps,
    reason: 'the server keeps no two shifts of one cashier at one outlet at the same time (issue 23 item 8)',
  },
  {
    text: SHIFT_MESSAGES.countedRequired,
    reason:
      'the counted cash is asked for, never assumed 0 (issue 23 item 11); 002 §2.8 does not show its entry',
  },
  {
    text: SHIFT_MESSAGES.endPending,
    reason: 'an end whose answer was lost is sent again with the same body (issue 23 item 8)',
  },
  {
    text: SHIFT_MESSAGES.startNotSent,
    reason: "a queued shift start the server refused (ruling 26); {message} is the server's reason",
  },
  { text: SHIFT_MESSAGES.notCounted, reason: 'a shift ended without a cash count (issue 23 item 11)' },
  {
    text: SHIFT_MESSAGES.expensesShiftUnknown,
    reason:
      "an open shift's expenses sent before the server holds its start (ours: expenses reach the server before a sign-out)",
  },
  {
    text: 'Shift di {outlet} (mulai {start}) masih aktif. Shift tetap tersimpan di server dan dipulihkan saat Anda kembali ke outlet tersebut.',
    reason: 'ruling 26: sign-out says which enforced shift is still open at another outlet',
  },
];
