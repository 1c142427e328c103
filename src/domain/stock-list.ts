// 'Daftar Stok' reading A (002 §2.2, ruling 6): Kategori, SKU, Nama Barang and Varian each have a search
// filter (the match highlighted by the screen); every column is sortable; no pagination. Pure and built for
// 50,000 rows (issue 13: a column search ≤ 50 ms per keystroke): prepareStockRows does the per-row work
// once per load (the cell texts and their lower-case search keys); each column's sort order is computed
// once, on its first use, so a keystroke only filters in an order already known.
import { formatQty, type Separators } from './money';

export const STOCK_COLUMNS = [
  'item_type',
  'category_name',
  'sku',
  'item_name',
  'variant_name',
  'qty',
  'drv_bad_qty',
  'unit_name',
] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];

/** The columns with a search filter (reading A). */
export const STOCK_SEARCH_COLUMNS = ['category_name', 'sku', 'item_name', 'variant_name'] as const;
export type StockSearchColumn = (typeof STOCK_SEARCH_COLUMNS)[number];

const NUMERIC: ReadonlySet<StockColumn> = new Set(['qty', 'drv_bad_qty']);
export const isNumericStockColumn = (c: StockColumn): boolean => NUMERIC.has(c);

/** What the list reads of a row (GET outlet-stock, src/api/contract/inventory.ts stockListRow). */
export interface StockListInput {
  item_type: string | null;
  category_name: string | null;
  sku: string | null;
  item_name: string | null;
  variant_name: string | null;
  qty: number;
  drv_bad_qty: number;
  unit_name: string | null;
}

export type StockFilters = Partial<Record<StockSearchColumn, string>>;
export interface StockSort {
  column: StockColumn;
  direction: 'asc' | 'desc';
}

/** Quantities as shown: up to 2 decimals (002 §1 quantities), the device's separators. */
export const STOCK_QTY_DECIMALS = 2;

/** A cell's text as shown: quantities formatted, the rest as stored (empty when missing). */
export function stockCellText(row: StockListInput, column: StockColumn, separators: Separators): string {
  if (column === 'qty' || column === 'drv_bad_qty') return qtyText(row[column], separators);
  return row[column] ?? '';
}

/** formatQty, with a fast path for whole numbers (most stock): 50,000 rows format in a few ms. */
function qtyText(qty: number, separators: Separators): string {
  if (Number.isSafeInteger(qty)) {
    const digits = String(Math.abs(qty)).replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousandSeparator);
    return qty < 0 ? `-${digits}` : digits;
  }
  return formatQty(qty, STOCK_QTY_DECIMALS, separators);
}

/**
 * The filters' and the search keys' normal form: lower case, trimmed. Plain toLowerCase: Indonesian has
 * no casing rules of its own (only Turkish, Azeri and Lithuanian do), and it is several times faster.
 */
export const normalStockSearch = (s: string): string => s.toLowerCase().trim();

export interface PreparedStockRow<R extends StockListInput = StockListInput> {
  row: R;
  /** Position in the server's answer (ties keep it). */
  index: number;
  /** The cells' texts as shown. */
  text: Readonly<Record<StockColumn, string>>;
  /** The searchable cells' texts, lower-cased once. */
  key: Readonly<Record<StockSearchColumn, string>>;
}

export interface PreparedStockRows<R extends StockListInput = StockListInput> {
  rows: readonly PreparedStockRow<R>[];
  /** Each column's orders, computed on first use (ascending and descending, both stable). */
  orders: Map<StockColumn, { asc: readonly number[]; desc: readonly number[] }>;
  /**
   * visibleStockRows' last answer and what it was asked (filters in normal form): a keystroke that only
   * narrows it (each term contains the one before, the same sort) filters those rows instead of all of them.
   */
  last?: LastStockAnswer<R>;
  /** Each searched column's keys by row position, gathered on its first search (a tight loop for the scan). */
  searchKeys?: Partial<Record<StockSearchColumn, readonly string[]>>;
}

interface LastStockAnswer<R extends StockListInput> {
  terms: Readonly<Record<StockSearchColumn, string>>;
  sort: StockSort | null;
  out: readonly PreparedStockRow<R>[];
}

/**
 * One row's texts and search keys, made on first use: the first screen of a 50,000-row list needs the
 * texts of the few rows in view only (issue 13: first paint ≤ 1 s); the rest follow in the background
 * (warmStockRows) or on the first filter or sort.
 */
