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
  /** CORS_ORIGIN: comma-separated origins (https://pos.example.com) whose pages may call the API; empty: same origin only. */
  corsOrigins: string[];
  seedDemo: boolean;
  /** Real e-mail: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465; unset = kept in email_outbox. */
  smtpUrl: string | undefined;
  /** The From header of e-mails. */
  mailFrom: string | undefined;
  /** Real SMS: the HTTP gateway's endpoint (POST JSON {to, message}); unset = kept in sms_outbox. */
  smsGatewayUrl: string | undefined;
  /** Bearer token for the SMS gateway. */
  smsGatewayToken: string | undefined;
  /**
   * TLS_CERT_FILE + TLS_KEY_FILE: the server speaks HTTPS itself (PEM files; the certificate file may hold the
   * chain). A till's offline worker needs a secure context, which plain http on the LAN is not (README).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** MAINTENANCE_PASSPHRASE_HASH: argon2 hash of the /backdoor passphrase (ruling 10; README); unset: locked. */
  maintenancePassphraseHash: string | undefined;
}

export function readEnv(env: NodeJS.ProcessEnv): ServerEnv {
  for (const [name, protocols] of [
    ['SMTP_URL', ['smtp:', 'smtps:']],
    ['SMS_GATEWAY_URL', ['http:', 'https:']],
  ] as const) {
    const v = env[name];
    if (v && !(protocols as readonly string[]).includes(urlProtocol(v)))
      throw new Error(`${name} must be a ${protocols.join(' or ')} URL`);
  }
  const corsOrigins = (env.CORS_ORIGIN ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const o of corsOrigins) {
    if (!['http:', 'https:'].includes(urlProtocol(o)) || new URL(o).origin !== o)
      throw new Error(`CORS_ORIGIN must list origins such as https://pos.example.com, got ${o}`);
  }
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile !== !keyFile)
    throw new Error(
      'TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither for plain http',
    );
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
    corsOrigins,
    seedDemo: env.SEED_DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    tls: certFile && keyFile ? { certFile, keyFile } : undefined,
    maintenancePassphraseHash: env.MAINTENANCE_PASSPHRASE_HASH || undefined,
  };
}

/** A host as it goes in a URL (an IPv6 address in brackets). */
export const hostForUrl = (host: string) =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

/** A wildcard bind (0.0.0.0, ::) is no address a browser can open: this machine is reached as localhost. */
export function browsableUrl(host: string, port: number, protocol: 'http' | 'https' = 'http'): string {
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(host);
  return `${protocol}://${wildcard ? 'localhost' : hostForUrl(host)}:${port}`;
}

/** The certificate and key of TLS_CERT_FILE / TLS_KEY_FILE; a file that cannot be read is named. */
export function readTlsFiles(
  tls: ServerEnv['tls'],
  read: (path: string) => Buffer,
): { cert: Buffer; key: Buffer } | undefined {
  if (!tls) return undefined;
  const file = (name: string, path: string) => {
    try {
      return read(path);
    } catch (e) {
      throw new Error(`${name} ${path} cannot be read: ${(e as Error).message}`);
    }
  };
  return { cert: file('TLS_CERT_FILE', tls.certFile), key: file('TLS_KEY_FILE', tls.keyFile) };
}

function urlProtocol(v: string): string {
  try {
    return new URL(v).protocol;
  } catch {
    return '';
  }
}
