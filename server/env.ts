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
  };
}

/** A host as it goes in a URL (an IPv6 address in brackets). */
export const hostForUrl = (host: string) =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

/** A wildcard bind (0.0.0.0, ::) is no address a browser can open: this machine is reached as localhost. */
export function browsableUrl(host: string, port: number): string {
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(host);
  return `http://${wildcard ? 'localhost' : hostForUrl(host)}:${port}`;
}

function urlProtocol(v: string): string {
  try {
    return new URL(v).protocol;
  } catch {
    return '';
  }
}
