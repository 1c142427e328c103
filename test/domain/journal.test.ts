import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JournalActivity } from '../../src/api/contract/journal';
import {
  activityFormErrors,
  canModifyActivity,
  filterActivities,
  formatJournalTime,
  formatMonthName,
  genderCounts,
  initialJournalFlow,
  journalFlow,
  journalModes,
  notesDirty,
} from '../../src/domain/journal';

const act = (over: Partial<JournalActivity> = {}) =>
  ({
    activity_notes: 'Kontrol jerawat',
    notes_for_cashier: 'Tawarkan serum',
    created_at: '2026-11-27 14:05:00',
    business_user_id: 3,
    ...over,
  }) as JournalActivity;

describe('customer journal rules (001 §2.9, §4, §5, §6)', () => {
  it('walks search → view → form → view, and Kembali resets', () => {
    let s = initialJournalFlow<string>();
    expect(journalFlow(s, { type: 'newActivity' })).toBe(s);
    s = journalFlow(s, { type: 'found', customer: 'c' });
    expect(s.step).toBe(2);
    const edit = journalFlow(s, { type: 'edit', activity: act() });
    expect(edit).toMatchObject({ step: 3, editing: { business_user_id: 3 } });
    expect(journalFlow(edit, { type: 'done' })).toEqual({ step: 2, customer: 'c', editing: null });
    expect(journalFlow(edit, { type: 'back' })).toEqual(initialJournalFlow());
  });

  it('the notes are dirty exactly when the text differs from the last saved text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string()),
        (t, saved) => notesDirty(t, saved) === (t !== (saved ?? '')),
      ),
    );
  });

  it('medical-record mode needs both flags; the synced column only the outlet’s', () => {
    expect(journalModes({ rme_satu_sehat: 1, is_satusehat_nakes: 1 })).toEqual({
      medical: true,
      showSynced: true,
    });
    expect(journalModes({ rme_satu_sehat: 1, is_satusehat_nakes: 0 })).toEqual({
      medical: false,
      showSynced: true,
    });
    expect(journalModes({ rme_satu_sehat: 0, is_satusehat_nakes: 1 })).toEqual({
      medical: false,
      showSynced: false,
    });
    expect(journalModes(null)).toEqual({ medical: false, showSynced: false });
  });

  it('Ubah and Hapus only for the author', () => {
    expect(canModifyActivity(act(), 3)).toBe(true);
    expect(canModifyActivity(act(), 4)).toBe(false);
    expect(canModifyActivity(act({ business_user_id: null }), null)).toBe(false);
  });

  it("'Cari..' filters on activity notes, cashier notes or the formatted date", () => {
    const list = [
      act(),
      act({ activity_notes: 'Facial', notes_for_cashier: null, created_at: '2026-10-01 09:00:00' }),
    ];
    expect(filterActivities(list, 'JERAWAT')).toHaveLength(1);
    expect(filterActivities(list, 'serum')).toHaveLength(1);
    expect(filterActivities(list, 'Oktober')).toEqual([list[1]]);
    expect(filterActivities(list, '  ')).toHaveLength(2);
    fc.assert(fc.property(fc.string(), (t) => filterActivities(list, t).every((a) => list.includes(a))));
  });

  it('a room is required in medical-record mode only', () => {
    expect(activityFormErrors({ medical: true, pos_area_id: null }, 'Room harus dipilih!')).toEqual({
      pos_area_id: 'Room harus dipilih!',
    });
    expect(activityFormErrors({ medical: true, pos_area_id: 611 }, 'x')).toEqual({});
    expect(activityFormErrors({ medical: false, pos_area_id: null }, 'x')).toEqual({});
  });

  it('formats times and months in Indonesian; gender counts default to 0', () => {
    expect(formatJournalTime('2026-11-27 14:05:09')).toBe('27 November 2026 14:05');
    expect(formatMonthName('2026-03')).toBe('Maret 2026');
    expect(genderCounts([{ user_gender: 2, patient_count: 4 }])).toEqual({ male: 0, female: 4 });
  });
});
