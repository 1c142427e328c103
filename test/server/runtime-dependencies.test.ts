// Issue 23 item 18: what the server loads at run time (server/main.ts and every module it reaches, the demo seed
// included) comes from package.json's dependencies or node itself. luxon is a dev dependency (the time module's
// reference in test/domain/time-wall.property.test.ts), so the server must never reach it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// value imports only: `import type` / `export type` are erased
const STATIC = /(?:^|[;}\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The packages a module graph loads from its entry (bare specifiers reduced to the package name). */
function packagesReached(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const re of [STATIC, DYNAMIC]) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const spec = m[1];
        if (spec.startsWith('.')) {
          const target = resolve(file, spec);
          if (target) queue.push(target);
        } else {
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          if (!packages.has(name)) packages.set(name, file);
        }
      }
    }
  }
  return packages;
}

describe('the server at run time', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const reached = packagesReached('server/main.ts');

  it('reaches the demo seed and the domain (the walk follows the real graph)', () => {
    expect(reached.has('fastify')).toBe(true);
    expect(reached.has('big.js')).toBe(true);
  });

  it('never loads luxon, and loads only dependencies (not dev dependencies) besides node', () => {
    expect(reached.get('luxon')).toBeUndefined();
    const outside = [...reached]
      .filter(([name]) => !name.startsWith('node:') && !builtinModules.includes(name))
      .filter(([name]) => !(name in pkg.dependencies))
      .map(([name, from]) => `${name} (${from})`);
    expect(outside).toEqual([]);
    expect(pkg.devDependencies.luxon).toBeDefined();
    expect(pkg.dependencies.luxon).toBeUndefined();
  });

  it('declares no package the code never imports (workbox-strategies was one)', () => {
    expect(pkg.devDependencies['workbox-strategies']).toBeUndefined();
    expect(pkg.dependencies['workbox-strategies']).toBeUndefined();
  });
});
