import { z } from 'zod';
import { num, optFlag, optNum, optText, paymentTypeSchema } from './common';

/** A payment method; table_name + table_id together identify it. */
export const paymentMethodSchema = z.looseObject({
  payment_method_name: z.string(),
  table_name: z.string(),
  table_id: z.coerce.number(),
  is_reference_required: optFlag,
  reference_min_length: optNum,
  is_charge_to_customer: optFlag,
  charge_percentage: optNum,
  charge_value: optNum,
  charge_label: optText,
  is_payment_amount_required: optFlag,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentSchema = z.looseObject({
  local_payment_id: z.string(),
  payment_type: paymentTypeSchema,
  payment_amount: num,
  payment_amountText: optText,
  payment_ref: optText,
  payment_charge: num.default(0),
  payment_method: paymentMethodSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
