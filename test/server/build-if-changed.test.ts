// `npm start` builds the client only when its sources changed (issue 22 item 10; scripts/build-if-changed.ts):
// a start on an unchanged tree serves dist/ as it is; a changed source file, a changed VITE_* variable, a
// missing build or --force build again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, sourcesHash } from '../../scripts/build-if-changed';

const root = mkdtempSync(join(tmpdir(), 'serambi-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

for (const [file, text] of [
  ['src/ui/main.tsx', 'export {};'],
  ['src/domain/money.ts', 'export const a = 1;'],
  ['index.html', '<div id="root"></div>'],
  ['vite.config.ts', 'export default {};'],
  ['package.json', '{}'],
  ['package-lock.json', '{}'],
]) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
}

describe('build if changed', () => {
  const builds: number[] = [];
  const start = (env: NodeJS.ProcessEnv = {}, force = false) =>
    ensureBuilt({
      root,
      env,
      force,
      log: () => {},
      build: () => {
        builds.push(builds.length);
        // vite empties dist/ (and the stamp in dist/.vite) before it writes the new build
        rmSync(join(root, 'dist'), { recursive: true, force: true });
        mkdirSync(join(root, 'dist'), { recursive: true });
        writeFileSync(join(root, 'dist', 'index.html'), '<html>');
      },
    });

  it('builds once, then serves the build until a source changes', () => {
    expect(start()).toBe('built');
    expect(start()).toBe('up to date');
    expect(start()).toBe('up to date');
    writeFileSync(join(root, 'src', 'domain', 'money.ts'), 'export const a = 2;');
    expect(start()).toBe('built');
    expect(start()).toBe('up to date');
    // a new file under src/ is a change too
    writeFileSync(join(root, 'src', 'domain', 'new.ts'), '');
    expect(start()).toBe('built');
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(start()).toBe('built');
    expect(builds).toHaveLength(4);
  });

  it('builds again for another VITE_* variable, a missing build, or when forced', () => {
    expect(start()).toBe('up to date');
    expect(start({ VITE_API_BASE: 'https://api.example.id' })).toBe('built');
    expect(start({ VITE_API_BASE: 'https://api.example.id', PATH: '/other' })).toBe('up to date');
    rmSync(join(root, 'dist', 'index.html'));
    expect(start({ VITE_API_BASE: 'https://api.example.id' })).toBe('built');
    expect(start({ VITE_API_BASE: 'https://api.example.id' }, true)).toBe('built');
    // a plain `vite build` empties dist/.vite: the next start cannot vouch for that build and makes its own
    rmSync(join(root, 'dist', '.vite'), { recursive: true });
    expect(start({ VITE_API_BASE: 'https://api.example.id' })).toBe('built');
  });

  it('the hash reads contents, not only names', () => {
    const before = sourcesHash(root, {});
    writeFileSync(join(root, 'index.html'), '<div id="root"></div><!-- -->');
    expect(sourcesHash(root, {})).not.toBe(before);
  });
});
