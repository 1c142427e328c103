// ICD-10 (issue 25, 001 §7 'ICD-10 search'): the shipped list (server/db/data/icd10.csv, attribution beside
// it) loaded into icd_10 on first start or first use, and searched by code prefix and by the words of the
// English and Indonesian titles, ranked. The list never changes at run time, so the search runs over an
// in-memory copy read once from the table, with lookup tables by code and by pieces of the titles (bench/).
import { readFileSync } from 'node:fs';
import { ICD10_SEARCH_LIMIT, type Icd10Item } from '../../src/api/contract/journal';
import type { Database } from '../db/create-db';
import { ICD10_CSV } from '../paths';

export { ICD10_CSV };

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
  /** both titles in one string (one indexOf per word rules most items out) */
  hay: string;
}

/**
 * The list with its lookup tables: items by code (sorted) for code prefixes, and the items holding each
 * two- and three-character piece of letters and digits of their titles. A search looks only at the items of a
 * term's rarest piece (a few hundred of 18,547 for a 3-letter term) and checks each in full, so its answer is
 * the full scan's (scanIcd10), only sooner (bench/icd10-search.bench.ts).
 */
export interface Icd10List {
  readonly items: readonly Indexed[];
  /** positions in items, ordered by code */
  readonly byCode: Int32Array;
  /** piece → positions in items, ascending */
  readonly grams: ReadonlyMap<string, Int32Array>;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
const codeKey = (s: string) => norm(s).replace(/[^a-z0-9]/g, '');

/** The pieces of 2 and 3 letters or digits of a text (each once). */
function gramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const run of text.split(/[^a-z0-9]+/)) {
    for (let i = 0; i + 2 <= run.length; i++) {
      out.add(run.slice(i, i + 2));
      if (i + 3 <= run.length) out.add(run.slice(i, i + 3));
    }
  }
  return out;
}

/** Builds the lookup tables of a list. */
export function indexIcd10(items: readonly Indexed[]): Icd10List {
  const codeOf = (at: number) => (items[at] as Indexed).code;
  const byCode = Int32Array.from(items.keys()).sort((a, b) =>
    codeOf(a) < codeOf(b) ? -1 : codeOf(a) > codeOf(b) ? 1 : a - b,
  );
  const lists = new Map<string, number[]>();
  items.forEach((item, at) => {
    for (const g of gramsOf(item.hay)) {
      const list = lists.get(g);
      if (list) list.push(at);
      else lists.set(g, [at]);
    }
  });
  const grams = new Map<string, Int32Array>();
  for (const [g, list] of lists) grams.set(g, Int32Array.from(list));
  return { items, byCode, grams };
}

/** One item as the search keeps it. */
export function indexedIcd10Item(r: Icd10Item): Indexed {
  return {
    icd_10_id: Number(r.icd_10_id),
    skri: r.skri,
    str: r.str,
    str_id: r.str_id,
    code: codeKey(r.skri),
    en: ` ${norm(r.str)}`,
    id: ` ${norm(r.str_id)}`,
    hay: ` ${norm(r.str)} | ${norm(r.str_id)}`,
  };
}

const indexes = new WeakMap<Database, Promise<Icd10List>>();

/** The in-memory list of this database (loaded into the table first when it is empty). */
export function icd10Index(database: Database): Promise<Icd10List> {
  let p = indexes.get(database);
  if (!p) {
    p = (async () => {
      await loadIcd10(database);
      const rows = await database.query<Icd10Item>(
        'SELECT icd_10_id, skri, str, str_id FROM icd_10 ORDER BY icd_10_id',
        [],
      );
      return indexIcd10(rows.map(indexedIcd10Item));
    })();
    p.catch(() => indexes.delete(database));
    indexes.set(database, p);
  }
  return p;
}

