import type { LoyaltyTrx } from '../api/contract/loyalty';

/**
 * Loyalty point awards kept on the device (001 §2.3, ruling 17): an award the server did not take online
 * (offline, a time-out, an empty id) is saved here and sent by the sync later, exactly once (the server keys
 * it by local_trx_id); the answer is recorded as sent. What waits = saved without a sent.
 */
export interface LoyaltyEventPayloads {
  /** An award saved on the device, as it will be sent. */
  'loyalty.saved': { trx: LoyaltyTrx };
  /** The server stored the award (its loyalty_trx_head_id). */
  'loyalty.sent': { local_trx_id: string; loyalty_trx_head_id: number };
  /** The server refused the award for good (a 400): it no longer waits; the screen shows it with the reason. */
  'loyalty.refused': { local_trx_id: string; message: string };
}

export const LOYALTY_EVENT_VERSIONS = {
  'loyalty.saved': 1,
  'loyalty.sent': 1,
  'loyalty.refused': 1,
} as const satisfies Record<keyof LoyaltyEventPayloads, number>;

/** Both are points the customer is owed: strict. */
export const LOYALTY_STRICT_EVENT_TYPES = [
  'loyalty.saved',
  'loyalty.sent',
  'loyalty.refused',
] as const satisfies readonly (keyof LoyaltyEventPayloads)[];
