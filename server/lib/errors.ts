import { MESSAGES } from '../../src/api/contract/envelope';

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
export const unauthenticated = () => new ServiceError('unauthenticated', MESSAGES.sessionExpired);
export const forbidden = () => new ServiceError('forbidden', MESSAGES.forbidden);
export const rateLimited = () => new ServiceError('rate_limited', MESSAGES.rateLimited);
