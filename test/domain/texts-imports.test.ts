// Issue 23 item 18: the texts live in src/domain/texts and are imported from there. No other module passes
// them on (a re-export hides where a text comes from and lets two names mean one catalogue), and no two
// catalogues share a name (`MESSAGES` once named both the sale's and the server's).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as texts from '../../src/domain/texts';

const ROOT = join(__dirname, '../..');
const TEXTS_DIR = join(ROOT, 'src/domain/texts');

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const sources = ['src', 'server'].flatMap((d) => walk(join(ROOT, d))).filter((f) => !f.startsWith(TEXTS_DIR));
const read = (f: string) => readFileSync(f, 'utf8');
const rel = (f: string) => relative(ROOT, f);

/** Every name the texts modules export (the catalogues, OWN_TEXTS, the text functions). */
const TEXT_NAMES = new Set(Object.keys(texts));

/** The names a module passes on: `export { A, B as C }` and `export { A } from '…'` (not its own declarations). */
const reExported = (source: string): string[] =>
  [...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((s) => s.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((s) => s.split(/\s+as\s+/)[0]),
  );

describe('texts are imported from src/domain/texts (issue 23 item 18)', () => {
  it('no module outside src/domain/texts re-exports a text', () => {
    const offenders = sources.flatMap((f) =>
      reExported(read(f))
        .filter((name) => TEXT_NAMES.has(name))
        .map((name) => `${rel(f)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no module outside src/domain/texts passes a texts module on with export *', () => {
    const offenders = sources.filter((f) =>
      /export \*(?: as \w+)? from '[^']*\/texts(?:\/[\w-]+)?'/.test(read(f)),
    );
    expect(offenders.map(rel)).toEqual([]);
  });

  it('the detector finds a re-export (it would catch the old src/domain/messages.ts)', () => {
    const old = "import { SALE_MESSAGES as MESSAGES } from './texts/sale';\n\nexport { MESSAGES };\n";
    expect(reExported(old)).toEqual(['MESSAGES']);
    expect(reExported("export { SALE_MESSAGES, type X } from './texts/sale';")).toEqual([
      'SALE_MESSAGES',
      'X',
    ]);
  });

  it('no catalogue is called just MESSAGES, and no two texts modules export the same name', () => {
    expect(TEXT_NAMES.has('MESSAGES')).toBe(false);
    const owners = new Map<string, string[]>();
    for (const f of walk(TEXTS_DIR).filter((f) => !f.endsWith('index.ts'))) {
      for (const m of read(f).matchAll(/^export (?:const|function|type|interface) (\w+)/gm))
        owners.set(m[1], [...(owners.get(m[1]) ?? []), rel(f)]);
    }
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });

  it('no module anywhere exports a bare MESSAGES', () => {
    const exportedAs = (source: string): string[] => [
      ...[...source.matchAll(/export (?:const|let|var|function) (\w+)/g)].map((m) => m[1]),
      ...[...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
        m[1]
          .split(',')
          .map(
            (s) =>
              s
                .trim()
                .split(/\s+as\s+/)
                .at(-1) ?? '',
          )
          .filter(Boolean),
      ),
    ];
    const offenders = sources.filter((f) => exportedAs(read(f)).includes('MESSAGES'));
    expect(offenders.map(rel)).toEqual([]);
  });
});
