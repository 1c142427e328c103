import {
  formatLocalTimestamp,
  type PosConfig,
  priceTransaction,
  type Separators,
  totalsToTransactionFields,
} from '../../domain';
import { ENGINE_MESSAGES } from '../../domain/texts/cashier';
import {
  type Actor,
  type DeviceRecord,
  type DrvTotals,
  type EventPayloads,
  type EventType,
  makeEvent,
  type NewEvent,
  STRICT_EVENT_TYPES,
  type StoredEvent,
  type TransactionRecord,
  uuid,
} from '../../events';
import { createPendingRows, type PendingRows } from '../pending';
import { readDevice } from '../reads';
import { lastLogSeq } from '../store';
import { reduceTransaction, TrxConflictError } from '../transactions';
import type { CashierCommandsOptions, CommandResult } from './types';

/** What a command's plan sees: the configuration, one clock reading, the actor. */
export interface CommandContext {
  config: PosConfig;
  /** The command's instant as the local "YYYY-MM-DD HH:mm:ss" the spec stores. */
  stamp: string;
  at: Date;
  actor: Actor;
  separators: Separators;
  newId(): string;
}

/** A plan: refuse with a message, or commit these events and answer with `value`. */
export type Plan<T extends object> =
  | { ok: false; message: string; authorizationRequired?: 'qty-reduction' | 'deletion' }
  | { ok: true; events: NewEvent[]; value: T };

export const refuse = (
  message: string,
  authorizationRequired?: 'qty-reduction' | 'deletion',
): { ok: false; message: string; authorizationRequired?: 'qty-reduction' | 'deletion' } =>
  authorizationRequired ? { ok: false, message, authorizationRequired } : { ok: false, message };

export const ZERO_TOTALS: DrvTotals = {
  drv_gross_total: 0,
  drv_subtotal: 0,
  drv_total_discount_nominal: 0,
  drv_total_service_charge: 0,
  drv_total_additional_charge: 0,
  drv_tax: 0,
  drv_grand_total: 0,
  drv_qty: 0,
};

/** src/domain's totals of a transaction under a configuration (the only source of drv_*). */
export const totalsOf = (trx: TransactionRecord, config: PosConfig): DrvTotals =>
  totalsToTransactionFields(priceTransaction(trx, config));

/** Applies an event in memory (seq 0): what the row will be once the event is committed. */
export const preview = (row: TransactionRecord | undefined, event: NewEvent): TransactionRecord | undefined =>
  reduceTransaction(row, { ...event, seq: 0 } as StoredEvent);

/**
 * Fills an event's `totals` with the domain's pricing of the row the event produces: the
 * reducer makes the structural change, priceTransaction the numbers.
 */
export function priced(row: TransactionRecord, event: NewEvent, config: PosConfig): NewEvent {
  if (!('totals' in event.payload)) return event;
  const draft = preview(row, event);
  const totals = draft ? totalsOf(draft, config) : ZERO_TOTALS;
  return { ...event, payload: { ...event.payload, totals } } as NewEvent;
}

export interface Runner {
  /** An event about one transaction, stamped with the command's actor and instant. */
  event<T extends EventType>(
    ctx: CommandContext,
    trxId: string,
    type: T,
    payload: EventPayloads[T],
  ): NewEvent;
  /**
   * Reads the transaction and plans under the writer lock, then commits the plan's events:
   * no other commit can slip between the read and the write (two tabs included).
   */
  onTrx<T extends object>(
    local_trx_id: string,
    statuses: readonly number[],
    plan: (trx: TransactionRecord, ctx: CommandContext) => Plan<T> | Promise<Plan<T>>,
  ): Promise<CommandResult<T>>;
  /** Plans without an existing transaction (start, download), under the writer lock. */
  run<T extends object>(plan: (ctx: CommandContext) => Plan<T> | Promise<Plan<T>>): Promise<CommandResult<T>>;
  /** The rows planned and not yet read back (pending.ts): what the cart shows at once. */
  readonly pending: PendingRows;
  /**
   * A plan made ahead (issue 29): the transaction, the device and the log's last seq read at once in one
   * read transaction, WITHOUT the writer lock, with a context. Whatever is planned from them is committed
   * only with `ifLastSeq: seq` (the store checks nothing was recorded since).
   */
  readAhead(local_trx_id: string): Promise<{
    trx?: TransactionRecord;
    ctx: CommandContext;
    seq: number;
    /** options.readShift's answer in the same read (undefined without it). */
    local_shift_id?: string | null;
  }>;
  /** A context now (configuration, clock, actor) with the given separators: a plan made ahead's re-stamp. */
  contextNow(separators: Separators): Promise<CommandContext>;
}

