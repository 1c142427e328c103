// The cashier machine's side effects on the live page: commands (src/projections/commands) and the
// POS calls (src/api). The page still provides confirm / authorize / notify / navigate.
// Shaped like src/machines/live-pos.ts's createLivePos so the page can switch to it as it lands.
import { fromPromise } from 'xstate';
import type { CustomerApi } from '../../../../api/customer';
import type { PosApi } from '../../../../api/pos';
import {
  formatLocalTimestamp,
  type PosConfig,
  type PosTransaction,
  posTransactionSchema,
  requiresOnlineSubmission,
  validateContinueToPayment,
} from '../../../../domain';
import { cashierMachine, type OpenedTrx } from '../../../../machines/cashier';
import { createSubmissionSend, toAcceptance } from '../../../../machines/submission-send';
import { isAccepted } from '../../../../machines/sync-outbox';
import type { CashierCommands } from '../../../../projections/commands';

export interface LiveCashierOptions {
  commands: CashierCommands;
  pos: PosApi;
  customer: Pick<CustomerApi, 'validatePin'>;
  getConfig: () => PosConfig;
  readTrx: (local_trx_id: string) => Promise<PosTransaction | undefined>;
  now?: () => Date;
}

/** A command's refusal becomes the actor's error: the machine notifies its message. */
const ok = async <T extends object>(
  result: Promise<({ ok: true } & T) | { ok: false; message: string }>,
): Promise<T> => {
  const r = await result;
  if (!r.ok) throw new Error(r.message);
  return r;
};

export function createLiveCashier(options: LiveCashierOptions) {
  const { commands, pos, customer, getConfig, readTrx } = options;
  const now = options.now ?? (() => new Date());
  const mustRead = async (local_trx_id: string) => {
    const trx = await readTrx(local_trx_id);
    if (!trx) throw new Error('Transaksi tidak ditemukan');
    return trx;
  };
  const send = createSubmissionSend({
    post: (trx, o) => pos.submit(trx, o),
    onlineRequired: (trx) => requiresOnlineSubmission(trx, getConfig()),
  });

  return cashierMachine.provide({
    actors: {
      startTransaction: fromPromise<
        OpenedTrx,
        { trx_type: PosTransaction['trx_type']; pos_salesType_id?: number | null; tags?: number[] | null }
      >(async ({ input }) => {
        const r = await ok(
          commands.startTransaction({
            trx_type: input.trx_type,
            pos_salesType_id: input.pos_salesType_id ?? null,
            tags: input.tags ?? undefined,
          }),
        );
        return { local_trx_id: r.local_trx_id, trx_status_id: 2 };
      }),
      openTransaction: fromPromise<OpenedTrx, { local_trx_id: string }>(async ({ input }) => {
        const r = await ok(commands.openTransaction(input.local_trx_id));
        return { local_trx_id: input.local_trx_id, trx_status_id: Number(r.trx.trx_status_id ?? 2) };
      }),
      setTags: fromPromise<void, { local_trx_id: string; tags: number[] }>(async ({ input }) => {
        await ok(commands.setTags(input));
      }),
      validateContinue: fromPromise<string | null, { local_trx_id: string }>(async ({ input }) => {
        const trx = await mustRead(input.local_trx_id);
        const config = getConfig();
        return validateContinueToPayment(trx, {
          currency: config.currency_code,
          maxWalletBalance: config.business_wallet?.max_balance ?? null,
        });
      }),
      submitSale: fromPromise<
        { mode: 'online' | 'offline' },
        { local_trx_id: string; nfc_code: string | null }
      >(async ({ input }) => {
        const r = await ok(
          commands.submit({ local_trx_id: input.local_trx_id, nfc_code: input.nfc_code, send }),
        );
        return { mode: r.synced ? 'online' : 'offline' };
      }),
      markPrinted: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        await ok(commands.markPrinted(input.local_trx_id));
      }),
      verifyPin: fromPromise<void, { password: string }>(async ({ input }) => {
        await customer.validatePin(input.password);
      }),
      archiveTrx: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        await pos.archive(await mustRead(input.local_trx_id));
        await ok(commands.archived(input.local_trx_id));
      }),
      deleteTrx: fromPromise<
        void,
        { local_trx_id: string; authorization: { password: string; reason: string } | null }
      >(async ({ input }) => {
        await ok(
          commands.deleteTransaction({
            local_trx_id: input.local_trx_id,
            // The machine verified the password with the server before this step.
            authorization: input.authorization ? { ...input.authorization, verified: true } : undefined,
          }),
        );
      }),
      downloadTrx: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        const answer = await pos.downloadArchive(input.local_trx_id);
        await ok(commands.downloaded(posTransactionSchema.parse(answer.trx)));
      }),
      syncForVoid: fromPromise<{ pos_sales_trx_head_id: number | string }, { local_trx_id: string }>(
        async ({ input }) => {
          const trx = await mustRead(input.local_trx_id);
          if (trx.is_synced && trx.pos_sales_trx_head_id != null)
            return { pos_sales_trx_head_id: trx.pos_sales_trx_head_id };
          const answer = await pos.sync(trx, formatLocalTimestamp(now()));
          if (!isAccepted(answer) || answer.pos_sales_trx_head_id == null) throw new Error('Sync gagal');
          await ok(
            commands.recordServerAcceptance({
              local_trx_id: input.local_trx_id,
              ...toAcceptance({ ...answer, pos_sales_trx_head_id: answer.pos_sales_trx_head_id }),
            }),
          );
          return { pos_sales_trx_head_id: answer.pos_sales_trx_head_id };
        },
      ),
      postVoid: fromPromise<
        void,
        { pos_sales_trx_head_id: number | string; password: string; reason: string }
      >(async ({ input }) => {
        await pos.voidTrx(input.pos_sales_trx_head_id, { password: input.password, reason: input.reason });
      }),
      recordVoid: fromPromise<void, { local_trx_id: string; reason: string }>(async ({ input }) => {
        await ok(commands.voidRecorded(input));
      }),
      checkoutAppointment: fromPromise<void, { local_trx_id: string }>(async ({ input }) => {
        await ok(commands.checkoutAppointment(input.local_trx_id));
      }),
      // The appointment issue sends these (PUT appointment); until then the cashier is told so.
      saveAppointment: fromPromise<void, { local_trx_id: string }>(async () => {
        throw new Error('Belum tersedia');
      }),
      cancelAppointment: fromPromise<void, { local_trx_id: string }>(async () => {
        throw new Error('Belum tersedia');
      }),
    },
  });
}
