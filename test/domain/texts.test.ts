// One catalogue of texts (issue 10): every user-visible text of src/domain/texts appears word for word in
// the specification (the four files of ../shared/spec beside the checkout, whitespace normalised), or is listed in OWN_TEXTS
// with a reason. Placeholders ({time}, a filled number) are compared as patterns.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_TEXTS, TEXT_CATALOGUES } from '../../src/domain/texts';

// shared/ lies beside the checkout (the developers' machines and CI alike)
const SPEC_DIR = process.env.SERAMBI_SPEC_DIR ?? join(__dirname, '../../../shared/spec');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const specFiles = (() => {
  try {
    return readdirSync(SPEC_DIR).filter((f) => /^\d{3}_.*\.txt$/.test(f));
  } catch {
    return [];
  }
})();
// The spec files escapeRegExp quotes inside quoted texts (\"Inventory - Stok Keluar\"): read them unescaped.
const SPEC = squash(specFiles.map((f) => readFileSync(join(SPEC_DIR, f), 'utf8')).join('\n')).replace(
  /\\"/g,
  '"',
);

/** What a placeholder is filled with when a text is a function: a marker turned into a wildcard. */
const MARK = '\u2063';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue entry as a pattern: literal text, each filled placeholder matching a short run of text. */
function patternOf(entry: string | ((...args: never[]) => string)): { text: string; pattern: RegExp } {
  const text =
    typeof entry === 'string'
      ? entry
      : (entry as (...a: string[]) => string)(...Array(4).fill(MARK.repeat(6)));
  const parts = squash(text)
    .split(new RegExp(`${MARK}+`))
    .map(escapeRegExp);
  return { text: squash(text), pattern: new RegExp(parts.join('.{1,40}?')) };
}

const entries = Object.entries(TEXT_CATALOGUES).flatMap(([area, catalogues]) =>
  Object.entries(catalogues).flatMap(([name, catalogue]) =>
    Object.entries(catalogue).map(([key, entry]) => ({ id: `${area}/${name}.${key}`, ...patternOf(entry) })),
  ),
);

const own = new Set(OWN_TEXTS.map((o) => squash(o.text)));
const ownPattern = (text: string) =>
  [...own].some(
    (o) =>
      o === text ||
      patternOf(o).pattern.test(text) ||
      new RegExp(escapeRegExp(o).replace(/\\\{[^}]*\\\}/g, '.{1,40}?')).test(text),
  );

// CI always has shared/ beside the clone: there a missing spec is a failure, not a skip
if (specFiles.length === 0 && process.env.CI === 'true')
  throw new Error(`no specification files in ${SPEC_DIR}`);

describe.skipIf(specFiles.length === 0)('the texts catalogue against the specification', () => {
  it('reads the four specification files', () => {
    expect(specFiles).toHaveLength(4);
  });

  it('every text is the specification’s word for word, or listed as our own with a reason', () => {
    const strays = entries
      .filter((e) => e.text !== '' && !e.pattern.test(SPEC) && !ownPattern(e.text))
      .map((e) => `${e.id}: ${e.text}`);
    expect(strays).toEqual([]);
  });

  it('every own text has a reason and is really not in the specification (else it needs no listing)', () => {
    for (const o of OWN_TEXTS) {
      expect(o.reason.trim().length, o.text).toBeGreaterThan(10);
      expect(patternOf(o.text).pattern.test(SPEC), `${o.text} is in the spec`).toBe(false);
    }
  });
});
