// `npm start`'s client build, only when it is due (issue 22 item 10: every start rebuilt the client, 30 s).
// The sources' hash (every file under src/, index.html, vite.config.ts, package.json, package-lock.json,
// tsconfig.json and the VITE_* variables a build reads) is kept beside the build in dist/.vite/sources.sha256;
// a start whose hash matches and whose dist/index.html exists serves the build as it is. FORCE_BUILD=1 or
// `--force` builds anyway. Run: node --import tsx scripts/build-if-changed.ts
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a build is made of, relative to the project's root. */
export const BUILD_INPUTS = [
  'src',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
] as const;

/** Where the hash of the sources the build in dist/ was made from is kept. */
export const STAMP = join('.vite', 'sources.sha256');

function inputFiles(root: string): string[] {
  return BUILD_INPUTS.flatMap((input) => {
    const path = join(root, input);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  })
    .map((file) => relative(root, file).split(sep).join('/'))
    .sort();
}

/** sha256 over each input file's path and content, then the VITE_* variables (a build inlines them). */
export function sourcesHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

export interface EnsureBuiltOptions {
  root: string;
  distDir?: string;
  env?: NodeJS.ProcessEnv;
  force?: boolean;
  /** Builds the client into distDir; throws when the build fails. */
  build: () => void;
  log?: (line: string) => void;
}

/** Builds when dist/ is missing, was built from other sources, or a build is forced; says which. */
export function ensureBuilt(options: EnsureBuiltOptions): 'built' | 'up to date' {
  const { root, env = process.env, log = console.log } = options;
  const distDir = options.distDir ?? join(root, 'dist');
  const stampFile = join(distDir, STAMP);
  const hash = sourcesHash(root, env);
  const built = existsSync(join(distDir, 'index.html')) && existsSync(stampFile);
  if (!options.force && built && readFileSync(stampFile, 'utf8').trim() === hash) {
    log(`client up to date (${relative(root, distDir) || distDir} was built from these sources)`);
    return 'up to date';
  }
  log(
    options.force
      ? 'building the client (forced)'
      : built
        ? 'building the client (sources changed)'
        : 'building the client (no build yet)',
  );
  options.build();
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${hash}\n`);
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = resolve(root, process.env.DIST_DIR || 'dist');
  ensureBuilt({
    root,
    distDir,
    force: process.argv.includes('--force') || process.env.FORCE_BUILD === '1',
    build: () => {
      const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      const r = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir], {
        cwd: root,
        stdio: 'inherit',
      });
      if (r.status !== 0) process.exit(r.status ?? 1);
    },
  });
}
