// The ICD-10 search over its lookup tables (issue 25: ≤ 20 ms for a 3-letter term): the same answer as the full
// scan of the 18,547 shipped codes for any term — codes, code prefixes, words of either title, pieces of
// words, one-letter words, unknown pieces — and it looks at a few hundred items, not all of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  indexedIcd10Item,
  indexIcd10,
  readIcd10Csv,
  scanIcd10,
  searchIcd10,
} from '../../../server/services/icd10';

const items = readIcd10Csv().map(indexedIcd10Item);
const list = indexIcd10(items);

describe('ICD-10 search by lookup tables', () => {
  it('answers as the full scan for the terms of the bench and the journal test', () => {
    for (const term of [
      'dem',
      'kol',
      'A09',
      'a09.0',
      'fev',
      'demam berdarah',
      'diabetes melitus',
      'J1',
      'zzz',
      'I10',
      'x',
      'de',
      'Demam  Berdarah!',
      'tifoid',
      'é',
      '',
      '   ',
      'a 1',
    ])
      expect(searchIcd10(list, term), term).toEqual(scanIcd10(items, term));
    expect(searchIcd10(list, 'demam berdarah').length).toBeGreaterThan(0);
    expect(searchIcd10(list, 'I10')[0]?.skri).toBe('I10');
  });

  it('answers as the full scan for pieces of real titles and codes (property)', { timeout: 120_000 }, () => {
    const texts = items.flatMap((i) => [i.str, i.str_id, i.skri]).filter((t) => t !== '');
    const piece = fc
      .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 14 }))
      .map(([t, at, len]) => t.slice(at % t.length, (at % t.length) + len));
    const term = fc.oneof(
      piece,
      fc.tuple(piece, piece).map(([a, b]) => `${a} ${b}`),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(term, (t) => {
        expect(searchIcd10(list, t)).toEqual(scanIcd10(items, t));
      }),
      { numRuns: 150 },
    );
  });

  it('looks at the items of a term’s rarest piece only', () => {
    // every item holding 'dem' is a candidate; far fewer than the list
    expect(list.grams.get('dem')?.length).toBeLessThan(items.length / 20);
    expect(list.byCode.length).toBe(items.length);
  });
});
