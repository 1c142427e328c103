import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';

/** The server's stored copy of one transaction: still loading, failed (the error was told), or loaded. */
export type StoredTrxState<T> = T | 'loading' | 'failed';

/**
 * Loads a stored transaction from the server (the receipt, the history copy and the worker edit all
 * read it so). `load` null: not wanted (e.g. the device holds the sale), stays 'loading'. A stale answer
 * (the id changed, the page closed) is dropped. `load` must be stable (useMemo/useCallback).
 */
export function useStoredTrx<T>(
  load: ((local_trx_id: string) => Promise<T>) | null,
  local_trx_id: string,
  onError: (message: string) => void,
): StoredTrxState<T> {
  const [state, setState] = useState<StoredTrxState<T>>('loading');
  const tell = useRef(onError);
  tell.current = onError;
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState('loading');
    load(local_trx_id)
      .then((t) => {
        if (live) setState(t);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setState('failed');
        tell.current(errorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [load, local_trx_id]);
  return state;
}