/** How well an item matches (lower is better), or null when it does not. */
function rank(item: Indexed, code: string, words: string[]): number | null {
  if (code !== '') {
    if (item.code === code) return 0;
    if (item.code.startsWith(code)) return 1 + item.code.length / 100;
  }
  if (words.length === 0) return null;
  for (const w of words) if (item.hay.indexOf(w) < 0) return null;
  let score = 2;
  for (const w of words) if (item.hay.indexOf(` ${w}`) < 0) score += 1;
  // a title that begins with the first word, then shorter titles (the general code before its subdivisions)
  const first = words[0];
  if (item.en.startsWith(` ${first}`) || item.id.startsWith(` ${first}`)) score -= 0.5;
  return score + Math.min(item.en.length, item.id.length || item.en.length) / 1000;
}

interface Parsed {
  code: string;
  words: string[];
}

function parse(term: string): Parsed | null {
  const t = norm(term).trim();
  if (t === '') return null;
  const words = t.split(/[^a-z0-9]+/).filter((w) => w !== '');
  const code = /^[a-z]\d{1,2}(\.?\d{0,2})?$/.test(t) ? codeKey(t) : '';
  return { code, words };
}

function ranked(hits: { item: Indexed; score: number }[], limit: number): Icd10Item[] {
  hits.sort((a, b) => a.score - b.score || a.item.code.localeCompare(b.item.code));
  return hits
    .slice(0, limit)
    .map(({ item }) => ({ icd_10_id: item.icd_10_id, skri: item.skri, str: item.str, str_id: item.str_id }));
}

/** The search by a full scan of the list: the reference the indexed search is tested against. */
export function scanIcd10(list: readonly Indexed[], term: string, limit = ICD10_SEARCH_LIMIT): Icd10Item[] {
  const q = parse(term);
  if (!q) return [];
  const hits: { item: Indexed; score: number }[] = [];
  for (const item of list) {
    const score = rank(item, q.code, q.words);
    if (score !== null) hits.push({ item, score });
  }
  return ranked(hits, limit);
}

/** Items for a search term: an exact or prefix code first, then titles with every word, ranked. */
export function searchIcd10(list: Icd10List, term: string, limit = ICD10_SEARCH_LIMIT): Icd10Item[] {
  const q = parse(term);
  if (!q) return [];
  const { items, byCode, grams } = list;
  const candidates = new Set<number>();
  if (q.code !== '') {
    // the first code at or after the term, then every code it begins
    let lo = 0;
    let hi = byCode.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((items[byCode[mid] as number] as Indexed).code < q.code) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < byCode.length; i++) {
      const at = byCode[i] as number;
      if (!(items[at] as Indexed).code.startsWith(q.code)) break;
      candidates.add(at);
    }
  }
  if (q.words.length > 0) {
    // every word must be in the titles: the rarest piece of any word holds every match
    let rarest: Int32Array | null = null;
    let scanAll = true;
    for (const w of q.words) {
      if (w.length < 2) continue;
      scanAll = false;
      for (const g of gramsOf(w)) {
        if (g.length !== Math.min(3, w.length)) continue;
        const found = grams.get(g);
        if (!found)
          return ranked(Array.from(Int32Array.from(candidates).sort(), toHit(items, q)).filter(isHit), limit);
        if (!rarest || found.length < rarest.length) rarest = found;
      }
    }
    if (scanAll) for (let i = 0; i < items.length; i++) candidates.add(i);
    else if (rarest) for (const at of rarest) candidates.add(at);
  }
  // in list order, as the full scan meets them (equal scores keep that order)
  return ranked(Array.from(Int32Array.from(candidates).sort(), toHit(items, q)).filter(isHit), limit);
}

const toHit =
  (items: readonly Indexed[], q: Parsed) =>
  (at: number): { item: Indexed; score: number | null } => {
    const item = items[at] as Indexed;
    return { item, score: rank(item, q.code, q.words) };
  };
const isHit = (h: { item: Indexed; score: number | null }): h is { item: Indexed; score: number } =>
  h.score !== null;

export async function icd10Search(database: Database, term: string): Promise<Icd10Item[]> {
  return searchIcd10(await icd10Index(database), term);
}

export async function icd10ById(database: Database, id: number): Promise<Icd10Item | null> {
  const { items } = await icd10Index(database);
  const hit = items[id - 1];
  return hit && hit.icd_10_id === id
    ? { icd_10_id: id, skri: hit.skri, str: hit.str, str_id: hit.str_id }
    : null;
}
