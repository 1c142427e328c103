import { isApiError } from '../../../api/http';
import { RECEIVABLE_TEXTS } from '../../../domain/texts';

/** 002 §8: a time-out of the receivable calls has its own text; any other error shows the server's error.message. */
export function receivableErrorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'timeout') return RECEIVABLE_TEXTS.timeout;
  return error instanceof Error && error.message ? error.message : RECEIVABLE_TEXTS.timeout;
}
