// The cashier's real side effects: the cashier statechart's actors on the command layer
// (src/projections/commands) and the API (src/api/pos, src/api/customer), and the sync statechart
// on the device's sync service. The page still provides the dialogs (confirm, authorize) and the
// notify / navigate actions (see the usage at the top of cashier.ts).
import { fromCallback, fromPromise } from 'xstate';
import { createAppointmentApi } from '../api/appointment';
import { type CustomerApi, createCustomerApi } from '../api/customer';
import type { ApiClient } from '../api/http';
import { createPosApi, type PosApi } from '../api/pos';
import type { PosConfig } from '../domain';
import { validateContinueToPayment } from '../domain';
import { posTransactionSchema } from '../domain/model';
import { APPOINTMENT_OWN } from '../domain/texts/appointment';
import { ENGINE_MESSAGES, CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import type { Actor } from '../events';
import type { Store } from '../projections';
import { readDevice } from '../projections';
import {
  type CashierCommands,
  type CommandResult,
  createCashierCommands,
  type ServerLookup,
  type SubmitInput,
} from '../projections/commands';
import { appointmentOf, createAppointmentCommands } from '../projections/commands/appointment';
import { activeShiftOf } from '../projections/shift-reads';
import { cashierMachine } from './cashier';
import type {
  Authorization,
  AuthorizationRequest,
  OpenedTrx,
  StartTrxInput,
  SubmitOutcome,
} from './cashier-types';
import { postedTrx } from './posted-trx';
import { createSubmissionSend, toServerCopy } from './submission-send';
import { type SyncEvent, syncMachine } from './sync';
import type { SyncReport } from './sync-outbox';
import { createSyncService, type SyncService } from './sync-service';

export interface LivePosOptions {
  store: Store;
  /** The session's API client (live.ts: headers from the store, 303 → forced sign-out). */
  client: ApiClient;
  /** The signed-in configuration, parsed by posConfigSchema. */
  getConfig: () => PosConfig | Promise<PosConfig>;
  /** Default: the configuration's business_user_id. */
  actor?: () => Actor;
  /** The device's sync service (live.ts creates it; sign-out uses the same one). */
  sync?: SyncService;
  commands?: CashierCommands;
  /** The open shift's local id for the sale (shift issue); default none. */
  localShiftId?: () => Promise<string | null>;
  now?: () => Date;
  /** Issue 29: the direct printer's hooks on 'Selesai' (SubmitInput.onPlanned / onRecorded). */
  receipt?: Pick<SubmitInput, 'onPlanned' | 'onRecorded'>;
}

export interface LivePos {
  commands: CashierCommands;
  api: { pos: PosApi; customer: CustomerApi };
  sync: SyncService;
  /** The cashier statechart with every actor but confirm/authorize wired. */
  cashierMachine: typeof cashierMachine;
  /** The sync statechart (300 s, `sync.now`, progress) on the sync service. */
  syncMachine: typeof syncMachine;
  /** Before history, stock list, settlement and report views (000 §4): one pass. */
  runSync(): Promise<SyncReport>;
}

/** A refused command becomes a rejected actor carrying the specification's message. */
function orThrow<T extends object>(result: CommandResult<T>): { ok: true } & T {
  if (!result.ok) throw new Error(result.message);
  return result;
}

export function createLivePos(options: LivePosOptions): LivePos {
  const { store, getConfig } = options;
  const pos = createPosApi(options.client);
  const customer = createCustomerApi(options.client);
  const actor =
    options.actor ??
    (() => {
      // Commands read the actor synchronously; the last configuration read supplies it.
      return lastActor;
    });
  let lastActor: Actor = 'device';
  const config = async () => {
    const c = await getConfig();
    lastActor = typeof c.business_user_id === 'number' ? c.business_user_id : 'device';
    return c;
  };
  // the shift a sale is filed under; read with a submit's plan ahead, else while it waits for the lock
  const readShift = () =>
    options.localShiftId
      ? options.localShiftId()
      : activeShiftOf(store).then((shift) => shift?.local_shift_id ?? null);
  const commands =
    options.commands ??
    createCashierCommands({ store, getConfig: config, actor, now: options.now, readShift });
  // The server's copy of a sale whose submit answer was lost (000 §4 Submission, docs/decisions.md).
  const lookup: ServerLookup = async (local_trx_id) => {
    const stored = await pos.stored(local_trx_id);
    return stored ? toServerCopy(stored) : null;
  };
  /** Save or delete of a sale whose submit answer was lost: completed on the server, it is adopted instead. */
  const refuseIfHeld = async (local_trx_id: string) => {
    const check = await commands.reconcileSubmission({ local_trx_id, lookup });
    if (check.ok && check.adopted) throw new Error(ENGINE_MESSAGES.trxNotEditable);
  };
  const sync = options.sync ?? createSyncService({ store, posApi: pos, now: options.now });
  const appointments = createAppointmentCommands({
    store,
    api: createAppointmentApi(options.client),
    actor: () => lastActor,
  });
  const send = createSubmissionSend({ post: (trx, o) => pos.submit(trx, o) });

  const machine = cashierMachine.provide({
    actors: {
      startTransaction: fromPromise<OpenedTrx, StartTrxInput>(async ({ input }) => {
        const r = orThrow(
          await commands.startTransaction({
            trx_type: input.trx_type,
            pos_salesType_id: input.pos_salesType_id ?? null,
            tags: input.tags ?? undefined,
          }),
        );
        return { local_trx_id: r.local_trx_id, trx_status_id: 2 };
      }),
      openTransaction: fromPromise<OpenedTrx, { local_trx_id: string }>(async ({ input }) => {
        const check = await commands.reconcileSubmission({ local_trx_id: input.local_trx_id, lookup });
        if (check.ok && check.adopted)
          return { local_trx_id: input.local_trx_id, trx_status_id: 3, adopted: true };
        const r = orThrow(await commands.openTransaction(input.local_trx_id));
        return { local_trx_id: r.trx.local_trx_id, trx_status_id: Number(r.trx.trx_status_id) };
      }),
      discardIfEmpty: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        orThrow(await commands.discardIfEmpty(input.local_trx_id));
      }),
      setTags: fromPromise<void, { local_trx_id: string; tags: number[] }>(async ({ input }) => {
        orThrow(await commands.setTags(input));
      }),
      // The same domain check submit runs first (000 §5 "Continue to payment"), without recording.
      validateContinue: fromPromise<string | null, { local_trx_id: string }>(async ({ input }) => {
        const [trx, c, device] = await Promise.all([
          store.db.transactions.get(input.local_trx_id),
          config(),
          readDevice(store.db),
        ]);
        if (!trx) return M.submitFailed;
        return validateContinueToPayment(trx, {
          currency: c.currency_code,
          maxWalletBalance: c.business_wallet?.max_balance ?? null,
          separators: {
            decimalSeparator: device.decimalSeparator,
            thousandSeparator: device.thousandSeparator,
          },
        });
      }),
      submitSale: fromPromise<SubmitOutcome, { local_trx_id: string; nfc_code: string | null }>(
        async ({ input }) => {
          // the shift is read while the command waits for the writer lock
          const local_shift_id = readShift();
          local_shift_id.catch(() => undefined);
          const r = orThrow(
            await commands.submit({
              local_trx_id: input.local_trx_id,
              nfc_code: input.nfc_code,
              local_shift_id,
              send,
              lookup,
              onPlanned: options.receipt?.onPlanned,
              onRecorded: options.receipt?.onRecorded,
            }),
          );
          return { mode: r.synced ? 'online' : 'offline' };
        },
      ),
      checkServerCopy: fromPromise<{ adopted: boolean }, { local_trx_id: string }>(async ({ input }) => {
        const r = orThrow(await commands.reconcileSubmission({ local_trx_id: input.local_trx_id, lookup }));
        return { adopted: r.adopted };
      }),
      markPrinted: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        orThrow(await commands.markPrinted(input.local_trx_id));
      }),
      verifyPin: fromPromise<Authorization['supervisor'] | undefined, { password: string }>(
        async ({ input }) => {
          const { business_user_id, supervisor_name, validated_at } = await customer.validatePin(
            input.password,
          );
          return { business_user_id, supervisor_name, validated_at };
        },
      ),
      archiveTrx: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        await refuseIfHeld(input.local_trx_id);
        const row = await store.db.transactions.get(input.local_trx_id);
        if (!row) throw new Error(M.submitFailed);
        await pos.archive(postedTrx(row));
        orThrow(await commands.archived(input.local_trx_id));
      }),
      deleteTrx: fromPromise<void, { local_trx_id: string; authorization: Authorization | null }>(
        async ({ input }) => {
          await refuseIfHeld(input.local_trx_id);
          const authorization = input.authorization
            ? { ...input.authorization, verified: true as const }
            : undefined;
          orThrow(await commands.deleteTransaction({ local_trx_id: input.local_trx_id, authorization }));
        },
      ),
      downloadTrx: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        const { trx } = await pos.downloadArchive(input.local_trx_id);
        orThrow(await commands.downloaded(posTransactionSchema.parse(trx)));
      }),
      // Sync first (000 §4 Void); what matters is that THIS sale is on the server.
      syncForVoid: fromPromise<{ pos_sales_trx_head_id: number | string }, { local_trx_id: string }>(
        async ({ input }) => {
          await sync.run();
          const row = await store.db.transactions.get(input.local_trx_id);
          if (row?.pos_sales_trx_head_id == null) throw new Error(M.voidSyncFailed);
          return { pos_sales_trx_head_id: row.pos_sales_trx_head_id };
        },
      ),
      postVoid: fromPromise<
        void,
        { pos_sales_trx_head_id: number | string; password: string; reason: string }
      >(async ({ input }) => {
        await pos.voidTrx(input.pos_sales_trx_head_id, { password: input.password, reason: input.reason });
      }),
      recordVoid: fromPromise<void, { local_trx_id: string; reason: string }>(async ({ input }) => {
        orThrow(await commands.voidRecorded(input));
      }),
      checkoutAppointment: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        orThrow(await commands.checkoutAppointment(input.local_trx_id));
      }),
      // 000 §2 'Simpan': the appointment is saved with its transaction as it stands (PUT, or the sync later)
      saveAppointment: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        const row = await store.db.transactions.get(input.local_trx_id);
        const id = row?.local_appointment_id;
        const appointment = id ? await appointmentOf(store, id) : null;
        if (!row || !appointment) throw new Error(APPOINTMENT_OWN.notFound);
        const trx = postedTrx(row);
        const customer = (trx.customer ?? null) as {
          user_code?: string | null;
          user_name?: string | null;
        } | null;
        const outcome = await appointments.save(
          {
            ...appointment,
            user_code: customer?.user_code ?? appointment.user_code ?? null,
            user_name: customer?.user_name ?? appointment.user_name ?? null,
            pos_local_trx_id: trx.local_trx_id,
            pos_trx: trx,
          },
          false,
        );
        if (outcome.kind === 'conflict') throw new Error(outcome.message);
      }),
      // 000 §2 'Batal': back to the calendar; the appointment stays as last saved (docs/decisions.md)
      cancelAppointment: fromPromise<void, { local_trx_id: string }>(async () => {}),
      // The page provides its dialogs; without them a confirm is refused and nothing happens.
      confirm: fromPromise<boolean, { title: string; message: string }>(async () => false),
      authorize: fromPromise<Authorization | null, AuthorizationRequest>(async () => null),
    },
  });

  const liveSync = syncMachine.provide({
    actors: {
      runSync: fromPromise<SyncReport>(() => sync.run()),
      watchSync: fromCallback<SyncEvent>(({ sendBack }) => sync.subscribe((notice) => sendBack(notice))),
    },
  });

  return {
    commands,
    api: { pos, customer },
    sync,
    cashierMachine: machine,
    syncMachine: liveSync,
    runSync: () => sync.run(),
  };
}
