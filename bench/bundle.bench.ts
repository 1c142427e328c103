// Sizes of the built client by route (issue 10): the JavaScript each page waits for, gzip and raw, as
// scripts/check-bundle-budget.mjs measures and enforces them. Run `npx vite build` first.
// Usage: npx tsx bench/bundle.bench.ts [distDir]
// @ts-expect-error: a plain .mjs script without types
import { measure } from '../scripts/check-bundle-budget.mjs';

interface Row {
  name: string;
  files: number;
  raw: number;
  gzip: number;
  maxGzip: number | null;
  target: number | null;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const result = measure(process.argv[2] ?? 'dist') as {
  budgets: Row[];
  measured: Row[];
  total: { files: number; raw: number; gzip: number };
  largest: { file: string; raw: number; gzip: number }[];
};
console.log('route              gzip        raw   files  budget   target');
for (const r of [...result.budgets, ...result.measured])
  console.log(
    `${r.name.padEnd(16)} ${kb(r.gzip).padStart(9)} ${kb(r.raw).padStart(10)} ${String(r.files).padStart(6)}  ${r.maxGzip ? kb(r.maxGzip) : '-'}  ${r.target ? kb(r.target) : '-'}`,
  );
console.log(
  `${'all chunks'.padEnd(16)} ${kb(result.total.gzip).padStart(9)} ${kb(result.total.raw).padStart(10)} ${String(result.total.files).padStart(6)}`,
);
console.log('largest chunks:');
for (const f of result.largest)
  console.log(`  ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)} gzip ${kb(f.raw).padStart(10)}`);
