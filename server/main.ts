import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { createDb, type Database } from './db/create-db';
import { DataDirInUseError } from './db/data-dir-lock';
import { demoBusiness } from './db/demo';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import {
  refreshPlannerStatistics,
  refreshPlannerStatisticsIfStale,
  STATISTICS_INTERVAL_MS,
} from './db/statistics';
import { browsableUrl, hostForUrl, readEnv, readTlsFiles } from './env';
import { loggableError } from './http/reply';
import { configuredIntegrations } from './integrations';
import { httpSatusehatClient, readSatusehatEnv } from './integrations/satusehat';
import { startDemoStandIn } from './integrations/satusehat/demo';
import { systemClock } from './lib/clock';
import { pruneAuthAttempts } from './services/attempt-limiter';
import { deliverQueuedEmails, RETRY_SCHEDULE_MS } from './services/email-outbox';
import { loadIcd10 } from './services/icd10';
import { sendActivitiesToSatusehat } from './services/satusehat-outbox';
import { deliverQueuedSms } from './services/sms-outbox';
import { wrapLegacyWalletCodeHashes } from './services/wallet-code';
import { clientPlugin } from './static';

const EMAIL_INTERVAL_MS = 15_000;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** What a signal does: until the server listens, close the database (its folder lock too) and leave. */
let shutdown = async (signal: string, database?: Database) => {
  console.log(`${signal}: closing`);
  await database?.close().catch(() => {});
  process.exit(0);
};
let startingDb: Database | undefined;
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void shutdown(signal, startingDb);
  });

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const https = readTlsFiles(env.tls, (path) => readFileSync(path));
  const database = await createDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  startingDb = database;
  const applied = await migrate(database);
  if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
  const icd10 = await loadIcd10(database);
  if (icd10) console.log(`ICD-10 list loaded: ${icd10} codes`);
  const wrapped = await wrapLegacyWalletCodeHashes(database);
  if (wrapped) console.log(`wallet PIN hashes upgraded to argon2id: ${wrapped}`);
  if (env.seedDemo && (await seedIfEmpty(database, () => demoBusiness(), systemClock))) {
    console.log('demo business loaded (demo@serambi.id / demo1234)');
  }
  const integrations = configuredIntegrations(env, (line) => console.log(line));
  // SATUSEHAT: the real exchange when SATUSEHAT_CLIENT_ID is set, else its stand-in on a local port (README)
  const satusehatSettings = readSatusehatEnv(process.env);
  const satusehatStandIn = satusehatSettings ? undefined : await startDemoStandIn(database);
  integrations.satusehat = httpSatusehatClient(
    satusehatSettings ?? (satusehatStandIn as NonNullable<typeof satusehatStandIn>).settings,
  );
  console.log(
    satusehatSettings
      ? `SATUSEHAT: ${new URL(satusehatSettings.baseUrl).host} (organization ${satusehatSettings.organizationId})`
      : `SATUSEHAT: the stand-in at ${satusehatStandIn?.url} (no SATUSEHAT_CLIENT_ID)`,
  );
  console.log(
    `e-mail: ${env.smtpUrl ? `SMTP ${new URL(env.smtpUrl).host}` : 'kept in email_outbox (no SMTP_URL)'}; ` +
      `SMS: ${env.smsGatewayUrl ? `gateway ${new URL(env.smsGatewayUrl).host}` : 'kept in sms_outbox (no SMS_GATEWAY_URL)'}`,
  );
  const app = await buildApp({
    db: database,
    clock: systemClock,
    integrations,
    logger: { level: env.logLevel },
    trustProxy: env.trustProxy,
    corsOrigins: env.corsOrigins,
    publicUrl: env.publicUrl,
    maintenancePassphraseHash: env.maintenancePassphraseHash,
    https,
    plugins: [clientPlugin(env.distDir, { sourceMaps: process.env.NODE_ENV === 'development' })],
  });
  await app.listen({ port: env.port, host: env.host });
  const { port } = app.server.address() as AddressInfo;
  const protocol = https ? 'https' : 'http';
  const localUrl = browsableUrl(env.host, port, protocol);
  app.deps.publicUrl = env.publicUrl ?? localUrl;
  console.log(`Serambi listening on ${protocol}://${hostForUrl(env.host)}:${port} — open ${localUrl}`);
  if (!https)
    console.log(
      'plain http: a till on another device (not localhost) cannot work offline there; TLS_CERT_FILE and TLS_KEY_FILE turn on HTTPS (README)',
    );
  if (env.corsOrigins.length) console.log(`CORS: pages on ${env.corsOrigins.join(', ')} may call the API`);

  let delivering: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    delivering = Promise.all([
      deliverQueuedEmails(app.deps, 20, RETRY_SCHEDULE_MS).catch((e: Error) =>
        app.log.error({ err: loggableError(e) }, 'email delivery'),
      ),
      deliverQueuedSms(app.deps, 20, RETRY_SCHEDULE_MS).catch((e: Error) =>
        app.log.error({ err: loggableError(e) }, 'sms delivery'),
      ),
      sendActivitiesToSatusehat(app.deps).catch((e: Error) =>
        app.log.error({ err: loggableError(e) }, 'satusehat outbox'),
      ),
    ]);
  }, EMAIL_INTERVAL_MS);
  timer.unref();
  const pruneTimer = setInterval(() => {
    pruneAuthAttempts(app.deps).catch((e: Error) =>
      app.log.error({ err: loggableError(e) }, 'prune auth attempts'),
    );
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  // the embedded database has no autovacuum: its planner statistics are refreshed here (server/db/statistics.ts)
  let analyzing: Promise<unknown> = Promise.resolve();
  const analyze = (refresh: typeof refreshPlannerStatistics) => {
    analyzing = refresh(database, systemClock.now()).catch((e: Error) =>
      app.log.error({ err: loggableError(e) }, 'planner statistics'),
    );
  };
  analyze(refreshPlannerStatisticsIfStale);
  const statisticsTimer = setInterval(() => analyze(refreshPlannerStatistics), STATISTICS_INTERVAL_MS);
  statisticsTimer.unref();

  shutdown = async (signal: string) => {
    console.log(`${signal}: closing`);
    clearInterval(timer);
    clearInterval(pruneTimer);
    clearInterval(statisticsTimer);
    // A keep-alive socket that answered during close would hold the server open for its time-out:
    // close each connection as soon as it goes idle, so close() ends once in-flight requests are answered.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      clearInterval(idleCloser);
      await delivering;
      await analyzing;
      await satusehatStandIn?.close();
      await database.close(); // PGlite flushes its data folder here
      process.exit(0);
    } catch (e) {
      console.error(e);
      process.exit(1);
    }
  };
}

main().catch((e) => {
  // a refusal the operator can act on is one line, not a stack
  console.error(e instanceof DataDirInUseError ? e.message : e);
  process.exit(1);
});
