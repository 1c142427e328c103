// 'Daftar Stok' on the device (issue 13 Speed: a column search ≤ 50 ms per keystroke with 50,000 rows):
// the pure work of src/domain/stock-list.ts in Node — the once-per-load preparation, each column's first
// sort, and typing a filter one keystroke at a time (unsorted and sorted). Prints numbers; asserts nothing.
// Run: npx tsx bench/stock-list-filter.bench.ts [--rows 50000]
import { performance } from 'node:perf_hooks';
import {
  prepareStockRows,
  STOCK_COLUMNS,
  type StockFilters,
  type StockListInput,
  type StockSort,
  visibleStockRows,
  warmStockRows,
} from '../src/domain/stock-list';

const argv = process.argv.slice(2);
const at = argv.indexOf('--rows');
const ROWS = at >= 0 ? Number(argv[at + 1]) : 50_000;
const SEP = { decimalSeparator: ',', thousandSeparator: '.' };

const WORDS = ['Shampoo', 'Kondisioner', 'Masker', 'Serum', 'Kutek', 'Lulur', 'Minyak', 'Krim', 'Sabun'];
const input: StockListInput[] = Array.from({ length: ROWS }, (_, i) => ({
  item_type: 'RETAIL',
  category_name: `Kategori ${i % 40}`,
  sku: `SKU${600_000 + i}`,
  item_name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${Math.floor(i / 4)}`,
  variant_name: `Ukuran ${(i % 4) + 1}`,
  qty: (i % 17) + (i % 3 === 0 ? 0.5 : 0),
  drv_bad_qty: i % 5 === 0 ? 1 : 0,
  unit_name: 'Pcs',
}));

const time = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const out = f();
  return [out, performance.now() - t];
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const [prepared, prep] = time(() => prepareStockRows(input, SEP));
console.log(`rows=${ROWS} prepare (once per load): ${prep.toFixed(1)} ms`);
for (const column of STOCK_COLUMNS) {
  const [, first] = time(() => visibleStockRows(prepared, {}, { column, direction: 'asc' }));
  const [, again] = time(() => visibleStockRows(prepared, {}, { column, direction: 'desc' }));
  console.log(`sort ${column.padEnd(14)} first ${first.toFixed(1)} ms, then ${again.toFixed(1)} ms`);
}

const typing = (column: keyof StockFilters, word: string, sort: StockSort | null) => {
  const times: number[] = [];
  let shown = 0;
  for (let n = 1; n <= word.length; n++) {
    const [rows, t] = time(() => visibleStockRows(prepared, { [column]: word.slice(0, n) }, sort));
    times.push(t);
    shown = rows.length;
  }
  // and deleting it again
  for (let n = word.length - 1; n >= 0; n--)
    times.push(time(() => visibleStockRows(prepared, { [column]: word.slice(0, n) }, sort))[1]);
  console.log(
    `type '${word}' in ${column}${sort ? ` sorted by ${sort.column}` : ''}: p50 ${pct(times, 50).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${shown} rows match) — target ≤ 50 ms`,
  );
};
typing('item_name', 'shampoo krim', null);
typing('item_name', 'shampoo krim', { column: 'qty', direction: 'desc' });
typing('sku', 'sku6001', { column: 'item_name', direction: 'asc' });
typing('category_name', 'kategori 3', null);

// as a cashier types on one open list (the page's state kept between keystrokes, as stock-list-paint.bench.ts
// types): each term from an empty filter, one key at a time; p95 over 5 rounds
{
  const list = prepareStockRows(input, SEP);
  // the page makes the search keys in the background after its first paint, and the first search gathers
  // them: both before the typing
  warmStockRows(list, 0, list.rows.length);
  visibleStockRows(list, { item_name: 'a' }, null);
  visibleStockRows(list, {}, null);
  const times: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const term of ['sh', 'cr', 'zq', 'shampoo krim']) {
      times.push(time(() => visibleStockRows(list, {}, null))[1]);
      for (let n = 1; n <= term.length; n++)
        times.push(time(() => visibleStockRows(list, { item_name: term.slice(0, n) }, null))[1]);
    }
  console.log(
    `keystrokes on one open list ('sh', 'cr', 'zq', 'shampoo krim', each from empty, 5 rounds): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  );
}
