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
} as const;
