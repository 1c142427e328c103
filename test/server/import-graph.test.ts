// The server's import graph (issue 23 item 19): no import circles (type-only imports count, as madge counts
// them), and the database and library layers (server/db, server/lib) never reach into the services, routes
// or HTTP layer above them (the seed script hashed passwords through server/services/passwords.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SERVER = join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The server files a file imports (relative specifiers only; packages and src/ are outside the graph). */
function importsOf(file: string, known: Set<string>): string[] {
  // the installed TypeScript (7, native) has no JS API: the specifiers are read with a regular expression, after
  // the comments are dropped (an import clause holds no quote, so `[^'";]*` spans a multi-line one)
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*(?:\(\s*)?['"]([^'"]+)['"]/g),
  ].map((m) => m[1]);
  return specifiers.flatMap((fileName) => {
    if (!fileName.startsWith('.')) return [];
    const base = resolve(dirname(file), fileName.replace(/\.js$/, ''));
    const hit = [`${base}.ts`, join(base, 'index.ts')].find((p) => known.has(p));
    return hit ? [hit] : [];
  });
}

function serverImportGraph(): Map<string, string[]> {
  const files = sourceFiles(SERVER);
  const known = new Set(files);
  return new Map(files.map((f) => [f, importsOf(f, known)]));
}

/** Strongly connected components of more than one file (or a file importing itself): the circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const rel = (p: string) => relative(ROOT, p);

describe('server import graph', () => {
  const graph = serverImportGraph();

  it('finds a circle when there is one (the walker works)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(join(SERVER, 'services/ledgers.ts'))?.map(rel)).toContain('server/db/rows.ts');
  });

  it('has no import circles', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('server/db and server/lib import nothing from the services, routes or HTTP layer', () => {
    const upward = [...graph].flatMap(([file, deps]) =>
      /^server\/(db|lib)\//.test(rel(file))
        ? deps
            .filter((d) => /^server\/(services|routes|http)\//.test(rel(d)))
            .map((d) => `${rel(file)} → ${rel(d)}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
