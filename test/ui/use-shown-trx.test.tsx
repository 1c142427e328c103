// @vitest-environment jsdom
// Issue 28: a tap's line shows from the planned row (pending.ts); the live read that follows brings a copy of the
// same row from IndexedDB. The page keeps the object it shows when the copy's content is the same, so the read
// does not re-render every part of the page a second time; a read with other content replaces it.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../src/events';
import { createPendingRows, type PendingRows } from '../../src/projections/pending';
import { useShownTrx } from '../../src/ui/features/pos/use-shown-trx';

const shown: (TransactionRecord | undefined)[] = [];
let host: HTMLDivElement | null = null;
afterEach(() => {
  host?.remove();
  shown.length = 0;
});

const row = (qty: number) =>
  ({
    local_trx_id: 't1',
    trx_status_id: 2,
    details: [{ local_trx_detail_id: 'l1', qty }],
  }) as unknown as TransactionRecord;

function Probe({ pending, read }: { pending: PendingRows; read: TransactionRecord | undefined }) {
  shown.push(useShownTrx(pending, 't1', read));
  return null;
}

describe('useShownTrx', () => {
  it('keeps the planned row when the live read is the same content; shows a read that differs', () => {
    const pending = createPendingRows();
    host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const stored = row(1);
    act(() => root.render(<Probe pending={pending} read={stored} />));
    const planned = row(2);
    let token = 0;
    act(() => {
      token = pending.show('t1', planned);
    });
    expect(shown.at(-1)).toBe(planned);
    act(() => pending.committed('t1', token));
    // the read sees the commit: a structured copy of the planned row
    act(() => root.render(<Probe pending={pending} read={structuredClone(planned)} />));
    expect(shown.at(-1)).toBe(planned);
    // the next change (another tab, another command) has other content: it shows
    const changed = row(3);
    act(() => root.render(<Probe pending={pending} read={changed} />));
    expect(shown.at(-1)).toBe(changed);
    act(() => root.unmount());
  });
});
