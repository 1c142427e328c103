import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChainableEvent,
  type ChainedEvent,
  canonicalJson,
  chainInput,
  linkEvents,
  randomGenesis,
  verifyChain,
} from '../../src/events/chain';
import { sha256HexSync } from '../../src/events/chain-sha256';

const arbEvent = fc.record({
  id: fc.uuid(),
  type: fc.constantFrom('trx.lineAdded', 'trx.lineRemoved', 'trx.voided', 'trx.paymentAdded'),
  v: fc.constant(1),
  at: fc
    .date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  actor: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.constant('device' as const)),
  trxId: fc.uuid(),
  payload: fc.dictionary(
    fc.string({ maxLength: 6 }),
    fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean()),
  ),
});

async function chainOf(events: ChainedEvent[] | Array<Omit<ChainedEvent, 'chain'>>): Promise<ChainedEvent[]> {
  const linked = await linkEvents(events, { device: 'dev-1', n: 0, hash: randomGenesis() });
  return linked.events;
}
const flagged = async (events: ChainedEvent[]) => (await verifyChain(events)).some((v) => v.flags.length > 0);

describe('the event hash chain', () => {
  it('the plain-JS SHA-256 (a till on plain http) gives node:crypto digests', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        expect(sha256HexSync(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });

  it('canonical JSON does not depend on key order and reads back the same from JSON', () => {
    expect(canonicalJson({ b: 1, a: [1, undefined, { d: 2, c: null }], u: undefined })).toBe(
      '{"a":[1,null,{"c":null,"d":2}],"b":1}',
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
      }),
    );
  });

  it('canonical JSON and the hashed text are the same as before they were written out by hand (issue 28)', () => {
    // the earlier canonicalJson, word for word: every hash ever stored was made with it
    const reference = (value: unknown): string => {
      if (
        value !== null &&
        typeof value === 'object' &&
        typeof (value as { toJSON?: unknown }).toJSON === 'function'
      )
        return reference((value as { toJSON: () => unknown }).toJSON());
      if (value === null || typeof value !== 'object') {
        const text = JSON.stringify(value);
        return text === undefined ? 'null' : text;
      }
      if (Array.isArray(value))
        return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : reference(v))).join(',')}]`;
      const record = value as Record<string, unknown>;
      const parts: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const v = record[key];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        parts.push(`${JSON.stringify(key)}:${reference(v)}`);
      }
      return `{${parts.join(',')}}`;
    };
    const value = fc.anything({
      withSparseArray: true,
      withDate: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 500 },
    );
    const envelope = fc.record(
      {
        id: fc.string(),
        type: fc.string(),
        v: fc.oneof(fc.integer(), fc.double()),
        at: fc.string(),
        actor: fc.oneof(fc.integer(), fc.constant('device' as const)),
        trxId: fc.oneof(fc.string(), fc.constant(undefined)),
        payload: value,
      },
      { requiredKeys: ['id', 'type', 'v', 'at', 'actor'] },
    );
    fc.assert(
      fc.property(envelope, fc.string(), fc.integer(), fc.string(), (e, device, n, prev) => {
        const covered: Record<string, unknown> = {
          id: e.id,
          type: e.type,
          v: e.v,
          at: e.at,
          actor: e.actor,
          payload: e.payload,
        };
        if (e.trxId !== undefined) covered.trxId = e.trxId;
        expect(chainInput(e as ChainableEvent, device, n, prev)).toBe(
          reference({ device, n, prev, event: covered }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('an untouched chain verifies, also in slices after an anchor', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbEvent, { minLength: 1, maxLength: 12 }), fc.nat(), async (raw, cut) => {
        const events = await chainOf(raw);
        expect(await flagged(events)).toBe(false);
        const at = cut % events.length;
        if (at > 0) {
          const anchor = { n: events[at - 1].chain.n, hash: events[at - 1].chain.hash };
          expect((await verifyChain(events.slice(at), anchor)).every((v) => v.flags.length === 0)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('any altered event is flagged, even when its hash is recomputed (then its successor is)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbEvent, { minLength: 2, maxLength: 10 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 5 }),
        async (raw, pick, text) => {
          const events = await chainOf(raw);
          const i = pick % events.length;
          const altered = events.map((e) => ({ ...e }));
          altered[i] = { ...altered[i], payload: { ...(altered[i].payload as object), altered: text } };
          const result = await verifyChain(altered);
          expect(result[i].flags).toContain('altered');
          // the forger recomputes the event's own hash: the next link breaks
          if (i < events.length - 1) {
            const relinked = await linkEvents([altered[i]], {
              device: 'dev-1',
              n: i,
              hash: altered[i].chain.prev,
            });
            altered[i] = relinked.events[0];
            const again = await verifyChain(altered);
            expect(again[i].flags).toEqual([]);
            expect(again[i + 1].flags).toContain('broken');
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('any reordering or gap is flagged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbEvent, { minLength: 3, maxLength: 10 }),
        fc.nat(),
        fc.nat(),
        async (raw, a, b) => {
          const events = await chainOf(raw);
          const i = a % events.length;
          const j = b % events.length;
          if (i !== j) {
            const swapped = [...events];
            [swapped[i], swapped[j]] = [swapped[j], swapped[i]];
            expect(await flagged(swapped)).toBe(true);
          }
          // a missing event (not the last: truncating the end is invisible to any chain)
          const k = a % (events.length - 1);
          const gap = events.filter((_, x) => x !== k);
          const result = await verifyChain(gap);
          expect(result.some((v) => v.flags.includes('gap'))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
