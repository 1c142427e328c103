import { describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, isEventType, makeEvent, STRICT_EVENT_TYPES, upcast } from '../../src/events';
import { TRX_EVENT_VERSIONS, TRX_STRICT_EVENT_TYPES } from '../../src/events/trx';

describe('trx.* vocabulary', () => {
  const types = Object.keys(TRX_EVENT_VERSIONS);

  it('joins the vocabulary: every type known, at version 1, past tense (reset is irregular) and dot-namespaced', () => {
    expect(types.length).toBeGreaterThan(20);
    for (const t of types) {
      expect(isEventType(t)).toBe(true);
      expect(EVENT_VERSIONS[t as keyof typeof EVENT_VERSIONS]).toBe(1);
      expect(t).toMatch(/^trx\.([a-z]+[A-Za-z]*(ed|Set|Added|Removed|Recorded|Out|FromServer)|reset)$/);
    }
  });

  it('money-critical types commit strictly', () => {
    expect([...TRX_STRICT_EVENT_TYPES].sort()).toEqual(
      [
        'trx.paymentAdded',
        'trx.serverAccepted',
        'trx.submitted',
        'trx.voided',
        'trx.adoptedFromServer',
      ].sort(),
    );
    for (const t of TRX_STRICT_EVENT_TYPES) expect(STRICT_EVENT_TYPES.has(t)).toBe(true);
    expect(STRICT_EVENT_TYPES.has('trx.lineAdded')).toBe(false);
  });

  it('an event carries its transaction id and upcasts as is', () => {
    const e = makeEvent('trx.notesSet', { trx_notes: 'n' }, { actor: 7, trxId: 'trx-1' });
    expect(e).toMatchObject({ type: 'trx.notesSet', v: 1, trxId: 'trx-1', actor: 7 });
    expect(upcast({ ...e, seq: 3 })).toEqual({ ...e, seq: 3 });
  });
});
