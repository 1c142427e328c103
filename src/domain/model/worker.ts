import { z } from 'zod';
import { id, num, optNum, optText } from './common';

/** A commission worker (therapist, stylist, doctor …) of the configuration's commission_worker[]. */
export const commissionWorkerSchema = z.looseObject({
  business_commission_worker_id: id,
  firstname: z.string(),
  lastname: optText,
  initial: optText,
  business_commission_worker_group_id: optNum,
  pos_item_commission_workers: z.array(z.looseObject({})).nullable().optional(),
});
export type CommissionWorker = z.infer<typeof commissionWorkerSchema>;

/** The worker as written on a line (commission_worker): only the identifying fields are required. */
export const lineWorkerSchema = z.looseObject({
  business_commission_worker_id: id,
  firstname: optText,
  lastname: optText,
  initial: optText,
});
export type LineWorker = z.infer<typeof lineWorkerSchema>;

/** One worker's share of a line in multi-commission mode: commission_workers[] {commission_worker, percentage}. */
export const commissionWorkerShareSchema = z.looseObject({
  commission_worker: lineWorkerSchema,
  percentage: num,
});
export type CommissionWorkerShare = z.infer<typeof commissionWorkerShareSchema>;

/** A seller of a line: item_sellers[] {worker fields, percentage, pos_item_commission_workers[]}. */
export const itemSellerSchema = z.looseObject({
  business_commission_worker_id: id,
  firstname: optText,
  lastname: optText,
  initial: optText,
  percentage: num,
  pos_item_commission_workers: z.array(z.looseObject({})).nullable().optional(),
});
export type ItemSeller = z.infer<typeof itemSellerSchema>;