class LazyStockRow<R extends StockListInput> implements PreparedStockRow<R> {
  private texts: Record<StockColumn, string> | undefined;
  private keys: Record<StockSearchColumn, string> | undefined;
  constructor(
    readonly row: R,
    readonly index: number,
    private readonly separators: Separators,
  ) {}
  get text(): Readonly<Record<StockColumn, string>> {
    if (this.texts) return this.texts;
    const row = this.row;
    this.texts = {
      item_type: row.item_type ?? '',
      category_name: row.category_name ?? '',
      sku: row.sku ?? '',
      item_name: row.item_name ?? '',
      variant_name: row.variant_name ?? '',
      qty: stockCellText(row, 'qty', this.separators),
      drv_bad_qty: stockCellText(row, 'drv_bad_qty', this.separators),
      unit_name: row.unit_name ?? '',
    };
    return this.texts;
  }
  get key(): Readonly<Record<StockSearchColumn, string>> {
    if (this.keys) return this.keys;
    const text = this.text;
    this.keys = {
      category_name: normalStockSearch(text.category_name),
      sku: normalStockSearch(text.sku),
      item_name: normalStockSearch(text.item_name),
      variant_name: normalStockSearch(text.variant_name),
    };
    return this.keys;
  }
}

/** The once-per-load work: each row's texts shown and lower-case search keys, each made on first use. */
export function prepareStockRows<R extends StockListInput>(
  rows: readonly R[],
  separators: Separators,
): PreparedStockRows<R> {
  return {
    rows: rows.map((row, index) => new LazyStockRow(row, index, separators)),
    orders: new Map(),
  };
}

/**
 * Makes the search keys of rows [from, to) now (the screen calls it in slices after the first paint, so the
 * first keystroke finds them made). Answers where it stopped: rows.length when all are made.
 */
export function warmStockRows(prepared: PreparedStockRows, from: number, to: number): number {
  const end = Math.min(to, prepared.rows.length);
  for (let i = from; i < end; i++) void prepared.rows[i].key;
  return end;
}

/** Text order: case-insensitive, numbers inside in numeric order ('SKU9' before 'SKU10'). */
const collator = new Intl.Collator('id-ID', { numeric: true, sensitivity: 'base' });

/** Compares two rows by a column: quantities as numbers, the rest as text. */
export function compareStockRows(a: PreparedStockRow, b: PreparedStockRow, column: StockColumn): number {
  if (column === 'qty' || column === 'drv_bad_qty') return a.row[column] - b.row[column];
  return collator.compare(a.text[column], b.text[column]);
}

/** A column's ascending and descending orders (row positions), each stable: equal rows keep the server's order. */
function orderOf(prepared: PreparedStockRows, column: StockColumn) {
  const known = prepared.orders.get(column);
  if (known) return known;
  const rows = prepared.rows;
  const asc = rows.map((_, i) => i).sort((x, y) => compareStockRows(rows[x], rows[y], column) || x - y);
  // descending: the groups of equal rows in reverse, each group still in the server's order
  const desc: number[] = [];
  let end = asc.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && compareStockRows(rows[asc[start - 1]], rows[asc[end - 1]], column) === 0) start--;
    for (let k = start; k < end; k++) desc.push(asc[k]);
    end = start;
  }
  const made = { asc, desc };
  prepared.orders.set(column, made);
  return made;
}

/** A column's search keys by row position, gathered once per list. */
function searchKeysOf(prepared: PreparedStockRows, column: StockSearchColumn): readonly string[] {
  prepared.searchKeys ??= {};
  let keys = prepared.searchKeys[column];
  if (!keys) {
    const rows = prepared.rows;
    const made = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) made[i] = rows[i].key[column];
    prepared.searchKeys[column] = made;
    keys = made;
  }
  return keys;
}

/** The filters in normal form, every search column named ('' when it has no filter). */
export function stockSearchTerms(filters: StockFilters): Record<StockSearchColumn, string> {
  return {
    category_name: normalStockSearch(filters.category_name ?? ''),
    sku: normalStockSearch(filters.sku ?? ''),
    item_name: normalStockSearch(filters.item_name ?? ''),
    variant_name: normalStockSearch(filters.variant_name ?? ''),
  };
}

const sameSort = (a: StockSort | null, b: StockSort | null) =>
  a === b || (a !== null && b !== null && a.column === b.column && a.direction === b.direction);

/**
 * True when every row the terms match is among the rows the earlier terms matched: each term contains the
 * earlier one (a case-insensitive substring of a substring), so typing on narrows the earlier answer.
 */
