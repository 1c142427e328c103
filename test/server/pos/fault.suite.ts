// Seeded fault harness for the sync path (issue 4 "Nothing lost, nothing twice"): random sales posted while
// requests are dropped, answers lost, requests duplicated or retried while the first is still in flight, and
// the server restarted mid-sync; then the whole outbox replayed twice. Pass: every sale on the server once,
// with the device's totals, and the database identical after the second replay.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { demoBusiness } from '../../../server/db/demo';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';

/** mulberry32: a small seeded PRNG, so a failing seed replays exactly. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Fault = 'ok' | 'dropped' | 'answerLost' | 'duplicated' | 'retriedInFlight' | 'restart';
const FAULTS: Fault[] = ['ok', 'dropped', 'answerLost', 'duplicated', 'retriedInFlight', 'restart'];
const SEEDS = (process.env.FAULT_SEEDS ?? '1,2,3').split(',').map(Number);
const SALES_PER_SEED = 30;

/** What the database holds of the sales and their ledgers, as one comparable text. */
async function snapshot(s: TestServer): Promise<string> {
  const parts: string[] = [];
  for (const q of [
    `SELECT local_trx_id, trx_id, drv_grand_total::text, deposit_balance::text, customer_id FROM pos_sales_trx_heads
       ORDER BY local_trx_id`,
    `SELECT d.local_trx_detail_id, d.line_total::text FROM pos_sales_trx_details d ORDER BY 1`,
    `SELECT local_payment_id, payment_amount::text FROM pos_sales_trx_payments ORDER BY 1`,
    `SELECT ref_local_trx_id, entry_type, pos_item_variant_id, qty::text FROM stock_ledger
       WHERE ref_local_trx_id IS NOT NULL ORDER BY 1, 2, 3`,
    `SELECT ref_local_trx_id, entry_type, amount::text FROM wallet_ledger WHERE ref_local_trx_id IS NOT NULL ORDER BY 1, 2`,
    `SELECT ref_local_trx_id, entry_type, amount::text FROM receivable_ledger WHERE ref_local_trx_id IS NOT NULL
       ORDER BY 1, 2`,
    `SELECT last_no, trx_date FROM pos_trx_id_counters ORDER BY 2`,
    `SELECT count(*)::text FROM customers`,
  ]) {
    parts.push(JSON.stringify(await s.database.withConnection((c) => c.query(q))));
  }
  return parts.join('\n');
}

export function faultSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let customers: string[];

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    customers = demoBusiness(s.clock.now())
      .customers.slice(0, 10)
      .map((c) => c.user_code);
  });
  afterAll(async () => {
    await s?.close();
  });

  const services = () =>
    kemang.pos_items.filter((i) => i.item_nature === 'SERVICE' && Number(i.is_package) !== 1);
  const retail = () => kemang.pos_items.filter((i) => i.item_nature === 'RETAIL');

  for (const seed of SEEDS) {
    it(`seed ${seed}: every sale stored once with the device's totals; a double replay changes nothing`, async () => {
      const next = rng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
      const outbox = Array.from({ length: SALES_PER_SEED }, () => {
        const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
          line(kemang, pick(next() < 0.5 ? services() : retail()).pos_item_id, 1 + Math.floor(next() * 3)),
        );
        const withCustomer = next() < 0.4;
        return sale(kemang, lines, {
          customer: withCustomer ? { user_code: pick(customers) } : null,
          payments:
            withCustomer && next() < 0.5
              ? [
                  { name: 'Cash', amount: 10000 },
                  { name: 'Piutang', type: 'CREDIT' },
                ]
              : [{ name: pick(['Cash', 'QRIS', 'Debit Card']), ref: 'REF-1234' }],
        });
      });
      let app: FastifyInstance = s.app;
      const restarted: FastifyInstance[] = [];
      const posted = async (trx: (typeof outbox)[number]) => {
        const r = await submit(app, owner, [trx], 1);
        expect(r.statusCode, r.body).toBe(200);
        return r;
      };
      for (const trx of outbox) {
        const fault = pick(FAULTS);
        if (fault === 'dropped') continue; // never reached the server
        if (fault === 'restart') {
          // the server goes away mid-sync and a fresh process serves the same database
          app = await buildApp({ db: s.database, clock: s.clock, integrations: s.integrations });
          restarted.push(app);
        }
        if (fault === 'duplicated' || fault === 'retriedInFlight') {
          // a proxy duplicated it, or the device timed out and retried while the first was still running
          await Promise.all([posted(trx), posted(trx)]);
        } else {
          await posted(trx); // answerLost: the server stored it, the device never heard
        }
        s.clock.advance(1000);
      }
      const replay = async () => {
        const answers = [];
        for (const trx of outbox) answers.push((await posted(trx)).json().data[0]);
        return answers;
      };
      const first = await replay();
      const afterFirst = await snapshot(s);
      const second = await replay();
      expect(await snapshot(s)).toBe(afterFirst);
      expect(second).toEqual(first);
      for (const [i, trx] of outbox.entries()) {
        const rows = await s.database.withConnection((c) =>
          c.query<{ n: string; total: string }>(
            `SELECT count(*)::text AS n, max(drv_grand_total)::text AS total FROM pos_sales_trx_heads
             WHERE local_trx_id = $1`,
            [trx.local_trx_id],
          ),
        );
        expect(Number(rows[0].n)).toBe(1);
        expect(Number(rows[0].total)).toBe(trx.drv_grand_total);
        expect(first[i].local_trx_id).toBe(trx.local_trx_id);
      }
      for (const a of restarted) await a.close();
    });
  }
}
