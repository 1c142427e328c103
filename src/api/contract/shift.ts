import { z } from 'zod';
import { MAX_AMOUNT_INPUT } from '../../domain/money';
import { EXPENSE_TITLE_MAX } from '../../domain/shift-rules';
import { API_MESSAGES } from '../../domain/texts/server';
import { SHIFT_MESSAGES } from '../../domain/texts/shift';

/** The shift call (002 §7 Shift; path per docs/api.md). No leading slash. */
export const SHIFT_PATHS = {
  /**
   * POST {shifts: [shift with its trxs summary]} → [{status, pos_shift_id, local_shift_id}] (the end);
   * GET → {open, history}: this cashier's open shift and ended shifts at the session's outlet (ruling 26).
   */
  shiftSync: 'cashier/pos-shift',
  /** POST {shift} → {status, pos_shift_id, local_shift_id}: a shift's start (ruling 26; queued offline). */
  shiftStart: 'cashier/pos-shift/start',
  /**
   * POST {local_shift_id, expenses} → {status, pos_shift_id, local_shift_id}: the open shift's expenses as
   * the device holds them now (the whole list, so a repeat is a no-op), so they outlive a sign-out (ours).
   */
  shiftExpenses: 'cashier/pos-shift/expenses',
} as const;

/** 002 §7: the shift sync times out after 10 seconds. */
export const SHIFT_SYNC_TIMEOUT_MS = 10_000;

const NOT_AN_OBJECT = { error: API_MESSAGES.invalidInput };
const id = z.string({ error: API_MESSAGES.invalidInput }).trim().min(1).max(100);
const stamp = z
  .string({ error: API_MESSAGES.invalidInput })
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/, { error: API_MESSAGES.invalidInput })
  .max(40);
const cash = z
  .number({ error: SHIFT_MESSAGES.cashInvalid })
  .int({ error: SHIFT_MESSAGES.cashInvalid })
  .min(0, { error: SHIFT_MESSAGES.cashInvalid })
  .max(MAX_AMOUNT_INPUT, { error: SHIFT_MESSAGES.cashInvalid });
/** A summary figure the device computed: bounded, never trusted (the server recomputes its own). */
const figure = z.number({ error: API_MESSAGES.invalidInput }).min(-1e13).max(1e13);

export const shiftExpenseInput = z.object(
  {
    key: id,
    expenseTitle: z
      .string({ error: SHIFT_MESSAGES.expenseNameRequired })
      .trim()
      .min(1, { error: SHIFT_MESSAGES.expenseNameRequired })
      .max(EXPENSE_TITLE_MAX, { error: SHIFT_MESSAGES.expenseNameTooLong }),
    expenseAmount: z
      .number({ error: SHIFT_MESSAGES.expenseAmountRequired })
      .int({ error: SHIFT_MESSAGES.expenseAmountInvalid })
      .min(1, { error: SHIFT_MESSAGES.expenseAmountInvalid })
      .max(MAX_AMOUNT_INPUT, { error: SHIFT_MESSAGES.expenseAmountInvalid }),
  },
  NOT_AN_OBJECT,
);

export const shiftTotalsInput = z.object(
  {
    drvPaymentMethods: z
      .array(
        z.object({
          payment_method_name: z.string().max(200),
          table_name: z.string().max(200).optional(),
          table_id: z.number().int().optional().nullable(),
          trx_count: z.number().int().min(0).max(1e9),
          trx_amount: figure,
        }),
      )
      .max(100),
    total_amount: figure,
    total_trx_count: z.number().int().min(0).max(1e9),
  },
  NOT_AN_OBJECT,
);

/** Who and where, as the device sends them (002 §3): checked against the session, never taken from here. */
const claimedIds = {
  business_id: z.number().int().positive().optional().nullable(),
  business_user_id: z.number().int().positive().optional().nullable(),
  outlet_id: z.number().int().positive().optional().nullable(),
  business_outlet_id: z.number().int().positive().optional().nullable(),
};

