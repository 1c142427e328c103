// The maintenance page's passphrase (002 §2.23, ruling 10): compared by the server with the argon2 hash in its
// configuration (MAINTENANCE_PASSPHRASE_HASH, README), never by the browser bundle. Counted by the one attempt
// limiter (kind 'maintenance'): five wrong passphrases from an address within the window, then 429.
import { MAINTENANCE_OWN } from '../../src/domain/texts/maintenance';
import type { AppDeps } from '../deps';
import { invalid, rateLimited } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { markAttemptSucceeded, reserveAttempt } from './attempt-limiter';

export async function unlockMaintenance(deps: AppDeps, passphrase: string, ip: string): Promise<void> {
  const { attemptId } = await reserveAttempt(
    deps,
    { kind: 'maintenance', subject: 'backdoor', ip },
    deps.clock.now(),
    rateLimited,
  );
  // no hash configured: nobody unlocks the page (and the attempt counts, so probing it is limited too)
  if (!deps.maintenancePassphraseHash) throw invalid(MAINTENANCE_OWN.notConfigured, 'passphrase');
  if (!(await verifyPassword(deps.maintenancePassphraseHash, passphrase)))
    throw invalid(MAINTENANCE_OWN.wrongPassphrase, 'passphrase');
  await markAttemptSucceeded(deps, attemptId);
}
