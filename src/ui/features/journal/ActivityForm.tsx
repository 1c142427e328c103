// Step 3 of the journal (001 §2.9): the activity form, new or (via Ubah) edit. Photos with descriptions and a
// delete confirm; 'Tambahkan Foto Baru' opens a panel with the camera ('Ambil Foto': rear, 400×400, JPEG 0.97)
// or an upload compressed to at most 1,500 px at 0.8 (001 §9); 'Catatan Aktivitas', 'Catatan untuk Kasir';
// in medical-record mode 'Rekam Medis Elektronik' with Room (required), ICD 10 (remote search debounced
// 300 ms, code and description) and SOAP. Cancel asks first; a save returns to the view.
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import imageCompression from 'browser-image-compression';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Icd10Item, JournalActivity, JournalCustomer } from '../../../api/contract/journal';
import { errorMessage, isApiError } from '../../../api/http';
import type { JournalApi, Room } from '../../../api/journal';
import { activityFormErrors, journalModes } from '../../../domain/journal';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { uuid } from '../../../events';
import { useSessionConfig } from '../../app/use-session-config';
import { confirm, notify } from '../../components/feedback';
import { CameraModal, UPLOAD_MAX_PX, UPLOAD_QUALITY } from '../member-info/MemberEdit';

/** 001 §9: the ICD-10 search waits 300 ms after the last key. */
export const ICD10_DEBOUNCE_MS = 300;

interface PhotoRow {
  key: string;
  id: number | null;
  photo_url: string;
  photo_desc: string;
}

export interface ActivityFormProps {
  api: JournalApi;
  customer: JournalCustomer;
  editing: JournalActivity | null;
  rooms: Room[] | null;
  onRooms: (rooms: Room[]) => void;
  onDone: () => void;
}

const newLocalId = () => uuid();

