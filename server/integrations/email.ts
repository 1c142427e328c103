/** Outgoing e-mail (SMTP in production). Services never send directly: they queue in email_outbox. */
export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** The stand-in: accepts every message like an SMTP relay would and writes a line to the log. */
export function logEmailSender(log: (line: string) => void = () => {}): EmailSender {
  return {
    send: async (m) => {
      if (!m.to.includes('@')) throw new Error(`550 invalid recipient ${m.to}`);
      log(`email to ${m.to}: ${m.subject}`);
    },
  };
}
