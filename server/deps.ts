import type { Database } from './db/create-db';
import type { Integrations } from './integrations';
import type { Clock } from './lib/clock';

/** What every service needs: the database, the clock and the outside services. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  integrations: Integrations;
  /** How long a session lives without sign-out. */
  sessionTtlMs: number;
  /** Base of links in e-mails (password reset). */
  publicUrl: string;
  /** argon2 hash of the maintenance page's passphrase (MAINTENANCE_PASSPHRASE_HASH; unset: /backdoor stays locked). */
  maintenancePassphraseHash?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
