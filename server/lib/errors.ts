import { API_MESSAGES } from '../../src/domain/texts/server';

/**
 * What a service reports to the caller. The HTTP layer maps the kind to a status in one place
 * (invalid 400, unauthenticated 303, forbidden 403, rate_limited 429, not_found 404).
 */
export type ServiceErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'rate_limited' | 'not_found';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const invalid = (message: string, field?: string) => new ServiceError('invalid', message, field);
export const unauthenticated = () => new ServiceError('unauthenticated', API_MESSAGES.sessionExpired);
export const forbidden = () => new ServiceError('forbidden', API_MESSAGES.forbidden);
export const rateLimited = () => new ServiceError('rate_limited', API_MESSAGES.rateLimited);
