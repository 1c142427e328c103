// The retry of a whole database transaction on a serialization failure or a deadlock (issue 11 item 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, isRetryableConflict, retryOnConflict } from '../../server/db/retry';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** Drizzle's wrapper: the driver's error is the cause. */
const wrapped = (code: string) => new Error('Failed query: …', { cause: pgError(code) });

describe('retryOnConflict', () => {
  it('knows a deadlock and a serialization failure, also as the cause of a wrapper, and nothing else', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(wrapped('40001'))).toBe(true);
    expect(isRetryableConflict(wrapped('23505'))).toBe(false);
    expect(isRetryableConflict(new Error('x'))).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
  });

  it('runs again after a conflict and answers the run that went through', async () => {
    const waits: number[] = [];
    let runs = 0;
    const answer = await retryOnConflict(
      async () => {
        runs++;
        if (runs < 3) throw wrapped(runs === 1 ? '40P01' : '40001');
        return 'stored';
      },
      { wait: async (ms) => waits.push(ms), random: () => 0.5, baseMs: 10 },
    );
    expect(answer).toBe('stored');
    expect(runs).toBe(3);
    expect(waits).toEqual([5, 10]); // half of a doubling bound
  });

  it('gives up after a bounded number of runs, with the conflict', async () => {
    let runs = 0;
    const run = retryOnConflict(
      async () => {
        runs++;
        throw wrapped('40P01');
      },
      { wait: async () => {} },
    );
    await expect(run).rejects.toThrow('Failed query');
    expect(runs).toBe(CONFLICT_ATTEMPTS);
  });

  it('never runs again after another error', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw wrapped('23505');
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });

  it('every wait is below its doubling bound (jitter)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 4, maxLength: 4 }),
        async (draws) => {
          const waits: number[] = [];
          let i = 0;
          await retryOnConflict(
            async () => {
              if (i < 4) throw pgError('40001');
              return null;
            },
            {
              baseMs: 10,
              random: () => draws[i++],
              wait: async (ms) => waits.push(ms),
            },
          );
          waits.forEach((ms, n) => {
            expect(ms).toBeGreaterThanOrEqual(0);
            expect(ms).toBeLessThan(10 * 2 ** n);
          });
        },
      ),
    );
  });
});
