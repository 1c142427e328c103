// The adjustment screen and the server agree (002 §2.5, §7): for any mode and entered figures, a device
// that read the server's current stock and sends adjustmentRequestQuantities finds afterwards exactly the
// final it showed (src/domain/inventory-adjustment.ts, the rule both run); a reduction below zero is
// refused and changes nothing.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_TYPE_VALUES,
  adjustmentFigures,
  adjustmentRequestQuantities,
} from '../../../src/domain/inventory-adjustment';
import { INVENTORY_MESSAGES as M } from '../../../src/domain/texts/inventory';
import { call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL } from '../pos/fixtures';

const KEMANG_ETALASE = 32;

describe('adjustment: the device’s figures are what the server books', () => {
  let s: TestServer;
  let kemang: Tokens;
  let variant: number;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    kemang = await signIn(s.app, 'demo@serambi.id');
    const config = await outletConfig(s.app, kemang, 1);
    variant = Number(line(config, RETAIL).pos_item_variant_id);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const stock = async () => {
    const r = await call(s.app, kemang, {
      method: 'GET',
      url: `/cashier/inventory/current-stock?pos_item_variant_id=${variant}&inv_sloc_id=${KEMANG_ETALASE}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as { qty: number; drv_bad_qty: number };
    return { qty: d.qty, bad_qty: d.drv_bad_qty };
  };

  it('any mode, any entered figures (hundredths): the stock afterwards is the device’s final', async () => {
    const hundredths = fc.integer({ min: 0, max: 2_000 }).map((n) => n / 100);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ADJUSTMENT_TYPE_VALUES),
        hundredths,
        hundredths,
        async (type, qty, bad) => {
          const now = await stock();
          const input = { qty, bad_qty: bad };
          const shown = adjustmentFigures(type, now, input);
          const r = await call(s.app, kemang, {
            method: 'POST',
            url: '/cashier/inventory/inventory-adjustment',
            payload: {
              local_trx_id: randomUUID(),
              inv_sloc_id: KEMANG_ETALASE,
              pos_item_variant_id: variant,
              inv_unit_id: null,
              adjustment_type: type,
              ...adjustmentRequestQuantities(type, now, input),
              notes: null,
            },
          });
          if (type !== 'FINAL' && qty === 0 && bad === 0) {
            expect(r.json().error?.message).toBe(M.qtyZero);
            expect(await stock()).toEqual(now);
          } else if (shown.final.qty < 0 || shown.final.bad_qty < 0) {
            expect(r.statusCode).toBe(400);
            expect(await stock()).toEqual(now);
          } else {
            expect(r.statusCode, r.body).toBe(200);
            expect(await stock()).toEqual(shown.final);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
