// The medical sub-records' pure rules (001 §2.10, §3, §4, §5): shapes, '{}', age, markers, signatures, prefill.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMarker,
  ageInYears,
  bodyMapItem,
  clickToPercent,
  consentItem,
  consentPrefill,
  dischargeItem,
  dischargePrefill,
  EMR_FIELDS,
  emrList,
  isBlankSignature,
  listFromWire,
  listToWire,
  markerLine,
  nextMark,
  screeningItem,
  showsStatusText,
} from '../../src/domain/emr-records';

const base = { uuid: 'a1', createdAt: '2026-11-27T03:00:00.000Z' };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('the five item shapes', () => {
  it('fills a screening with the defaults of §3 and keeps the enums', () => {
    const s = screeningItem.parse({ ...base, pernafasan: 'sesak', gcs: '<5', keputusan: 'poli' });
    expect(s.beratBadan).toBe(0);
    expect(s.tinggiBadan).toBe(0);
    expect(s.gcs).toBe('<5');
    expect(s.getUpAndGoTest).toEqual({ caraBerjalan: '', alatBantu: '', menopangDiri: '' });
    expect(screeningItem.safeParse({ ...base, batuk: '3minggu' }).success).toBe(false);
    expect(screeningItem.safeParse({ ...base, beratBadan: -1 }).success).toBe(false);
  });

  it('shows the psychological free text only for lain or kecenderunganBD', () => {
    expect(['lain', 'kecenderunganBD'].every(showsStatusText)).toBe(true);
    expect(['tenang', 'cemas', 'takut', 'marah', 'sedih', ''].some(showsStatusText)).toBe(false);
  });

  it('refuses a consent whose signature is not a PNG data URL, and accepts one unsigned', () => {
    const ok = consentItem.parse({ ...base, informationItems: [], informationConsentItems: [] });
    expect(ok.doctorSignature).toBe('');
    expect(
      consentItem.safeParse({
        ...base,
        informationItems: [],
        informationConsentItems: [],
        doctorSignature: PNG,
      }).success,
    ).toBe(true);
    for (const bad of ['data:text/html;base64,AAAA', 'javascript:alert(1)', 'data:image/png;base64,<x>'])
      expect(
        consentItem.safeParse({
          ...base,
          informationItems: [],
          informationConsentItems: [],
          patientSignature: bad,
        }).success,
      ).toBe(false);
  });

  it('takes the discharge topics and documents once each, and an age of at least 0', () => {
    expect(dischargeItem.parse({ ...base, penyuluhan: ['diet', 'ngt'], dokumentasi: ['CT SCAN'] }).umur).toBe(
      0,
    );
    expect(dischargeItem.safeParse({ ...base, penyuluhan: ['diet', 'diet'] }).success).toBe(false);
    expect(dischargeItem.safeParse({ ...base, umur: -1 }).success).toBe(false);
    expect(dischargeItem.safeParse({ ...base, dokumentasi: ['FAX'] }).success).toBe(false);
  });

  it('refuses a body-map marker outside the image or with a blank note, and a list with one uuid twice', () => {
    const marker = { mark: 1, side: 'front', x: 50, y: 50, note: 'memar' };
    expect(bodyMapItem.safeParse({ id: 'b', createdAt: 1, data: [marker] }).success).toBe(true);
    for (const bad of [{ x: 100.01 }, { y: -0.5 }, { note: '   ' }, { side: 'top' }])
      expect(bodyMapItem.safeParse({ id: 'b', createdAt: 1, data: [{ ...marker, ...bad }] }).success).toBe(
        false,
      );
    expect(emrList('riwayat_alergi').safeParse([base, base]).success).toBe(false);
  });
});

describe("the '{}' rule", () => {
  it('sends {} for an empty list and the JSON text otherwise; reads {} back as empty', () => {
    expect(listToWire([])).toBe('{}');
    expect(listFromWire('{}')).toEqual([]);
    expect(listFromWire(null)).toEqual([]);
    expect(listFromWire('not json')).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.record({ uuid: fc.uuid(), n: fc.integer() })), (xs) => {
        const wire = listToWire(xs);
        expect(wire === '{}').toBe(xs.length === 0);
        expect(listFromWire(wire)).toEqual(xs);
      }),
    );
  });

  it('names the five fields in the order of the tabs', () => {
    expect(EMR_FIELDS).toEqual([
      'screening_rawat_jalan',
      'riwayat_alergi',
      'rekam_medis_tubuh',
      'persetujuan_medis',
      'discharge_planning',
    ]);
  });
});

