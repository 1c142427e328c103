// 'Data Pelanggan' of the journal (001 §2.9): in medical-record mode the NIK and the national health ID (with
// the Sync button when the SATUSEHAT client provides one) and their warnings; always the journal notes with
// 'Last Modified by … At …', the unsaved-changes warning and 'Update Catatan'.
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalCustomer } from '../../../api/contract/journal';
import { errorMessage } from '../../../api/http';
import type { JournalApi } from '../../../api/journal';
import { formatJournalTime, notesDirty } from '../../../domain/journal';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { MEMBER_INFO_TEXTS } from '../../../domain/texts/member-info';
import { notify } from '../../components/feedback';
import { patientIdSync } from './medical-tabs';

export interface DataTabProps {
  api: JournalApi;
  customer: JournalCustomer;
  identifier: CustomerIdentifier;
  medical: boolean;
  reload: () => Promise<void>;
}

export function DataTab({ api, customer: c, identifier, medical, reload }: DataTabProps) {
  const [text, setText] = useState(c.journal_notes ?? '');
  const [saved, setSaved] = useState(c.journal_notes ?? '');
  const [busy, setBusy] = useState(false);
  const dirty = notesDirty(text, saved);
  const Sync = patientIdSync.Button;

  const save = async () => {
    setBusy(true);
    try {
      const message = await api.saveNotes(c.user_id, text);
      notify('success', `${T.notesSavedTitle}: ${message || T.notesSaved}`);
      setSaved(text);
      await reload();
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {medical && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={600}>{T.nik}:</Text>
              <Text>{c.nik ?? '-'}</Text>
            </Group>
            {!c.nik && (
              <Alert color="yellow" role="status">
                {T.noNik}
              </Alert>
            )}
            <Group gap="xs">
              <Text fw={600}>{O.healthId}:</Text>
              <Text>{c.satusehat_patient_id ?? c.satusehat_ihs_no ?? '-'}</Text>
              {Sync && c.nik && <Sync customer={c} identifier={identifier} onSynced={() => void reload()} />}
            </Group>
            {!(c.satusehat_patient_id ?? c.satusehat_ihs_no) && (
              <Alert color="yellow" role="status">
                {T.noHealthId('SATUSEHAT')}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      <Textarea
        label={MEMBER_INFO_TEXTS.journalNotes}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={16}
      />
      {c.journal_notes_modified_by && c.journal_notes_modified_at && (
        <Text size="sm" c="dimmed">
          {T.lastModified(c.journal_notes_modified_by, formatJournalTime(c.journal_notes_modified_at))}
        </Text>
      )}
      {dirty && (
        <Text size="sm" c="red.8" role="status">
          {T.unsaved}
        </Text>
      )}
      <Group>
        <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
          {T.updateNotes}
        </Button>
      </Group>
    </Stack>
  );
}
