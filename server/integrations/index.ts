import { type EmailSender, logEmailSender } from './email';

export type { EmailMessage, EmailSender } from './email';

/** Every outside service the server talks to, each swappable (tests and the demo use stand-ins). */
export interface Integrations {
  email: EmailSender;
}

export function standInIntegrations(log?: (line: string) => void): Integrations {
  return { email: logEmailSender(log) };
}
