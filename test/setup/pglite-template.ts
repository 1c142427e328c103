// Vitest global setup: one in-memory PGlite migrated and seeded with the demo, dumped to a file that every
// PGlite test server starts from (test/server/helpers.ts). A fresh PGlite spends seconds in its initdb, and the
// migrations and the seed take more: about 60 server files each paid that. The dump is made once per run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleServer } from '../../scripts/bundle-server';
import { createDb } from '../../server/db/create-db';
import { demoBusiness } from '../../server/db/demo';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { fixedClock } from '../../server/lib/clock';
import { testInstant } from './test-instant';

export default async function setup(): Promise<() => void> {
  // the tests that start the server as a process (test/server/process.ts, the fault harness) start this bundle
  process.env.SERAMBI_SERVER_BUNDLE = await bundleServer(join('test-artifacts', 'server', 'unit-main.mjs'));
  const dir = mkdtempSync(join(tmpdir(), 'serambi-pglite-template-'));
  const database = await createDb({});
  await migrate(database);
  const clock = fixedClock(testInstant());
  await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (dump) {
    const file = join(dir, 'demo.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    // the forks inherit the environment: the file, and the instant the demo's times were made for
    process.env.SERAMBI_PGLITE_TEMPLATE = file;
    process.env.SERAMBI_PGLITE_TEMPLATE_AT = clock.now().toISOString();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
