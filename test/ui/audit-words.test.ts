// Issue 22 item 4: the auditor's replay shows the words a person reads (step names, the spec's status names,
// what a finding means), every transaction event has one, and an event that cannot speak for its sale
// (flag 'outlet', issue 23 item 2) is shown but never applied to the replayed cart.
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/api/contract/audit';
import { CHAIN_FLAG_VALUES } from '../../src/api/contract/audit';
import { TRX_EVENT_VERSIONS } from '../../src/events/trx';
import { FLAG_NAMES, replay, STEP_LABELS, statusName } from '../../src/ui/features/audit/replay';

describe("the auditor's words", () => {
  it('every transaction event, status and finding has a name a person reads', () => {
    for (const type of Object.keys(TRX_EVENT_VERSIONS))
      expect([type, STEP_LABELS[type]]).toEqual([type, expect.stringMatching(/^[A-Z]/)]);
    expect(STEP_LABELS['trx.couponSet']).toBe('Kupon dipasang');
    expect([1, 2, 3, 4].map(statusName)).toEqual(['Appointment', 'Tertunda', 'Selesai', 'Void']);
    for (const f of CHAIN_FLAG_VALUES) expect(FLAG_NAMES[f]).toMatch(/\S/);
  });

  it("an event flagged 'outlet' does not change the replayed cart", () => {
    const base = {
      v: 1,
      actor: 2 as const,
      trxId: 't1',
      device_id: null,
      chain_n: null,
      uploaded_by: 2,
      upload_outlet_id: 1,
      outlet_id: 1,
    };
    const events: AuditEvent[] = [
      {
        ...base,
        id: 'a',
        type: 'trx.notesSet',
        at: '2026-11-27T01:00:00.000Z',
        payload: { trx_notes: 'asli' },
        flags: [],
      },
      {
        ...base,
        id: 'b',
        type: 'trx.notesSet',
        at: '2026-11-27T01:01:00.000Z',
        payload: { trx_notes: 'palsu' },
        flags: ['outlet', 'actor'],
      },
    ];
    const steps = replay(events);
    expect(steps.map((s) => s.label)).toEqual(['Catatan diubah', 'Catatan diubah']);
    expect(steps[1].state).toBe(steps[0].state);
  });
});
