import {
  acceptNfcInput,
  checkSalePayments,
  isEmptyTransaction,
  type PosConfig,
  type PosTransaction,
  paymentStatus,
  posTransactionSchema,
  requiresOnlineSubmission,
  type Separators,
  submitWorkerCheck,
  validateContinueToPayment,
  validateSubmit,
  withDiscountKinds,
} from '../../domain';
import { ENGINE_MESSAGES } from '../../domain/texts/cashier';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { Actor, EventPayloads, NewEvent, TransactionRecord } from '../../events';
import { nextLocalOrderNo } from '../selectors/lists';
import { LogMovedError, type Store } from '../store';
import { TrxConflictError } from '../transactions';
import {
  ANY_STATUS,
  type CommandContext,
  EDITABLE,
  PENDING,
  preview,
  type Runner,
  refuse,
  totalsOf,
} from './context';
import { approvalOf, checkAuthorization, logEntry, supervisorField } from './lines';
import { methodsOf } from './payments';
import type {
  CashierCommands,
  CommandResult,
  SendResult,
  ServerCopy,
  ServerLookup,
  SubmitInput,
} from './types';

/** Configuration fields the sale keeps as cashier_configs (000 §3): identity, commission, loyalty, charges. */
/** A performance mark (the direct-print timing reads them; absent outside a browser or Node ≥ 16). */
const mark = (name: string) => globalThis.performance?.mark?.(name);

/** Tells a printer hook about the sale; its failure never touches the sale. */
const tell = (hook: ((trx: PosTransaction) => void) | undefined, trx: PosTransaction) => {
  try {
    hook?.(trx);
  } catch {
    // the printer's own business (it shows its message); the sale goes on
  }
};

/** A submit planned ahead (prepareSubmit): the row and the log's seq it was planned from, the context's parts. */
interface PlannedAhead {
  trx: TransactionRecord;
  seq: number;
  config: PosConfig;
  actor: Actor;
  separators: Separators;
  event: NewEvent;
  /** The shift read with the plan (CashierCommandsOptions.readShift); undefined: the submit's input says. */
  local_shift_id?: string | null;
}

const SNAPSHOT_KEYS = [
  'cashier_name',
  'business_id',
  'business_user_id',
  'business_user_firstname',
  'brand_name',
  'outlet_id',
  'business_outlet_id',
  'outlet_name',
  'currency_code',
  'is_getpos',
  'subscription_rules',
  'tax',
  'service_charge',
  'additional_charge',
  'retrieve_time',
  // the catalogue the lines were priced with: the server prices the sale from that version
  'catalogue_version',
] as const;

/** The configuration snapshot a sale carries (the commission and loyalty flags included). */
export function cashierConfigsSnapshot(config: PosConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SNAPSHOT_KEYS) out[key] = config[key] ?? null;
  for (const [key, value] of Object.entries(config)) {
    if (key.startsWith('is_pos_commission') || key === 'pos_item_requiring_worker') out[key] = value;
  }
  return out;
}

