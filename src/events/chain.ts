/**
 * The tamper-evident chain of the event log (issue 15). Every event appended on a device carries
 * `chain`: the device's chain id, its position n (1, 2, 3 … never reset by a sign-out's clear), the
 * hash of the event before it (`prev`; for n = 1 a random genesis) and its own hash, SHA-256 of the
 * canonical JSON of (device, n, prev, the event as stored). The server runs the same code on upload
 * and when the auditor opens a day. Pure but for the digest; no Dexie, no React.
 */

/** An event's place in its device's chain. */
export interface ChainLink {
  /** The device's chain id (random, made with the genesis). */
  device: string;
  /** Position in the chain, from 1. */
  n: number;
  /** Hash of event n − 1; for n = 1 the genesis (random). */
  prev: string;
  /** SHA-256 (hex) of chainInput(event). */
  hash: string;
}

/** The fields of an event the hash covers (the stored envelope; seq is local and not covered). */
export interface ChainableEvent {
  id: string;
  type: string;
  v: number;
  at: string;
  actor: number | 'device';
  trxId?: string;
  payload: unknown;
}

export type ChainedEvent = ChainableEvent & { chain: ChainLink };

/** What a verification can find wrong with one event. */
export type ChainFlag = 'altered' | 'gap' | 'broken' | 'reordered';
export const CHAIN_FLAGS: readonly ChainFlag[] = ['altered', 'gap', 'broken', 'reordered'];

/**
 * JSON with object keys sorted (UTF-16 order), as JSON.stringify would write the value otherwise:
 * undefined and functions dropped from objects, null in arrays, toJSON honoured. What the device
 * hashes and what the server reads back from jsonb give the same text.
 */
export function canonicalJson(value: unknown): string {
  // an object's text built as it goes (no array of parts): the server re-hashes a day's events on every read
  if (value === null) return 'null';
  if (typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

/** The text hashed for an event at a place in a chain. */
export function chainInput(event: ChainableEvent, device: string, n: number, prev: string): string {
  const { actor, at, id, payload, trxId, type, v } = event;
  // the keys in their sorted order already (the sort then costs a pass); an undefined trxId is left out
  return canonicalJson({ device, event: { actor, at, id, payload, trxId, type, v }, n, prev });
}

const encoder = new TextEncoder();

type Subtle = { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> };
const subtle = (): Subtle | undefined =>
  (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle ?? undefined;

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 hex of a text: crypto.subtle when the context has it, the plain-JS digest otherwise. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = encoder.encode(text);
  const s = subtle();
  if (s) return toHex(await s.digest('SHA-256', bytes));
  // only a till on plain http lacks crypto.subtle: the plain-JS digest stays out of the sign-in page
  const { sha256HexSync } = await import('./chain-sha256');
  return sha256HexSync(bytes);
}

/** A random genesis (32 bytes, hex): the `prev` of a chain's first event. */
export function randomGenesis(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A SHA-256 hex digest of a text (the server passes node:crypto's, synchronous and much faster). */
export type Digest = (text: string) => string | Promise<string>;

/** The hash an event must carry at its place. */
export const hashAt = async (
  event: ChainableEvent,
  device: string,
  n: number,
  prev: string,
  digest: Digest = sha256Hex,
): Promise<string> => digest(chainInput(event, device, n, prev));

/** The head of a device's chain: the last event's position and hash (n = 0: the genesis). */
export interface ChainHead {
  device: string;
  n: number;
  hash: string;
}

/** Links events onto a head, in order: the linked events and the new head. */
export async function linkEvents<E extends ChainableEvent>(
  events: readonly E[],
  head: ChainHead,
  digest: Digest = sha256Hex,
): Promise<{ events: Array<E & { chain: ChainLink }>; head: ChainHead }> {
  let { n, hash: prev } = head;
  const linked: Array<E & { chain: ChainLink }> = [];
  for (const e of events) {
    n += 1;
    const hash = await hashAt(e, head.device, n, prev, digest);
    linked.push({ ...e, chain: { device: head.device, n, prev, hash } });
    prev = hash;
  }
  return { events: linked, head: { device: head.device, n, hash: prev } };
}

/** A verified event's findings (empty: it checks). */
export interface Verified {
  id: string;
  flags: ChainFlag[];
}

/**
 * Verifies events of ONE device in the order they were received, after an optional anchor (the
 * stored event just before them). Finds: 'altered' (the content does not give its hash), 'gap' (a
 * position skipped, or a first event that is not n = 1 with no anchor), 'broken' (prev is not the
 * hash of the event before), 'reordered' (a position at or before one already seen). Truncating the
 * end of a chain cannot be seen by any chain; the server's upload count shows it.
 */
export async function verifyChain(
  events: readonly ChainedEvent[],
  anchor: { n: number; hash: string } | null = null,
  digest: Digest = sha256Hex,
): Promise<Verified[]> {
  const out: Verified[] = [];
  let last = anchor;
  for (const e of events) {
    const flags: ChainFlag[] = [];
    const { device, n, prev, hash } = e.chain;
    // a synchronous digest (the server's) is not awaited: one promise less per event
    const made = digest(chainInput(e, device, n, prev));
    if ((typeof made === 'string' ? made : await made) !== hash) flags.push('altered');
    if (last) {
      if (n <= last.n) flags.push('reordered');
      else if (n > last.n + 1) flags.push('gap');
      else if (prev !== last.hash) flags.push('broken');
    } else if (n !== 1) {
      flags.push('gap');
    }
    if (!last || n > last.n) last = { n, hash };
    out.push({ id: e.id, flags });
  }
  return out;
}
