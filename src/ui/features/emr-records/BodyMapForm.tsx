// 'Rekam Medis Tubuh' (001 §2.10, §5 body map): tabs Depan / Samping / Belakang, each an image; a click (not in
// view mode) adds a numbered marker at that point (percent of the image) and opens 'Enter Description', which
// stays open while the note is blank; per side a list '{mark}. {note}' with edit and delete.
import { ActionIcon, Box, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { type MouseEvent, useState } from 'react';
import {
  addMarker,
  BODY_SIDES,
  type BodyMapItem,
  type BodySide,
  clickToPercent,
  markerLine,
} from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { BodyOutline } from './BodyOutline';
import type { FormProps } from './RecordTab';

export const SIDE_LABELS: Record<BodySide, string> = { front: T.front, sides: T.sides, back: T.back };

type NoteDialog =
  | { kind: 'add'; side: BodySide; point: { x: number; y: number } }
  | { kind: 'edit'; mark: number };

export function BodyMapForm({ value, onChange, mode }: FormProps<BodyMapItem>) {
  const [side, setSide] = useState<BodySide>('front');
  const [dialog, setDialog] = useState<NoteDialog | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<{ x: number; y: number } | null>(null);
  const viewing = mode === 'view';

  const click = (e: MouseEvent<HTMLDivElement>, s: BodySide) => {
    if (viewing) return;
    const box = e.currentTarget.getBoundingClientRect();
    const point = clickToPercent({ x: e.clientX - box.left, y: e.clientY - box.top }, box);
    if (!point) return;
    setPending(point);
    setNote('');
    setDialog({ kind: 'add', side: s, point });
  };
  const confirmNote = () => {
    if (!dialog || note.trim() === '') return; // §5: the dialog stays open on a blank note
    if (dialog.kind === 'add') {
      const next = addMarker(value.data, dialog.side, dialog.point, note);
      if (!next) return;
      onChange({ ...value, data: next });
    } else {
      onChange({
        ...value,
        data: value.data.map((m) => (m.mark === dialog.mark ? { ...m, note: note.trim() } : m)),
      });
    }
    setDialog(null);
    setPending(null);
  };
  const cancelNote = () => {
    setDialog(null);
    setPending(null);
  };

  return (
    <Stack>
      <Tabs value={side} onChange={(v) => setSide((v as BodySide) ?? 'front')}>
        <Tabs.List>
          {BODY_SIDES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {SIDE_LABELS[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BODY_SIDES.map((s) => (
          <Tabs.Panel key={s} value={s} pt="sm">
            <Group align="flex-start" wrap="wrap" gap="lg">
              <Box
                data-testid={`bodymap-${s}`}
                onClick={(e) => click(e, s)}
                pos="relative"
                w={220}
                h={440}
                style={{ cursor: viewing ? 'default' : 'crosshair', flex: 'none' }}
              >
                <BodyOutline side={s} label={`${O.bodyImage} ${SIDE_LABELS[s]}`} />
                {value.data
                  .filter((m) => m.side === s)
                  .map((m) => (
                    <Marker key={m.mark} x={m.x} y={m.y} mark={m.mark} />
                  ))}
                {pending && dialog?.kind === 'add' && dialog.side === s && (
                  <Marker x={pending.x} y={pending.y} mark={0} />
                )}
              </Box>
              <Stack gap={4} style={{ flex: 1, minWidth: 200 }} data-testid={`bodymap-list-${s}`}>
                {value.data
                  .filter((m) => m.side === s)
                  .map((m) => (
                    <Group key={m.mark} gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ flex: 1 }}>
                        {markerLine(m)}
                      </Text>
                      {!viewing && (
                        <>
                          <ActionIcon
                            variant="light"
                            aria-label={`${O.editMarker} ${m.mark}`}
                            onClick={() => {
                              setNote(m.note);
                              setDialog({ kind: 'edit', mark: m.mark });
                            }}
                          >
                            ✎
                          </ActionIcon>
                          <ActionIcon
                            variant="light"
                            color="red"
                            aria-label={`${O.removeMarker} ${m.mark}`}
                            onClick={() =>
                              onChange({ ...value, data: value.data.filter((x) => x.mark !== m.mark) })
                            }
                          >
                            ✕
                          </ActionIcon>
                        </>
                      )}
                    </Group>
                  ))}
              </Stack>
            </Group>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Modal
        opened={dialog !== null}
        onClose={cancelNote}
        title={T.enterDescription}
        closeOnClickOutside={false}
        lockScroll={false}
        zIndex={400}
      >
        <Stack>
          <Textarea
            label={T.note}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelNote}>
              {T.cancel}
            </Button>
            <Button onClick={confirmNote}>{T.ok}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Marker({ x, y, mark }: { x: number; y: number; mark: number }) {
  return (
    <Box
      pos="absolute"
      data-testid="bodymap-marker"
      style={{
        left: `${x}%`,
        top: `${y}%`,
        transform: 'translate(-50%, -50%)',
        width: 22,
        height: 22,
        borderRadius: '50%',
        background: mark === 0 ? '#fab005' : '#c92a2a',
        color: mark === 0 ? '#212529' : 'white',
        fontSize: 12,
        fontWeight: 700,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      {mark === 0 ? '' : mark}
    </Box>
  );
}
