import type { Delivery } from './email';

/** Outgoing SMS. Services never send directly: they queue in sms_outbox. */
export interface SmsMessage {
  /** Digits with the country prefix, e.g. 628123456789. */
  to: string;
  message: string;
}

/** send resolves 'stored' when it kept the message; any other answer (or none) means sent. */
export interface SmsSender {
  send(message: SmsMessage): Promise<unknown>;
}

/** The stand-in (no gateway configured): the message stays in sms_outbox as 'stored', readable there. */
export function storeSmsSender(log: (line: string) => void = () => {}): SmsSender {
  return {
    send: async (m): Promise<Delivery> => {
      log(`sms to ${m.to} (kept in sms_outbox: no SMS_GATEWAY_URL)`);
      return 'stored';
    },
  };
}

export interface SmsGatewayOptions {
  /** The gateway's endpoint: POST JSON {to, message}. */
  url: string;
  /** Sent as "Authorization: Bearer {token}" when set. */
  token?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** An HTTP SMS gateway: any 2xx is accepted; anything else (or no answer in time) throws, so the outbox retries. */
export function httpSmsSender(options: SmsGatewayOptions): SmsSender {
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    send: async (m): Promise<Delivery> => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const r = await fetchImpl(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: m.to, message: m.message }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!r.ok) {
        const text = (await r.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS gateway ${r.status}${text ? `: ${text}` : ''}`);
      }
      return 'sent';
    },
  };
}
