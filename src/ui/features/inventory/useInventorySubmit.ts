import { useCallback, useRef, useState } from 'react';
import { type InventorySubmitOutcome, newInventoryLocalTrxId, submitExactlyOnce } from './submit';

export interface InventoryNotice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/**
 * One inventory form's draft id and submit: the local_trx_id stays until the server answers definitely
 * (done: a new id for the reset form; refused: the same id, nothing was stored), so pressing the button
 * again after an unknown outcome resends the same id and the server stores it at most once.
 */
export function useInventorySubmit() {
  const [localTrxId, setLocalTrxId] = useState(newInventoryLocalTrxId);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<InventoryNotice | null>(null);
  const inFlight = useRef(false);

  const submit = useCallback(
    async <T>(
      send: (local_trx_id: string) => Promise<{ data: T; message?: string }>,
      successText: string,
      /** What the device records of a stored submit (e.g. the consumption flag), before it says done. */
      onDone?: () => Promise<unknown>,
    ): Promise<InventorySubmitOutcome<T> | null> => {
      if (inFlight.current) return null; // a double press sends once
      inFlight.current = true;
      setBusy(true);
      setNotice(null);
      try {
        const outcome = await submitExactlyOnce(() => send(localTrxId), {
          onRetry: (text) => setNotice({ kind: 'info', text }),
        });
        if (outcome.kind === 'done') {
          setLocalTrxId(newInventoryLocalTrxId());
          // the success is said only after the device has recorded it: a user who leaves at once loses nothing
          await onDone?.().catch(() => undefined);
          setNotice({ kind: 'success', text: outcome.message ?? successText });
        } else {
          setNotice({ kind: 'error', text: outcome.message });
        }
        return outcome;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [localTrxId],
  );

  return { localTrxId, busy, notice, setNotice, submit };
}
