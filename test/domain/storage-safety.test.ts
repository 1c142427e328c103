// Issue 15, storage safety: the warnings' rules (80% of the quota, an unsynced sale older than 24 hours,
// in WIB with the time passed in) and the export file (versioned, checksummed, for one outlet).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildExport,
  canonicalJson,
  checkImport,
  exportFileName,
  isQuotaWarning,
  isUnsyncedTooOld,
  lostSales,
  oldestUnsyncedAt,
} from '../../src/domain/storage-safety';
import { sha256HexSync } from '../../src/events/chain-sha256';

const hash = (text: string) => sha256HexSync(new TextEncoder().encode(text));

describe('the quota warning', () => {
  it('starts at 80% of the quota and stays quiet when the browser tells nothing', () => {
    expect(isQuotaWarning({ usage: 79, quota: 100 })).toBe(false);
    expect(isQuotaWarning({ usage: 80, quota: 100 })).toBe(true);
    expect(isQuotaWarning({ usage: 100, quota: 100 })).toBe(true);
    expect(isQuotaWarning({ usage: 5 })).toBe(false);
    expect(isQuotaWarning({ usage: 5, quota: 0 })).toBe(false);
    expect(isQuotaWarning(null)).toBe(false);
  });
});

describe('the unsynced-for-24-hours warning', () => {
  const sale = (trx_local_end_time: string | null, local_trx_id = 'a') => ({
    local_trx_id,
    trx_local_end_time,
  });

  it('reads the sale time as WIB and warns only past 24 hours', () => {
    // 2026-11-25 10:00:00 WIB is 03:00:00 UTC
    const sales = [sale('2026-11-25 10:00:00'), sale('2026-11-26 09:00:00', 'b')];
    expect(oldestUnsyncedAt(sales)).toBe(Date.parse('2026-11-25T03:00:00Z'));
    expect(isUnsyncedTooOld(sales, new Date('2026-11-26T03:00:00Z'))).toBe(false);
    expect(isUnsyncedTooOld(sales, new Date('2026-11-26T03:00:01Z'))).toBe(true);
  });

  it('no sales, or none with a readable time, warns nothing', () => {
    expect(isUnsyncedTooOld([], new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(isUnsyncedTooOld([sale(null), sale('kemarin')], new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('warns exactly when the oldest sale is more than 24 hours before now (property)', () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 * 86_400 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 12 * 86_400 }),
        (offsets, nowOffset) => {
          const stamp = (s: number) =>
            new Date(base + s * 1000 + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
          const sales = offsets.map((s, i) => sale(stamp(s), String(i)));
          const now = new Date(base + nowOffset * 1000);
          const oldest = base + Math.min(...offsets) * 1000;
          expect(isUnsyncedTooOld(sales, now)).toBe(now.getTime() - oldest > 86_400_000);
        },
      ),
    );
  });
});

describe('the export file', () => {
  const body = {
    exported_at: '2026-11-26 10:15:00',
    business_id: 1,
    outlet_id: 1,
    outlet_name: 'Serambi Salon Kemang',
    cashier_name: 'Demo',
    sales: [
      {
        local_trx_id: 'trx-1',
        trx: { local_trx_id: 'trx-1', drv_grand_total: 150000, details: [{ qty: 1, price: 150000 }] },
        events: [{ id: 'e1', type: 'trx.started' }],
      },
    ],
  };

  it('is read back whole for its outlet', () => {
    const file = buildExport(body, hash);
    expect(file.format).toBe('serambi-unsynced-sales');
    expect(file.version).toBe(1);
    const check = checkImport(JSON.stringify(file, null, 1), 1, hash);
    expect(check).toEqual({ ok: true, file });
    expect(exportFileName(file)).toBe('serambi-belum-sync-1-20261126-101500.json');
  });

  it('refuses another file, a newer version, another outlet and a file with no sale', () => {
    const file = buildExport(body, hash);
    expect(checkImport('not json', 1, hash)).toEqual({ ok: false, problem: 'notExport' });
    expect(checkImport('{"hello":1}', 1, hash)).toEqual({ ok: false, problem: 'notExport' });
    expect(checkImport(JSON.stringify({ ...file, version: 2 }), 1, hash)).toEqual({
      ok: false,
      problem: 'version',
    });
    expect(checkImport(JSON.stringify(file), 2, hash)).toEqual({ ok: false, problem: 'otherOutlet' });
    expect(checkImport(JSON.stringify(buildExport({ ...body, sales: [] }, hash)), 1, hash)).toEqual({
      ok: false,
      problem: 'empty',
    });
  });

  it('any change to a value of the file is found: altered (property)', () => {
    const file = buildExport(body, hash);
    const paths: ((f: typeof file, v: number) => void)[] = [
      (f, v) => {
        f.sales[0].trx.drv_grand_total = v;
      },
      (f, v) => {
        (f.sales[0].trx.details as { qty: number }[])[0].qty = v;
      },
      (f, v) => {
        f.business_id = v;
      },
      (f, v) => {
        f.exported_at = `2026-11-26 10:15:${String(v % 60).padStart(2, '0')}`;
      },
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.integer({ min: 0, max: 1e9 }), (p, v) => {
        const copy = structuredClone(file);
        paths[p](copy, v);
        const same = canonicalJson(copy) === canonicalJson(file);
        const check = checkImport(JSON.stringify(copy), 1, hash);
        expect(check.ok ? 'ok' : check.problem).toBe(same ? 'ok' : 'altered');
      }),
    );
    // the outlet itself is under the checksum too: a file moved to another outlet by hand is altered
    expect(checkImport(JSON.stringify({ ...file, outlet_id: 2 }), 2, hash)).toEqual({
      ok: false,
      problem: 'altered',
    });
  });

  it('the checksum does not depend on the order of keys (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })), (dict) => {
        const reversed = Object.fromEntries(Object.entries(dict).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(dict));
      }),
    );
  });
});

describe('what a recovery could not bring back', () => {
  it('lists the known unsynced sales the server does not hold, saying which the last export holds', () => {
    const known = [{ local_trx_id: 'a' }, { local_trx_id: 'b' }, { local_trx_id: 'c' }];
    expect(lostSales(known, new Set(['a']), new Set(['c']))).toEqual([
      { local_trx_id: 'b', in_export: false },
      { local_trx_id: 'c', in_export: true },
    ]);
  });
});
