// The owner's full data export (issue 27) on PGlite (brand-export.test.ts) and PostgreSQL (brand-export.pg.test.ts):
// the ZIP passes `unzip -t`, each CSV has as many rows as the brand has in its table (and none of another
// brand's), the JSON holds the same; only the brand's owner may export (the supervisor with every flag: 403).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_TABLES } from '../../../server/services/brand-export';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../pos/fixtures';

type Row = Record<string, unknown>;

/** The export's queries as they were (rows through the driver), the reference the database-written export must equal. */
const REFERENCE: Record<string, string> = {
  customers: 'SELECT c.* FROM customers c WHERE c.business_id = 1 ORDER BY c.customer_id',
  sales: 'SELECT h.* FROM pos_sales_trx_heads h WHERE h.business_id = 1 ORDER BY h.pos_sales_trx_head_id',
  sale_lines: `SELECT d.* FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
    WHERE h.business_id = 1 ORDER BY d.pos_sales_trx_detail_id`,
  payments: `SELECT p.* FROM pos_sales_trx_payments p JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
    WHERE h.business_id = 1 ORDER BY p.pos_sales_trx_payment_id`,
  stock_ledger: `SELECT o.business_outlet_id, l.* FROM stock_ledger l JOIN storage_locations s ON s.inv_sloc_id = l.inv_sloc_id
    JOIN outlets o ON o.business_outlet_id = s.business_outlet_id WHERE o.business_id = 1 ORDER BY l.entry_id`,
  point_ledger: `SELECT l.* FROM point_ledger l JOIN customers c USING (customer_id) WHERE c.business_id = 1 ORDER BY l.entry_id`,
  wallet_ledger: `SELECT l.* FROM wallet_ledger l JOIN customers c USING (customer_id) WHERE c.business_id = 1 ORDER BY l.entry_id`,
  coupon_ledger: `SELECT cu.customer_id, cu.coupon_id, cu.expired_date, l.* FROM coupon_user_ledger l
    JOIN coupon_users cu ON cu.coupon_user_id = l.coupon_user_id JOIN customers c ON c.customer_id = cu.customer_id
    WHERE c.business_id = 1 ORDER BY l.entry_id`,
  receivable_ledger: `SELECT r.customer_id, r.local_trx_id AS receivable_local_trx_id, l.* FROM receivable_ledger l
    JOIN receivables r ON r.account_receivable_id = l.account_receivable_id JOIN customers c ON c.customer_id = r.customer_id
    WHERE c.business_id = 1 ORDER BY l.entry_id`,
};
const NOT_EXPORTED = [
  'customer_search_text',
  'user_phone_canonical',
  'search_text',
  'customer_name',
  'worker_doc',
  'variant_cost',
  'worker_parts',
];
/** columns of type date: written as their day */
const DAYS = new Set(['user_birth_date', 'expired_date', 'start_date']);

/** A value as the export writes it: a time as toISOString, a day as YYYY-MM-DD, a number or an id as its text. */
function plain(k: string, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return DAYS.has(k) ? v.toISOString().slice(0, 10) : v.toISOString();
  return String(v);
}

/** A CSV cell as written before the database wrote them (the formula guard, then quotes). */
function csvCell(k: string, v: unknown): string {
  let x = plain(k, v);
  if (x === null) return '';
  if (/^[=+\-@\t\r]/.test(x) && !/^-?\d+(\.\d+)?$/.test(x)) x = `'${x}`;
  return x;
}

