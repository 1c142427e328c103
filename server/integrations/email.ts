import nodemailer from 'nodemailer';

/** Outgoing e-mail (SMTP in production). Services never send directly: they queue in email_outbox. */
export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** An HTML part (receipts). */
  html?: string;
}

/**
 * What became of a message: 'sent' (handed to a transport) or 'stored' (no transport configured: it stays
 * readable in the outbox and is not retried). A failure throws.
 */
export type Delivery = 'sent' | 'stored';

/** send resolves 'stored' when it kept the message; any other answer (or none) means sent. */
export interface EmailSender {
  send(message: EmailMessage): Promise<unknown>;
}

/** The stand-in (no SMTP configured): writes a line to the log and keeps the message in the outbox. */
export function logEmailSender(log: (line: string) => void = () => {}): EmailSender {
  return {
    send: async (m): Promise<Delivery> => {
      if (!m.to.includes('@')) throw new Error(`550 invalid recipient ${m.to}`);
      log(`email to ${m.to}: ${m.subject} (kept in email_outbox: no SMTP_URL)`);
      return 'stored';
    },
  };
}

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS). */
  url: string;
  /** The From header, e.g. "Serambi <struk@serambi.id>". */
  from: string;
  /** Per-connection and per-command time-outs. */
  timeoutMs?: number;
}

/** Real SMTP through nodemailer; a refusal (4xx/5xx, connection error) throws, so the outbox retries. */
export function smtpEmailSender(options: SmtpOptions): EmailSender & { close(): void } {
  const timeout = options.timeoutMs ?? 30_000;
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // a self-signed relay on a private network: ?tls=insecure
    tls: url.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    send: async (m): Promise<Delivery> => {
      await transport.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.body,
        html: m.html,
      });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
