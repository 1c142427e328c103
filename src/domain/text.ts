/**
 * Text that can be stored and synced (issue 11 item 4, docs/decisions.md): PostgreSQL text and jsonb hold
 * neither U+0000 nor a lone UTF-16 surrogate (half of an emoji, e.g. a note cut in the middle of one).
 * The device replaces both with U+FFFD before sending, so a sale it stored can always sync; the server
 * replaces lone surrogates the same way and refuses a NUL (400 naming the field).
 */
export const REPLACEMENT_CHARACTER = '\ufffd';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const hasLoneSurrogate = (s: string): boolean => {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(s);
};

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed); everything else unchanged. */
export const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, REPLACEMENT_CHARACTER);

/** What the device sends: lone surrogates and NUL replaced by U+FFFD. */
export const storableText = (s: string): string => wellFormed(s).replaceAll('\u0000', REPLACEMENT_CHARACTER);

/** A JSON.stringify replacer that makes every string value storable (the device's request bodies). */
export const storableJsonReplacer = (_key: string, value: unknown): unknown =>
  typeof value === 'string' ? storableText(value) : value;
