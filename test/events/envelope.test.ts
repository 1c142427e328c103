import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_VERSIONS, eventId, isEventType, makeEvent, uuid } from '../../src/events';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('makeEvent', () => {
  it('stamps the current version, a time-ordered uuid, the time and the actor', () => {
    const e = makeEvent(
      'session.outletChosen',
      { outlet_id: 2 },
      { actor: 7, at: '2026-11-22T01:02:03.000Z' },
    );
    expect(e).toEqual({
      id: expect.stringMatching(UUID_V7),
      type: 'session.outletChosen',
      v: EVENT_VERSIONS['session.outletChosen'],
      at: '2026-11-22T01:02:03.000Z',
      actor: 7,
      payload: { outlet_id: 2 },
    });
    expect('trxId' in e).toBe(false);
  });

  it('keeps trxId and turns a Date into ISO text', () => {
    const e = makeEvent('inventory.consumptionDone', {}, { actor: 'device', at: new Date(0), trxId: 'abc' });
    expect(e.at).toBe('1970-01-01T00:00:00.000Z');
    expect(e.trxId).toBe('abc');
  });
});

describe('uuid', () => {
  it('makes v4 uuids where crypto.randomUUID is missing (plain http is not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (b: Uint8Array<ArrayBuffer>) => real.getRandomValues(b),
    });
    expect('randomUUID' in globalThis.crypto).toBe(false);
    const ids = new Set(Array.from({ length: 200 }, () => uuid()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('event ids sort by the time they were made', () => {
    const ids = Array.from({ length: 200 }, () => eventId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('vocabulary', () => {
  it('names every type past tense and dot-namespaced', () => {
    for (const type of Object.keys(EVENT_VERSIONS)) {
      expect(type).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
      expect(isEventType(type)).toBe(true);
    }
    expect(isEventType('line.add')).toBe(false);
  });
});
