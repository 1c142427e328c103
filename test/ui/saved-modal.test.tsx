// @vitest-environment jsdom
// 'Transaksi Tersimpan' (000 §2 "Saved transactions"): after a download the dialog closes, so the
// cashier sees the sale in the pending list instead of a dialog still open over it (issue 10); a
// download that did not happen (confirm declined) leaves it open.
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEPARATORS } from '../../src/domain';
import type { SavedRow, WordingContext } from '../../src/ui/features/pos/step1/model';
import { SavedModal } from '../../src/ui/features/pos/step1/SavedModal';
import { act, cleanup, fireEvent, render, screen } from '../fixtures/render';

afterEach(cleanup);

const NOW = '2026-11-22 10:00:00';
const wording: WordingContext = {
  currency: 'IDR',
  separators: DEFAULT_SEPARATORS,
  qtyDecimalLength: 0,
  now: NOW,
  documentDateEditable: false,
};
const row = (id: string): SavedRow => ({
  local_trx_id: id,
  saved_at: NOW,
  trx: { local_trx_id: id, trx_local_start_time: NOW, trx_status_id: 2, trx_name: `Sale ${id}` },
});

/** The saved list on the server: a download removes the row when `downloads` says so. */
function Harness({ downloads, onClose }: { downloads: boolean; onClose: () => void }) {
  const [rows, setRows] = useState([row('trx-0001-aaaaaa'), row('trx-0002-bbbbbb')]);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(true);
  return (
    <SavedModal
      opened={opened}
      onClose={() => {
        onClose();
        setOpened(false);
      }}
      load={async () => rows}
      onDownload={(id) => {
        setBusy(true);
        // the machine confirms, downloads (or not), then is idle again
        setTimeout(() => {
          if (downloads) setRows((r) => r.filter((x) => x.local_trx_id !== id));
          setBusy(false);
        }, 0);
      }}
      busy={busy}
      wording={wording}
      isTablet={false}
    />
  );
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 10)));

describe('SavedModal after a download', () => {
  it('closes once the downloaded sale has left the saved list', async () => {
    const onClose = vi.fn();
    render(<Harness downloads onClose={onClose} />);
    await settle();
    fireEvent.click(screen.getAllByRole('button', { name: 'Download' })[0]);
    await settle();
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open when the download did not happen', async () => {
    const onClose = vi.fn();
    render(<Harness downloads={false} onClose={onClose} />);
    await settle();
    fireEvent.click(screen.getAllByRole('button', { name: 'Download' })[0]);
    await settle();
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(2);
  });
});
