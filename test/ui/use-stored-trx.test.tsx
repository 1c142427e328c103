// @vitest-environment jsdom
// One loader of a stored transaction for the receipt, the history copy and the worker edit: skipped when
// not wanted, a failure told once, and a stale answer (the id changed meanwhile) never shown.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStoredTrx } from '../../src/ui/features/receipt/use-stored-trx';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useStoredTrx', () => {
  it('stays loading without a loader and never calls it', () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useStoredTrx<string>(null, 'a', onError));
    expect(result.current).toBe('loading');
  });

  it('shows the answer for the current id only', async () => {
    const pending: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const load = (id: string) => pending[id].promise;
    const { result, rerender } = renderHook(({ id }) => useStoredTrx(load, id, () => {}), {
      initialProps: { id: 'a' },
    });
    rerender({ id: 'b' });
    await act(async () => pending.a.resolve('trx a'));
    expect(result.current).toBe('loading');
    await act(async () => pending.b.resolve('trx b'));
    expect(result.current).toBe('trx b');
  });

  it('fails with the error told once', async () => {
    const onError = vi.fn();
    const load = () => Promise.reject(new Error('Transaksi tidak ditemukan.'));
    const { result } = renderHook(() => useStoredTrx<string>(load, 'a', onError));
    await act(async () => {});
    expect(result.current).toBe('failed');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('Transaksi tidak ditemukan.');
  });
});
