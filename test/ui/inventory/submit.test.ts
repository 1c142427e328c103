import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http';
import { INVENTORY_SUBMIT_TEXTS } from '../../../src/domain/texts/inventory';
import { submitExactlyOnce } from '../../../src/ui/features/inventory/submit';

const timeout = () => new ApiError({ kind: 'timeout', status: 0, statusText: '', message: 'x' });
const refused = () =>
  new ApiError({
    kind: 'http',
    status: 400,
    statusText: 'Bad Request',
    message: 'Qty barang tidak boleh nol.',
    field: 'qty',
  });
const noSleep = async () => {};

describe('submitExactlyOnce (issue 13)', () => {
  it('resends the same body after a time-out and reports the retries', async () => {
    const bodies: string[] = [];
    const told: string[] = [];
    let calls = 0;
    const outcome = await submitExactlyOnce(
      async () => {
        bodies.push('local-1');
        calls++;
        if (calls < 3) throw timeout();
        return { data: { inv_trx_id: 7 }, message: 'Barang berhasil diterima.' };
      },
      { sleep: noSleep, onRetry: (t) => told.push(t) },
    );
    expect(outcome).toEqual({ kind: 'done', value: { inv_trx_id: 7 }, message: 'Barang berhasil diterima.' });
    expect(bodies).toEqual(['local-1', 'local-1', 'local-1']);
    expect(told).toEqual([INVENTORY_SUBMIT_TEXTS.retrying(2, 3), INVENTORY_SUBMIT_TEXTS.retrying(3, 3)]);
  });

  it('stops at a refusal without resending and keeps the server’s message and field', async () => {
    let calls = 0;
    const outcome = await submitExactlyOnce(
      async () => {
        calls++;
        throw refused();
      },
      { sleep: noSleep },
    );
    expect(calls).toBe(1);
    expect(outcome).toEqual({ kind: 'refused', message: 'Qty barang tidak boleh nol.', field: 'qty' });
  });

  it('says the outcome is unknown after every attempt failed, and rethrows a forced sign-out', async () => {
    const out = await submitExactlyOnce(
      async () => {
        throw timeout();
      },
      { sleep: noSleep, delaysMs: [1, 1, 1] },
    );
    expect(out).toEqual({ kind: 'unknown', message: INVENTORY_SUBMIT_TEXTS.unknown });
    const forced = new ApiError({ kind: 'forcedSignOut', status: 303, statusText: '', message: 's' });
    await expect(
      submitExactlyOnce(
        async () => {
          throw forced;
        },
        { sleep: noSleep },
      ),
    ).rejects.toBe(forced);
  });

  it('sends at most delays + 1 times and answers done iff some attempt answered', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 4 }),
        async (answers, nDelays) => {
          let i = 0;
          const out = await submitExactlyOnce(
            async () => {
              const ok = answers[i++] ?? false;
              if (!ok) throw timeout();
              return { data: i };
            },
            { sleep: noSleep, delaysMs: Array(nDelays).fill(0) },
          );
          const firstOk = answers.slice(0, nDelays + 1).indexOf(true);
          expect(i).toBe(firstOk === -1 ? nDelays + 1 : firstOk + 1);
          expect(out.kind).toBe(firstOk === -1 ? 'unknown' : 'done');
        },
      ),
    );
  });
});
