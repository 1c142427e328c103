// The NFC scan modal (000 §2 "Cashier dialogs", §5 Submit): a card reader types the card code like a
// keyboard and ends with Enter; a code shorter than 10 characters is ignored (003 §9).
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { acceptNfcCode } from '../../../../machines/cashier';

export const NFC_TEXT = 'Scan kartu sekarang..';

/** One key of the reader: the buffer grows by printable characters; Enter yields a code (or null) and clears it. */
export function nfcKey(buffer: string, key: string): { buffer: string; code: string | null; ended: boolean } {
  if (key === 'Enter') return { buffer: '', code: acceptNfcCode(buffer), ended: true };
  if (key === 'Backspace') return { buffer: buffer.slice(0, -1), code: null, ended: false };
  if (key.length === 1) return { buffer: buffer + key, code: null, ended: false };
  return { buffer, code: null, ended: false };
}

export function NfcModal({
  opened,
  onScanned,
  onCancel,
}: {
  opened: boolean;
  onScanned: (code: string) => void;
  onCancel: () => void;
}) {
  const buffer = useRef('');
  const scanned = useRef(onScanned);
  scanned.current = onScanned;

  useEffect(() => {
    if (!opened) return;
    buffer.current = '';
    const onKey = (e: KeyboardEvent) => {
      const r = nfcKey(buffer.current, e.key);
      buffer.current = r.buffer;
      if (e.key === 'Enter') e.preventDefault();
      // A short code is ignored: the modal keeps listening for the next card.
      if (r.code) scanned.current(r.code);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onCancel} title="NFC" centered closeOnClickOutside={false}>
      <Stack align="center" gap="md" py="md">
        <Text size="xl" fw={700} data-testid="nfc-text">
          {NFC_TEXT}
        </Text>
        <Button variant="default" size="md" onClick={onCancel}>
          Batal
        </Button>
      </Stack>
    </Modal>
  );
}
