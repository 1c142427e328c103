// Issue 23 items 4 and 5: the server believes no impossible value of a sale. Its times lie between its
// outlet's creation and the server's now, each widened by the clock-skew allowance (an offline sale synced
// days later still stores, through the sync and the export/import path alike); every number of the sale
// contract is recomputed by the server or bounded — a property walks every number of a sale's body with
// extreme values: never a 500, never stored. Run on PGlite (bounds.test.ts) and PostgreSQL (bounds.pg.test.ts).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../../../server/services/pos/sale-plan';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from './fixtures';
import { expectError } from './sales.suite';

type Doc = Record<string, unknown>;
type Path = (string | number)[];

/** Every path to a number in `doc`. */
function numberPaths(doc: unknown, at: Path = []): Path[] {
  if (typeof doc === 'number') return [at];
  if (doc === null || typeof doc !== 'object') return [];
  return Object.entries(doc).flatMap(([k, v]) => numberPaths(v, [...at, Array.isArray(doc) ? Number(k) : k]));
}

function getAt(doc: unknown, path: Path): unknown {
  let cur: unknown = doc;
  for (const k of path) cur = cur === null || typeof cur !== 'object' ? undefined : (cur as Doc)[k as string];
  return cur;
}

function setAt<T>(doc: T, path: Path, value: unknown): T {
  const copy = structuredClone(doc) as unknown as Doc;
  let cur: Doc = copy;
  for (const k of path.slice(0, -1)) cur = cur[k as string] as Doc;
  cur[path[path.length - 1] as string] = value;
  return copy as unknown as T;
}

/**
 * The sale contract's own numbers (src/domain/model/transaction.ts, payment.ts): these must not be negative
 * either. The rest of the body (the device's copies of catalogue entries, its configuration snapshot) only
 * has to be a sane number.
 */
const CONTRACT_NUMBER = [
  /^drv_/,
  /^(order_no|pos_salesType_id|payment_amount|trx_status_id)$/,
  /^tags\.\d+$/,
  /^states\.global/,
  /^details\.\d+\.(pos_item_id|pos_item_variant_id|package_pos_item_id|is_package|is_custom|qty|custom_discount_value|business_commission_worker_id)$/,
  /^details\.\d+\.tags\.\d+$/,
  /^payments\.\d+\.(payment_amount|payment_charge)$/,
  /^payments\.\d+\.payment_method\.(table_id|charge_percentage|charge_value|reference_min_length)$/,
];
const isContractNumber = (path: Path) => CONTRACT_NUMBER.some((re) => re.test(path.join('.')));

