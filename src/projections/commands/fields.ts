import {
  applyGlobalDiscount,
  customGlobalDiscount,
  type PosItemDiscount,
  type PosTransaction,
  posTransactionSchema,
  removeGlobalDiscount,
  switchGlobalDiscountType,
  type TrxStates,
  trxStatesSchema,
  validateGlobalDiscount,
} from '../../domain';
import type { EventPayloads, EventType, TransactionRecord } from '../../events';
import {
  ANY_STATUS,
  type CommandContext,
  EDITABLE,
  type Plan,
  priced,
  type Runner,
  refuse,
  ZERO_TOTALS,
} from './context';
import { withInvalidPaymentsRemoved } from './payments';
import type {
  CashierCommands,
  CouponCommands,
  GlobalDiscountInput,
  RedeemCommands,
  StartTransactionInput,
} from './types';

const KIND_NAMES: Record<string, string> = {
  NORMAL: 'Penjualan',
  COUPON_SALES: 'Kirim/Jual Kupon',
  TOP_UP_DEPOSIT: 'Top Up Deposit',
  MEMBERSHIP_SALES: 'Jual Membership',
  ACCOUNT_RECEIVABLE: 'Pembayaran Piutang',
};

const DEFAULT_STATES: TrxStates = trxStatesSchema.parse({});

/** A new transaction with the spec's initial values (000 §3), parsed so defaults are filled. */
export function newTransaction(
  input: StartTransactionInput,
  ctx: CommandContext,
  local_trx_id: string,
): PosTransaction {
  const salesType = ctx.config.sales_type.find(
    (s) => Number(s.pos_salesType_id) === Number(input.pos_salesType_id),
  );
  return posTransactionSchema.parse({
    local_trx_id,
    trx_status_id: input.appointment ? 1 : 2,
    ...(input.appointment ? { local_appointment_id: input.appointment.local_appointment_id } : {}),
    trx_local_start_time: ctx.stamp,
    trx_type: input.trx_type,
    trx_name: input.trx_name ?? salesType?.pos_salesType_name ?? KIND_NAMES[input.trx_type] ?? null,
    pos_salesType_id: input.pos_salesType_id ?? null,
    tags: input.tags ?? [],
    is_synced: false,
    customerModalOpened: false,
  });
}

/** The global discount the dialog describes, and the dialog state kept on the transaction. */
function globalDiscountOf(
  input: GlobalDiscountInput,
  states: TrxStates,
): { discount: PosItemDiscount; states: TrxStates } {
  const base = switchGlobalDiscountType(states, input.type);
  if (input.type === 'promo') {
    const promo = input.promo as PosItemDiscount;
    return { discount: promo, states: { ...base, globalDiscountItemId: Number(promo.pos_item_discount_id) } };
  }
  if (input.type === 'percentage') {
    const percent = Number(input.percent);
    return {
      discount: customGlobalDiscount('percentage', percent),
      states: { ...base, globalDiscountPercent: percent },
    };
  }
  const nominal = Number(input.nominal);
  return {
    discount: customGlobalDiscount('value', nominal),
    states: {
      ...base,
      globalDiscountNominal: nominal,
      globalDiscountNominalText: input.nominalText ?? String(nominal),
    },
  };
}

export function fieldCommands(
  r: Runner,
): Omit<
  CashierCommands,
  | 'addItem'
  | 'editLine'
  | 'removeLine'
  | 'addCustomItem'
  | 'setCustomPrice'
  | 'setLineWorkers'
  | 'restorePrice'
  | 'addPayment'
  | 'removePayment'
  | 'submit'
  | 'reconcileSubmission'
  | 'recordServerAcceptance'
  | 'recordSyncFailure'
  | 'voidRecorded'
  | 'archived'
  | 'downloaded'
  | 'deleteTransaction'
  | 'discardIfEmpty'
  | 'startReceivablePayment'
  | 'chooseAccountReceivable'
  | 'setSpecialAmount'
  | 'setSpecialSellers'
  | keyof RedeemCommands
  | keyof CouponCommands
  | 'chooseMembership'
  | 'setMembershipSellers'
