// Issue 15: the supervisor who allowed a deletion or a qty change (pin-validation's answer) is kept in the
// event for the auditor — line removed (DELETE_ITEM), qty changed (MODIFY_QTY), transaction deleted
// (DELETE_TRX) — and not in deleted_details (000 §3 has no field for it). Without the pin flag, or in events
// logged before, there is none; the auditor's replay names them.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/api/contract/audit';
import { replay } from '../../../src/ui/features/audit/replay';
import { CASH, config, harness, item, ok, startSale } from './fixtures';

const supervisor = {
  business_user_id: 7,
  supervisor_name: 'Sari Supervisor',
  validated_at: '2026-11-22 10:00:00',
};
const auth = (reason: string) => ({ password: 'rahasia', reason, verified: true as const, supervisor });

async function sale(pin: 0 | 1) {
  const h = harness(config({ pos_cashier_delete_by_pin: pin }));
  const id = await startSale(h, 2);
  const a = ok(
    await h.commands.addItem({ local_trx_id: id, item: item([10000]), pos_item_variant_id: 1, qty: 3 }),
  );
  const b = ok(
    await h.commands.addItem({ local_trx_id: id, item: item([20000]), pos_item_variant_id: 1, qty: 1 }),
  );
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 50000 }));
  return { h, id, a: a.local_trx_detail_id, b: b.local_trx_detail_id };
}

const asAudit = (
  events: Array<{
    id: string;
    type: string;
    v: number;
    at: string;
    actor: unknown;
    trxId?: string;
    payload: unknown;
  }>,
) =>
  events.map(
    (e) =>
      ({
        id: e.id,
        type: e.type,
        v: e.v,
        at: e.at,
        actor: e.actor,
        trxId: e.trxId,
        payload: e.payload,
        device_id: null,
        chain_n: null,
        flags: [],
        uploaded_by: 1,
        upload_outlet_id: 1,
        outlet_id: 1,
      }) as AuditEvent,
  );

describe('the supervisor who allowed it, in the event', () => {
  it('DELETE_ITEM and MODIFY_QTY events carry the supervisor; the replay names them with the reason', async () => {
    const { h, id, a, b } = await sale(1);
    ok(
      await h.commands.editLine({
        local_trx_id: id,
        local_trx_detail_id: a,
        changes: { qty: 1 },
        authorization: auth('kelebihan'),
      }),
    );
    ok(
      await h.commands.removeLine({
        local_trx_id: id,
        local_trx_detail_id: b,
        authorization: auth('salah item'),
      }),
    );
    const events = await h.store.listEvents();
    const removed = events.find((e) => e.type === 'trx.lineRemoved');
    const changed = events.filter((e) => e.type === 'trx.lineChanged').at(-1);
    expect(removed?.payload).toMatchObject({ supervisor });
    expect(changed?.payload).toMatchObject({ supervisor });
    // deleted_details stays the spec's shape
    const trx = await h.store.getTransaction(id);
    expect(trx?.deleted_details.map((d) => d.actionType)).toEqual(['MODIFY_QTY', 'DELETE_ITEM']);
    for (const d of trx?.deleted_details ?? []) expect(d).not.toHaveProperty('supervisor');

    const steps = replay(asAudit(events.filter((e) => e.trxId === id)));
    const step = steps.find((s) => s.event.type === 'trx.lineRemoved');
    expect(step?.detail).toContain('Alasan: salah item');
    expect(step?.detail).toContain('Disetujui: Sari Supervisor');
    expect(steps.find((s) => s.event.id === changed?.id)?.detail).toContain('Disetujui: Sari Supervisor');
    expect(steps.every((s) => s.error === null)).toBe(true);
  });

  it('DELETE_TRX: the trx.deleted event carries the supervisor', async () => {
    const { h, id } = await sale(1);
    ok(await h.commands.deleteTransaction({ local_trx_id: id, authorization: auth('batal') }));
    const deleted = (await h.store.listEvents()).find((e) => e.type === 'trx.deleted');
    expect(deleted?.payload).toMatchObject({ supervisor });
    const steps = replay(asAudit([deleted as never]));
    expect(steps[0].detail).toContain('Disetujui: Sari Supervisor');
  });

  it('without the pin flag nothing is recorded, and older events without the field replay as before', async () => {
    const { h, id, b } = await sale(0);
    ok(await h.commands.removeLine({ local_trx_id: id, local_trx_detail_id: b, authorization: auth('x') }));
    const events = await h.store.listEvents();
    const removed = events.find((e) => e.type === 'trx.lineRemoved');
    expect(removed?.payload).not.toHaveProperty('supervisor');
    const steps = replay(asAudit(events.filter((e) => e.trxId === id)));
    expect(steps.every((s) => s.error === null)).toBe(true);
    expect(steps.find((s) => s.event.type === 'trx.lineRemoved')?.detail).not.toContain('Disetujui');
  });
});
