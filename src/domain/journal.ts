// Customer journal rules (001 §2.9, §4, §5, §6) and the EMR statistics' shaping (§2.15), pure.
import type { JournalActivity } from '../api/contract/journal';

/** 001 §4 customer journal: 1 search → 2 customer view → 3 activity form (new or edit) → 2; 'Kembali' → 1. */
export interface JournalFlow<C> {
  step: 1 | 2 | 3;
  customer: C | null;
  /** the activity opened via Ubah (the save is an update), or null for a new one */
  editing: JournalActivity | null;
}

export type JournalEvent<C> =
  | { type: 'found'; customer: C }
  | { type: 'newActivity' }
  | { type: 'edit'; activity: JournalActivity }
  | { type: 'done' }
  | { type: 'back' };

export const initialJournalFlow = <C>(): JournalFlow<C> => ({ step: 1, customer: null, editing: null });

export function journalFlow<C>(state: JournalFlow<C>, event: JournalEvent<C>): JournalFlow<C> {
  switch (event.type) {
    case 'found':
      return { step: 2, customer: event.customer, editing: null };
    case 'newActivity':
      return state.step === 2 && state.customer ? { ...state, step: 3, editing: null } : state;
    case 'edit':
      return state.step === 2 && state.customer ? { ...state, step: 3, editing: event.activity } : state;
    case 'done':
      return state.step === 3 ? { ...state, step: 2, editing: null } : state;
    case 'back':
      return initialJournalFlow<C>();
  }
}

/** 001 §4: the journal notes are dirty whenever the text differs from the last saved text. */
export const notesDirty = (text: string, saved: string | null | undefined): boolean => text !== (saved ?? '');

/** 001 §6: the medical-record features need the outlet's rme_satu_sehat and the user's is_satusehat_nakes. */
export function journalModes(config: Record<string, unknown> | null | undefined): {
  medical: boolean;
  showSynced: boolean;
} {
  const rme = Number(config?.rme_satu_sehat ?? 0) === 1;
  const nakes = Number(config?.is_satusehat_nakes ?? 0) === 1;
  return { medical: rme && nakes, showSynced: rme };
}

/** 001 §6: Ubah and Hapus only on the signed-in user's own activities. */
export const canModifyActivity = (
  a: Pick<JournalActivity, 'business_user_id'>,
  businessUserId: number | null,
) => businessUserId !== null && a.business_user_id === businessUserId;

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** 'YYYY-MM-DD HH:mm:ss' (local) as 'DD MMMM YYYY HH:mm' (001 §9), Indonesian month names. */
export function formatJournalTime(stamp: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(stamp ?? '');
  if (!m) return stamp ?? '';
  return `${m[3]} ${MONTHS_ID[Number(m[2]) - 1] ?? m[2]} ${m[1]} ${m[4]}:${m[5]}`;
}

/** 'YYYY-MM' as 'MMMM YYYY' (001 §2.15 'Nama Bulan'). */
export function formatMonthName(yearMonth: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!m) return yearMonth;
  return `${MONTHS_ID[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** 001 §2.9 'Cari..': activity notes, cashier notes or the formatted date contain the text (any case). */
export function filterActivities<
  A extends Pick<JournalActivity, 'activity_notes' | 'notes_for_cashier' | 'created_at'>,
>(list: readonly A[], term: string): A[] {
  const t = term.trim().toLowerCase();
  if (t === '') return [...list];
  return list.filter((a) =>
    [a.activity_notes, a.notes_for_cashier, formatJournalTime(a.created_at), a.created_at].some((v) =>
      (v ?? '').toLowerCase().includes(t),
    ),
  );
}

export interface ActivityFormCheck {
  medical: boolean;
  pos_area_id: number | null;
}

/** 001 §5: in medical-record mode a room is required ('Room harus dipilih!'); the rest is optional. */
export const activityFormErrors = (f: ActivityFormCheck, roomRequired: string): Record<string, string> =>
  f.medical && f.pos_area_id === null ? { pos_area_id: roomRequired } : {};

/** 001 §2.15 'Gender Pasien': one row with the male (1) and female (2) counts, 0 when missing. */
export function genderCounts(rows: readonly { user_gender: number; patient_count: number }[]): {
  male: number;
  female: number;
} {
  const of = (g: number) => rows.find((r) => r.user_gender === g)?.patient_count ?? 0;
  return { male: of(1), female: of(2) };
}
