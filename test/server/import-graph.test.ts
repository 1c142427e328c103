// The server's import graph (issue 23 item 19): no import circles (type-only imports count, as madge counts
// them), and the database and library layers (server/db, server/lib) never reach into the services, routes
// or HTTP layer above them (the seed script hashed passwords through server/services/passwords.ts).
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf as circles, importGraph } from '../../scripts/import-cycles';

const ROOT = resolve(__dirname, '../..');
const SERVER = join(ROOT, 'server');

/** The server's files and the files they import (the one walker, shared with src/'s cycle test). */
const serverImportGraph = () => importGraph([SERVER]);

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
