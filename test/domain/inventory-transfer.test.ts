// Transfer out / transfer in rules (002 §2.6–2.7, §5): the target options, the list entry and the submit
// messages in the spec's order, the incoming transfer's total and the preselected receiving location.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultReceivingLocation,
  keptTarget,
  type TransferOutRow,
  transferInError,
  transferInResult,
  transferLineError,
  transferOutBody,
  transferOutError,
  transferQtyTotal,
  transferTargetOptions,
} from '../../src/domain/inventory-transfer';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../src/domain/texts/inventory';

const loc = (inv_sloc_id: number) => ({ inv_sloc_id, location_name: `L${inv_sloc_id}` });
const ALL = [31, 32, 41, 42].map(loc);

describe('transferTargetOptions (002 §2.6)', () => {
  it('excludes the user’s own location when the user has exactly one, and the chosen source', () => {
    expect(transferTargetOptions(ALL, [loc(31)], 31).map((l) => l.inv_sloc_id)).toEqual([32, 41, 42]);
    expect(transferTargetOptions(ALL, [loc(31)], null).map((l) => l.inv_sloc_id)).toEqual([32, 41, 42]);
  });

  it('keeps the user’s other own locations when there are several (only the source goes)', () => {
    expect(transferTargetOptions(ALL, [loc(31), loc(32)], 31).map((l) => l.inv_sloc_id)).toEqual([
      32, 41, 42,
    ]);
    expect(transferTargetOptions(ALL, [loc(31), loc(32)], 32).map((l) => l.inv_sloc_id)).toEqual([
      31, 41, 42,
    ]);
    expect(transferTargetOptions(ALL, [loc(31), loc(32)], null).map((l) => l.inv_sloc_id)).toEqual([
      31, 32, 41, 42,
    ]);
  });

  it('never offers the source, and keeps every other location unless it is the single own one', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 12 });
    fc.assert(
      fc.property(ids, ids, fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }), (all, own, source) => {
        const options = transferTargetOptions(all.map(loc), own.map(loc), source).map((l) => l.inv_sloc_id);
        expect(options).not.toContain(source);
        if (own.length === 1) expect(options).not.toContain(own[0]);
        for (const id of all)
          if (id !== source && !(own.length === 1 && own[0] === id)) expect(options).toContain(id);
        // a target kept from the options is never the source either
        for (const t of all) expect(keptTarget(t, options.map(loc))).not.toBe(source ?? -1);
      }),
    );
  });

  it('keptTarget drops a target that is no longer offered', () => {
    expect(keptTarget(32, [loc(32), loc(41)])).toBe(32);
    expect(keptTarget(31, [loc(32), loc(41)])).toBeNull();
    expect(keptTarget(null, [loc(32)])).toBeNull();
  });
});

const row = (key: number, qty = 1): TransferOutRow => ({
  uuid: `line-${key}`,
  key,
  item_name: `Item ${key}`,
  qty_now: 10,
  qty,
  unit_name: 'Pcs',
  inv_unit_id: 1,
});

describe('transferOutBody (002 §4, §7)', () => {
  it("sends each line's own uuid, not its variant id (issue 23 item 9)", () => {
    const body = transferOutBody({
      source_inv_sloc_id: 31,
      target_inv_sloc_id: 41,
      notes: '  ',
      items: [row(10721, 2), row(10741, 3)],
    });
    expect(body.notes).toBeNull();
    expect(body.items).toEqual([
      { uuid: 'line-10721', pos_item_variant_id: 10721, inv_unit_id: 1, qty: 2 },
      { uuid: 'line-10741', pos_item_variant_id: 10741, inv_unit_id: 1, qty: 3 },
    ]);
  });
});

describe('transferLineError (002 §5 item entry)', () => {
  it('refuses an item already in the list with the transfer text, before the qty', () => {
    expect(transferLineError([row(10721)], 10721, 0)).toBe(M.itemInTransferList);
    expect(transferLineError([row(10721)], 10721, 3)).toBe(M.itemInTransferList);
  });

  it('refuses a zero, empty, negative or non-numeric qty', () => {
    for (const q of [0, null, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(transferLineError([], 10721, q)).toBe(M.qtyZero);
  });

  it('accepts a new item with a positive qty (above the current stock too: the server checks stock)', () => {
    expect(transferLineError([row(10722)], 10721, 0.5)).toBeNull();
    expect(transferLineError([], 10721, 999)).toBeNull();
  });
});

describe('transferOutError (002 §5 inventory submit)', () => {
  it('says the first missing thing in the spec’s order', () => {
    expect(transferOutError({ source_inv_sloc_id: null, target_inv_sloc_id: null, items: [] })).toBe(
      M.sourceRequired,
    );
    expect(transferOutError({ source_inv_sloc_id: 31, target_inv_sloc_id: null, items: [] })).toBe(
      M.targetRequired,
    );
    expect(transferOutError({ source_inv_sloc_id: 31, target_inv_sloc_id: 31, items: [] })).toBe(
      M.sameLocation,
    );
    expect(transferOutError({ source_inv_sloc_id: 31, target_inv_sloc_id: 32, items: [] })).toBe(
      M.transferItemsRequired,
    );
    expect(transferOutError({ source_inv_sloc_id: 31, target_inv_sloc_id: 32, items: [row(1)] })).toBeNull();
  });
});

describe('transfer in (002 §2.7, §5)', () => {
  it('needs a receiving location', () => {
    expect(transferInError(null)).toBe(M.receivingRequired);
    expect(transferInError(31)).toBeNull();
  });

  it('Jumlah Barang is the sum of the detail qty', () => {
    expect(transferQtyTotal({ inv_stock_trf_details: [] })).toBe(0);
    expect(transferQtyTotal({ inv_stock_trf_details: [{ qty: 2 }, { qty: 3 }] })).toBe(5);
    expect(transferQtyTotal({ inv_stock_trf_details: [{ qty: 0.1 }, { qty: 0.2 }] })).toBe(0.3);
  });

  it('preselects the transfer’s target when it is the user’s, else the only own location, else none', () => {
    expect(defaultReceivingLocation([loc(31), loc(32)], 32)).toBe(32);
    expect(defaultReceivingLocation([loc(31)], 41)).toBe(31);
    expect(defaultReceivingLocation([loc(31), loc(32)], 41)).toBeNull();
    expect(defaultReceivingLocation([], 41)).toBeNull();
  });
});

describe('transferInResult (docs/decisions.md: accepting once)', () => {
  const refused = (message: string) => ({ kind: 'refused' as const, message });
  it('a success is done; no answer stays on the detail', () => {
    expect(transferInResult({ kind: 'done' }, false)).toBe('done');
    expect(transferInResult({ kind: 'unknown' }, true)).toBe('stay');
  });

  it("'Transfer ini sudah diterima.' after our own unanswered attempt is that attempt's success", () => {
    expect(transferInResult(refused(S.transferAccepted), true)).toBe('done');
    // without one of ours, someone else accepted it: back to the list, the refusal shown
    expect(transferInResult(refused(S.transferAccepted), false)).toBe('gone');
    expect(transferInResult(refused(S.transferUnknown), true)).toBe('gone');
  });

  it('any other refusal stays to be corrected', () => {
    expect(transferInResult(refused(S.notOwnLocation), true)).toBe('stay');
    expect(transferInResult(refused(M.receivingRequired), false)).toBe('stay');
  });
});
