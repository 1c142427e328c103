// Issue 23 item 18: src/domain's modules are named for what they do. helpers.ts was a grab-bag (short id,
// messaging phone, coupon start date, sales type, initials, birth date) and is split; no catch-all name
// comes back.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = join(__dirname, '../../src/domain');
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('src/domain module names (issue 23 item 18)', () => {
  it('has no grab-bag module (helpers, utils, misc)', () => {
    const grabBags = walk(DOMAIN)
      .map((f) => relative(DOMAIN, f))
      .filter((f) => /(^|\/)(helpers?|utils?|misc)\.tsx?$/.test(f));
    expect(grabBags).toEqual([]);
  });
});
