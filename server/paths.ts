// The server's own folder, for the files it ships beside its code (migrations, the ICD-10 list). The one
// module that reads import.meta.url: a bundle of the server (scripts/bundle-server.ts, the browser tests'
// server) sets it to this file's address, so every path below stays the source tree's.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

export const MIGRATIONS_DIR = join(SERVER_DIR, 'db', 'migrations');
export const ICD10_CSV = join(SERVER_DIR, 'db', 'data', 'icd10.csv');
