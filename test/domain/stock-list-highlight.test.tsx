// The stock list's own highlighter (src/domain/stock-list.ts highlightParts, issue 13 speed) must mark exactly
// the parts Mantine's <Highlight> marks — case- and accent-insensitive — for any text and search term.
import { Highlight, MantineProvider } from '@mantine/core';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type HighlightPart, highlightParts } from '../../src/domain/stock-list';

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The parts as Mantine renders them: <mark> for a match, <span> for the rest. */
function mantineParts(value: string, term: string): HighlightPart[] {
  const html = renderToStaticMarkup(
    <MantineProvider>
      <Highlight component="span" highlight={term}>
        {value}
      </Highlight>
    </MantineProvider>,
  );
  const inner = html.slice(html.indexOf('mantine-Highlight-root">') + 'mantine-Highlight-root">'.length);
  const parts: HighlightPart[] = [];
  for (const m of inner.matchAll(/<mark[^>]*>([\s\S]*?)<\/mark>|<span>([\s\S]*?)<\/span>/g))
    parts.push(
      m[1] !== undefined
        ? { chunk: decode(m[1]), highlighted: true }
        : { chunk: decode(m[2]), highlighted: false },
    );
  return parts;
}

// texts like the catalogue's, with accents, regex characters, spaces and case
const alphabet = fc.constantFrom(
  ...'aAbBsShH é É ü Ñ ç ( ) [ . * + ? \\ | $ ^ - 1 9 ﬁ ǅ ß İ'.split(' ').join('').split(''),
  ' ',
);
const text = fc.string({ unit: alphabet, maxLength: 16 });
const term = fc.string({ unit: alphabet, minLength: 1, maxLength: 4 });

describe('stock list highlight', () => {
  it('marks the same parts as Mantine Highlight for any text and term (property)', () => {
    fc.assert(
      fc.property(text, term, (v, t) => {
        expect(highlightParts(v, t)).toEqual(mantineParts(v, t));
      }),
      { numRuns: 600 },
    );
  });

  it('marks every case- and accent-insensitive occurrence', () => {
    expect(highlightParts('Shampoo SHAMPOO Shámpoo', 'sha')).toEqual([
      { chunk: 'Sha', highlighted: true },
      { chunk: 'mpoo ', highlighted: false },
      { chunk: 'SHA', highlighted: true },
      { chunk: 'MPOO ', highlighted: false },
      { chunk: 'Shá', highlighted: true },
      { chunk: 'mpoo', highlighted: false },
    ]);
    expect(highlightParts('a.b', '.')).toEqual(mantineParts('a.b', '.'));
  });
});
