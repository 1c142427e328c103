// The maintenance page's texts (002 §2.23, §5, §8), verbatim from the specification, and ours.

export const MAINTENANCE_TEXTS = {
  prompt: 'Who is this?',
  backToApp: 'Back to App',
  restoreToken: 'Restore Token',
  tokenRestored: 'Token has been restored, please refresh the page',
  valueSet: 'Value has been added / edited',
  itemRemoved: 'Local Storage Item has been removed',
  keyRequired: 'Local Storage Item Name is Required!',
  confirm: 'Are you sure?',
  changeValue: 'Change Value',
  title: 'Maintenance',
} as const;

/** Ours: the specification gives the page's purpose but not these words (002 §2.23, §8 'a mocking error message'). */
export const MAINTENANCE_OWN = {
  wrongPassphrase: 'Bukan kamu yang dicari. Passphrase salah, coba tebak lagi.',
  notConfigured: 'Halaman maintenance belum diaktifkan di server ini.',
  passphrase: 'Passphrase',
  unlock: 'Masuk',
  appState: 'State aplikasi',
  localTransactions: 'Transaksi POS lokal',
  userConfig: 'Konfigurasi user',
  storageKey: 'Nama item local storage',
  storageValue: 'Nilai',
  setItem: 'Simpan item',
  removeItem: 'Hapus item',
  editTransactions: 'JSON transaksi POS lokal',
  corrected: 'Koreksi dicatat di log: {n} transaksi.',
  noChange: 'Tidak ada perubahan.',
  invalidJson: 'JSON tidak valid.',
  unknownTrx: 'Transaksi {id} tidak ada di perangkat ini; koreksi hanya untuk transaksi yang ada.',
} as const;

const PAGE = '002 §2.23 describes the maintenance page without these words';
export const MAINTENANCE_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: MAINTENANCE_OWN.wrongPassphrase,
    reason: "002 §8 'a wrong passphrase shows a mocking error message' (its words not shown)",
  },
  {
    text: MAINTENANCE_OWN.notConfigured,
    reason: 'ruling 10: without MAINTENANCE_PASSPHRASE_HASH on the server nobody unlocks the page (README)',
  },
  { text: MAINTENANCE_OWN.passphrase, reason: PAGE },
  { text: MAINTENANCE_OWN.appState, reason: PAGE },
  { text: MAINTENANCE_OWN.localTransactions, reason: PAGE },
  { text: MAINTENANCE_OWN.userConfig, reason: PAGE },
  { text: MAINTENANCE_OWN.storageKey, reason: PAGE },
  { text: MAINTENANCE_OWN.storageValue, reason: PAGE },
  { text: MAINTENANCE_OWN.setItem, reason: PAGE },
  { text: MAINTENANCE_OWN.removeItem, reason: PAGE },
  { text: MAINTENANCE_OWN.editTransactions, reason: PAGE },
  {
    text: MAINTENANCE_OWN.corrected,
    reason: "'Change Value' appends a correction event to the log (issue 27) instead of overwriting",
  },
  { text: MAINTENANCE_OWN.noChange, reason: PAGE },
  { text: MAINTENANCE_OWN.invalidJson, reason: PAGE },
  {
    text: MAINTENANCE_OWN.unknownTrx,
    reason: 'a correction names a transaction the log holds (the log stays append-only)',
  },
];