export function narrowsStockSearch(
  earlier: Readonly<Record<StockSearchColumn, string>>,
  terms: Readonly<Record<StockSearchColumn, string>>,
): boolean {
  for (const c of STOCK_SEARCH_COLUMNS) if (!terms[c].includes(earlier[c])) return false;
  return true;
}

/**
 * The rows every filter matches (a case-insensitive substring of the cell shown), in the sort's order. A
 * keystroke that narrows the previous answer (narrowsStockSearch, the same sort) filters only its rows: at
 * 47,444 rows the second letter of a word checks the few thousand the first one left (issue 28). The answer
 * is kept for that: read-only.
 */
export function visibleStockRows<R extends StockListInput>(
  prepared: PreparedStockRows<R>,
  filters: StockFilters,
  sort: StockSort | null,
): readonly PreparedStockRow<R>[] {
  const terms = stockSearchTerms(filters);
  const active: [StockSearchColumn, string][] = [];
  for (const c of STOCK_SEARCH_COLUMNS) if (terms[c] !== '') active.push([c, terms[c]]);
  const keys = active.map(([c]) => searchKeysOf(prepared, c));
  const matches = (r: PreparedStockRow<R>) => {
    for (let k = 0; k < active.length; k++) if (!keys[k][r.index].includes(active[k][1])) return false;
    return true;
  };
  const last = prepared.last;
  let out: PreparedStockRow<R>[];
  if (last && sameSort(last.sort, sort) && narrowsStockSearch(last.terms, terms)) {
    out = active.length === 0 ? last.out.slice() : last.out.filter(matches);
  } else if (!sort) {
    const rows = prepared.rows;
    out = active.length === 0 ? rows.slice() : rows.filter(matches);
  } else {
    const rows = prepared.rows;
    const order = orderOf(prepared as PreparedStockRows, sort.column)[sort.direction];
    out = [];
    for (const i of order) if (matches(rows[i])) out.push(rows[i]);
  }
  prepared.last = { terms, sort, out };
  return out;
}

/** A header click: a new column sorts ascending, the same column toggles. */
export function nextStockSort(current: StockSort | null, column: StockColumn): StockSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** A cell's text cut into the parts shown plain and the parts marked as matching the search. */
export interface HighlightPart {
  chunk: string;
  highlighted: boolean;
}

const escapeRegex = (value: string) => value.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
const foldAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;
let lastTerm: string | undefined;
let lastPattern: RegExp | null = null;

/**
 * The parts of a cell's text with every occurrence of the search term marked: case- and accent-insensitive,
 * exactly the parts Mantine's <Highlight> makes (test/domain/stock-list-highlight.test.ts compares them), but
 * without its per-character accent folding for ASCII texts (nearly every cell) and with the pattern made once
 * per term rather than once per cell: the screen marks the cells of every row in view on each keystroke.
 */
export function highlightParts(value: string, term: string): HighlightPart[] {
  if (term !== lastTerm) {
    lastTerm = term;
    const matcher = foldAccents(escapeRegex(term)).trim();
    lastPattern = matcher === '' ? null : new RegExp(`(${matcher})`, 'gi');
  }
  const re = lastPattern;
  if (re === null) return [{ chunk: value, highlighted: false }];
  re.lastIndex = 0;
  let folded = value;
  let map: number[] | null = null;
  if (!ASCII.test(value)) {
    // as Mantine does: fold each code point, remembering where each folded character came from
    folded = '';
    map = [];
    let i = 0;
    while (i < value.length) {
      const cp = value.codePointAt(i) as number;
      const cpStr = String.fromCodePoint(cp);
      const foldedCp = foldAccents(cpStr);
      for (let j = 0; j < foldedCp.length; j += 1) map.push(i);
      folded += foldedCp;
      i += cpStr.length;
    }
    map.push(value.length);
  }
  const at = (k: number) => (map === null ? k : map[k]);
  const chunks: HighlightPart[] = [];
  let lastEnd = 0;
  for (let match = re.exec(folded); match !== null; match = re.exec(folded)) {
    const start = at(match.index);
    const end = at(match.index + match[0].length);
    if (start > lastEnd) chunks.push({ chunk: value.slice(lastEnd, start), highlighted: false });
    chunks.push({ chunk: value.slice(start, end), highlighted: true });
    lastEnd = end;
    if (match[0].length === 0) re.lastIndex += 1;
  }
  if (lastEnd < value.length) chunks.push({ chunk: value.slice(lastEnd), highlighted: false });
  return chunks.filter(({ chunk }) => chunk);
}