export function brandExportSuite(backend: Backend): void {
  let s: TestServer;
  const reference = async (t: string) =>
    (await s.database.withConnection((c) => c.query<Row>(REFERENCE[t], []))).map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => !NOT_EXPORTED.includes(k))),
    );
  let owner: Tokens;
  let spv: Tokens;
  const counts: Record<string, number> = {};

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    spv = await signIn(s.app, 'spv@serambi.id');
    const config = await outletConfig(s.app, owner, 1);
    const spvConfig = await outletConfig(s.app, spv, 1);
    // the user data names the owner (the export's button shows for them only)
    const ownerFlag = (c: object) => (c as { is_brand_owner?: unknown }).is_brand_owner;
    expect([ownerFlag(config), ownerFlag(spvConfig)]).toEqual([1, 0]);
    const trx = sale(config, [line(config, RETAIL, 2)], { extra: { trx_time: undefined } });
    const r = await submit(s.app, owner, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    const q = (text: string) => s.database.withConnection((c) => c.query<Row>(text, []));
    // a name a spreadsheet would run as a formula, with quotes and a comma: neutralised and quoted in the CSV
    await q(`UPDATE customers SET user_name = '=HYPERLINK("http://x.test","a,b")'
             WHERE customer_id = (SELECT min(customer_id) FROM customers WHERE business_id = 1)`);
    const n = async (text: string) => Number((await q(text))[0].n);
    counts.customers = await n('SELECT count(*) AS n FROM customers WHERE business_id = 1');
    counts.sales = await n('SELECT count(*) AS n FROM pos_sales_trx_heads WHERE business_id = 1');
    counts.sale_lines = await n(
      'SELECT count(*) AS n FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id) WHERE h.business_id = 1',
    );
    counts.payments = await n(
      'SELECT count(*) AS n FROM pos_sales_trx_payments p JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id) WHERE h.business_id = 1',
    );
    counts.stock_ledger = await n(
      'SELECT count(*) AS n FROM stock_ledger l JOIN storage_locations s USING (inv_sloc_id) JOIN outlets o USING (business_outlet_id) WHERE o.business_id = 1',
    );
    counts.point_ledger = await n(
      'SELECT count(*) AS n FROM point_ledger l JOIN customers c USING (customer_id) WHERE c.business_id = 1',
    );
    counts.wallet_ledger = await n(
      'SELECT count(*) AS n FROM wallet_ledger l JOIN customers c USING (customer_id) WHERE c.business_id = 1',
    );
    counts.coupon_ledger = await n(
      'SELECT count(*) AS n FROM coupon_user_ledger l JOIN coupon_users u USING (coupon_user_id) JOIN customers c USING (customer_id) WHERE c.business_id = 1',
    );
    counts.receivable_ledger = await n(
      'SELECT count(*) AS n FROM receivable_ledger l JOIN receivables r USING (account_receivable_id) JOIN customers c USING (customer_id) WHERE c.business_id = 1',
    );
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it('the ZIP: one CSV per table, unzip -t clean, as many rows as the brand has', async () => {
    const r = await call(s.app, owner, { method: 'GET', url: '/cashier/brand-export' });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(String(r.headers['content-disposition'])).toMatch(/attachment; filename="serambi-1-.*\.zip"/);
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const file = join(dir, 'x.zip');
    writeFileSync(file, r.rawPayload);
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    const py = `import zipfile,csv,io,json,sys
z=zipfile.ZipFile(sys.argv[1])
out={}
for i in z.infolist():
  rows=list(csv.reader(io.StringIO(z.read(i).decode('utf8'))))
  out[i.filename]={'rows':max(0,len(rows)-1),'header':rows[0] if rows else [],'raw':z.read(i).decode('utf8') if i.filename=='customers.csv' else ''}
print(json.dumps(out))`;
    const read = JSON.parse(execFileSync('python3', ['-c', py, file]).toString());
    expect(Object.keys(read)).toEqual(EXPORT_TABLES.map((t) => `${t}.csv`));
    for (const t of EXPORT_TABLES) expect(read[`${t}.csv`].rows, t).toBe(counts[t]);
    expect(counts.sales).toBeGreaterThan(0);
    expect(counts.customers).toBeGreaterThan(10);
    expect(read['customers.csv'].header).toContain('user_code');
    expect(read['customers.csv'].header).not.toContain('customer_search_text');
    expect(read['sales.csv'].header).not.toContain('trx');
    expect(read['customers.csv'].raw).toContain(`,"'=HYPERLINK(""http://x.test"",""a,b"")",`);
  });

  it('each CSV parses to the rows of its table as the driver reads them (cell by cell, column by column)', async () => {
    const r = await call(s.app, owner, { method: 'GET', url: '/cashier/brand-export' });
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const file = join(dir, 'x.zip');
    writeFileSync(file, r.rawPayload);
    const py = `import zipfile,csv,io,json,sys
z=zipfile.ZipFile(sys.argv[1])
print(json.dumps({i.filename: list(csv.reader(io.StringIO(z.read(i).decode('utf8'), newline=''))) for i in z.infolist()}))`;
    const read = JSON.parse(
      execFileSync('python3', ['-c', py, file], { maxBuffer: 64 << 20 }).toString(),
    ) as Record<string, string[][]>;
    for (const t of EXPORT_TABLES) {
      const rows = await reference(t);
      const [header, ...cells] = read[`${t}.csv`];
      const cols = Object.keys(rows[0] ?? {}).filter((k) => !(t === 'sales' && k === 'trx'));
      if (rows.length === 0) {
        expect(read[`${t}.csv`], t).toEqual([]);
        continue;
      }
      expect(header, t).toEqual(cols);
      expect(cells.length, t).toBe(rows.length);
      rows.forEach((row, i) => {
        cols.forEach((k, j) => {
          if (k === 'extra') expect(JSON.parse(cells[i][j] || 'null'), `${t}.${k}`).toEqual(row[k] ?? null);
          else expect(cells[i][j], `${t}.${k} row ${i}`).toBe(csvCell(k, row[k]));
        });
      });
    }
  });

  it('a text with a leading -, +, @, tab or a plain negative number: guarded only when a spreadsheet would run it', async () => {
    const q = (text: string) => s.database.withConnection((c) => c.query<Row>(text, []));
    await q(`UPDATE customers SET user_notes = E'\t=1', user_ref = '-12.50', user_code = '-', nik = '@x', user_email = '+1'
             WHERE customer_id = (SELECT max(customer_id) FROM customers WHERE business_id = 1)`);
    const r = await call(s.app, owner, { method: 'GET', url: '/cashier/brand-export' });
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const file = join(dir, 'x.zip');
    writeFileSync(file, r.rawPayload);
    const py = `import zipfile,csv,io,json,sys
z=zipfile.ZipFile(sys.argv[1])
rows=list(csv.DictReader(io.StringIO(z.read('customers.csv').decode('utf8'), newline='')))
print(json.dumps(rows[-1]))`;
    const last = JSON.parse(execFileSync('python3', ['-c', py, file]).toString()) as Record<string, string>;
    expect([last.user_notes, last.user_ref, last.user_code, last.nik, last.user_email]).toEqual([
      "'\t=1",
      '-12.50',
      "'-",
      "'@x",
      "'+1",
    ]);
  });

  it("the JSON: the CSV columns of every table; the sales' documents only when asked for", async () => {
    const plainJson = await call(s.app, owner, { method: 'GET', url: '/cashier/brand-export?format=json' });
    expect(plainJson.statusCode).toBe(200);
    expect(plainJson.headers['content-disposition']).toMatch(/serambi-\d+-\d{4}-\d\d-\d\d\.json"$/);
    const lean = plainJson.json() as Record<string, Row[]>;
    for (const t of EXPORT_TABLES) expect(lean[t].length, t).toBe(counts[t]);
    expect(lean.sales.every((x) => !('trx' in x))).toBe(true);
    expect(typeof lean.sales[0].drv_grand_total).toBe('string');
    const bad = await call(s.app, owner, {
      method: 'GET',
      url: '/cashier/brand-export?format=json&documents=2',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the JSON with documents: the same tables and rows, every column, each sale with its document', async () => {
    const r = await call(s.app, owner, {
      method: 'GET',
      url: '/cashier/brand-export?format=json&documents=1',
    });
    expect(r.headers['content-disposition']).toMatch(/-dokumen\.json"$/);
    expect(r.statusCode).toBe(200);
    const doc = r.json() as Record<string, Row[]>;
    for (const t of EXPORT_TABLES) expect(doc[t].length, t).toBe(counts[t]);
    // every column as the driver reads it: times as ISO text, days as YYYY-MM-DD, amounts as text, ids as numbers
    for (const t of EXPORT_TABLES) {
      const rows = await reference(t);
      rows.forEach((row, i) => {
        expect(Object.keys(doc[t][i]), t).toEqual(Object.keys(row));
        for (const [k, v] of Object.entries(row)) {
          const got = doc[t][i][k];
          if (v !== null && typeof v === 'object' && !(v instanceof Date))
            expect(got, `${t}.${k}`).toEqual(v);
          else expect(got === null ? null : String(got), `${t}.${k}`).toBe(plain(k, v));
        }
      });
    }
    expect(typeof doc.sales[0].pos_sales_trx_head_id).toBe('number');
    expect(typeof doc.sales[0].drv_grand_total).toBe('string');
    expect(String(doc.sales[0].trx_time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(doc.sales[0].trx).toMatchObject({ local_trx_id: expect.any(String) });
    // the JSON is exact: no formula guard there
    expect(doc.customers.some((c) => c.user_name === '=HYPERLINK("http://x.test","a,b")')).toBe(true);
  });

  it('only the brand owner: the supervisor with every flag gets 403, a wrong format 400', async () => {
    const r = await call(s.app, spv, { method: 'GET', url: '/cashier/brand-export' });
    expect(r.statusCode).toBe(403);
    const bad = await call(s.app, owner, { method: 'GET', url: '/cashier/brand-export?format=xls' });
    expect(bad.statusCode).toBe(400);
    const anon = await call(s.app, null, { method: 'GET', url: '/cashier/brand-export' });
    expect(anon.statusCode).not.toBe(200);
  });
}
