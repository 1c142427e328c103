import { type EmailSender, logEmailSender, smtpEmailSender } from './email';
import type { SatusehatClient } from './satusehat/client';
import { httpSmsSender, type SmsSender, storeSmsSender } from './sms';

export type { Delivery, EmailMessage, EmailSender } from './email';
export type { SmsMessage, SmsSender } from './sms';

/** Every outside service the server talks to, each swappable (tests and the demo use stand-ins). */
export interface Integrations {
  email: EmailSender;
  /** Absent: the stand-in (messages stay in sms_outbox as 'stored'). */
  sms?: SmsSender;
  /** The national health-record exchange (or its stand-in); absent: nothing is sent, setup calls refuse. */
  satusehat?: SatusehatClient;
}

export function standInIntegrations(log?: (line: string) => void): Integrations {
  return { email: logEmailSender(log), sms: storeSmsSender(log) };
}

export interface IntegrationSettings {
  smtpUrl?: string;
  mailFrom?: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
}

/** Real SMTP and SMS where configured (SMTP_URL, SMS_GATEWAY_URL), the stand-ins otherwise. */
export function configuredIntegrations(s: IntegrationSettings, log?: (line: string) => void): Integrations {
  const standIn = standInIntegrations(log);
  return {
    email: s.smtpUrl
      ? smtpEmailSender({ url: s.smtpUrl, from: s.mailFrom || 'Serambi <no-reply@serambi.local>' })
      : standIn.email,
    sms: s.smsGatewayUrl ? httpSmsSender({ url: s.smsGatewayUrl, token: s.smsGatewayToken }) : standIn.sms,
  };
}
