// Member info steps 3 'Edit Member Data' and 5 'Edit NIK' (001 §2.7). The photo: a camera capture (rear camera,
// not mirrored, ideal 400×400, JPEG 0.97) or an upload compressed to at most 1,500 px (quality 0.8, 001 §9).
import {
  Alert,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import imageCompression from 'browser-image-compression';
import { useEffect, useRef, useState } from 'react';
import type { MemberInfo } from '../../../api/contract/member';
import { errorMessage, isApiError } from '../../../api/http';
import type { MemberApi } from '../../../api/member';
import { isValidNik } from '../../../domain/member-info';
import { MEMBER_INFO_OWN as O, MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { notify } from '../../components/feedback';

/** 001 §9 camera capture and upload compression. */
export const CAMERA_SIZE = 400;
export const CAMERA_QUALITY = 0.97;
export const UPLOAD_MAX_PX = 1500;
export const UPLOAD_QUALITY = 0.8;

export interface MemberEditProps {
  api: MemberApi;
  customer: MemberInfo;
  nikOnly: boolean;
  onCancel: () => void;
  onSaved: () => Promise<void> | void;
}

export function MemberEdit({ api, customer: c, nikOnly, onCancel, onSaved }: MemberEditProps) {
  const [form, setForm] = useState({
    user_name: c.user_name ?? '',
    nik: c.nik ?? '',
    user_gender: c.user_gender ? String(c.user_gender) : '',
    user_birth_date: c.user_birth_date ?? '',
    user_notes: c.user_notes ?? '',
    reference_code: c.reference_code ?? '',
    user_email_notification: c.user_email_notification ?? '',
    journal_notes: c.journal_notes ?? '',
  });
  const [photo, setPhoto] = useState<string | null>(c.user_photo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const set = (k: keyof typeof form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    // an edited field's refusal is cleared until the next save
    setErrors(({ [k]: _, ...rest }) => rest);
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const compressed = await imageCompression(file, {
        maxWidthOrHeight: UPLOAD_MAX_PX,
        initialQuality: UPLOAD_QUALITY,
        useWebWorker: false,
      });
      setPhoto(await imageCompression.getDataUrlFromFile(compressed));
    } catch (e) {
      notify('error', errorMessage(e));
    }
  };

  const save = async () => {
    setErrors({});
    setError(null);
    if (form.nik.trim() !== '' && !isValidNik(form.nik.trim())) {
      setErrors({ nik: O.nikInvalid });
      return;
    }
    setBusy(true);
    try {
      await api.edit(
        nikOnly
          ? { user_id: c.user_id, nik: form.nik.trim() }
          : {
              user_id: c.user_id,
              user_name: form.user_name,
              nik: form.nik.trim(),
              user_gender: form.user_gender === '' ? null : (Number(form.user_gender) as 1 | 2),
              user_birth_date: form.user_birth_date,
              user_notes: form.user_notes,
              reference_code: form.reference_code.trim(),
              user_email_notification: form.user_email_notification.trim(),
              user_photo: photo ?? '',
              journal_notes: form.journal_notes,
              is_edit_user: 1,
            },
      );
      notify('success', T.editSuccess, { id: 'member-edit-success' });
      await onSaved();
    } catch (e) {
      if (isApiError(e) && e.field) setErrors({ [e.field]: e.message });
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack p="md" gap="md" maw={900}>
      <Title order={2}>{nikOnly ? T.editNik : T.editMember}</Title>
      <Paper withBorder p="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            {!nikOnly && (
              <Group align="flex-start" gap="md" wrap="wrap">
                {photo ? (
                  <Image src={photo} alt={T.photo} w={140} h={140} fit="cover" radius="sm" />
                ) : (
                  <Paper withBorder w={140} h={140} style={{ display: 'grid', placeItems: 'center' }}>
                    <Text size="sm" c="dimmed">
                      {T.noPhoto}
                    </Text>
                  </Paper>
                )}
                <Stack gap="xs">
                  <Button variant="light" onClick={() => setCamera(true)}>
                    {T.takePhoto}
                  </Button>
                  <Button variant="light" component="label">
                    {O.uploadPhoto}
                    <input
                      type="file"
                      accept="image/*"
                      hidden
                      aria-label={O.uploadPhoto}
                      onChange={(e) => void upload(e.currentTarget.files?.[0] ?? null)}
                    />
                  </Button>
                  {errors.user_photo && (
                    <Text c="red" size="sm" role="alert">
                      {errors.user_photo}
                    </Text>
                  )}
                </Stack>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={T.name}
                value={form.user_name}
                readOnly={nikOnly}
                onChange={(e) => set('user_name')(e.currentTarget.value)}
                error={errors.user_name}
              />
              <TextInput
                label={T.nik}
                value={form.nik}
                inputMode="numeric"
                maxLength={16}
                onChange={(e) => set('nik')(e.currentTarget.value.replace(/\D/g, ''))}
                error={errors.nik}
              />
              {!nikOnly && (
                <>
                  <Select
                    size="md"
                    label={T.gender}
                    data={[
                      { value: '1', label: T.male },
                      { value: '2', label: T.female },
                    ]}
                    value={form.user_gender || null}
                    onChange={(v) => set('user_gender')(v ?? '')}
                    error={errors.user_gender}
                  />
                  <TextInput
                    type="date"
                    label={T.birthDate}
                    value={form.user_birth_date}
                    min="1930-01-01"
                    onChange={(e) => set('user_birth_date')(e.currentTarget.value)}
                    error={errors.user_birth_date}
                  />
                  <TextInput
                    label={O.reference}
                    value={form.reference_code}
                    onChange={(e) => set('reference_code')(e.currentTarget.value)}
                    error={errors.reference_code}
                  />
                  <TextInput
                    label={O.notificationEmail}
                    type="email"
                    value={form.user_email_notification}
                    onChange={(e) => set('user_email_notification')(e.currentTarget.value)}
                    error={errors.user_email_notification}
                  />
                  <Textarea
                    size="md"
                    label={T.notes}
                    value={form.user_notes}
                    onChange={(e) => set('user_notes')(e.currentTarget.value)}
                    error={errors.user_notes}
                    autosize
                    minRows={2}
                  />
                  <Textarea
                    size="md"
                    label={T.journalNotes}
                    value={form.journal_notes}
                    onChange={(e) => set('journal_notes')(e.currentTarget.value)}
                    error={errors.journal_notes}
                    autosize
                    minRows={2}
                  />
                </>
              )}
            </SimpleGrid>
            {(error || errors.user_id) && (
              <Alert color="red" role="alert">
                {error ?? errors.user_id}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel} disabled={busy}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={busy}>
                {T.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {camera && (
        <CameraModal
          onClose={() => setCamera(false)}
          onCapture={(url) => {
            setPhoto(url);
            setCamera(false);
          }}
        />
      )}
    </Stack>
  );
}

/** The rear camera, not mirrored, ideal 400×400; the capture is a 400×400 JPEG at 0.97 (001 §9). Shared with the journal. */
export function CameraModal({
  onClose,
  onCapture,
  title = O.camera,
}: {
  onClose: () => void;
  onCapture: (dataUrl: string) => void;
  title?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: CAMERA_SIZE }, height: { ideal: CAMERA_SIZE } },
          audio: false,
        });
        if (stopped) {
          for (const t of stream.getTracks()) t.stop();
          return;
        }
        if (video.current) {
          video.current.srcObject = stream;
          await video.current.play().catch(() => undefined);
        }
      } catch (e) {
        setError(T.cameraError(e instanceof Error ? e.message : String(e)));
      }
    })();
    return () => {
      stopped = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  const capture = () => {
    const v = video.current;
    if (!v || v.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = CAMERA_SIZE;
    canvas.height = CAMERA_SIZE;
    const side = Math.min(v.videoWidth, v.videoHeight);
    canvas
      .getContext('2d')
      ?.drawImage(
        v,
        (v.videoWidth - side) / 2,
        (v.videoHeight - side) / 2,
        side,
        side,
        0,
        0,
        CAMERA_SIZE,
        CAMERA_SIZE,
      );
    onCapture(canvas.toDataURL('image/jpeg', CAMERA_QUALITY));
  };

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : (
          <video
            ref={video}
            playsInline
            muted
            style={{ width: '100%', aspectRatio: '1', objectFit: 'cover' }}
          />
        )}
        <Button onClick={capture} disabled={error !== null}>
          {O.capture}
        </Button>
      </Stack>
    </Modal>
  );
}
