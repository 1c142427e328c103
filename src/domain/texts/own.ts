/**
 * Texts of ours: the specification writes none for these situations (or a ruling changed its words).
 * Each entry says why. The spec test (test/domain/texts.test.ts) accepts a catalogue text only when it is
 * the spec's word for word or listed here; `{name}` is a placeholder.
 */

import { APPOINTMENT_OWN_TEXTS } from './appointment';
import { CUSTOMER_SEARCH_OWN_TEXTS } from './customer-search';
import { DEVICE_OWN_TEXTS } from './device';
import { EMR_RECORDS_OWN_TEXTS } from './emr-records';
import { EMR_SETUP_OWN_TEXTS } from './emr-setup';
import { HELP_OWN_TEXTS } from './help';
import { INVENTORY_OWN_TEXTS } from './inventory';
import { INVENTORY_ENTRY_OWN_TEXTS } from './inventory-entry';
import { TRANSFER_OWN_TEXTS } from './inventory-transfer';
import { JOURNAL_OWN_TEXTS } from './journal';
import { LOYALTY_OWN_TEXTS } from './loyalty';
import { MAINTENANCE_OWN_TEXTS } from './maintenance';
import { MEMBER_INFO_OWN_TEXTS } from './member-info';
import { PRINTING_OWN_TEXTS } from './printing';
import { RECEIPT_OWN_TEXTS } from './receipt';
import { RECEIVABLE_OWN_TEXTS } from './receivable';
import { REDEEM_OWN_TEXTS } from './redeem';
import { REGISTRATION_OWN_TEXTS } from './registration';
import { REPORT_OWN_TEXTS } from './reports';
import { SECURE_CONTEXT_OWN_TEXTS } from './secure-context';
import { SETTLEMENT_OWN_TEXTS } from './settlement';
import { SHIFT_OWN_TEXTS } from './shift';
import { STOCK_CARD_OWN_TEXTS } from './stock-card';
import { STORAGE_OWN_TEXTS } from './storage';
import { VOID_OWN_TEXTS } from './void';

const SERVER =
  "a refusal of our server (README: rulings on what the server does); the spec's backend has its own texts";
const RESET = 'the password reset by e-mail link is outside the spec (docs/decisions.md, docs/api.md)';
const SPEC_HAS_NO_TEXT = 'the spec describes the situation but gives no text for it (docs/decisions.md)';

