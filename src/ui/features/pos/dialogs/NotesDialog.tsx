// Transaction Notes (000 §2): a textarea and Save; 'Transaction notes successfully saved!'.
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

export const NOTES_SAVED = 'Transaction notes successfully saved!';

export interface NotesDialogViewProps {
  opened: boolean;
  onClose: () => void;
  notes: string | null | undefined;
  /** Resolves with the command's refusal message, or null when saved. */
  onSave: (notes: string | null) => Promise<string | null>;
  notify: (kind: 'success' | 'error', message: string) => void;
}

export function NotesDialogView({ opened, onClose, notes, onSave, notify }: NotesDialogViewProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) setText(notes ?? '');
  }, [opened, notes]);

  const save = async () => {
    setBusy(true);
    const refused = await onSave(text.trim() === '' ? null : text);
    setBusy(false);
    if (refused) notify('error', refused);
    else {
      notify('success', NOTES_SAVED);
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Notes" centered size="md">
      <Stack gap="sm">
        <Textarea
          size="md"
          rows={5}
          autosize
          minRows={5}
          maxRows={10}
          data-autofocus
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button size="md" loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
