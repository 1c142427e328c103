// Storable text (issue 11 item 4): what the device sends never holds a NUL or a lone surrogate, and text
// that already could be stored is sent unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, storableJsonReplacer, storableText, wellFormed } from '../../src/domain/text';

describe('storable text', () => {
  it('half an emoji becomes U+FFFD; a whole one stays', () => {
    expect(storableText(`Pijat ${'😀'.slice(0, 1)}`)).toBe('Pijat \ufffd');
    expect(storableText('x\udc00y')).toBe('x\ufffdy');
    expect(storableText('Pijat 😀')).toBe('Pijat 😀');
    expect(storableText('a\u0000b')).toBe('a\ufffdb');
  });

  it('property: any string becomes well-formed without NUL, same length; storable text is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = storableText(s);
        expect(hasLoneSurrogate(out)).toBe(false);
        expect(out.includes('\u0000')).toBe(false);
        expect(out.length).toBe(s.length);
        expect(storableText(out)).toBe(out);
        if (!hasLoneSurrogate(s) && !s.includes('\u0000')) expect(out).toBe(s);
        expect(wellFormed(s)).toBe((s as unknown as { toWellFormed(): string }).toWellFormed());
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('the request body of a sale with half an emoji in a note is sent storable', () => {
    const body = JSON.stringify(
      { trxs: [{ trx_notes: 'a\ud83d', details: [{ notes: '\u0000' }] }] },
      storableJsonReplacer,
    );
    expect(JSON.parse(body)).toEqual({ trxs: [{ trx_notes: 'a\ufffd', details: [{ notes: '\ufffd' }] }] });
  });
});
