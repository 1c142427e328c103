// ICD-10 (issue 25, 001 §7 'ICD-10 search'): the shipped list (server/db/data/icd10.csv, attribution beside
// it) loaded into icd_10 on first start or first use, and searched by code prefix and by the words of the
// English and Indonesian titles, ranked. The list never changes at run time, so the search runs over an
// in-memory copy read once from the table (a 3-letter term answers in well under a millisecond; bench/).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ICD10_SEARCH_LIMIT, type Icd10Item } from '../../src/api/contract/journal';
import type { Database } from '../db/create-db';

export const ICD10_CSV = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'data', 'icd10.csv');
/** Any fixed 64-bit key: two instances loading the list at once wait for each other. */
const ICD10_LOCK_KEY = 7_200_431_245;

/** The file's rows: icd_10_id is the row's number (1 = the first code after the header). */
export function readIcd10Csv(path = ICD10_CSV): Icd10Item[] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const out: Icd10Item[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const [skri, str, str_id] = line.split(';');
    if (!skri || str === undefined) continue;
    out.push({
      icd_10_id: out.length + 1,
      skri: skri.trim(),
      str: str.trim(),
      str_id: (str_id ?? '').trim(),
    });
  }
  return out;
}

/** Loads the list into an empty icd_10 table (one statement, under a lock); returns the rows inserted. */
export async function loadIcd10(database: Database, path = ICD10_CSV): Promise<number> {
  return database.withConnection(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [ICD10_LOCK_KEY]);
    try {
      const [{ n }] = await conn.query<{ n: number | string }>('SELECT count(*) AS n FROM icd_10');
      if (Number(n) > 0) return 0;
      const items = readIcd10Csv(path);
      await conn.query(
        `INSERT INTO icd_10 (icd_10_id, skri, str, str_id)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
        [
          items.map((i) => i.icd_10_id),
          items.map((i) => i.skri),
          items.map((i) => i.str),
          items.map((i) => i.str_id),
        ],
      );
      return items.length;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [ICD10_LOCK_KEY]);
    }
  });
}

interface Indexed extends Icd10Item {
  code: string;
  en: string;
  id: string;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
const codeKey = (s: string) => norm(s).replace(/[^a-z0-9]/g, '');

const indexes = new WeakMap<Database, Promise<Indexed[]>>();

/** The in-memory list of this database (loaded into the table first when it is empty). */
export function icd10Index(database: Database): Promise<Indexed[]> {
  let p = indexes.get(database);
  if (!p) {
    p = (async () => {
      await loadIcd10(database);
      const rows = await database.query<Icd10Item>(
        'SELECT icd_10_id, skri, str, str_id FROM icd_10 ORDER BY icd_10_id',
        [],
      );
      return rows.map((r) => ({
        icd_10_id: Number(r.icd_10_id),
        skri: r.skri,
        str: r.str,
        str_id: r.str_id,
        code: codeKey(r.skri),
        en: ` ${norm(r.str)}`,
        id: ` ${norm(r.str_id)}`,
      }));
    })();
    p.catch(() => indexes.delete(database));
    indexes.set(database, p);
  }
  return p;
}

/** How well an item matches (lower is better), or null when it does not. */
function rank(item: Indexed, code: string, words: string[]): number | null {
  if (code !== '' && item.code === code) return 0;
  if (code.length >= 1 && item.code.startsWith(code) && /^[a-z]\d*$/.test(code))
    return 1 + item.code.length / 100;
  if (words.length === 0) return null;
  let score = 2;
  for (const w of words) {
    const startEn = item.en.includes(` ${w}`);
    const startId = item.id.includes(` ${w}`);
    if (startEn || startId) continue;
    if (item.en.includes(w) || item.id.includes(w)) score += 1;
    else return null;
  }
  // a title that begins with the first word, then shorter titles (the general code before its subdivisions)
  const first = words[0];
  if (item.en.startsWith(` ${first}`) || item.id.startsWith(` ${first}`)) score -= 0.5;
  return score + Math.min(item.en.length, item.id.length || item.en.length) / 1000;
}

/** Items for a search term: an exact or prefix code first, then titles with every word, ranked. */
export function searchIcd10(list: readonly Indexed[], term: string, limit = ICD10_SEARCH_LIMIT): Icd10Item[] {
  const t = norm(term).trim();
  if (t === '') return [];
  const words = t.split(/[^a-z0-9]+/).filter((w) => w !== '');
  const code = /^[a-z]\d{0,2}(\.?\d{0,2})?$/.test(t) ? codeKey(t) : '';
  const hits: { item: Indexed; score: number }[] = [];
  for (const item of list) {
    const score = rank(item, code, words);
    if (score !== null) hits.push({ item, score });
  }
  hits.sort((a, b) => a.score - b.score || a.item.code.localeCompare(b.item.code));
  return hits
    .slice(0, limit)
    .map(({ item }) => ({ icd_10_id: item.icd_10_id, skri: item.skri, str: item.str, str_id: item.str_id }));
}

export async function icd10Search(database: Database, term: string): Promise<Icd10Item[]> {
  return searchIcd10(await icd10Index(database), term);
}

export async function icd10ById(database: Database, id: number): Promise<Icd10Item | null> {
  const list = await icd10Index(database);
  const hit = list[id - 1];
  return hit && hit.icd_10_id === id
    ? { icd_10_id: id, skri: hit.skri, str: hit.str, str_id: hit.str_id }
    : null;
}