export function ActivityForm({ api, customer, editing, rooms, onRooms, onDone }: ActivityFormProps) {
  const { config } = useSessionConfig();
  const { medical } = journalModes(config as Record<string, unknown> | null);
  const localId = useRef(editing?.local_trx_id ?? newLocalId());
  const [photos, setPhotos] = useState<PhotoRow[]>(
    (editing?.customer_activity_photos ?? []).map((p) => ({
      key: String(p.customer_activity_photo_id),
      id: p.customer_activity_photo_id,
      photo_url: p.photo_url,
      photo_desc: p.photo_desc ?? '',
    })),
  );
  const [form, setForm] = useState({
    activity_notes: editing?.activity_notes ?? '',
    notes_for_cashier: editing?.notes_for_cashier ?? '',
    soap_subject: editing?.soap_subject ?? '',
    soap_object: editing?.soap_object ?? '',
    soap_assessment: editing?.soap_assessment ?? '',
    soap_planning: editing?.soap_planning ?? '',
  });
  const [room, setRoom] = useState<string | null>(editing?.pos_area_id ? String(editing.pos_area_id) : null);
  const [icd, setIcd] = useState<Icd10Item | null>(
    editing?.icd_10_id && editing.skri
      ? { icd_10_id: editing.icd_10_id, skri: editing.skri, str: editing.str ?? '', str_id: '' }
      : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: v }));
  };

  useEffect(() => {
    if (!medical || rooms !== null) return;
    api.rooms().then(onRooms, (e) => notify('error', errorMessage(e)));
  }, [api, medical, rooms, onRooms]);

  const removePhoto = async (key: string) => {
    if (
      await confirm({
        title: T.remove,
        message: T.confirmDeletePhoto,
        danger: true,
        confirmLabel: T.yes,
        cancelLabel: T.cancel,
      })
    )
      setPhotos((l) => l.filter((p) => p.key !== key));
  };

  const cancel = async () => {
    if (
      await confirm({ title: T.cancel, message: T.confirmCancel, confirmLabel: T.yes, cancelLabel: T.cancel })
    )
      onDone();
  };

  const submit = async () => {
    const found = activityFormErrors({ medical, pos_area_id: room ? Number(room) : null }, T.roomRequired);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = {
        local_trx_id: localId.current,
        user_code: customer.user_id,
        activity_notes: form.activity_notes,
        notes_for_cashier: form.notes_for_cashier,
        activity_photos: photos.map((p) => ({
          id: p.id ?? p.key,
          photo_url: p.photo_url,
          photo_desc: p.photo_desc,
        })),
        ...(medical
          ? {
              pos_area_id: room ? Number(room) : null,
              icd_10_id: icd?.icd_10_id ?? null,
              soap_subject: form.soap_subject,
              soap_object: form.soap_object,
              soap_assessment: form.soap_assessment,
              soap_planning: form.soap_planning,
            }
          : {}),
      };
      const r = editing ? await api.update(body) : await api.create(body);
      notify('success', r.message || (editing ? O.updated : T.created));
      onDone();
    } catch (e) {
      const field = isApiError(e) ? e.field : undefined;
      if (field) setErrors({ [field.startsWith('activity_photos') ? 'photos' : field]: errorMessage(e) });
      notify('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>
        {T.title} - {customer.user_name ?? customer.user_id}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600}>{T.photos}</Text>
          {photos.length > 0 && (
            <Table.ScrollContainer minWidth={480}>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.photos}</Table.Th>
                    <Table.Th>{T.photoDesc}</Table.Th>
                    <Table.Th>{O.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {photos.map((p, i) => (
                    <Table.Tr key={p.key}>
                      <Table.Td w={120}>
                        <Image
                          src={p.photo_url}
                          alt={p.photo_desc || `${T.photos} ${i + 1}`}
                          w={100}
                          h={100}
                          fit="cover"
                          radius="sm"
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`${T.photoDesc} ${i + 1}`}
                          value={p.photo_desc}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setPhotos((l) => l.map((x) => (x.key === p.key ? { ...x, photo_desc: v } : x)));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" color="red" variant="light" onClick={() => void removePhoto(p.key)}>
                          {T.remove}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {errors.photos && (
            <Text c="red.8" size="sm" role="alert">
              {errors.photos}
            </Text>
          )}
          {adding ? (
            <NewPhotoPanel
              onAdd={(photo_url, photo_desc) => {
                setPhotos((l) => [...l, { key: newLocalId(), id: null, photo_url, photo_desc }]);
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Group>
              <Button variant="light" onClick={() => setAdding(true)}>
                {T.addPhoto}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={T.activityNotes}
          value={form.activity_notes}
          onChange={set('activity_notes')}
          autosize
          minRows={4}
        />
        <Textarea
          label={T.cashierNotes}
          value={form.notes_for_cashier}
          onChange={set('notes_for_cashier')}
          autosize
          minRows={4}
        />
      </SimpleGrid>
      {medical && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={3} size="h4">
                {T.emr}
              </Title>
              <Badge color="teal" variant="light">
                {O.connected}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={T.room}
                placeholder={O.roomPlaceholder}
                required
                searchable
                data={(rooms ?? []).map((r) => ({ value: String(r.pos_area_id), label: r.area_name }))}
                value={room}
                onChange={(v) => {
                  setRoom(v);
                  setErrors(({ pos_area_id: _, ...rest }) => rest);
                }}
                error={errors.pos_area_id}
                nothingFoundMessage={O.noRows}
              />
              <Icd10Select api={api} value={icd} onChange={setIcd} error={errors.icd_10_id} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea
                label={T.subject}
                value={form.soap_subject}
                onChange={set('soap_subject')}
                autosize
                minRows={3}
                error={errors.soap_subject}
              />
              <Textarea
                label={T.object}
                value={form.soap_object}
                onChange={set('soap_object')}
                autosize
                minRows={3}
                error={errors.soap_object}
              />
              <Textarea
                label={T.assessment}
                value={form.soap_assessment}
                onChange={set('soap_assessment')}
                autosize
                minRows={3}
                error={errors.soap_assessment}
              />
              <Textarea
                label={T.planning}
                value={form.soap_planning}
                onChange={set('soap_planning')}
                autosize
                minRows={3}
                error={errors.soap_planning}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      )}
      {Object.keys(errors).length > 0 && !errors.photos && !errors.pos_area_id && (
        <Alert color="red" role="alert">
          {Object.values(errors)[0]}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void cancel()} disabled={busy}>
          {T.cancel}
        </Button>
        <Button onClick={() => void submit()} loading={busy}>
          {T.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Tambahkan Foto Baru': camera or upload (compressed), 'Ganti foto', 'Deskripsi Foto', 'Tambahkan'. */
function NewPhotoPanel({
  onAdd,
  onCancel,
}: {
  onAdd: (url: string, desc: string) => void;
  onCancel: () => void;
}) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [desc, setDesc] = useState('');
  const [camera, setCamera] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const compressed = await imageCompression(file, {
        maxWidthOrHeight: UPLOAD_MAX_PX,
        initialQuality: UPLOAD_QUALITY,
        useWebWorker: false,
      });
      setPhoto(await imageCompression.getDataUrlFromFile(compressed));
      setError(null);
    } catch (e) {
      notify('error', errorMessage(e));
    }
  };
  const uploadButton = (label: string) => (
    <Button variant="light" component="label">
      {label}
      <input
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        onChange={(e) => void upload(e.currentTarget.files?.[0] ?? null)}
      />
    </Button>
  );
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Stack gap="sm">
        {photo ? (
          <Group align="flex-start">
            <Image src={photo} alt={desc || T.photos} w={160} h={160} fit="cover" radius="sm" />
            <Stack gap="xs">
              <Button variant="default" onClick={() => setPhoto(null)}>
                {T.changePhoto}
              </Button>
            </Stack>
          </Group>
        ) : (
          <Group>
            <Button variant="light" onClick={() => setCamera(true)}>
              {T.fromCamera}
            </Button>
            {uploadButton(T.uploadFile)}
          </Group>
        )}
        <TextInput label={T.photoDesc} value={desc} onChange={(e) => setDesc(e.currentTarget.value)} />
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            onClick={() => {
              if (!photo) setError(T.photoRequired);
              else onAdd(photo, desc);
            }}
          >
            {T.add}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
      {camera && (
        <CameraModal
          title={T.takePhoto}
          onClose={() => setCamera(false)}
          onCapture={(url) => {
            setPhoto(url);
            setError(null);
            setCamera(false);
          }}
        />
      )}
    </Paper>
  );
}

const label = (i: Icd10Item) => `${i.skri} - ${i.str}`;

/** ICD 10: a remote search (debounced 300 ms; an empty term clears the list) showing code and description. */
function Icd10Select({
  api,
  value,
  onChange,
  error,
}: {
  api: JournalApi;
  value: Icd10Item | null;
  onChange: (v: Icd10Item | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState(value ? `${value.skri} - ${value.str}` : '');
  const [items, setItems] = useState<Icd10Item[]>(value ? [value] : []);
  const seq = useRef(0);
  useEffect(() => {
    const term = search.trim();
    if (value && search === label(value)) return;
    const mine = ++seq.current;
    if (term === '') {
      setItems(value ? [value] : []);
      return;
    }
    const t = setTimeout(() => {
      api.icd10(term).then(
        (found) => {
          if (mine === seq.current) setItems(found);
        },
        (e) => notify('error', errorMessage(e)),
      );
    }, ICD10_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [api, search, value]);
  const data = useMemo(() => {
    const list = value && !items.some((i) => i.icd_10_id === value.icd_10_id) ? [value, ...items] : items;
    return list.map((i) => ({ value: String(i.icd_10_id), label: label(i) }));
  }, [items, value]);
  const byId = useMemo(
    () => new Map([...(value ? [value] : []), ...items].map((i) => [String(i.icd_10_id), i])),
    [items, value],
  );
  return (
    <Select
      label={T.icd10}
      placeholder={O.icdPlaceholder}
      searchable
      clearable
      filter={({ options }) => options}
      data={data}
      value={value ? String(value.icd_10_id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v ? (byId.get(v) ?? null) : null)}
      renderOption={({ option }) => {
        const i = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {i?.skri} - {i?.str}
            </Text>
            {i?.str_id && (
              <Text size="xs" c="dimmed">
                {i.str_id}
              </Text>
            )}
          </Stack>
        );
      }}
      error={error}
      nothingFoundMessage={search.trim() === '' ? undefined : O.noRows}
    />
  );
}
