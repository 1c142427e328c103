// Issue 23 item 19: no module of src/ imports itself back through others (type-only imports, re-exports and
// lazy import() count). A circle is untied by moving the shared declaration into a module of its own
// (sync-view.ts, item-modal/view-props.ts, RedeemCommands in projections/commands/types.ts).
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, specifiersOf } from '../../scripts/import-cycles';

describe('import circles', () => {
  it('reads value, type-only, re-export, side-effect and lazy imports, not comments', () => {
    const text = [
      "import { a } from './a';",
      'import type {',
      '  B,',
      "} from './b';",
      "export * from './c';",
      "import './d';",
      "const E = lazy(() => import('./e'));",
      "// import { f } from './f';",
      "import React from 'react';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', './b', './c', './d', 'react', './e']);
  });

  it('finds a circle of three and one of two, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(
      cyclesOf(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('src/ has none', () => {
    const graph = importGraph(['src']);
    expect(graph.size).toBeGreaterThan(300);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
