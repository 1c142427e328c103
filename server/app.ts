import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { INPUT_LIMITS } from '../src/api/contract/input';
import { CONFIG_CACHE_HEADERS, HEADERS } from '../src/api/contract/paths';
import type { Database } from './db/create-db';
import type { AppDeps } from './deps';
import { registerAuth } from './http/auth';
import { registerInFlight } from './http/in-flight';
import { registerInputChecks } from './http/input';
import { frameworkErrors, registerErrorHandling, requestLogSerializer } from './http/reply';
import type { Integrations } from './integrations';
import type { Clock } from './lib/clock';
import { appointmentRoutes } from './routes/appointment';
import { auditRoutes } from './routes/audit';
import { configRoutes } from './routes/config';
import { cashierLookupRoutes } from './routes/customer';
import { emrRecordRoutes } from './routes/emr-records';
import { healthRoutes } from './routes/health';
import { helpRoutes } from './routes/help';
import { historyRoutes } from './routes/history';
import { inventoryRoutes } from './routes/inventory';
import { journalRoutes } from './routes/journal';
import { loyaltyRoutes } from './routes/loyalty';
import { maintenanceRoutes } from './routes/maintenance';
import { memberRoutes } from './routes/member';
import { posRoutes } from './routes/pos';
import { receiptRoutes } from './routes/receipt';
import { receivableRoutes } from './routes/receivable';
import { redeemRoutes } from './routes/redeem';
import { registrationRoutes } from './routes/registration';
import { reportRoutes } from './routes/report';
import { satusehatRoutes } from './routes/satusehat';
import { sessionRoutes } from './routes/session';
import { settlementRoutes } from './routes/settlement';
import { shiftRoutes } from './routes/shift';

export interface BuildAppOptions {
  db: Database;
  clock: Clock;
  integrations: Integrations;
  logger?: FastifyServerOptions['logger'];
  sessionTtlMs?: number;
  publicUrl?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limiting is per address). */
  trustProxy?: boolean;
  /** Origins of pages on another origin allowed to call the API (CORS_ORIGIN); none: same origin only. */
  corsOrigins?: string[];
  /** HTTPS with this certificate and key (TLS_CERT_FILE / TLS_KEY_FILE); none: plain http. */
  https?: { cert: Buffer; key: Buffer };
  /** argon2 hash of the maintenance page's passphrase (ruling 10); unset: nobody unlocks /backdoor. */
  maintenancePassphraseHash?: string;
  /** Registered after the API (main.ts serves the built client here). */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
}

export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** The whole server without listen: main.ts listens, tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // the request's line without its query (customer names, phones); errors are logged by registerErrorHandling
    logger:
      options.logger && typeof options.logger === 'object'
        ? { ...options.logger, serializers: { req: requestLogSerializer, ...options.logger.serializers } }
        : (options.logger ?? false),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: INPUT_LIMITS.maxBodyBytes,
    frameworkErrors,
    // a path parameter up to the contract's bound reaches its route (and is refused there naming it)
    routerOptions: { maxParamLength: INPUT_LIMITS.maxTextLength },
    // the same app over TLS: only the listening socket differs, so the instance keeps the http type
    ...((options.https ? { https: options.https } : {}) as object),
  });
  const deps: AppDeps = {
    database: options.db,
    clock: options.clock,
    integrations: options.integrations,
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    maintenancePassphraseHash: options.maintenancePassphraseHash,
  };
  app.decorate('deps', deps);
  registerErrorHandling(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  if (options.corsOrigins?.length) {
    // Before the session hook: a preflight carries no session headers and is answered here.
    await app.register(cors, {
      origin: options.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept', ...Object.values(HEADERS), CONFIG_CACHE_HEADERS.ifNoneMatch],
      exposedHeaders: [CONFIG_CACHE_HEADERS.etag, CONFIG_CACHE_HEADERS.retrieveTime],
      maxAge: 600,
    });
  }
  registerAuth(app);
  registerInFlight(app);
  registerInputChecks(app);
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(configRoutes);
  await app.register(appointmentRoutes);
  await app.register(posRoutes);
  await app.register(cashierLookupRoutes);
  await app.register(receiptRoutes);
  await app.register(historyRoutes);
  await app.register(auditRoutes);
  await app.register(shiftRoutes);
  await app.register(settlementRoutes);
  await app.register(receivableRoutes);
  await app.register(inventoryRoutes);
  await app.register(redeemRoutes);
  await app.register(helpRoutes);
  await app.register(maintenanceRoutes);
  await app.register(reportRoutes);
  await app.register(memberRoutes);
  await app.register(journalRoutes);
  await app.register(loyaltyRoutes);
  await app.register(emrRecordRoutes);
  await app.register(satusehatRoutes);
  await app.register(registrationRoutes);
  for (const p of options.plugins ?? []) await app.register(p);
  return app;
}
