import { z } from 'zod';
import { num, optNum, optText } from './common';

export const shiftExpenseSchema = z.looseObject({
  key: z.string(),
  expenseTitle: z.string(),
  expenseAmount: num,
});
export type ShiftExpense = z.infer<typeof shiftExpenseSchema>;

export const shiftPaymentMethodTotalSchema = z.looseObject({
  payment_method_name: z.string(),
  table_name: z.string().optional(),
  table_id: optNum,
  trx_count: num,
  trx_amount: num,
});
export type ShiftPaymentMethodTotal = z.infer<typeof shiftPaymentMethodTotalSchema>;

/** A cashier shift (file 002 §3). */
export const shiftSchema = z.looseObject({
  local_shift_id: z.string(),
  pos_shift_id: optNum,
  shift_start: z.string(),
  shift_end: optText,
  business_id: optNum,
  business_user_id: optNum,
  business_outlet_id: optNum,
  outlet_id: optNum,
  cash_start: num,
  cash_end_actual: optNum,
  cashier_name: optText,
  outlet_name: optText,
  expenses: z.array(shiftExpenseSchema).default([]),
  trxs: z
    .looseObject({
      drvPaymentMethods: z.array(shiftPaymentMethodTotalSchema).default([]),
      total_amount: num,
      total_trx_count: num,
    })
    .nullable()
    .optional(),
  isSynced: z.boolean().default(false),
});
export type Shift = z.infer<typeof shiftSchema>;
