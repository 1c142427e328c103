import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSettlement,
  checkSettlementPeriod,
  floorAmount,
  type SettlementSplitAggregate,
  settlementGroupBy,
  settlementPeriod,
  TRX_SUMMARY_KEYS,
} from '../../src/domain/settlement';

// 2026-11-25 14:30:05 WIB
const NOW = new Date('2026-11-25T07:30:05Z');

describe('settlement type → period and group_by (002 §2.11, docs/api.md)', () => {
  it.each([
    ['today', 'user', '2026-11-25 00:00:00'],
    ['today-by-outlet', 'outlet', '2026-11-25 00:00:00'],
    ['signed-in', 'user', '2026-11-24 21:15:00'],
    ['anything-else', 'user', '2026-11-24 21:15:00'],
  ])('%s → group_by=%s from %s to now', (type, groupBy, start) => {
    expect(settlementGroupBy(type)).toBe(groupBy);
    expect(settlementPeriod(type, '2026-11-24 21:15:00', NOW)).toEqual({
      start_datetime: start,
      end_datetime: '2026-11-25 14:30:05',
    });
  });
  it('signed-in without a stored sign-in time starts today; one ahead of now starts now', () => {
    expect(settlementPeriod('signed-in', null, NOW).start_datetime).toBe('2026-11-25 00:00:00');
    expect(settlementPeriod('signed-in', '2026-11-26 08:00:00', NOW).start_datetime).toBe(
      '2026-11-25 14:30:05',
    );
  });
  it('a sign-in time stored with its zone is read in WIB', () => {
    expect(settlementPeriod('signed-in', '2026-11-25T01:00:00Z', NOW).start_datetime).toBe(
      '2026-11-25 08:00:00',
    );
  });
});

describe('checkSettlementPeriod', () => {
  it.each([
    ['kemarin', '2026-11-25 00:00:00', 'start'],
    ['2026-11-25 00:00:00', '2026-11-25 24:30:00', 'end'],
    ['2026-11-25 10:00:00', '2026-11-25 09:59:59', 'order'],
    ['2026-10-01 00:00:00', '2026-11-25 00:00:00', 'span'],
  ])('%s – %s: %s', (start, end, problem) => {
    expect(checkSettlementPeriod(start, end)).toEqual({ ok: false, problem });
  });
  it('31 days exactly, and one instant, are allowed', () => {
    expect(checkSettlementPeriod('2026-10-25 00:00:00', '2026-11-25 00:00:00').ok).toBe(true);
    expect(checkSettlementPeriod('2026-11-25 00:00:00', '2026-11-25 00:00:00').ok).toBe(true);
  });
});

describe('buildSettlement', () => {
  const money = fc.integer({ min: 0, max: 50_000_000_00 }).map((c) => (c / 100).toFixed(2));
  it('service + retail = the whole in every figure, every amount whole (floored)', () => {
    fc.assert(
      fc.property(fc.array(money, { minLength: 14, maxLength: 14 }), (values) => {
        const split = {} as SettlementSplitAggregate;
        TRX_SUMMARY_KEYS.forEach((k, i) => {
          split[`total_${k}`] = values[i];
          split[`service_${k}`] = values[i + 7];
        });
        const d = buildSettlement({ items: [], types: [], split, payments: [] });
        for (const k of TRX_SUMMARY_KEYS) {
          expect(d.service_trx_summary[k] + d.retail_trx_summary[k]).toBe(d.trx_summary[k]);
          expect(Number.isInteger(d.trx_summary[k])).toBe(true);
          expect(d.trx_summary[k]).toBe(Math.floor(Number(split[`total_${k}`])));
        }
      }),
    );
  });
  it('items: NORMAL rows by nature and combined, coupon rows apart; same item and price merged; count rows by type', () => {
    const row = (trx_type: string, nature: string, id: number, qty: string, gross: string) => ({
      trx_type,
      nature,
      pos_item_id: id,
      pos_item_variant_id: id * 10,
      item_name: `Item ${id}`,
      variant_name: null,
      variant_price: '1000.00',
      qty,
      gross_total_sum: gross,
    });
    const d = buildSettlement({
      items: [
        row('NORMAL', 'SERVICE', 2, '1.0000', '1000.00'),
        row('NORMAL', 'RETAIL', 1, '2.0000', '2000.50'),
        row('NORMAL', 'SERVICE', 1, '1.0000', '1000.50'),
        row('COUPON_SALES', 'SERVICE', 3, '1.0000', '1000.00'),
      ],
      types: [
        { trx_type: 'TOP_UP_DEPOSIT', trx_count: '2', drv_gross_total: '300000.00' },
        { trx_type: 'NORMAL', trx_count: '3', drv_gross_total: '5000.00' },
      ],
      split: null,
      payments: [{ payment_method_name: 'Cash', trx_count: '3', payment_after_change_sum: '4999.99' }],
    });
    expect(d.item_summary.map((r) => [r.pos_item_id, r.qty, r.gross_total_sum])).toEqual([
      [1, 3, 3001],
      [2, 1, 1000],
    ]);
    expect(d.service_item_summary.map((r) => r.pos_item_id)).toEqual([1, 2]);
    expect(d.retail_item_summary.map((r) => r.pos_item_id)).toEqual([1]);
    expect(d.coupon_summary.map((r) => r.pos_item_id)).toEqual([3]);
    expect(d.top_up_deposit_summary).toEqual({ trx_count: 2, drv_gross_total: 300000 });
    expect(d.membership_summary).toEqual({ trx_count: 0, drv_gross_total: 0 });
    expect(d.payment_summary).toEqual([
      { payment_method_name: 'Cash', trx_count: 3, payment_after_change_sum: 4999 },
    ]);
    expect(floorAmount('12.99')).toBe(12);
  });
});
