// Request inputs for the fuzz test: fast-check arbitraries derived from the zod contracts, with the
// values that broke the server before (NUL, lone surrogates, huge strings, deep nesting, %00 …) mixed in.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Strings that broke (or could break) the server: NUL, half an emoji, longer than any bound, SQL, dates. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀'.slice(0, 1),
  'a'.repeat(8 * 1024),
  'é'.repeat(10_001),
  '%00',
  "'; DROP TABLE customers; --",
  '../../etc/passwd',
  '2026-02-30 10:00:00',
  'bukan tanggal',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '__proto__',
];

export const NASTY_NUMBERS: readonly number[] = [
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 63,
  1e-300,
];

/** An array nested `depth` levels around 1. */
export const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** JSON text of an array nested `depth` levels (written directly: JSON.stringify would overflow the stack). */
export const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, nested(40), { __proto__: { x: 1 } }),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * Values shaped by the schema (mostly valid in type), each node replaced now and then by a nasty value.
 * `budget` bounds the depth followed into nested schemas.
 */
export function fromSchema(schema: z.ZodType, budget = 6): fc.Arbitrary<unknown> {
  const typed = shaped(schema, budget);
  return fc.oneof({ weight: 6, arbitrary: typed }, { weight: 1, arbitrary: nastyValue });
}

function shaped(schema: z.ZodType, budget: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const next = (s: unknown) => (budget <= 0 ? nastyValue : fromSchema(s as z.ZodType, budget - 1));
  switch (def.type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 30 }), nastyString);
    case 'number':
    case 'int':
      return fc.oneof(
        fc.integer({ min: -5, max: 1_000_000 }),
        fc.constantFrom(...NASTY_NUMBERS),
        fc.double(),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(next(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(next(def.innerType), { nil: null });
    case 'pipe':
      return next(defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in);
    case 'lazy':
      return next((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(next));
    case 'intersection':
      return next(def.left);
    case 'array':
      return fc.array(next(def.element), { maxLength: budget > 3 ? 3 : 1 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(next));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), next(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      return fc.record(Object.fromEntries(keys.map((k) => [k, next(shape[k])])), {
        requiredKeys: keys.filter(() => budget > 2),
      });
    }
    default:
      return nastyValue;
  }
}

/** Every leaf and container path of a JSON value. */
export function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) pathsOf(v, [...at, i], out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

/** A copy of `value` with the node at `path` replaced (or removed when `replacement` is undefined). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** A valid sample with one node replaced by a nasty value (or dropped): reaches past the first check. */
export function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  return fc
    .tuple(fc.nat({ max: paths.length - 1 }), fc.option(nastyValue, { nil: undefined, freq: 8 }))
    .map(([i, v]) => replaceAt(sample, paths[i], v));
}

/** A path segment or query value, percent-encoded as a client would, or raw bytes no client should send. */
export const urlPiece = (valid: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...valid.map(encodeURIComponent)),
    fc.constantFrom(
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%F0%9F',
      '%',
      '%zz',
      'x'.repeat(8 * 1024),
      '..%2F..%2F',
      '%2E%2E',
    ),
    nastyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  );