describe('age in years', () => {
  it('counts whole years, a birthday not yet reached this year not counted', () => {
    expect(ageInYears('1990-11-27', '2026-11-27')).toBe(36);
    expect(ageInYears('1990-11-28', '2026-11-27')).toBe(35);
    expect(ageInYears('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageInYears('2030-01-01', '2026-11-27')).toBe(0);
    expect(ageInYears('', '2026-11-27')).toBeNull();
    expect(ageInYears(null, '2026-11-27')).toBeNull();
  });

  it('is never negative and grows by one each birthday', () => {
    const day = fc.date({ min: new Date('1930-01-01'), max: new Date('2060-12-31'), noInvalidDate: true });
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    fc.assert(
      fc.property(day, day, (b, t) => {
        const age = ageInYears(iso(b), iso(t));
        expect(age).not.toBeNull();
        expect(age).toBeGreaterThanOrEqual(0);
        if (t >= b) expect(age).toBeLessThanOrEqual(t.getUTCFullYear() - b.getUTCFullYear());
      }),
    );
  });
});

describe('body-map markers', () => {
  it('numbers 1 when empty, else the highest + 1 over every side', () => {
    expect(nextMark([])).toBe(1);
    expect(nextMark([{ mark: 3 }, { mark: 1 }])).toBe(4);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 })), (marks) => {
        const n = nextMark(marks.map((mark) => ({ mark })));
        expect(marks.every((m) => m < n)).toBe(true);
        expect(n).toBe(marks.length === 0 ? 1 : Math.max(...marks) + 1);
      }),
    );
  });

  it('adds a numbered marker; a blank note or a point outside the image adds none', () => {
    const one = addMarker([], 'front', { x: 10, y: 20 }, ' luka ');
    expect(one).toEqual([{ mark: 1, side: 'front', x: 10, y: 20, note: 'luka' }]);
    expect(addMarker(one ?? [], 'back', { x: 5, y: 5 }, 'x')?.[1].mark).toBe(2);
    expect(addMarker([], 'front', { x: 10, y: 20 }, '   ')).toBeNull();
    expect(addMarker([], 'front', { x: 101, y: 20 }, 'a')).toBeNull();
    expect(markerLine({ mark: 2, note: 'memar' })).toBe('2. memar');
  });

  it('turns a click into percent within 0–100, and a click outside the box into nothing', () => {
    expect(clickToPercent({ x: 50, y: 100 }, { width: 200, height: 400 })).toEqual({ x: 25, y: 25 });
    expect(clickToPercent({ x: -1, y: 10 }, { width: 200, height: 400 })).toBeNull();
    expect(clickToPercent({ x: 10, y: 401 }, { width: 200, height: 400 })).toBeNull();
    fc.assert(
      fc.property(
        fc.double({ min: -500, max: 1500, noNaN: true }),
        fc.double({ min: -500, max: 1500, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        (x, y, width, height) => {
          const p = clickToPercent({ x, y }, { width, height });
          const inside = x >= 0 && y >= 0 && x <= width && y <= height;
          expect(p !== null).toBe(inside);
          if (p) {
            expect(p.x).toBeGreaterThanOrEqual(0);
            expect(p.x).toBeLessThanOrEqual(100);
            expect(p.y).toBeGreaterThanOrEqual(0);
            expect(p.y).toBeLessThanOrEqual(100);
            expect(addMarker([], 'sides', p, 'n')).not.toBeNull();
          }
        },
      ),
    );
  });
});

describe('signatures', () => {
  it('a pad with no stroke point is blank', () => {
    expect(isBlankSignature([])).toBe(true);
    expect(isBlankSignature([{ points: [] }])).toBe(true);
    expect(isBlankSignature([{ points: [{ x: 1, y: 1 }] }])).toBe(false);
  });
});

describe('prefill from the customer', () => {
  const customer = { user_name: 'Budi', user_birth_date: '1990-05-01', user_gender: 'Male', nik: '3174' };

  it('fills the consent with name, birth date, lower-cased gender, buktiDiri from nik and the searched phone', () => {
    const p = consentPrefill(customer, '081234567890', '2026-11-27');
    expect(p).toMatchObject({
      nama: 'Budi',
      namaPasien: 'Budi',
      ttlPersetujuan: '1990-05-01',
      ttlPasien: '1990-05-01',
      jenisKelamin: 'male',
      jenisKelaminPasien: 'male',
      buktiDiri: '3174',
      noTelepon: '081234567890',
      tanggal: '2026-11-27',
    });
    expect(consentPrefill({ ...customer, user_gender: 'Female' }, '', '2026-11-27').jenisKelamin).toBe(
      'female',
    );
    expect(consentPrefill({ user_name: null, nik: null }, '', '2026-11-27').buktiDiri).toBe('');
  });

  it('fills the discharge with Laki-Laki from Male, Perempuan from Female, and the age', () => {
    expect(dischargePrefill(customer, '2026-11-27')).toEqual({
      namaPasien: 'Budi',
      gender: 'Laki-Laki',
      umur: 36,
    });
    expect(dischargePrefill({ ...customer, user_gender: 'Female' }, '2026-11-27').gender).toBe('Perempuan');
    expect(dischargePrefill({ user_name: 'X' }, '2026-11-27')).toEqual({
      namaPasien: 'X',
      gender: '',
      umur: 0,
    });
  });
});
