/** The server's settings, all from the environment (issue 2 part 2). */
export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  distDir: string;
  publicUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
}

export function readEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0–65535, got ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: env.DIST_DIR || './dist',
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL || 'warn',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO !== '0',
  };
}
