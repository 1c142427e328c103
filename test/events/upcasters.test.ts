import { describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, EventVersionError, type RawEvent, upcast } from '../../src/events';

const raw = (type: string, v: number, payload: unknown): RawEvent => ({
  seq: 9,
  id: 'id-9',
  type,
  v,
  at: '2026-11-22T00:00:00.000Z',
  actor: 'device',
  payload,
});

describe('upcast', () => {
  const versions = { 'device.settingsChanged': 3 };
  const upcasters = {
    'device.settingsChanged': {
      1: (p: unknown) => ({ ...(p as object), step1: true }),
      2: (p: unknown) => ({ ...(p as object), step2: true }),
    },
  };

  it('applies every step from the stored version to the current one, in order', () => {
    const e = upcast(raw('device.settingsChanged', 1, { a: 1 }), upcasters, versions);
    expect(e.v).toBe(3);
    expect(e.payload).toEqual({ a: 1, step1: true, step2: true });
    expect(e.seq).toBe(9);
  });

  it('leaves a current event as it is', () => {
    expect(upcast(raw('device.settingsChanged', 3, { a: 1 }), upcasters, versions).payload).toEqual({ a: 1 });
  });

  it('refuses a missing step, a newer version and an unknown type', () => {
    expect(() => upcast(raw('device.settingsChanged', 1, {}), {}, versions)).toThrow(EventVersionError);
    expect(() => upcast(raw('device.settingsChanged', 4, {}), upcasters, versions)).toThrow(/newer/);
    expect(() => upcast(raw('trx.unheardOf', 1, {}), upcasters, versions)).toThrow(/Unknown event type/);
  });

  it('the app registry reaches the current version of every type from v1', () => {
    // Guards a version bump without its upcaster: an old log must still replay.
    for (const type of Object.keys(EVENT_VERSIONS)) {
      expect(() => upcast(raw(type, 1, {}))).not.toThrow();
    }
  });
});
