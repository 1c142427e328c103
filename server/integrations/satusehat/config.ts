import { SATUSEHAT_URLS, type SatusehatSettings } from './client';

/**
 * SATUSEHAT_* from the environment: SATUSEHAT_ENV (sandbox | production; sandbox by default) picks the two base
 * URLs, SATUSEHAT_AUTH_URL / SATUSEHAT_BASE_URL override them; SATUSEHAT_CLIENT_ID, SATUSEHAT_CLIENT_SECRET and
 * SATUSEHAT_ORGANIZATION_ID are the facility's credentials. No client id: undefined (main.ts starts the stand-in).
 */
export function readSatusehatEnv(env: NodeJS.ProcessEnv): SatusehatSettings | undefined {
  const clientId = env.SATUSEHAT_CLIENT_ID || undefined;
  if (!clientId) return undefined;
  const which = env.SATUSEHAT_ENV || 'sandbox';
  if (which !== 'sandbox' && which !== 'production')
    throw new Error(`SATUSEHAT_ENV must be sandbox or production, got ${which}`);
  const clientSecret = env.SATUSEHAT_CLIENT_SECRET || '';
  const organizationId = env.SATUSEHAT_ORGANIZATION_ID || '';
  if (!clientSecret || !organizationId)
    throw new Error('SATUSEHAT_CLIENT_ID needs SATUSEHAT_CLIENT_SECRET and SATUSEHAT_ORGANIZATION_ID');
  const urls = SATUSEHAT_URLS[which];
  for (const name of ['SATUSEHAT_AUTH_URL', 'SATUSEHAT_BASE_URL'] as const) {
    const v = env[name];
    if (v && !/^https?:\/\//.test(v)) throw new Error(`${name} must be an http or https URL`);
  }
  return {
    authUrl: env.SATUSEHAT_AUTH_URL || urls.authUrl,
    baseUrl: env.SATUSEHAT_BASE_URL || urls.baseUrl,
    clientId,
    clientSecret,
    organizationId,
  };
}
