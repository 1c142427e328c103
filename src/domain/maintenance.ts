// The maintenance page's 'Change Value' (002 §2.23), as a correction rather than an overwrite (issue 27): the
// edited JSON of the device's transactions is compared with what the device holds, and each transaction that
// differs becomes one correction (the whole corrected transaction and the names of the fields it changes).
// The log stays append-only; a replay (the device's, the auditor's /audit) shows the correction as a step.
// Pure: the command (src/projections/commands/maintenance.ts) commits what this answers.

type Any = Record<string, unknown>;

export interface TrxCorrection {
  local_trx_id: string;
  /** The transaction as it stands after the correction. */
  trx: Any;
  /** Top-level fields that differ from the device's copy, sorted. */
  changed: string[];
}

export type CorrectionPlan =
  | { ok: true; corrections: TrxCorrection[] }
  | { ok: false; reason: 'invalidJson' }
  | { ok: false; reason: 'unknownTrx'; local_trx_id: string };

/** Equal as JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a as Any).filter((k) => (a as Any)[k] !== undefined);
  const kb = Object.keys(b as Any).filter((k) => (b as Any)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Any)[k], (b as Any)[k]));
}

/** Fields a correction never carries: the read model's own index mirror (is_synced_key follows is_synced). */
const DERIVED = new Set(['is_synced_key']);

/**
 * The edited text (a JSON array of transactions, as the page shows them) against the device's transactions:
 * the corrections to log. A transaction the device does not hold (or whose local_trx_id was edited) is refused:
 * a correction only amends what the log holds. Transactions left out of the text are left as they are.
 */
export function planCorrections(text: string, current: readonly Any[]): CorrectionPlan {
  let edited: unknown;
  try {
    edited = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
  if (!Array.isArray(edited) || !edited.every((t) => t && typeof t === 'object' && !Array.isArray(t)))
    return { ok: false, reason: 'invalidJson' };
  const byId = new Map(current.map((t) => [String(t.local_trx_id), t]));
  const corrections: TrxCorrection[] = [];
  for (const raw of edited as Any[]) {
    const id = typeof raw.local_trx_id === 'string' ? raw.local_trx_id : '';
    const before = byId.get(id);
    if (!before) return { ok: false, reason: 'unknownTrx', local_trx_id: id };
    const after = Object.fromEntries(Object.entries(raw).filter(([k]) => !DERIVED.has(k)));
    const keys = new Set([...Object.keys(before), ...Object.keys(after)].filter((k) => !DERIVED.has(k)));
    const changed = [...keys].filter((k) => !sameJson(before[k], after[k])).sort();
    if (changed.length > 0) corrections.push({ local_trx_id: id, trx: after, changed });
  }
  return { ok: true, corrections };
}
