// The server as one ES module (npm packages left outside, resolved from node_modules as usual), for the browser
// tests: every spec file starts its own server, and loading server/ through tsx's per-file transform cost about
// 2.5 s of CPU per start on the 2-core CI machine against a few hundred ms for the bundle.
// `npx tsx scripts/bundle-server.ts [out.mjs]` writes it by hand.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const PATHS_MODULE = 'server/paths.ts';

export async function bundleServer(outFile: string, root = process.cwd()): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: outFile,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // import.meta.url is one address for the whole bundle: server/paths.ts's, so the shipped files are found
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, PATHS_MODULE)).href) },
  });
  // any other module reading import.meta would silently resolve against server/paths.ts: refuse it
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input === PATHS_MODULE || input.includes('node_modules') || !/\.tsx?$/.test(input)) continue;
    if (readFileSync(join(root, input), 'utf8').includes('import.meta'))
      throw new Error(`${input} reads import.meta: take its path from ${PATHS_MODULE}`);
  }
  return resolve(root, outFile);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = await bundleServer(process.argv[2] ?? 'test-artifacts/server/main.mjs');
  console.log(out);
}
