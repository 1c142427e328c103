// Appointments (001 §2.12, §2.13, §5, §8; 000 §2): the specification's texts, verbatim, and ours (listed in
// OWN_TEXTS with their reasons).
import { APPOINTMENT_FORM_MESSAGES } from '../appointment';

export { APPOINTMENT_FORM_MESSAGES };

export const APPOINTMENT_TEXTS = {
  title: 'Appointment',
  date: 'Tanggal',
  salesType: 'Sales Type',
  worker: 'Worker',
  start: 'Waktu Mulai',
  end: 'Waktu Selesai',
  notes: 'Catatan',
  tags: 'Tags',
  edit: 'Ubah',
  remove: 'Hapus',
  deleteTitle: 'Hapus Appointment',
  deleteMessage: 'Apakah Anda ingin menghapus appointment ini?',
  saveAndDetails: 'Simpan dan Tambahkan Detail Sales',
  saveData: 'Simpan Data Appointment',
  editSales: 'Ubah Detail Sales',
  backToCalendar: 'Kembali ke Halaman Appointment',
  created: 'Appointment berhasil dibuat, silakan masukkan customer dan detail penjualan.',
  updatedNoSale: 'Data appointment berhasil diupdate, silakan masukkan customer dan detail penjualan.',
  updated: 'Data appointment berhasil diupdate.',
  guest: 'Guest',
} as const;

/** Ours: the spec gives no words for these (docs/decisions.md, appointments). */
export const APPOINTMENT_OWN = {
  minutes: (n: number) => `${n} menit`,
  workersLabel: 'Kalender appointment per worker',
  slotLabel: (worker: string, time: string) => `Buat appointment ${worker} pukul ${time}`,
  chat: 'Chat pelanggan',
  pendingBadge: 'Belum terkirim',
  conflictTitle: 'Jadwal bentrok',
  conflictYours: 'Appointment di perangkat ini',
  conflictTheirs: 'Appointment yang sudah ada',
  conflictDismiss: 'Hapus dari perangkat',
  offlineSaved: 'Appointment disimpan di perangkat dan akan dikirim saat online.',
  notFound: 'Appointment tidak ditemukan.',
  doubleBooked: (worker: string, date: string, start: string, end: string, customer: string) =>
    `${worker} sudah memiliki appointment pada ${date} pukul ${start}–${end} (${customer}).`,
  dateInvalid: 'Tanggal appointment tidak valid.',
  timeInvalid: 'Waktu appointment tidak valid (HH:mm).',
  workerUnknown: 'Worker tidak ditemukan di outlet ini.',
  salesTypeUnknown: 'Sales type tidak ditemukan di outlet ini.',
  tagUnknown: 'Tag tidak ditemukan.',
  cancelled: 'Appointment ini sudah dihapus.',
  rangeOneDay: 'Tanggal awal dan akhir appointment harus sama.',
} as const;

const WHY = "the spec gives no text for this (docs/decisions.md, 'Appointments')";
const SERVER =
  "a refusal of our server (issue 26: the server is the authority); the spec's backend has its own texts";

export const APPOINTMENT_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  { text: APPOINTMENT_FORM_MESSAGES.endAfterStart, reason: `001 §5 checks only presence; ${SERVER}` },
  { text: '{n} menit', reason: `the quick duration buttons (001 §2.13 30/60/90/120); ${WHY}` },
  { text: APPOINTMENT_OWN.workersLabel, reason: `accessible name of the timeline; ${WHY}` },
  { text: 'Buat appointment {worker} pukul {time}', reason: `a slot's accessible name; ${WHY}` },
  { text: APPOINTMENT_OWN.chat, reason: `the chat link's accessible name; ${WHY}` },
  {
    text: APPOINTMENT_OWN.pendingBadge,
    reason: `issue 26 offline: an appointment waiting to be sent; ${WHY}`,
  },
  { text: APPOINTMENT_OWN.conflictTitle, reason: `issue 26 offline: a conflict found on sync; ${WHY}` },
  { text: APPOINTMENT_OWN.conflictYours, reason: `issue 26: the conflict shows both bookings; ${WHY}` },
  { text: APPOINTMENT_OWN.conflictTheirs, reason: `issue 26: the conflict shows both bookings; ${WHY}` },
  { text: APPOINTMENT_OWN.conflictDismiss, reason: `issue 26: the user settles a conflict; ${WHY}` },
  { text: APPOINTMENT_OWN.offlineSaved, reason: `issue 26 offline booking; ${WHY}` },
  { text: APPOINTMENT_OWN.notFound, reason: SERVER },
  {
    text: '{worker} sudah memiliki appointment pada {date} pukul {start}–{end} ({customer}).',
    reason: `issue 26: a double booking is refused naming the other booking; ${SERVER}`,
  },
  { text: APPOINTMENT_OWN.dateInvalid, reason: SERVER },
  { text: APPOINTMENT_OWN.timeInvalid, reason: SERVER },
  { text: APPOINTMENT_OWN.workerUnknown, reason: SERVER },
  { text: APPOINTMENT_OWN.salesTypeUnknown, reason: SERVER },
  { text: APPOINTMENT_OWN.tagUnknown, reason: SERVER },
  { text: APPOINTMENT_OWN.cancelled, reason: SERVER },
  { text: APPOINTMENT_OWN.rangeOneDay, reason: `001 §7 sends one day; ${SERVER}` },
];
