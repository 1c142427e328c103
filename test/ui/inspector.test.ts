// Issue 15: the XState inspector is opt-in (?inspect=1, remembered; ?inspect=0 forgets) and every actor the
// app creates takes its inspect callback; without it the options are empty.

import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { INSPECT_STORAGE_KEY, inspectOptions, inspectorWanted, setInspect } from '../../src/ui/app/inspector';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe('the XState inspector opt-in', () => {
  afterEach(() => setInspect(undefined));

  it('is off unless asked; ?inspect=1 is remembered, ?inspect=0 forgets', () => {
    const storage = memory();
    expect(inspectorWanted('', storage)).toBe(false);
    expect(inspectorWanted('?inspect=1', storage)).toBe(true);
    expect(storage.getItem(INSPECT_STORAGE_KEY)).toBe('1');
    expect(inspectorWanted('?x=2', storage)).toBe(true);
    expect(inspectorWanted('?inspect=0', storage)).toBe(false);
    expect(inspectorWanted('', storage)).toBe(false);
  });

  it('hands its callback to the actors created with inspectOptions()', () => {
    expect(inspectOptions()).toEqual({});
    const seen: string[] = [];
    setInspect((e) => seen.push(e.type));
    const actor = createActor(createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), {
      ...inspectOptions(),
    });
    actor.start();
    actor.send({ type: 'go' });
    expect(seen).toContain('@xstate.actor');
    expect(seen).toContain('@xstate.event');
  });
});