/**
 * The row a plan's events produce on a transaction, when it may be shown before its commit: not for
 * the money-critical (strict) events (a submit, a payment, a void show once they are durable).
 */
const plannedRow = (trx: TransactionRecord, events: readonly NewEvent[]): TransactionRecord | undefined => {
  let row: TransactionRecord | undefined = trx;
  for (const e of events) {
    if (STRICT_EVENT_TYPES.has(e.type) || e.trxId !== trx.local_trx_id) return undefined;
    row = preview(row, e);
  }
  return row;
};

export function createRunner(options: CashierCommandsOptions): Runner {
  const { store } = options;
  const db = store.db;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? uuid;
  const pending = options.pending ?? createPendingRows();

  /**
   * The device's separators and the transaction (when the command has one), read under the
   * writer lock in ONE read transaction: a command costs one read, never a stale row.
   */
  const readInputs = (local_trx_id: string | null) =>
    db.transaction('r', [db.device, db.transactions], async () => {
      const device = await readDevice(db);
      const trx = local_trx_id === null ? undefined : await db.transactions.get(local_trx_id);
      return { device, trx };
    });

  async function contextNow(separators: Separators): Promise<CommandContext> {
    const config = await options.getConfig();
    const at = now();
    return { config, at, stamp: formatLocalTimestamp(at), actor: options.actor(), separators, newId };
  }
  const context = (device: DeviceRecord): Promise<CommandContext> =>
    contextNow({ decimalSeparator: device.decimalSeparator, thousandSeparator: device.thousandSeparator });

  const event: Runner['event'] = (ctx, trxId, type, payload) =>
    makeEvent(type, payload, { actor: ctx.actor, at: ctx.at, trxId }) as NewEvent;

  function planAndCommit<T extends object>(
    local_trx_id: string | null,
    plan: (trx: TransactionRecord | undefined, ctx: CommandContext) => Plan<T> | Promise<Plan<T>>,
  ): Promise<CommandResult<T>> {
    return store.exclusive(async (writer) => {
      const { device, trx } = await readInputs(local_trx_id);
      const p = await plan(trx, await context(device));
      if (!p.ok) return p;
      // Shown at once, committed right after (pending.ts); a failed commit takes it back.
      const row = trx && local_trx_id !== null ? plannedRow(trx, p.events) : undefined;
      const token = row && local_trx_id !== null ? pending.show(local_trx_id, row) : null;
      try {
        await writer.commit(p.events);
      } catch (error) {
        if (token !== null && local_trx_id !== null) pending.drop(local_trx_id, token);
        if (error instanceof TrxConflictError) return refuse(ENGINE_MESSAGES.trxNotEditable);
        throw error;
      }
      if (token !== null && local_trx_id !== null) pending.committed(local_trx_id, token);
      return { ok: true, ...p.value } as CommandResult<T>;
    });
  }

  return {
    event,
    pending,
    contextNow,
    async readAhead(local_trx_id) {
      const { device, trx, seq, local_shift_id } = await db.transaction(
        'r',
        [db.device, db.transactions, db.events, db.session, db.shifts],
        async () => {
          const [seq, device, trx, local_shift_id] = await Promise.all([
            lastLogSeq(db),
            readDevice(db),
            db.transactions.get(local_trx_id),
            options.readShift?.(),
          ]);
          return { device, trx, seq, local_shift_id };
        },
      );
      return { trx, seq, local_shift_id, ctx: await context(device) };
    },
    run: (plan) => planAndCommit(null, (_trx, ctx) => plan(ctx)),
    onTrx: (local_trx_id, statuses, plan) =>
      planAndCommit(local_trx_id, (trx, ctx) => {
        if (!trx) return refuse(ENGINE_MESSAGES.trxNotFound);
        if (!statuses.includes(Number(trx.trx_status_id))) return refuse(ENGINE_MESSAGES.trxNotEditable);
        return plan(trx, ctx);
      }),
  };
}

/** The transaction-level statuses a cashier edits: appointment (1) and pending (2). */
export const EDITABLE: readonly number[] = [1, 2];
export const PENDING: readonly number[] = [2];
export const ANY_STATUS: readonly number[] = [1, 2, 3, 4];
