// 'Transaksi Tersimpan' (000 §2 "Saved transactions"): the outlet's archived transactions from
// the server, searchable, each with Download (the cashier machine confirms and adds it locally).
import { Button, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { entryMatches, type SavedRow, STEP1_TEXTS, savedEntry, type WordingContext } from './model';
import { PagedList, TrxCard } from './TrxCard';

export interface SavedModalProps {
  opened: boolean;
  onClose: () => void;
  /** GET cashier/pos-sales-trx-archive. */
  load: () => Promise<SavedRow[]>;
  onDownload: (local_trx_id: string) => void;
  /** The machine is running a download: the list reloads once it ends. */
  busy: boolean;
  wording: WordingContext;
  isTablet: boolean;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: SavedRow[] };

export function SavedModal({ opened, onClose, load, onDownload, busy, wording, isTablet }: SavedModalProps) {
  const [keyword, setKeyword] = useState('');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const reload = useCallback(() => {
    setLoaded({ status: 'loading' });
    load().then(
      (rows) => setLoaded({ status: 'ready', rows }),
      (error: unknown) =>
        setLoaded({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [load]);

  useEffect(() => {
    if (opened) reload();
  }, [opened, reload]);

  // A finished download leaves the saved list: read it again. When the downloaded sale has left it
  // (downloaded, not cancelled), the dialog closes so the cashier sees it in the pending list (issue 10).
  const wasBusy = useRef(busy);
  const downloading = useRef<string | null>(null);
  useEffect(() => {
    if (!opened) downloading.current = null;
  }, [opened]);
  useEffect(() => {
    if (opened && wasBusy.current && !busy) reload();
    wasBusy.current = busy;
  }, [busy, opened, reload]);
  useEffect(() => {
    const id = downloading.current;
    if (!opened || !id || loaded.status !== 'ready') return;
    if (!loaded.rows.some((r) => r.local_trx_id === id)) {
      downloading.current = null;
      onClose();
    }
  }, [loaded, opened, onClose]);

  const entries = useMemo(() => {
    if (loaded.status !== 'ready') return [];
    return loaded.rows
      .map((row) => ({ row, entry: savedEntry(row, wording) }))
      .filter(({ row, entry }) => entryMatches(entry, keyword, row.local_trx_id));
  }, [loaded, wording, keyword]);

  const empty = keyword.trim() ? STEP1_TEXTS.savedNotFound : STEP1_TEXTS.savedEmpty;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={STEP1_TEXTS.savedTitle}
      size={isTablet ? '90%' : 'lg'}
      centered
    >
      <Stack gap="sm">
        <TextInput
          size="md"
          placeholder={STEP1_TEXTS.search}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
        <ScrollArea.Autosize mah="60vh" type="auto">
          {loaded.status === 'loading' && (
            <Stack align="center" py="lg">
              <Loader />
            </Stack>
          )}
          {loaded.status === 'error' && (
            <Stack align="center" py="lg">
              <Text c="red">{loaded.message}</Text>
              <Button variant="light" onClick={reload}>
                Coba lagi
              </Button>
            </Stack>
          )}
          {loaded.status === 'ready' && (
            <PagedList
              items={entries}
              empty={empty}
              render={({ row, entry }) => (
                <TrxCard
                  key={row.local_trx_id}
                  entry={entry}
                  actions={[
                    {
                      label: STEP1_TEXTS.download,
                      onClick: () => {
                        downloading.current = row.local_trx_id;
                        onDownload(row.local_trx_id);
                      },
                      disabled: busy,
                    },
                  ]}
                />
              )}
            />
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
