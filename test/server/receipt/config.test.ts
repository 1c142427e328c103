// The SMTP/SMS configuration from the environment (server/env.ts) and the integrations it selects.
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { configuredIntegrations } from '../../../server/integrations';
import { httpSmsSender } from '../../../server/integrations/sms';
import { startSmsGateway, startSmtp } from './loopback';

describe('receipt transports from the environment', () => {
  it('reads SMTP_URL, MAIL_FROM, SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN; unset means the stand-ins', () => {
    const env = readEnv({
      SMTP_URL: 'smtp://u:p@mail.example.id:587',
      MAIL_FROM: 'Serambi <struk@serambi.id>',
      SMS_GATEWAY_URL: 'https://sms.example.id/send',
      SMS_GATEWAY_TOKEN: 't0k3n',
    });
    expect(env).toMatchObject({
      smtpUrl: 'smtp://u:p@mail.example.id:587',
      mailFrom: 'Serambi <struk@serambi.id>',
      smsGatewayUrl: 'https://sms.example.id/send',
      smsGatewayToken: 't0k3n',
    });
    expect(readEnv({})).toMatchObject({ smtpUrl: undefined, smsGatewayUrl: undefined });
  });

  it('refuses a malformed transport URL at start', () => {
    expect(() => readEnv({ SMTP_URL: 'mail.example.id:587' })).toThrow(/SMTP_URL/);
    expect(() => readEnv({ SMS_GATEWAY_URL: 'ftp://x' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('without configuration both stand-ins keep the message (stored) and log a line', async () => {
    const lines: string[] = [];
    const i = configuredIntegrations({}, (l) => lines.push(l));
    expect(await i.email.send({ to: 'a@b.id', subject: 'Struk', body: 'x' })).toBe('stored');
    expect(await i.sms?.send({ to: '6281', message: 'x' })).toBe('stored');
    expect(lines).toHaveLength(2);
    await expect(i.email.send({ to: 'nobody', subject: 's', body: 'x' })).rejects.toThrow(/550/);
  });

  it('configured, they deliver for real: SMTP with the URL credentials and MAIL_FROM, the gateway with its token', async () => {
    const smtp = await startSmtp();
    const gateway = await startSmsGateway('t0k3n');
    try {
      const i = configuredIntegrations({
        smtpUrl: smtp.url,
        mailFrom: 'Serambi <struk@serambi.id>',
        smsGatewayUrl: gateway.url,
        smsGatewayToken: 't0k3n',
      });
      expect(
        await i.email.send({ to: 'rina@example.id', subject: 'Struk', body: 'teks', html: '<b>html</b>' }),
      ).toBe('sent');
      expect(smtp.received[0].from?.value[0]).toMatchObject({ name: 'Serambi', address: 'struk@serambi.id' });
      expect(smtp.received[0].text?.trim()).toBe('teks');
      expect(String(smtp.received[0].html)).toContain('<b>html</b>');
      expect(await i.sms?.send({ to: '628123', message: 'halo' })).toBe('sent');
      expect(gateway.received).toEqual([{ to: '628123', message: 'halo', authorization: 'Bearer t0k3n' }]);
      (i.email as { close?: () => void }).close?.();
    } finally {
      await smtp.close();
      await gateway.close();
    }
  });

  it('a gateway that does not answer in time is a failure (the outbox retries it)', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const sender = httpSmsSender({ url: 'http://127.0.0.1:9/sms', timeoutMs: 20, fetchImpl: hang });
    await expect(sender.send({ to: '628', message: 'x' })).rejects.toThrow();
  });
});
