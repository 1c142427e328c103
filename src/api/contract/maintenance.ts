import { z } from 'zod';
import { API_MESSAGES } from '../../domain/texts/server';

/** The maintenance page's one call (002 §2.23, ruling 10): ours, outside the spec's paths (docs/api.md). */
export const MAINTENANCE_PATHS = {
  /** POST {passphrase}: public; the server compares it with MAINTENANCE_PASSPHRASE_HASH, rate-limited. */
  unlock: 'cashier/maintenance/unlock',
} as const;

export const maintenanceUnlockBody = z.object(
  {
    passphrase: z.string({ error: API_MESSAGES.invalidInput }).max(200, { error: API_MESSAGES.invalidInput }),
  },
  { error: API_MESSAGES.invalidInput },
);
export type MaintenanceUnlockBody = z.infer<typeof maintenanceUnlockBody>;

export const maintenanceUnlockResponse = z.object({ unlocked: z.literal(true) });
export type MaintenanceUnlockResponse = z.infer<typeof maintenanceUnlockResponse>;
