// Issue 11 (6): a repeat of a stored local_trx_id is the same sale only when its whole body is the same.
import { createHash } from 'node:crypto';
import type { SaleTrx } from '../../../src/api/contract/pos';

/**
 * Fields of a posted transaction that are the device's bookkeeping, not the sale: the sync state a retry
 * carries (is_synced, sync_error, submission_unconfirmed_at …), what the server's answer gave it
 * (pos_sales_trx_head_id, trx_id, created_at …), the stamps every submit attempt sets afresh on the same
 * unchanged sale (trx_local_end_time, order_no: a re-tap after a lost answer), a screen's state, and the
 * wallet PIN and NFC code (checked when the sale is stored, never kept in its fingerprint).
 */
const BOOKKEEPING = new Set([
  'is_synced',
  'isSynced',
  'is_synced_key',
  'sync_time',
  'sync_error',
  'sync_failed_at',
  'submission_unconfirmed_at',
  'trx_local_end_time',
  'order_no',
  'pos_sales_trx_head_id',
  'trx_id',
  'created_at',
  'deposit_balance',
  'top_up_deposit_rewards',
  'membership_period',
  'customerModalOpened',
  'receh_code',
  'nfc_code',
]);

/**
 * JSON with object keys sorted at every level (arrays keep their order); undefined members left out. Plain
 * loops and one string (issue 28: the map/filter/sort/join version was a fifth of a sale's CPU); the output
 * is the same text, so the stored body_hash values still match.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const v = value[i];
      out += v === undefined ? 'null' : canonicalJson(v);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${JSON.stringify(k)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

/** sha256 (hex) of the sale's canonical body as the device posted it (after the contract's parsing). */
export function saleBodyHash(trx: SaleTrx): string {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(trx)) if (!BOOKKEEPING.has(k)) body[k] = v;
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
