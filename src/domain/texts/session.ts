// The session texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).

/** The specification's texts, verbatim (000 §2, §4, §5; 003 §8). */
export const SESSION_MESSAGES = {
  emailRequired: 'Email harus diisi!',
  passwordRequired: 'Password harus diisi!',
  signInRetrying: 'Gagal sign-in, sedang mencoba kembali..',
  signInConfirmRetrying: 'Sign in gagal, mencoba kembali..',
  configLoaded: 'Config successfully loaded.',
  configReloaded: 'Konfigurasi berhasil diperbarui',
  cashierSwitched: 'Pergantian akun kasir berhasil dilakukan',
  inventoryRequired:
    'Wajib melakukan konsumsi produk melalui menu "Inventory - Stok Keluar" sebelum sign out.',
  shiftActive: 'Shift harus diakhiri terlebih dahulu sebelum sign out.',
  openTransactions: 'Seluruh transaksi harus diselesaikan sebelum sign out.',
  signOutConfirmTitle: 'Apakah Anda yakin ingin sign out?',
  signOutConfirmContent:
    'Seluruh transaksi akan disinkronisasi dan dapat dilihat kembali di menu Transaction History.',
  offline: 'Tidak ada koneksi internet! Silakan cek dan coba kembali',
  syncFailed: 'Sync gagal',
  signOutSucceeded: 'Proses sign out sukses!',
  signOutRetrying: 'Gagal melakukan proses sign out, sedang mencoba kembali..',
} as const;

/** The reset-password form's minimum length (its message below says it). */
export const RESET_PASSWORD_MIN_LENGTH = 8;

export const RESET_PASSWORD_MESSAGES = {
  tokenInvalid: 'Tautan reset password tidak valid atau sudah kedaluwarsa.',
  passwordTooShort: `Password minimal ${RESET_PASSWORD_MIN_LENGTH} karakter.`,
  passwordMismatch: 'Konfirmasi password tidak sama.',
  succeeded: 'Password berhasil diubah, silakan sign in dengan password baru.',
  tooManyRequests: 'Terlalu banyak permintaan reset password, silakan coba lagi dalam beberapa menit.',
} as const;

/** The texts of the reset form: the spec has none (docs/decisions.md records them). */
export const RESET_FORM_TEXT = {
  intro: 'Masukkan password baru untuk akun kasir Anda.',
  password: 'Password Baru',
  confirmation: 'Ulangi Password Baru',
  submit: 'Simpan Password Baru',
} as const;
