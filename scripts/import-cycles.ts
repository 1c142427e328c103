/**
 * Import circles among the app's modules (issue 23 item 19). Every relative specifier counts: value and
 * type-only imports, re-exports and dynamic import() (a lazily loaded chunk importing its loader is a circle
 * too). No TypeScript parser: a regex over the source, enough for this code base's import style.
 *
 *   npx tsx scripts/import-cycles.ts [dir ...]   # default src; exits 1 and lists the circles when any
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SOURCE = /\.(ts|tsx|mts)$/;
// `import … from '…'`, `import '…'`, `export … from '…'` at the start of a statement (comments never start one)
const STATIC = /(?:^|[;}\n])\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, into);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The relative specifiers a module's text imports, re-exports or loads. */
export function specifiersOf(text: string): string[] {
  const found: string[] = [];
  for (const re of [STATIC, DYNAMIC]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) found.push(m[1]);
  }
  return found;
}

/** Module → the modules it imports (resolved paths under the given directories). */
export function importGraph(dirs: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sourceFiles(d))) {
    const edges = new Set<string>();
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec);
      if (target) edges.add(target);
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** The strongly connected groups of more than one module (or a module importing itself), sorted. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

if (process.argv[1]?.endsWith('import-cycles.ts')) {
  const dirs = process.argv.slice(2);
  const cycles = cyclesOf(importGraph(dirs.length ? dirs : ['src']));
  for (const group of cycles) console.log(group.map((f) => relative(process.cwd(), f)).join(' ↔ '));
  process.exit(cycles.length ? 1 : 0);
}
