// Inventory submits are exactly once (issue 13): the body carries the form's local_trx_id, a submit
// without an answer is resent with the same body, and the server stores one movement per local_trx_id.
// Only a definite answer ends the draft; after an unknown outcome the same press resends the same id.
import { ApiError, isApiError, isForcedSignOutError, isNetworkError } from '../../../api/http';
import { INVENTORY_SUBMIT_TEXTS } from '../../../domain/texts/inventory';
import { uuid } from '../../../events';

export type InventorySubmitOutcome<T> =
  /** The server stored it (or had stored it before: a repeat answers the first answer). */
  | { kind: 'done'; value: T; message?: string }
  /** The server refused it: nothing was applied; the message is the server's. */
  | { kind: 'refused'; message: string; field?: string }
  /** No answer after every attempt: it may or may not be stored; resend with the same local_trx_id. */
  | { kind: 'unknown'; message: string };

export interface SubmitOptions {
  /** Waits between attempts (ms); attempts = delays + 1. */
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Told before each resend (attempt 2…n of n). */
  onRetry?: (text: string) => void;
}

const DEFAULT_DELAYS = [1_000, 3_000] as const;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A gateway's 5xx is no answer from our server either: the write may have happened. */
const noAnswer = (error: unknown): boolean =>
  isNetworkError(error) || (isApiError(error) && error.status >= 500);

/**
 * Sends `send()` (the same body each time) until a definite answer. A forced sign-out (303) is thrown on:
 * the session machine handles it.
 */
export async function submitExactlyOnce<T>(
  send: () => Promise<{ data: T; message?: string }>,
  options: SubmitOptions = {},
): Promise<InventorySubmitOutcome<T>> {
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  const sleep = options.sleep ?? wait;
  const attempts = delays.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await send();
      return { kind: 'done', value: r.data, message: r.message };
    } catch (error) {
      if (isForcedSignOutError(error)) throw error;
      if (!noAnswer(error)) {
        const e = error instanceof ApiError ? error : undefined;
        return {
          kind: 'refused',
          message: error instanceof Error ? error.message : String(error),
          field: e?.field,
        };
      }
      if (attempt >= attempts) return { kind: 'unknown', message: INVENTORY_SUBMIT_TEXTS.unknown };
      options.onRetry?.(INVENTORY_SUBMIT_TEXTS.retrying(attempt + 1, attempts));
      await sleep(delays[attempt - 1] ?? 0);
    }
  }
}

/** A fresh local_trx_id for a new inventory draft (002 §2.3–2.6: each submit resets with a new one). */
export const newInventoryLocalTrxId = (): string => uuid();
