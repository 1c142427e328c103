import { z } from 'zod';
import { posConfigSchema } from '../../domain/model/config';

/**
 * The user data / POS configuration of 000 §3 as the server answers it: the domain's configuration schema
 * (flags default to 0, catalogues to [] when parsed; typed optional so partial fixtures type-check), with the
 * identity fields every screen relies on required. Loose: unknown fields pass through.
 */
export const businessOutlet = z.looseObject({
  business_outlet_id: z.number(),
  outlet_id: z.number(),
  outlet_name: z.string(),
  outlet_address: z.string().nullable(),
});
export type BusinessOutlet = z.infer<typeof businessOutlet>;

export const authRoleAccesses = z.record(z.string(), z.union([z.literal(0), z.literal(1)]));
export type AuthRoleAccesses = z.infer<typeof authRoleAccesses>;

export const userData = posConfigSchema.partial().extend({
  business_id: z.number(),
  business_user_id: z.number(),
  business_user_firstname: z.string(),
  cashier_name: z.string(),
  business_user_group_id: z.number(),
  brand_name: z.string(),
  brand_logo: z.string().nullable(),
  business_slug: z.string(),
  currency_code: z.string(),
  qty_decimal_length: z.number(),
  /** null until an outlet is chosen when the user has several outlets. */
  outlet_id: z.number().nullable(),
  business_outlet_id: z.number().nullable(),
  outlet_name: z.string().nullable(),
  outlet_address: z.string().nullable(),
  outlet_phone: z.string().nullable(),
  business_outlets: z.array(businessOutlet),
  auth_role_accesses: authRoleAccesses,
  /** Server time the session signed in / this configuration was assembled: "YYYY-MM-DD HH:mm:ss". */
  signed_in_at: z.string(),
  retrieve_time: z.string(),
  /** The catalogue version this configuration carries (absent before an outlet is chosen); a sale names it. */
  catalogue_version: z.number().optional(),
  configs: z.looseObject({}),
});
export type UserData = z.infer<typeof userData>;