/** A send that throws counts as a failed send with its message. */
async function trySend(
  send: NonNullable<SubmitInput['send']>,
  trx: PosTransaction,
  onlineRequired: boolean,
): Promise<SendResult> {
  try {
    return await send(trx, { onlineRequired });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const plain = (row: TransactionRecord): PosTransaction => {
  const { is_synced_key: _k, ...trx } = row;
  return trx;
};

/** A pending sale whose online-required submit may have reached the server (its answer was lost). */
export const isUnconfirmed = (trx: TransactionRecord): boolean =>
  typeof trx.submission_unconfirmed_at === 'string';

/** The server's copy, or null when it does not hold the sale or cannot be asked now. */
async function tryLookup(lookup: ServerLookup, local_trx_id: string): Promise<ServerCopy | null> {
  try {
    return await lookup(local_trx_id);
  } catch {
    return null;
  }
}

/** trx.adoptedFromServer: the server's copy becomes the sale, completed and synced. */
function adoptPlan(r: Runner, ctx: CommandContext, trx: TransactionRecord, copy: ServerCopy) {
  const event = r.event(ctx, trx.local_trx_id, 'trx.adoptedFromServer', {
    trx: { ...copy.trx, local_trx_id: trx.local_trx_id },
    acceptance: copy.acceptance,
  });
  const row = preview(trx, event);
  return { ok: true as const, events: [event], value: { trx: row ? plain(row) : copy.trx, adopted: true } };
}

/** Validates a pending sale for 'Selesai' and builds its trx.submitted event (000 §4–5). */
async function planSubmit(
  r: Runner,
  store: Store,
  trx: TransactionRecord,
  ctx: CommandContext,
  input: SubmitInput,
): Promise<{ ok: false; message: string } | { ok: true; event: NewEvent; posted: PosTransaction }> {
  const { config } = ctx;
  const continueMessage = validateContinueToPayment(trx, {
    currency: config.currency_code,
    maxWalletBalance: config.business_wallet?.max_balance ?? null,
    separators: ctx.separators,
  });
  if (continueMessage) return refuse(continueMessage);
  // The sale is priced by the configuration in force when it is submitted.
  const totals = totalsOf(trx, config);
  const { remaining } = paymentStatus(totals.drv_grand_total, trx.payments);
  const receh_code = trx.receh_code ?? null;
  const message = validateSubmit(trx, {
    remaining,
    is_user_id_required: config.is_user_id_required,
    use_wallet_security_code: config.use_wallet_security_code,
    smsRedeemCode: input.smsRedeemCode ?? null,
    workerCheck: submitWorkerCheck(trx.details, config, trx.trx_type),
  });
  if (message) return refuse(message);
  // The server's payment check, shared: a sale it would refuse is never completed here (it stays pending).
  const paymentIssue = checkSalePayments(trx, totals.drv_grand_total, methodsOf(config));
  if (paymentIssue) return refuse(paymentIssue.message);
  const kinds = withDiscountKinds(trx);
  const event = r.event(ctx, trx.local_trx_id, 'trx.submitted', {
    trx_status_id: 3,
    order_no: await nextLocalOrderNo(store.db),
    trx_local_end_time: ctx.stamp,
    trx_discount_type: kinds.trx_discount_type,
    item_discount_types: Object.fromEntries(
      kinds.details.map((l) => [l.local_trx_detail_id, l.item_discount_type ?? null]),
    ),
    cashier_configs: cashierConfigsSnapshot(config),
    nfc_code: input.nfc_code ? acceptNfcInput(input.nfc_code) : null,
    receh_code,
    local_shift_id: (await input.local_shift_id) ?? null,
    totals,
  });
  const row = preview(trx, event);
  if (!row) return refuse(SALE_MESSAGES.submitFailed);
  return { ok: true, event, posted: plain(row) };
}

export function lifecycleCommands(
  r: Runner,
  store: Store,
): Pick<
  CashierCommands,
  | 'submit'
  | 'prepareSubmit'
  | 'reconcileSubmission'
  | 'recordServerAcceptance'
  | 'recordSyncFailure'
  | 'voidRecorded'
  | 'archived'
  | 'downloaded'
  | 'deleteTransaction'
  | 'discardIfEmpty'
> {
  const recordServerAcceptance: CashierCommands['recordServerAcceptance'] = ({
    local_trx_id,
    ...acceptance
  }) =>
    r.onTrx(local_trx_id, ANY_STATUS, (trx, ctx) =>
      // A sync pass may have recorded the same answer while submit's own post was in flight: once is enough.
      trx.is_synced === true && trx.pos_sales_trx_head_id === acceptance.pos_sales_trx_head_id
        ? { ok: true, events: [], value: {} }
        : { ok: true, events: [r.event(ctx, trx.local_trx_id, 'trx.serverAccepted', acceptance)], value: {} },
    );

  const recordSyncFailure: CashierCommands['recordSyncFailure'] = ({ local_trx_id, message }) =>
    r.onTrx(local_trx_id, ANY_STATUS, (trx, ctx) => ({
      ok: true,
      events: [r.event(ctx, trx.local_trx_id, 'trx.syncFailed', { message })],
      value: {},
    }));

  /**
   * Issue 29 ('Selesai' → paper): the submission planned ahead while the payment step is on screen, and the
   * log's last seq it was planned at. One at a time; a submit takes it (or drops it) as it starts.
   */
  let ahead: PlannedAhead | null = null;
  /** Moves on at every prepare and submit: a prepare that finishes after a later one started keeps nothing. */
  let generation = 0;

  /**
   * Commits the plan made ahead under the writer lock: the same event stamped with this moment, this
   * submit's shift, and a fresh id, committed only if the log still ends where it was planned (the store
   * checks it inside the commit's transaction). null: anything differs (the configuration, the cashier, the
   * log) — nothing was recorded and the full path plans anew.
   */
  const submitAhead = (
    planned: PlannedAhead,
    input: SubmitInput,
    told: { recorded: boolean },
  ): Promise<PosTransaction | null> =>
    store.exclusive(async (writer) => {
      mark('serambi:submit-locked');
      // the shift read with the plan holds while the log has not moved (checked by the commit)
      const [ctx, shift] = await Promise.all([
        r.contextNow(planned.separators),
        planned.local_shift_id !== undefined ? planned.local_shift_id : input.local_shift_id,
      ]);
      if (ctx.config !== planned.config || ctx.actor !== planned.actor) return null;
      const payload = planned.event.payload as EventPayloads['trx.submitted'];
      const event = r.event(ctx, planned.trx.local_trx_id, 'trx.submitted', {
        ...payload,
        trx_local_end_time: ctx.stamp,
        local_shift_id: shift ?? null,
      });
      const row = preview(planned.trx, event);
      if (!row) return null;
      const posted = plain(row);
      mark('serambi:submit-planned');
      tell(input.onPlanned, posted);
      try {
        // the receipt is let go from the commit's own `complete` event (the sale on disk), not after the
        // live queries the commit wakes have re-run (issue 29)
        await writer.commit([event], {
          ifLastSeq: planned.seq,
          onDurable: () => {
            told.recorded = true;
            mark('serambi:submit-recorded');
            tell(input.onRecorded, posted);
          },
        });
      } catch (error) {
        if (error instanceof LogMovedError || error instanceof TrxConflictError) return null;
        throw error;
      }
      return posted;
    });

  return {
    async prepareSubmit(local_trx_id) {
      const mine = ++generation;
      ahead = null;
      const { trx, ctx, seq, local_shift_id } = await r.readAhead(local_trx_id);
      if (mine !== generation || !trx) return;
      // only what the full path would commit at once: a pending sale, no lost answer to ask about first
      if (Number(trx.trx_status_id) !== 2 || isUnconfirmed(trx)) return;
      const plan = await planSubmit(r, store, trx, ctx, { local_trx_id, nfc_code: null });
      if (mine !== generation || !plan.ok) return;
      // an online-required sale is posted under the lock before anything is recorded: planned at 'Selesai'
      if (requiresOnlineSubmission(plan.posted, ctx.config)) return;
      ahead = {
        trx,
        seq,
        config: ctx.config,
        actor: ctx.actor,
        separators: ctx.separators,
        event: plan.event,
        local_shift_id,
      };
    },

    async submit(input) {
      mark('serambi:submit');
      generation++;
      const planned =
        ahead && ahead.trx.local_trx_id === input.local_trx_id && !input.nfc_code && !input.smsRedeemCode
          ? ahead
          : null;
      ahead = null;
      const told = { recorded: false };
      const early = planned ? await submitAhead(planned, input, told) : null;
      let online = false;
      const recorded: CommandResult<{ trx: PosTransaction; adopted?: boolean; failed?: string }> = early
        ? { ok: true, trx: early }
        : await r.onTrx<{ trx: PosTransaction; adopted?: boolean; failed?: string }>(
            input.local_trx_id,
            PENDING,
            async (trx, ctx) => {
              // After a lost answer the server is asked first: it may already hold this sale (000 §4).
              if (isUnconfirmed(trx) && input.lookup) {
                const copy = await tryLookup(input.lookup, trx.local_trx_id);
                if (copy) {
                  online = true;
                  return adoptPlan(r, ctx, trx, copy);
                }
              }
              mark('serambi:submit-locked');
              const plan = await planSubmit(r, store, trx, ctx, input);
              if (!plan.ok) return plan;
              mark('serambi:submit-planned');
              online = requiresOnlineSubmission(plan.posted, ctx.config);
              if (!online) {
                tell(input.onPlanned, plan.posted);
                return { ok: true, events: [plan.event], value: { trx: plan.posted } };
              }
              // Online-required: nothing is recorded unless the server takes it (lock held meanwhile).
              if (!input.send) return refuse(SALE_MESSAGES.submitFailed);
              const sent = await trySend(input.send, plan.posted, true);
              if (sent.ok) {
                const accepted = r.event(ctx, trx.local_trx_id, 'trx.serverAccepted', sent.acceptance);
                const row = preview(preview(trx, plan.event), accepted);
                const posted = row ? plain(row) : plan.posted;
                tell(input.onPlanned, posted);
                return { ok: true, events: [plan.event, accepted], value: { trx: posted } };
              }
              const message = sent.message || SALE_MESSAGES.submitFailed;
              if (sent.outcome === 'differs' && input.lookup) {
                const copy = await tryLookup(input.lookup, trx.local_trx_id);
                if (copy) return adoptPlan(r, ctx, trx, copy);
              }
              if (!sent.outcome) return refuse(message);
              // The server may hold it: the sale stays pending, marked, and is checked before its next change.
              const unconfirmed = r.event(ctx, trx.local_trx_id, 'trx.submissionUnconfirmed', { message });
              return { ok: true, events: [unconfirmed], value: { trx: plain(trx), failed: message } };
            },
          );
      if (!recorded.ok) return recorded;
      if (recorded.failed !== undefined) return { ok: false, message: recorded.failed };
      if (!told.recorded) {
        mark('serambi:submit-recorded');
        tell(input.onRecorded, recorded.trx);
      }
      if (recorded.adopted)
        return { ok: true, trx: recorded.trx, onlineRequired: true, synced: true, adopted: true };
      if (online) return { ok: true, trx: recorded.trx, onlineRequired: true, synced: true };
      if (!input.send) return { ok: true, trx: recorded.trx, onlineRequired: false, synced: false };
      // Optional-online: the sale is already safe as completed; a failure leaves it in the outbox.
      const sent = await trySend(input.send, recorded.trx, false);
      if (!sent.ok) {
        await recordSyncFailure({ local_trx_id: input.local_trx_id, message: sent.message });
        return { ok: true, trx: recorded.trx, onlineRequired: false, synced: false };
      }
      await recordServerAcceptance({ local_trx_id: input.local_trx_id, ...sent.acceptance });
      const row = await store.db.transactions.get(input.local_trx_id);
      return { ok: true, trx: row ? plain(row) : recorded.trx, onlineRequired: false, synced: true };
    },

    reconcileSubmission: ({ local_trx_id, lookup }) =>
      r.onTrx<{ adopted: boolean }>(local_trx_id, ANY_STATUS, async (trx, ctx) => {
        if (Number(trx.trx_status_id) !== 2 || !isUnconfirmed(trx))
          return { ok: true, events: [], value: { adopted: false } };
        const copy = await tryLookup(lookup, trx.local_trx_id);
        if (!copy) return { ok: true, events: [], value: { adopted: false } };
        const { events } = adoptPlan(r, ctx, trx, copy);
        return { ok: true, events, value: { adopted: true } };
      }),

    recordServerAcceptance,
    recordSyncFailure,

    voidRecorded: ({ local_trx_id, reason }) =>
      r.onTrx(local_trx_id, [3, 4], (trx, ctx) =>
        // A repeat (already void) records nothing more.
        Number(trx.trx_status_id) === 4
          ? { ok: true, events: [], value: {} }
          : { ok: true, events: [r.event(ctx, trx.local_trx_id, 'trx.voided', { reason })], value: {} },
      ),

    archived: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => ({
        ok: true,
        events: [r.event(ctx, trx.local_trx_id, 'trx.archived', {})],
        value: {},
      })),

    downloaded: (input) =>
      r.run(async (ctx) => {
        const parsed = posTransactionSchema.safeParse(input);
        if (!parsed.success) return refuse(ENGINE_MESSAGES.trxNotFound);
        const existing = await store.db.transactions.get(parsed.data.local_trx_id);
        // Never let a saved copy overwrite a sale completed on this device.
        if (existing && Number(existing.trx_status_id) >= 3) return refuse(ENGINE_MESSAGES.trxNotEditable);
        const trx = { ...parsed.data, trx_status_id: parsed.data.trx_status_id === 1 ? 1 : 2 };
        return {
          ok: true,
          events: [r.event(ctx, trx.local_trx_id, 'trx.downloaded', { trx })],
          value: {},
        };
      }),

    // Ruling 27: the transaction the cashier leaves, when empty, is discarded (an event: the log is
    // append-only). A missing, finished or non-empty transaction records nothing.
    discardIfEmpty: (local_trx_id) =>
      r.run<{ discarded: boolean }>(async (ctx) => {
        const trx = await store.db.transactions.get(local_trx_id);
        if (!trx || !isEmptyTransaction(trx)) return { ok: true, events: [], value: { discarded: false } };
        return {
          ok: true,
          events: [r.event(ctx, local_trx_id, 'trx.discarded', {})],
          value: { discarded: true },
        };
      }),

    deleteTransaction: ({ local_trx_id, authorization }) =>
      r.onTrx(local_trx_id, PENDING, (trx, ctx) => {
        const refusal = checkAuthorization(ctx.config, authorization, 'deletion');
        if (refusal) return refusal;
        const reason = authorization?.reason ?? null;
        const snapshot: PosTransaction = {
          ...plain(trx),
          deleted_details: [
            ...trx.deleted_details,
            ...trx.details.map((l) => logEntry(l, 'DELETE_TRX', ctx, { reason })),
          ],
        };
        return {
          ok: true,
          events: [
            r.event(ctx, trx.local_trx_id, 'trx.deleted', {
              trx: snapshot,
              ...supervisorField(approvalOf(ctx.config, authorization)),
            }),
          ],
          value: {},
        };
      }),
  };
}
