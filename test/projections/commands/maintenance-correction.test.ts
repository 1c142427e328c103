// 'Change Value' on /backdoor (002 §2.23, issue 27): a correction is appended to the log (trx.corrected), the
// earlier events stay as they were, the read model shows the corrected transaction, a rebuild from the log
// gives the same, and the auditor's replay shows the correction as a step with the fields it changed.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/api/contract/audit';
import { planCorrections, sameJson } from '../../../src/domain/maintenance';
import { makeEvent } from '../../../src/events';
import { correctTransactions } from '../../../src/projections/commands';
import { replay } from '../../../src/ui/features/audit/replay';
import { freshStore, posTrx } from '../helpers';

describe('planCorrections', () => {
  const current = [{ local_trx_id: 'a', trx_notes: 'x', is_synced_key: 0, details: [{ qty: 1 }] }];
  it('finds the changed top-level fields, ignoring key order and the index mirror', () => {
    const plan = planCorrections(
      JSON.stringify([{ details: [{ qty: 2 }], trx_notes: 'x', local_trx_id: 'a' }]),
      current,
    );
    expect(plan).toEqual({
      ok: true,
      corrections: [
        {
          local_trx_id: 'a',
          trx: { details: [{ qty: 2 }], trx_notes: 'x', local_trx_id: 'a' },
          changed: ['details'],
        },
      ],
    });
  });
  it('an unchanged text is no correction', () => {
    expect(planCorrections(JSON.stringify(current), current)).toEqual({ ok: true, corrections: [] });
  });
  it('refuses text that is not a JSON array of transactions, and transactions the device does not hold', () => {
    expect(planCorrections('{nope', current)).toEqual({ ok: false, reason: 'invalidJson' });
    expect(planCorrections('{"a":1}', current)).toEqual({ ok: false, reason: 'invalidJson' });
    expect(planCorrections('[{"local_trx_id":"b"}]', current)).toEqual({
      ok: false,
      reason: 'unknownTrx',
      local_trx_id: 'b',
    });
  });
  it('sameJson ignores key order, not values', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

describe('correctTransactions on the store', () => {
  it('appends trx.corrected, keeps the earlier events, and a rebuild agrees', async () => {
    const store = freshStore();
    const trx = posTrx('t-fix', { trx_notes: 'salah ketik' });
    await store.commit([makeEvent('trx.started', { trx }, { actor: 1, trxId: 't-fix' })]);
    const before = await store.listEvents();
    const rows = (await store.listTransactions()).map(({ is_synced_key: _k, ...t }) => t);
    const edited = rows.map((t) => ({ ...t, trx_notes: 'dikoreksi' }));
    const plan = await correctTransactions(store, JSON.stringify(edited), 7);
    expect(plan).toMatchObject({
      ok: true,
      corrections: [{ local_trx_id: 't-fix', changed: ['trx_notes'] }],
    });

    const after = await store.listEvents();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(added.map((e) => [e.type, e.trxId, e.actor])).toEqual([['trx.corrected', 't-fix', 7]]);
    expect((await store.getTransaction('t-fix'))?.trx_notes).toBe('dikoreksi');

    await store.rebuild();
    expect((await store.getTransaction('t-fix'))?.trx_notes).toBe('dikoreksi');

    const audit = after.map(
      (e): AuditEvent =>
        ({
          ...e,
          device_id: null,
          chain_n: null,
          uploaded_by: 7,
          upload_outlet_id: 1,
          outlet_id: 1,
          flags: [],
        }) as unknown as AuditEvent,
    );
    const steps = replay(audit);
    const last = steps[steps.length - 1];
    expect(last?.label).toBe('Dikoreksi lewat halaman maintenance');
    expect(last?.detail).toBe('Field: trx_notes');
    expect(last?.state?.trx_notes).toBe('dikoreksi');
    expect(steps[0]?.state?.trx_notes).toBe('salah ketik');
    store.close();
  });
});
