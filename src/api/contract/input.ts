import { hasLoneSurrogate, wellFormed } from '../../domain/text';

/**
 * Bounds on every request, whatever the route (issue 11 items 4 and 8; docs/api.md "Bounds on input"):
 * any string of a body, query or path parameter (object keys included) is at most MAX_TEXT_LENGTH
 * characters and holds no U+0000, and a body nests at most MAX_JSON_DEPTH levels. The contracts bound
 * their own fields tighter (e-mail 254, local_trx_id 100 …).
 */
export const INPUT_LIMITS = {
  maxTextLength: 10_000,
  maxJsonDepth: 32,
  /** Fastify's bodyLimit: a larger body answers 413. */
  maxBodyBytes: 20 * 1024 * 1024,
} as const;

export interface InputProblem {
  /** The field's path, e.g. trxs.0.notes ('' for the whole value). */
  field: string;
  reason: 'nul' | 'too_long' | 'too_deep' | 'bad_key';
}

type Container = Record<string, unknown> | unknown[];

/**
 * Checks a parsed JSON value (or a query / params object) against INPUT_LIMITS and replaces lone
 * surrogates in place by U+FFFD. Answers the (possibly replaced) value and the first problem, if any.
 * Iterative: a body nested thousands deep costs no stack.
 */
export function checkInput(
  value: unknown,
  prefix: readonly string[] = [],
): { value: unknown; problem: InputProblem | null } {
  const field = (path: readonly (string | number)[]) => path.map(String).join('.');
  const checkText = (s: string, path: readonly (string | number)[]): InputProblem | null => {
    if (s.length > INPUT_LIMITS.maxTextLength) return { field: field(path), reason: 'too_long' };
    if (s.includes('\u0000')) return { field: field(path), reason: 'nul' };
    return null;
  };
  if (typeof value === 'string') {
    const problem = checkText(value, prefix);
    return { value: problem || !hasLoneSurrogate(value) ? value : wellFormed(value), problem };
  }
  const stack: { node: Container; path: (string | number)[]; depth: number }[] = [];
  if (value !== null && typeof value === 'object')
    stack.push({ node: value as Container, path: [...prefix], depth: 1 });
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop() as (typeof stack)[number];
    if (depth > INPUT_LIMITS.maxJsonDepth)
      return { value, problem: { field: field(path), reason: 'too_deep' } };
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [i, v])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const at = [...path, key];
      if (typeof key === 'string') {
        const keyProblem = checkText(key, at);
        if (keyProblem) return { value, problem: keyProblem };
        if (hasLoneSurrogate(key)) return { value, problem: { field: field(at), reason: 'bad_key' } };
      }
      if (typeof child === 'string') {
        const problem = checkText(child, at);
        if (problem) return { value, problem };
        if (hasLoneSurrogate(child)) (node as Record<string | number, unknown>)[key] = wellFormed(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push({ node: child as Container, path: at, depth: depth + 1 });
      }
    }
  }
  return { value, problem: null };
}
