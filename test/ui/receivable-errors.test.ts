// 002 §8 for the accounts receivable calls: a time-out shows the spec's text, any other error the server's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http';
import { receivableErrorText } from '../../src/ui/features/receivable/errors';

describe('receivableErrorText', () => {
  it('time-out: the spec text; an HTTP error: the server message', () => {
    const timeout = new ApiError({ kind: 'timeout', status: 0, statusText: 'timeout', message: 'x' });
    expect(receivableErrorText(timeout)).toBe('Telah terjadi kegagalan koneksi, silakan coba lagi.');
    const http = new ApiError({
      kind: 'http',
      status: 403,
      statusText: 'Forbidden',
      message: 'Anda tidak memiliki akses untuk fitur ini.',
    });
    expect(receivableErrorText(http)).toBe('Anda tidak memiliki akses untuk fitur ini.');
  });
});
