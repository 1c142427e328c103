// Worker shares (ruling 21, docs/decisions.md), the list reports' rules (002 §2.17–2.19, §9) and the report CSV
// read back with papaparse (formula injection neutralised, numbers kept).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdayIn,
  daysUntil,
  messagingLink,
  omzetDay,
  phoneLocal,
  phoneShown,
} from '../../src/domain/report-lists';
import { reportCsv } from '../../src/domain/reports';
import {
  allowedWorkerTypes,
  lineWorkerFigures,
  lineWorkerShares,
  showsCommission,
} from '../../src/domain/worker-report';

const w = (id: number) => ({ business_commission_worker_id: id, firstname: `W${id}` });

describe('worker shares and figures', () => {
  it('single worker 100; multi list at its percentages; sellers; package details share the line evenly', () => {
    expect(lineWorkerShares({ commission_worker: w(1) })).toEqual([
      { worker_id: 1, share: 100, earns: true },
    ]);
    expect(
      lineWorkerShares({
        commission_workers: [
          { commission_worker: w(1), percentage: 60 },
          { commission_worker: w(2), percentage: 40 },
        ],
        item_sellers: [{ ...w(3), percentage: 100 }],
        itemMeta: { no_commission: 1 },
      }),
    ).toEqual([
      { worker_id: 1, share: 60, earns: false },
      { worker_id: 2, share: 40, earns: false },
      { worker_id: 3, share: 100, earns: true },
    ]);
    expect(
      lineWorkerShares({
        pos_item_package_details: [
          { business_commission_worker: w(1) },
          {
            commission_workers: [
              { commission_worker: w(2), percentage: 50 },
              { commission_worker: w(3), percentage: 50 },
            ],
          },
          { no_commission: 1, business_commission_worker: w(4) },
        ],
      }),
    ).toEqual([
      { worker_id: 1, share: 50, earns: true },
      { worker_id: 2, share: 25, earns: true },
      { worker_id: 3, share: 25, earns: true },
    ]);
  });

  it('net = line total − global share; commission = percent of net × share, or value × qty × share', () => {
    const doc = (pct: number, value: number) => ({
      commission_worker: w(1),
      itemMeta: { pos_item_variants: [{ commission_percentage: pct, commission_value: value }] },
    });
    const line = {
      qty: 2,
      gross_total: 200_000,
      discount_total: 20_000,
      line_total: 180_000,
      global_discount_share: 10_000,
    };
    expect(lineWorkerFigures({ ...line, doc: doc(10, 0) })).toEqual([
      {
        worker_id: 1,
        gross_total: 200_000,
        discount_value: 30_000,
        net_value: 170_000,
        commission_base_value: 170_000,
        total_commission: 17_000,
      },
    ]);
    expect(lineWorkerFigures({ ...line, doc: doc(0, 5_000) })[0].total_commission).toBe(10_000);
  });

  it('report types and the commission column follow the flags', () => {
    const flags = { WORKER_ACTIVITY: 1, WORKER_ACTIVITY_TRX_SIMPLE: 1, WORKER_ACTIVITY_SUMMARY: 1 };
    expect(allowedWorkerTypes(flags)).toEqual(['summary', 'by-simple']);
    expect(allowedWorkerTypes({ ...flags, WORKER_ACTIVITY: 0 })).toEqual([]);
    expect(showsCommission(flags, 'summary')).toBe(false);
    expect(showsCommission({ WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE: 1 }, 'summary')).toBe(true);
    expect(showsCommission({ WORKER_ACTIVITY_TRX_COMMISSION_VALUE: 1 }, 'by-simple')).toBe(false);
  });
});

describe('list report rules', () => {
  it('phones: stored without the leading 0, shown with it, linked to 62', () => {
    for (const p of ['081234567890', '+6281234567890', '6281234567890', '0812-3456-7890']) {
      expect(phoneLocal(p)).toBe('81234567890');
      expect(phoneShown(phoneLocal(p))).toBe('081234567890');
      expect(messagingLink(phoneLocal(p))).toBe('https://wa.me/6281234567890');
    }
    expect(messagingLink('')).toBeNull();
  });
  it('birthdays in a period (across a year end, 29 February), age, days left', () => {
    expect(birthdayIn('1990-01-02', '2026-12-30', '2027-01-05')).toBe('2027-01-02');
    expect(birthdayIn('1992-02-29', '2027-02-27', '2027-03-01')).toBe('2027-02-28');
    expect(birthdayIn('1990-06-01', '2026-12-30', '2027-01-05')).toBeNull();
    expect(ageOn('1990-01-02', '2027-01-02')).toBe(37);
    expect(daysUntil('2026-12-01', '2026-11-27')).toBe(4);
    expect(daysUntil('2026-11-20', '2026-11-27')).toBe(-7);
  });
  it('omzet day: royalty 9 %, marketing 1 %, total fee, net', () => {
    expect(omzetDay({ service: 1_000_000, retail: 250_000, cost: 100_000 })).toEqual({
      service_total_commission: 1_000_000,
      retail_total_commission: 250_000,
      drv_omzet: 1_250_000,
      drv_variant_cost: 100_000,
      royalty_fee: 112_500,
      marketing_fee: 12_500,
      total_fee: 125_000,
      net_value: 1_025_000,
    });
  });
});

describe('report CSV', () => {
  it('parses back with the same cells; formula-looking text is prefixed, numbers stay numbers', () => {
    const rows = [
      [1, '=HYPERLINK("http://x")', 1500],
      [2, '+62 812', -3],
      [3, '@SUM(A1)', 0],
      [4, '\tTab, "quoted"', 2.5],
      [5, '-minus', 7],
    ];
    const csv = reportCsv(['No', 'Nama', 'Qty'], rows);
    const back = Papa.parse<string[]>(csv, { newline: '\r\n' }).data;
    expect(back[0]).toEqual(['No', 'Nama', 'Qty']);
    expect(back.slice(1).map((r) => r[1])).toEqual([
      `'=HYPERLINK("http://x")`,
      "'+62 812",
      "'@SUM(A1)",
      `'\tTab, "quoted"`,
      "'-minus",
    ]);
    expect(back.slice(1).map((r) => Number(r[2]))).toEqual([1500, -3, 0, 2.5, 7]);
    expect(back.slice(1).every((r) => !/^[=+\-@\t\r]/.test(r[1]))).toBe(true);
  });
});
