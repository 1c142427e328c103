// Issue 29 ('Selesai' → paper): what the POS page renders of the cashier machine's snapshot while a sale is
// submitted. For its first `afterMs` a submission is not rendered at all (the frame as it was; the machine itself
// refuses a second 'Selesai'), so a quick commit is not interleaved with a re-render of the whole frame at a slow
// CPU (bench/README.md, fourth pass); a longer one (a server to wait for) then shows, in a deferred render React
// can interrupt. Every other state shows at once.
import { useDeferredValue, useEffect, useRef, useState } from 'react';

export function useShownSnapshot<S extends { hasTag(tag: string): boolean }>(
  snapshot: S,
  tag: string,
  afterMs: number,
): S {
  const submitting = snapshot.hasTag(tag);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!submitting) return;
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [submitting, afterMs]);
  const before = useRef(snapshot);
  if (!submitting) before.current = snapshot;
  const deferred = useDeferredValue(submitting && !late ? before.current : snapshot);
  return submitting ? deferred : snapshot;
}
