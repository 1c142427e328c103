// migrations/0070 keeps each line's worker figures beside it (report_worker_parts, SQL) for the worker activity
// reports; the rules are src/domain/worker-report.ts's lineWorkerFigures. Generated lines (a single worker, multi
// lists, package details with and without workers, sellers, no_commission, ids and percentages as numbers,
// numeric strings or junk, percentage or per-unit commission, thirds and twelfths of a line) must get exactly the
// domain's figures, in the domain's order, on PGlite (worker-parts.test.ts) and PostgreSQL (worker-parts.pg.test.ts).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lineWorkerFigures } from '../../../src/domain/worker-report';
import { type Backend, startTestServer, type TestServer } from '../helpers';

type Doc = Record<string, unknown>;

const id = fc.oneof(
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: 1, max: 40 }).map(String),
  fc.constantFrom(0, -3, '', 'x', null, true, 2.5),
);
const worker = fc.oneof(id, fc.record({ business_commission_worker_id: id }));
const pct = fc.oneof(
  fc.constantFrom(100, 50, 60, 40, 33.5, 25, 12.5, 0, -10, '70', 'abc', null, 100 / 3),
  fc.integer({ min: 1, max: 100 }),
);
const share = fc.record({ commission_worker: worker, percentage: pct });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const detail = fc.record({
  business_commission_worker: maybe(worker),
  commission_workers: maybe(fc.array(fc.oneof(share, fc.constant(7)), { maxLength: 3 })),
  no_commission: maybe(fc.constantFrom(0, 1, '1', true)),
});
const doc = fc.record({
  commission_worker: maybe(worker),
  business_commission_worker_id: maybe(id),
  commission_workers: maybe(fc.array(share, { maxLength: 3 })),
  item_sellers: maybe(
    fc.array(fc.record({ business_commission_worker_id: id, percentage: pct }), { maxLength: 2 }),
  ),
  pos_item_package_details: maybe(fc.array(fc.oneof(detail, fc.constant('x')), { maxLength: 4 })),
  itemMeta: maybe(
    fc.record({
      no_commission: maybe(fc.constantFrom(0, 1, '1', null)),
      pos_item_variants: fc.tuple(
        fc.record({
          commission_percentage: maybe(fc.constantFrom(0, 10, 7.5, 33, '12', null)),
          commission_value: maybe(fc.constantFrom(0, 5000, 2500.5, '1000', null)),
        }),
      ),
    }),
  ),
});
const money = fc.oneof(
  fc.integer({ min: 0, max: 5_000_000 }),
  fc.constantFrom(150, 6, 18, 1_000_003, 12_345.5),
);
const line = fc.record({
  doc: doc.map((d) => JSON.parse(JSON.stringify(d)) as Doc),
  qty: fc.constantFrom(1, 2, 3, 1.5, 0.25),
  gross_total: money,
  discount_total: fc.constantFrom(0, 500, 1_001, 33.5),
  line_total: money,
  global_discount_share: fc.constantFrom(0, 250, 1_003, 0.5),
});

export function workerPartsSuite(backend: Backend): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  }, 120_000);
  afterAll(async () => s?.close());

  it('report_worker_parts gives each worker exactly the figures of lineWorkerFigures, in its order', async () => {
    const lines = fc.sample(line, { numRuns: 400, seed: 27 });
    const got = await s.database.withConnection((c) =>
      c.query<{ i: number; p: { w: number; g: string; d: string; n: string; c: string }[] }>(
        `SELECT x.i, report_worker_parts(x.l -> 'doc', (x.l ->> 'qty')::numeric, (x.l ->> 'gross_total')::numeric,
           (x.l ->> 'discount_total')::numeric, (x.l ->> 'line_total')::numeric,
           (x.l ->> 'global_discount_share')::numeric) AS p
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY x(l, i) ORDER BY x.i`,
        [JSON.stringify(lines)],
      ),
    );
    let withWorkers = 0;
    for (const [i, l] of lines.entries()) {
      const want = lineWorkerFigures(l);
      if (want.length > 0) withWorkers++;
      const p = typeof got[i].p === 'string' ? JSON.parse(got[i].p) : got[i].p;
      const mine = (p as Doc[]).map((x) => ({
        worker_id: Number(x.w),
        gross_total: Number(x.g),
        discount_value: Number(x.d),
        net_value: Number(x.n),
        commission_base_value: Number(x.n),
        total_commission: Number(x.c),
      }));
      // -0 and 0 are one figure
      expect({ line: l, parts: mine.map((m) => JSON.parse(JSON.stringify(m))) }).toEqual({
        line: l,
        parts: want.map((m) => JSON.parse(JSON.stringify(m))),
      });
    }
    expect(withWorkers).toBeGreaterThan(200);
  });

  it('the stored line keeps its figures in worker_parts, and a line stored without a worker document has none', async () => {
    const rows = await s.database.withConnection((c) =>
      c.query<{ same: boolean; n: string }>(
        `SELECT bool_and(worker_parts IS NOT DISTINCT FROM CASE WHEN worker_doc IS NOT NULL THEN report_worker_parts(
           worker_doc, qty, gross_total, discount_total, line_total, global_discount_share) END) AS same,
           count(*) AS n FROM pos_sales_trx_details`,
      ),
    );
    expect(rows[0].same).not.toBe(false);
  });
}