> {
  /** One event, priced when it carries totals. */
  const one = <T extends EventType>(
    trx: TransactionRecord,
    ctx: CommandContext,
    type: T,
    payload: EventPayloads[T],
  ): Plan<object> => ({
    ok: true,
    events: [priced(trx, r.event(ctx, trx.local_trx_id, type, payload), ctx.config)],
    value: {},
  });

  /**
   * A customer or member-discount change: priced, then the payments it invalidates removed (a moved total, a
   * customer gone), so no payment the server would refuse survives it.
   */
  const repriced = <T extends 'trx.customerSet' | 'trx.memberDiscountRemoved'>(
    trx: TransactionRecord,
    ctx: CommandContext,
    type: T,
    payload: EventPayloads[T],
  ): Plan<{ paymentsRemoved: number }> => {
    const events = withInvalidPaymentsRemoved(r, ctx, trx, [
      priced(trx, r.event(ctx, trx.local_trx_id, type, payload), ctx.config),
    ]);
    return { ok: true, events, value: { paymentsRemoved: events.length - 1 } };
  };

  /** A plain field setter on an editable transaction. */
  const setter =
    <T extends EventType, I extends { local_trx_id: string }>(
      type: T,
      payloadOf: (input: I) => EventPayloads[T],
    ) =>
    (input: I) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => one(trx, ctx, type, payloadOf(input)));

  return {
    startTransaction: (input) =>
      r.run((ctx) => {
        const local_trx_id = input.appointment?.local_trx_id ?? ctx.newId();
        const trx = newTransaction(input, ctx, local_trx_id);
        return {
          ok: true,
          events: [r.event(ctx, local_trx_id, 'trx.started', { trx })],
          value: { local_trx_id },
        };
      }),

    openTransaction: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx) => {
        const { is_synced_key: _k, ...plain } = trx;
        return { ok: true, events: [], value: { trx: plain } };
      }),

    checkoutAppointment: (local_trx_id) =>
      r.onTrx(local_trx_id, [1], (trx, ctx) => one(trx, ctx, 'trx.checkedOut', {})),

    editAppointmentSale: (input) =>
      r.onTrx(input.local_trx_id, [1], (trx, ctx) => {
        const salesType =
          ctx.config.sales_type.find((s) => Number(s.pos_salesType_id) === Number(input.pos_salesType_id)) ??
          null;
        // the name follows the sales type only where it was the old one's (000 §3: trx_name = its name)
        const oldType = ctx.config.sales_type.find(
          (s) => Number(s.pos_salesType_id) === Number(trx.pos_salesType_id),
        );
        const keepsName = trx.trx_name && trx.trx_name !== oldType?.pos_salesType_name;
        return one(trx, ctx, 'trx.appointmentEdited', {
          pos_salesType_id: input.pos_salesType_id,
          trx_name: keepsName
            ? (trx.trx_name ?? null)
            : (salesType?.pos_salesType_name ?? trx.trx_name ?? null),
          pos_sales_type: salesType,
          tags: input.tags,
          totals: ZERO_TOTALS,
        });
      }),

    setCustomer: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) =>
        repriced(trx, ctx, 'trx.customerSet', { customer: input.customer, totals: ZERO_TOTALS }),
      ),
    clearCustomer: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) =>
        repriced(trx, ctx, 'trx.customerSet', { customer: null, totals: ZERO_TOTALS }),
      ),
    setLabel: setter('trx.labelSet', (i: { local_trx_id: string; trx_label: string | null }) => ({
      trx_label: i.trx_label,
    })),
    setDocumentDate: setter(
      'trx.documentDateSet',
      (i: { local_trx_id: string; document_date: string | null }) => ({
        document_date: i.document_date,
      }),
    ),
    setTags: setter('trx.tagsSet', (i: { local_trx_id: string; tags: number[] }) => ({ tags: i.tags })),
    setNotes: setter('trx.notesSet', (i: { local_trx_id: string; trx_notes: string | null }) => ({
      trx_notes: i.trx_notes,
    })),
    setServiceArea: setter(
      'trx.serviceAreaSet',
      (i: { local_trx_id: string; service_area: PosTransaction['service_area'] }) => ({
        service_area: i.service_area ?? null,
      }),
    ),
    setRecehCode: setter('trx.recehCodeSet', (i: { local_trx_id: string; receh_code: string | null }) => ({
      receh_code: i.receh_code,
    })),

    applyGlobalDiscount: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const message = validateGlobalDiscount({
          type: input.type,
          promoId: input.type === 'promo' ? (input.promo?.pos_item_discount_id ?? null) : null,
          percent: input.type === 'percentage' ? input.percent : undefined,
          nominal: input.type === 'value' ? input.nominal : undefined,
        });
        if (message) return refuse(message);
        const { discount, states } = globalDiscountOf(input, trx.states);
        return one(trx, ctx, 'trx.discountsChanged', {
          discounts: applyGlobalDiscount(trx.discounts, discount),
          states,
          totals: ZERO_TOTALS,
        });
      }),

    removeGlobalDiscount: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) =>
        one(trx, ctx, 'trx.discountsChanged', {
          discounts: removeGlobalDiscount(trx.discounts),
          states: { ...trx.states, ...DEFAULT_STATES },
          totals: ZERO_TOTALS,
        }),
      ),

    removeMemberDiscount: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) =>
        repriced(trx, ctx, 'trx.memberDiscountRemoved', { totals: ZERO_TOTALS }),
      ),

    recordStockOut: (input) =>
      r.onTrx(input.local_trx_id, ANY_STATUS, (trx, ctx) =>
        one(trx, ctx, 'trx.stockOutRecorded', {
          sales: input.sales ?? [],
          consumptions: input.consumptions ?? [],
          ingredients: input.ingredients ?? [],
        }),
      ),

    resetTransaction: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        // Ruling: the kind (type, sales type, name) stays too — the screen stays on that kind's step 2.
        const fresh = posTransactionSchema.parse({
          local_trx_id: trx.local_trx_id,
          trx_local_start_time: trx.trx_local_start_time,
          trx_status_id: trx.trx_status_id,
          trx_type: trx.trx_type,
          trx_name: trx.trx_name ?? null,
          pos_salesType_id: trx.pos_salesType_id ?? null,
          local_appointment_id: trx.local_appointment_id ?? null,
        });
        return one(trx, ctx, 'trx.reset', { trx: fresh });
      }),

    markPrinted: (local_trx_id) =>
      r.onTrx(local_trx_id, ANY_STATUS, (trx, ctx) =>
        one(trx, ctx, 'trx.printed', { last_printed_at: ctx.stamp }),
      ),

    recordWorkersEdited: ({ local_trx_id, ...edit }) =>
      r.run(async (ctx) => ({
        ok: true,
        events: [r.event(ctx, local_trx_id, 'trx.workersEdited', edit)],
        value: {},
      })),
  };
}
