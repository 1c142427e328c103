// Once per browser run: a server seeds the demo business into a fresh data folder and stops; each spec's
// server then starts on a copy of that folder (harness.ts) instead of migrating and seeding again, which was
// about half a minute of every spec file on the 2-core CI machine. The server itself is bundled once
// (scripts/bundle-server.ts) so that each start skips tsx's transform of every server module.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer } from '../../scripts/bundle-server';
import { startServer, wibDay } from './harness';

export default async function setup() {
  process.env.SERAMBI_SERVER_BUNDLE = await bundleServer(join('test-artifacts', 'server', 'e2e-main.mjs'));
  const server = await startServer({ fromTemplate: false });
  await server.stop();
  process.env.E2E_TEMPLATE_DATA_DIR = server.dataDir;
  process.env.E2E_TEMPLATE_DAY = wibDay();
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