export const OWN_TEXTS: readonly { text: string; reason: string }[] = [
  // history (002 §2.9: the UI disables these dates; the server refuses them too)
  {
    text: 'Tanggal riwayat transaksi hanya boleh dalam 40 hari terakhir dan tidak boleh di masa depan.',
    reason: `${SERVER}: 002 §5 'Date filters' (40 days back, no future)`,
  },
  {
    text: 'Tanggal awal dan akhir riwayat transaksi harus sama.',
    reason: `${SERVER}: 002 §7 (end_date = start_date)`,
  },
  { text: 'Jumlah baris hanya boleh 10, 20, 30, 40 atau 50.', reason: `${SERVER}: 002 §9 page sizes` },
  {
    text: 'No. transaksi, Order No., pelanggan, label, catatan',
    reason: `what the history's search matches (002 §2.9 keyword search); ${SPEC_HAS_NO_TEXT}`,
  },
  { text: 'Jumlah baris', reason: `002 §9 page size options; ${SPEC_HAS_NO_TEXT}` },
  {
    text: 'Pilih transaksi untuk melihat struk',
    reason: `002 §2.9 preview before a card is chosen; ${SPEC_HAS_NO_TEXT}`,
  },
  { text: 'Daftar transaksi', reason: `accessible name of the history's list; ${SPEC_HAS_NO_TEXT}` },
  { text: 'Struk transaksi', reason: `accessible name of the history's preview; ${SPEC_HAS_NO_TEXT}` },
  { text: 'Baris awal tidak valid.', reason: `${SERVER}: start_row below 0 or not a number` },
  // sale
  {
    text: 'Customer harus dipilih untuk pembayaran deposit atau piutang.',
    reason: `${SERVER}; the device checks it first`,
  },
  {
    text: 'Total transaksi tidak sesuai ({field}).',
    reason: `${SERVER}: drv_* totals re-priced (ruling 22)`,
  },
  {
    text: 'Metode pembayaran tidak tersedia di outlet ini.',
    reason: `${SERVER}; the device checks it first`,
  },
  // cashier
  {
    text: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
    reason: "000 §4 writes 'Transaksi Sukses! ... secara online'; completed like the offline text (ruling)",
  },
  { text: 'Alasan pembatalan harus diisi!', reason: `the void reason is required; ${SPEC_HAS_NO_TEXT}` },
  {
    text: 'Download Transaksi',
    reason: `000 §2 asks for a confirmation of the download; ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Apakah anda ingin mendownload transaksi ini?',
    reason: `the download confirmation; ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Transaksi sudah selesai dan tidak dapat diubah.',
    reason:
      'a sale whose lost answer the server held is adopted, not edited (000 §4 Submission, docs/decisions.md)',
  },
  {
    text: 'Pembayaran piutang tidak tersedia untuk transaksi ini.',
    reason: `credit payment refused by the command layer; ${SPEC_HAS_NO_TEXT}`,
  },
  // session
  {
    text: 'Seluruh transaksi akan disinkronisasi dan dapat dilihat kembali di menu Transaction History.',
    reason: `the sign-out confirm's body; ${SPEC_HAS_NO_TEXT} (only its title)`,
  },
  { text: 'Tautan reset password tidak valid atau sudah kedaluwarsa.', reason: RESET },
  { text: 'Password minimal {n} karakter.', reason: RESET },
  { text: 'Konfirmasi password tidak sama.', reason: RESET },
  { text: 'Password berhasil diubah, silakan sign in dengan password baru.', reason: RESET },
  {
    text: 'Terlalu banyak permintaan reset password, silakan coba lagi dalam beberapa menit.',
    reason: RESET,
  },
  { text: 'Masukkan password baru untuk akun kasir Anda.', reason: RESET },
  { text: 'Password Baru', reason: RESET },
  { text: 'Ulangi Password Baru', reason: RESET },
  { text: 'Simpan Password Baru', reason: RESET },
  // receipt (the public receipt and the post-completion worker edit are served by our server)
  { text: 'Struk tidak ditemukan.', reason: SERVER },
  { text: 'Transaksi tidak ditemukan.', reason: SERVER },
  {
    text: 'local_trx_id harus diisi!',
    reason: `${SERVER} (field-required texts follow the spec's 'X harus diisi!')`,
  },
  { text: 'edit_session_id harus diisi!', reason: SERVER },
  { text: 'input_data harus diisi!', reason: SERVER },
  { text: 'Hanya pekerja (worker) yang dapat diubah pada transaksi yang sudah selesai.', reason: SERVER },
  { text: 'Transaksi yang sudah divoid tidak dapat diubah.', reason: SERVER },
  { text: 'Pekerja tidak ditemukan.', reason: SERVER },
  { text: 'Pekerja tidak ditemukan di outlet ini.', reason: SERVER },
  { text: 'Sesi edit ini sudah dipakai untuk transaksi lain.', reason: SERVER },
  // api (the server's envelope and the sales calls)
  { text: 'Sesi telah berakhir, silakan sign in kembali.', reason: `${SERVER}: a 303 forced sign-out` },
  { text: 'Anda tidak memiliki akses untuk fitur ini.', reason: `${SERVER}: a 403 (missing role flag)` },
  { text: 'Terlalu banyak percobaan sign in, silakan coba lagi dalam beberapa menit.', reason: SERVER },
  { text: 'Email atau password salah.', reason: SERVER },
  { text: 'Outlet tidak ditemukan.', reason: SERVER },
  { text: 'Data tidak valid.', reason: SERVER },
  { text: 'Data tidak ditemukan.', reason: SERVER },
  { text: 'Terjadi kesalahan pada server, silakan coba lagi.', reason: `${SERVER}: a 500` },
  { text: 'Transaksi harus diisi!', reason: SERVER },
  { text: 'Hanya transaksi selesai yang dapat dikirim.', reason: SERVER },
  {
    text: 'Jenis transaksi ini belum dapat diproses.',
    reason: `${SERVER}: special transactions wait for their issue`,
  },
  { text: 'Saldo deposit tidak mencukupi.', reason: SERVER },
  {
    text: 'Item transaksi ini tidak sesuai.',
    reason: `${SERVER}: a top-up or receivable payment line (issue 14)`,
  },
  { text: 'Top up deposit tidak dapat dibayar dengan deposit.', reason: `${SERVER}: 000 §5 Deposit` },
  { text: 'Pembayaran piutang tidak dapat dibayar dengan piutang.', reason: `${SERVER}: 000 §5 Credit` },
  { text: 'Kode Receh salah.', reason: SERVER },
  {
    text: 'Terlalu banyak percobaan Kode Receh, silakan coba lagi dalam beberapa menit.',
    reason: `${SERVER}: five wrong wallet PINs within 15 minutes (issue 14, like the sign-in limit)`,
  },
  { text: 'Customer tidak ditemukan.', reason: SERVER },
  { text: 'Password salah.', reason: `${SERVER} (supervisor and void passwords)` },
  {
    text: 'Transaksi ini sudah tersimpan di server dengan isi yang berbeda. Buat transaksi baru untuk perubahan.',
    reason: `${SERVER}: idempotent submit with another body (docs/decisions.md)`,
  },
  { text: 'Transaksi tersimpan tidak ditemukan.', reason: SERVER },
  {
    text: 'Transaksi ini milik outlet lain.',
    reason: `${SERVER}: a local_trx_id of another outlet (issue 11)`,
  },
  { text: 'Terlalu banyak percobaan password, silakan coba lagi dalam beberapa menit.', reason: SERVER },
  {
    text: 'Item tidak ditemukan di katalog.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Varian item tidak ditemukan di katalog.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Harga item tidak sesuai dengan katalog.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Harga item ini tidak dapat diubah.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Modifier tidak sesuai dengan katalog.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Item custom tidak diizinkan di outlet ini.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Diskon custom tidak diizinkan untuk item ini.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Promo tidak diizinkan untuk kasir ini.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Promo tidak berlaku untuk transaksi ini.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  {
    text: 'Diskon transaksi tidak diizinkan untuk kasir ini.',
    reason: `${SERVER}: server pricing from its catalogue (issue 11)`,
  },
  // shift (issue 12): the spec gives the required-field texts only
  {
    text: 'Jumlah kas harus berupa angka dari 0 sampai 999.999.999.',
    reason: `starting or counted cash that is negative, fractional or above the input cap (002 §5); ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Jumlah pengeluaran harus berupa angka dari 1 sampai 999.999.999.',
    reason: `an expense amount that is negative, fractional or above the input cap (002 §5); ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Nama pengeluaran maksimal 100 karakter.',
    reason: `a bound on the expense name; ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Tidak ada shift yang aktif.',
    reason: `an expense or an end without an active shift; ${SPEC_HAS_NO_TEXT}`,
  },
  {
    text: 'Outlet harus dipilih sebelum memulai shift.',
    reason: `a shift belongs to an outlet (002 §3); ${SPEC_HAS_NO_TEXT}`,
  },
  ...SETTLEMENT_OWN_TEXTS,
  ...SHIFT_OWN_TEXTS,
  ...APPOINTMENT_OWN_TEXTS,
  ...INVENTORY_OWN_TEXTS,
  ...REDEEM_OWN_TEXTS,
  ...LOYALTY_OWN_TEXTS,
  ...REGISTRATION_OWN_TEXTS,
  ...VOID_OWN_TEXTS,
  ...STORAGE_OWN_TEXTS,
  ...INVENTORY_ENTRY_OWN_TEXTS,
  ...TRANSFER_OWN_TEXTS,
  ...HELP_OWN_TEXTS,
  ...MAINTENANCE_OWN_TEXTS,
  ...REPORT_OWN_TEXTS,
  ...RECEIPT_OWN_TEXTS,
  ...RECEIVABLE_OWN_TEXTS,
  ...STOCK_CARD_OWN_TEXTS,
  ...SECURE_CONTEXT_OWN_TEXTS,
  ...DEVICE_OWN_TEXTS,
  ...PRINTING_OWN_TEXTS,
  ...MEMBER_INFO_OWN_TEXTS,
  ...JOURNAL_OWN_TEXTS,
  ...CUSTOMER_SEARCH_OWN_TEXTS,
  ...EMR_RECORDS_OWN_TEXTS,
  ...EMR_SETUP_OWN_TEXTS,
];
