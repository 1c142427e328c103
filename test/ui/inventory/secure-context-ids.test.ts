// Issue 23 item 9: a till on plain http over the LAN is not a secure context and has no
// crypto.randomUUID. The inventory screens make their ids with the one id function (uuid() of src/events,
// the uuid package), and a biome plugin (lint/no-global-random-uuid.grit) forbids the global in src/.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newInventoryLocalTrxId } from '../../../src/ui/features/inventory/submit';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('inventory ids without a secure context (issue 23 item 9)', () => {
  it('a new draft id is a v4 uuid when crypto.randomUUID is missing', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const ids = [newInventoryLocalTrxId(), newInventoryLocalTrxId()];
    expect(ids[0]).toMatch(UUID_V4);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('biome refuses the global crypto.randomUUID in src/', () => {
    // biome's stdin mode runs no plugins: a probe file in src/, removed again
    const probe = `src/ui/features/inventory/lint-probe-${process.pid}.ts`;
    writeFileSync(probe, 'export const id = () => crypto.randomUUID();\n');
    try {
      const r = spawnSync('npx', ['biome', 'lint', probe], { encoding: 'utf8' });
      expect(r.status).not.toBe(0);
      expect(`${r.stdout}${r.stderr}`).toContain('use uuid() from src/events');
    } finally {
      rmSync(probe, { force: true });
    }
  }, 30_000);
});