export function boundsSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const stored = async (localTrxId: string) =>
    (
      await s.database.query<{ trx: Doc | string; drv_qty: string; trx_time: Date | string }>(
        'SELECT trx, drv_qty::text AS drv_qty, trx_time FROM pos_sales_trx_heads WHERE local_trx_id = $1',
        [localTrxId],
      )
    ).map((r) => ({ ...r, trx: (typeof r.trx === 'string' ? JSON.parse(r.trx) : r.trx) as Doc }))[0];
  const stamp = (offsetMs: number) => formatLocalDateTime(new Date(s.clock.now().getTime() + offsetMs));
  const DAY = 24 * 3600_000;

  describe('a sale’s times (item 4)', () => {
    it('refuses a sale dated 2099 or 1999 (each time it carries), storing nothing', async () => {
      for (const [field, at] of [
        ['trx_time', '2099-01-01 10:00:00'],
        ['trx_local_end_time', '2099-06-30 23:59:59'],
        ['trx_time', '1999-12-31 10:00:00'],
        ['trx_local_end_time', '1999-01-01 00:00:00'],
        ['trx_local_start_time', '1999-01-01 08:00:00'],
        ['trx_local_start_time', '2099-01-01 08:00:00'],
      ] as const) {
        const trx = sale(kemang, [line(kemang, RETAIL)], { extra: { [field]: at } });
        for (const offline of [0, 1] as const) {
          expectError(
            await submit(s.app, owner, [trx], offline),
            400,
            API_MESSAGES.invalidInput,
            `trxs.0.${field}`,
          );
          expect(await stored(trx.local_trx_id)).toBeUndefined();
        }
      }
    });

    it('keeps the clock-skew allowance ahead and an offline sale synced days later', async () => {
      const ahead = sale(kemang, [line(kemang, RETAIL)], {
        extra: { trx_local_end_time: stamp(CLOCK_SKEW_ALLOWANCE_MS / 2) },
      });
      expect((await submit(s.app, owner, [ahead])).statusCode).toBe(200);
      const tooFar = sale(kemang, [line(kemang, RETAIL)], {
        extra: { trx_local_end_time: stamp(CLOCK_SKEW_ALLOWANCE_MS + 60_000) },
      });
      expectError(
        await submit(s.app, owner, [tooFar]),
        400,
        API_MESSAGES.invalidInput,
        'trxs.0.trx_local_end_time',
      );
      // sold offline nine days ago, synced (or imported from an export) now: stored at its own time
      const late = sale(kemang, [line(kemang, RETAIL)], {
        extra: { trx_local_start_time: stamp(-9 * DAY - 60_000), trx_local_end_time: stamp(-9 * DAY) },
      });
      const r = await submit(s.app, owner, [late], 1);
      expect(r.statusCode, r.body).toBe(200);
      const row = await stored(late.local_trx_id);
      expect(formatLocalDateTime(new Date(row.trx_time))).toBe(stamp(-9 * DAY));
    });
  });

  describe('a sale’s numbers (item 5)', () => {
    it('drv_qty of 1e308 or -1 is never kept: refused, or the server’s own total stored', async () => {
      for (const drv_qty of [1e308, -1, 7]) {
        const trx = { ...sale(kemang, [line(kemang, RETAIL, 2)]), drv_qty };
        const r = await submit(s.app, owner, [trx]);
        expect([200, 400], r.body).toContain(r.statusCode);
        const row = await stored(trx.local_trx_id);
        if (r.statusCode === 400) expect(row).toBeUndefined();
        else {
          expect(Number(row.drv_qty)).toBe(2);
          expect(row.trx.drv_qty).toBe(2);
        }
      }
    });

    it('property: any number of a sale’s body set to an extreme value answers 200 or 400, and the extreme is never stored', async () => {
      const base = sale(kemang, [{ ...line(kemang, RETAIL, 2), tags: [1], custom_discount_value: 0 }], {
        extra: {
          tags: [1],
          pos_salesType_id: 1,
          states: {
            globalDiscountType: 'promo',
            globalDiscountPercent: 0,
            globalDiscountNominal: 0,
            globalDiscountNominalText: '',
            globalDiscountItemId: 0,
          },
        },
      });
      const first = await submit(s.app, owner, [{ ...base, local_trx_id: crypto.randomUUID() }]);
      expect(first.statusCode, first.body).toBe(200);
      const paths = numberPaths(base);
      expect(paths.length).toBeGreaterThan(40);
      const huge = [1e308, -1e308, 2 ** 60, -(2 ** 60)];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), fc.constantFrom(...huge, -1), async (path, extreme) => {
          fc.pre(extreme !== -1 || isContractNumber(path));
          const trx = setAt({ ...base, local_trx_id: crypto.randomUUID() }, path, extreme);
          const r = await submit(s.app, owner, [trx]);
          expect([200, 400], `${path.join('.')} = ${extreme}: ${r.body}`).toContain(r.statusCode);
          const row = await stored(trx.local_trx_id);
          if (r.statusCode === 400) expect(row).toBeUndefined();
          else expect(getAt(row.trx, path), path.join('.')).not.toBe(extreme);
        }),
        { numRuns: backend === 'pg' ? 60 : 120 },
      );
    }, 300_000);
  });
}
