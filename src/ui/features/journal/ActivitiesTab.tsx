// 'Aktivitas Pelanggan' (001 §2.9): 'Buat Aktivitas Baru', the 'Cari..' filter, the activities table with
// 'Lihat Foto Aktivitas' (a modal 768 wide), Ubah and Hapus for the author only, and the synced-at column
// when rme_satu_sehat = 1 (a red mark when not sent, else the date it was sent).
import { Button, Group, Image, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalActivity } from '../../../api/contract/journal';
import { errorMessage } from '../../../api/http';
import type { JournalApi } from '../../../api/journal';
import { canModifyActivity, filterActivities, formatJournalTime } from '../../../domain/journal';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { confirm, notify } from '../../components/feedback';

export interface ActivitiesTabProps {
  api: JournalApi;
  identifier: CustomerIdentifier;
  showSynced: boolean;
  businessUserId: number | null;
  onNew: () => void;
  onEdit: (a: JournalActivity) => void;
}

export function ActivitiesTab({
  api,
  identifier,
  showSynced,
  businessUserId,
  onNew,
  onEdit,
}: ActivitiesTabProps) {
  const [list, setList] = useState<JournalActivity[] | null>(null);
  const [term, setTerm] = useState('');
  const [viewing, setViewing] = useState<JournalActivity | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await api.activities(identifier));
    } catch (e) {
      notify('error', errorMessage(e));
      setList([]);
    }
  }, [api, identifier]);
  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => filterActivities(list ?? [], term), [list, term]);

  const remove = async (a: JournalActivity) => {
    if (
      !(await confirm({
        title: T.remove,
        message: T.confirmDelete,
        danger: true,
        confirmLabel: T.yes,
        cancelLabel: T.cancel,
      }))
    )
      return;
    try {
      notify('success', (await api.remove(a.local_trx_id)) || O.deleted);
      await load();
    } catch (e) {
      notify('error', errorMessage(e));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button onClick={onNew}>{T.newActivity}</Button>
        <TextInput
          aria-label={T.filter}
          placeholder={T.filter}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          w={260}
        />
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-busy={list === null}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.date}</Table.Th>
              <Table.Th>{T.activityNotes}</Table.Th>
              <Table.Th>{T.cashierNotes}</Table.Th>
              <Table.Th>{O.author}</Table.Th>
              {showSynced && <Table.Th>{O.syncedAt}</Table.Th>}
              <Table.Th>{O.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list !== null && shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={showSynced ? 6 : 5}>
                  <Text c="dimmed" size="sm">
                    {O.noActivities}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((a) => (
              <Table.Tr key={a.local_trx_id} data-activity={a.local_trx_id}>
                <Table.Td>{formatJournalTime(a.created_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.activity_notes}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.notes_for_cashier}</Table.Td>
                <Table.Td>{a.author_name}</Table.Td>
                {showSynced && (
                  <Table.Td>
                    {a.synced_at ? (
                      formatJournalTime(a.synced_at)
                    ) : (
                      <Text c="red.8" fw={700} title={O.notSynced} aria-label={O.notSynced}>
                        ✕
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setViewing(a)}>
                      {T.viewPhotos}
                    </Button>
                    {canModifyActivity(a, businessUserId) && (
                      <>
                        <Button size="xs" variant="default" onClick={() => onEdit(a)}>
                          {T.edit}
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => void remove(a)}>
                          {T.remove}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {viewing && <ActivityModal activity={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}

/** 'Lihat Foto Aktivitas': photos, notes, cashier notes, the medical-record section and 'Last update by … at …'. */
function ActivityModal({ activity: a, onClose }: { activity: JournalActivity; onClose: () => void }) {
  const medical = a.pos_area_id !== null || a.icd_10_id !== null;
  const field = (label: string, value: string | null) => (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value || '-'}
      </Text>
    </div>
  );
  return (
    <Modal opened onClose={onClose} title={T.viewPhotos} size={768} centered>
      <Stack gap="md">
        {a.customer_activity_photos.length === 0 ? (
          <Text c="dimmed">{T.noPhoto}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {a.customer_activity_photos.map((p) => (
              <Stack key={p.customer_activity_photo_id} gap={4}>
                <Image src={p.photo_url} alt={p.photo_desc ?? T.photos} radius="sm" fit="contain" mah={300} />
                <Text size="sm">{p.photo_desc}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {field(T.activityNotes, a.activity_notes)}
        {field(T.cashierNotes, a.notes_for_cashier)}
        {medical && (
          <Stack gap="xs">
            <Text fw={700}>{T.emr}</Text>
            {field(T.room, a.area_name)}
            {field(T.icd10, a.skri ? `${a.skri} - ${a.str ?? ''}` : null)}
            {field(T.subject, a.soap_subject)}
            {field(T.object, a.soap_object)}
            {field(T.assessment, a.soap_assessment)}
            {field(T.planning, a.soap_planning)}
          </Stack>
        )}
        {a.modified_at && (
          <Text size="sm" c="dimmed">
            {T.lastUpdate(a.modified_by_name ?? a.author_name ?? '-', formatJournalTime(a.modified_at))}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
