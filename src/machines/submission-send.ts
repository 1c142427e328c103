// 000 §4 Submission, the network half: how a sale is posted (cashier/pos-trx, is_offline 0) once the
// command layer has validated it. The command (commands.submit) records it: online-required sales
// only when this answers ok; other sales are recorded completed first and this answer only marks
// them synced (or leaves them in the outbox).
import type { StoredTrxResponse } from '../api/contract';
import { isApiError } from '../api/http';
import type { PosTrxAnswer } from '../api/pos';
import type { PosTransaction } from '../domain/model';
import { CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import { ONLINE_SUBMIT_RETRIES, OPTIONAL_ONLINE_SUBMIT_TIMEOUT_MS } from '../domain/transaction-rules';
import type { ServerAcceptance } from '../events';
import type { SendResult, ServerCopy, SubmitInput } from '../projections/commands';
import { isAccepted, isRepeatDiffers } from './sync-outbox';

export interface SubmissionSendDeps {
  /** POST cashier/pos-trx {is_offline: 0, trxs: [trx]} → the first answer. */
  post(trx: PosTransaction, options: { timeoutMs?: number }): Promise<PosTrxAnswer>;
}

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The answer's fields the transaction keeps (000 §4: deposit_balance, head id, trx_id, times, rewards). */
export function toAcceptance(
  answer: PosTrxAnswer & { pos_sales_trx_head_id: string | number },
): ServerAcceptance {
  return {
    pos_sales_trx_head_id: answer.pos_sales_trx_head_id,
    trx_id: answer.trx_id ?? null,
    deposit_balance: toNumber(answer.deposit_balance),
    top_up_deposit_rewards: (answer.top_up_deposit_rewards ??
      null) as ServerAcceptance['top_up_deposit_rewards'],
    ...(answer.membership_period ? { membership_period: answer.membership_period } : {}),
    created_at: answer.created_at ?? null,
    sync_time: answer.sync_time ?? null,
  };
}

/** GET cashier/pos-trx/{id}'s answer → the copy trx.adoptedFromServer records (server-only fields left out). */
export function toServerCopy(stored: StoredTrxResponse): ServerCopy {
  const { receipt_token: _t, trx_edits: _e, ...trx } = stored;
  return {
    trx: { ...trx, is_synced: true },
    acceptance: {
      pos_sales_trx_head_id: stored.pos_sales_trx_head_id,
      trx_id: stored.trx_id,
      deposit_balance: toNumber(stored.deposit_balance),
      top_up_deposit_rewards: stored.top_up_deposit_rewards ?? null,
      created_at: stored.created_at,
      sync_time: stored.sync_time,
    },
  };
}

/**
 * Did the post maybe reach the server? Yes unless the server answered with a refusal (4xx): a
 * time-out, no network, a 5xx or an unreadable answer leave the outcome unknown.
 */
const outcomeOf = (error: unknown): 'unknown' | 'differs' | undefined => {
  if (isRepeatDiffers(error)) return 'differs';
  if (!isApiError(error)) return 'unknown';
  if (error.kind === 'http') return error.status >= 400 && error.status < 500 ? undefined : 'unknown';
  return error.kind === 'forcedSignOut' ? undefined : 'unknown';
};

const isTimeout = (error: unknown) => isApiError(error) && error.kind === 'timeout';
const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : M.submitFailed;

function answered(answer: PosTrxAnswer): SendResult {
  return isAccepted(answer) && answer.pos_sales_trx_head_id != null
    ? {
        ok: true,
        acceptance: toAcceptance({ ...answer, pos_sales_trx_head_id: answer.pos_sales_trx_head_id }),
      }
    : // An answer without the sale's acceptance: whether it is stored is not known.
      { ok: false, message: M.submitFailed, outcome: 'unknown' };
}

/** Online-required: a time-out is retried up to 2 times, then 'Transaksi gagal karena jariangan internet buruk…'. */
async function sendOnline(deps: SubmissionSendDeps, trx: PosTransaction): Promise<SendResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return answered(await deps.post(trx, {}));
    } catch (error) {
      if (isTimeout(error) && attempt < ONLINE_SUBMIT_RETRIES) continue;
      const outcome = outcomeOf(error);
      const message = isTimeout(error) ? M.submitBadNetwork : messageOf(error);
      return outcome ? { ok: false, message, outcome } : { ok: false, message };
    }
  }
}

/** Optional-online: 3 s, whatever the HTTP layer does; anything but an acceptance leaves it offline. */
async function sendOptional(deps: SubmissionSendDeps, trx: PosTransaction): Promise<SendResult> {
  const ms = OPTIONAL_ONLINE_SUBMIT_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<SendResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: M.submitBadNetwork }), ms);
  });
  const sent = deps.post(trx, { timeoutMs: ms }).then(answered, (error: unknown) => ({
    ok: false as const,
    message: messageOf(error),
  }));
  try {
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The `send` given to commands.submit. Whether the sale is online-required is the command's answer
 * (requiresOnlineSubmission, evaluated once when the sale is posted), not asked again here.
 */
export function createSubmissionSend(deps: SubmissionSendDeps): NonNullable<SubmitInput['send']> {
  return async (trx, { onlineRequired }) =>
    onlineRequired ? sendOnline(deps, trx) : sendOptional(deps, trx);
}