/** A shift's start as the device sends it (ruling 26): the open shift the server keeps. */
export const shiftStartInput = z.object(
  {
    local_shift_id: id,
    shift_start: stamp,
    ...claimedIds,
    cash_start: cash,
    cashier_name: z.string().max(200).optional().nullable(),
    outlet_name: z.string().max(200).optional().nullable(),
  },
  NOT_AN_OBJECT,
);
export type ShiftStartInput = z.input<typeof shiftStartInput>;

export const shiftStartRequest = z.object({ shift: shiftStartInput }, NOT_AN_OBJECT);
export type ShiftStartRequest = z.input<typeof shiftStartRequest>;

/** One ended shift as the device sends it (002 §3 Shift). */
export const shiftInput = z.object(
  {
    local_shift_id: id,
    shift_start: stamp,
    shift_end: stamp,
    ...claimedIds,
    cash_start: cash,
    /** The counted cash; null when it was not counted (issue 23 item 11: never assumed 0). Required. */
    cash_end_actual: cash.nullable(),
    cashier_name: z.string().max(200).optional().nullable(),
    outlet_name: z.string().max(200).optional().nullable(),
    expenses: z.array(shiftExpenseInput).max(500).default([]),
    trxs: shiftTotalsInput,
  },
  NOT_AN_OBJECT,
);
export type ShiftInput = z.input<typeof shiftInput>;

export const shiftSyncRequest = z.object(
  { shifts: z.array(shiftInput, { error: API_MESSAGES.invalidInput }).min(1).max(20) },
  NOT_AN_OBJECT,
);
export type ShiftSyncRequest = z.input<typeof shiftSyncRequest>;

/** An open shift's expenses, the whole list (ours: they reach the server before the end). */
export const shiftExpensesRequest = z.object(
  { local_shift_id: id, expenses: z.array(shiftExpenseInput).max(500) },
  NOT_AN_OBJECT,
);
export type ShiftExpensesRequest = z.input<typeof shiftExpensesRequest>;

export const shiftSyncItem = z.object({
  status: z.string(),
  pos_shift_id: z.number(),
  local_shift_id: z.string(),
});
export const shiftSyncResponse = z.array(shiftSyncItem);
export type ShiftSyncResponse = z.infer<typeof shiftSyncResponse>;

export const shiftStartResponse = shiftSyncItem;
export const shiftExpensesResponse = shiftSyncItem;
export type ShiftExpensesResponse = z.infer<typeof shiftExpensesResponse>;
export type ShiftStartResponse = z.infer<typeof shiftStartResponse>;

const totalsView = z.object({
  drvPaymentMethods: z.array(
    z.object({
      payment_method_name: z.string(),
      table_name: z.string(),
      table_id: z.number(),
      trx_count: z.number(),
      trx_amount: z.number(),
    }),
  ),
  total_amount: z.number(),
  total_trx_count: z.number(),
});

/** A shift as the server keeps it (ruling 26): open (no shift_end) or ended with the server's totals. */
export const shiftView = z.object({
  local_shift_id: z.string(),
  pos_shift_id: z.number(),
  shift_start: z.string(),
  shift_end: z.string().nullable(),
  business_id: z.number(),
  business_user_id: z.number(),
  business_outlet_id: z.number(),
  outlet_id: z.number(),
  cash_start: z.number(),
  cash_end_actual: z.number().nullable(),
  cash_end_expected: z.number().nullable(),
  cashier_name: z.string(),
  outlet_name: z.string().nullable(),
  expenses: z.array(z.object({ key: z.string(), expenseTitle: z.string(), expenseAmount: z.number() })),
  trxs: totalsView.nullable(),
});
export type ShiftView = z.infer<typeof shiftView>;

/** GET cashier/pos-shift: the open shift of this cashier at the session's outlet and the ended ones, newest first. */
export const shiftListResponse = z.object({ open: shiftView.nullable(), history: z.array(shiftView) });
export type ShiftListResponse = z.infer<typeof shiftListResponse>;

/** How many ended shifts the list returns (the newest). Ours: the device's history is one outlet's recent work. */
export const SHIFT_HISTORY_LIMIT = 50;
