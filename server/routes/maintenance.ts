import type { FastifyInstance } from 'fastify';
import { maintenanceUnlockBody } from '../../src/api/contract/maintenance';
import { ok } from '../http/reply';
import { parseInput } from '../http/validate';
import { unlockMaintenance } from '../services/maintenance';

/** POST cashier/maintenance/unlock (ruling 10): /backdoor needs no sign-in, so neither does its passphrase check. */
export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  app.post('/cashier/maintenance/unlock', { config: { auth: false } }, async (req) => {
    const { passphrase } = parseInput(maintenanceUnlockBody, req.body ?? {});
    await unlockMaintenance(deps, passphrase, req.ip);
    return ok({ unlocked: true as const });
  });
}
