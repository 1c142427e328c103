// Issue 23 item 14: docs/spec-coverage.md stays true about the routes. A route it calls 'not yet' renders the
// placeholder ('Belum tersedia'); a route it calls built (or partly built) renders a page of its own; every
// route of the table has its row.
import { readFileSync } from 'node:fs';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { pageFor } from '../../src/ui/app/AppRoutes';
import { PlaceholderPage } from '../../src/ui/app/route-pages';
import { ROUTES, type RouteDef } from '../../src/ui/app/route-table';

const STATUSES = ['built and tested', 'partly', 'not yet'] as const;
type Status = (typeof STATUSES)[number];

/** The '## Routes' table: route pattern (the spec's {x} written :x, '(ours …)' dropped) → its status. */
function coverageRoutes(markdown: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Routes'));
  if (!section) throw new Error('docs/spec-coverage.md has no "## Routes" section');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!cells[1]?.startsWith('/')) continue;
    const path = cells[1].replace(/\s*\(.*\)$/, '').replace(/\{(\w+)\}/g, ':$1');
    rows.set(path, cells[2]);
  }
  return rows;
}

/** Parts built inside routes marked built, each with the browser test that drives it (issue 23 item 14). */
const BUILT = [
  {
    name: "the coupon dialog's Agent mode",
    words: /coupon[^.]*agent|agent coupon|coupon agent/i,
    test: 'test/e2e/special-redeem.spec.ts',
    evidence: "getByTestId('coupon-agent-option')",
  },
  {
    name: 'Direct and Agent redeem',
    words: /direct|agent redeem|redeem[^.]*agent/i,
    test: 'test/e2e/special-redeem.spec.ts',
    evidence: 'hasText: /^Direct$/',
  },
  {
    name: 'the redeem and coupon dialogs',
    words: /dialogs? not yet|dialogs?: not yet/i,
    test: 'test/e2e/special-redeem.spec.ts',
    evidence: 'hasText: /^Agent$/',
  },
];

const rendersPlaceholder = (path: string) => {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const page = pageFor(route, {});
  return isValidElement(page) && page.type === PlaceholderPage;
};

describe('docs/spec-coverage.md routes', () => {
  const doc = coverageRoutes(readFileSync('docs/spec-coverage.md', 'utf8'));

  it('reads the table (a row per route, a known status each)', () => {
    expect(doc.size).toBeGreaterThan(50);
    expect([...doc.keys()].sort()).toEqual(ROUTES.map((r) => r.path).sort());
    for (const [path, status] of doc) expect(STATUSES, path).toContain(status as Status);
  });

  it("says 'not yet' exactly for the routes that render 'Belum tersedia'", () => {
    const wrong = [...doc]
      .filter(([path, status]) => (status === 'not yet') !== rendersPlaceholder(path))
      .map(
        ([path, status]) => `${path}: '${status}' but ${rendersPlaceholder(path) ? 'placeholder' : 'a page'}`,
      );
    expect(wrong).toEqual([]);
  });

  it("never calls 'not yet' a built part that a browser test exercises", () => {
    const markdown = readFileSync('docs/spec-coverage.md', 'utf8');
    // clauses (table cells and their ';' parts) that say something is not built
    const notYet = markdown
      .split(/[|;\n]/)
      .filter((clause) => /not yet/i.test(clause))
      .map((c) => c.trim());
    for (const part of BUILT) {
      expect(readFileSync(part.test, 'utf8'), part.test).toContain(part.evidence);
      expect(
        notYet.filter((clause) => part.words.test(clause)),
        part.name,
      ).toEqual([]);
    }
  });

  it('would catch a built screen still marked not yet, and the reverse', () => {
    expect(rendersPlaceholder('/pos')).toBe(false);
    expect(rendersPlaceholder('/customer-registration')).toBe(false);
    // every route of the table is built now (issue 27's last two reports): a route without a page of its own
    const unbuilt = pageFor(
      { ...(ROUTES.find((r) => r.path === '/help') as RouteDef), path: '/not-built' },
      {},
    );
    expect(isValidElement(unbuilt) && unbuilt.type === PlaceholderPage).toBe(true);
  });
});
