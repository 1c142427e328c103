// /appointment (001 §2.12): 'Tanggal' (default today), the timeline per commission worker, cards with the
// chat link, customer, tags, items, 'Ubah' and 'Hapus'; after 1 s the view scrolls to the current time.
// Bookings made offline show at once ('Belum terkirim'); a conflict found on sync shows both bookings.
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { APPOINTMENT_TIMELINE as TL, timeToMinutes } from '../../../domain/appointment';
import { APPOINTMENT_OWN, APPOINTMENT_TEXTS as T } from '../../../domain/texts/appointment';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { useSessionConfig } from '../../app/use-session-config';
import { confirm } from '../../components/feedback';
import { AppointmentCardContent, saleOf, type Trx } from './CardContent';
import { type CalendarAppointment, useAppointmentServices, useDayAppointments } from './data';
import { minuteTop, Timeline, type TimelineCard, type TimelineWorker } from './Timeline';

export function AppointmentPage() {
  const { config } = useSessionConfig();
  const [, navigate] = useLocation();
  const { commands } = useAppointmentServices();
  const now = formatLocalTimestamp(new Date());
  const today = now.slice(0, 10);
  const nowMinutes = timeToMinutes(now.slice(11, 16)) ?? 0;
  const [date, setDate] = useState(today);
  const { appointments, conflicts, trxById, reload } = useDayAppointments(date);

  const workers: TimelineWorker[] = useMemo(
    () =>
      (config?.commission_worker ?? []).map((w) => ({
        id: Number(w.business_commission_worker_id),
        name: [w.firstname, w.lastname].filter(Boolean).join(' '),
      })),
    [config],
  );
  const workerName = (id: number) => workers.find((w) => w.id === id)?.name ?? String(id);

  const scroller = useRef<HTMLDivElement | null>(null);
  // 001 §2.12: after 1 s the view scrolls to the current time
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = scroller.current;
      if (el) el.scrollTop = Math.max(0, minuteTop(nowMinutes) - 60);
    }, TL.autoScrollMs);
    return () => clearTimeout(timer);
  }, [nowMinutes]);

  const onSlot = useCallback(
    (w: TimelineWorker, time: string) =>
      navigate(`/appointment/new?worker_id=${w.id}&appointment_date=${date}&start_time=${time}`),
    [navigate, date],
  );

  const remove = async (a: CalendarAppointment) => {
    if (!(await confirm({ title: T.deleteTitle, message: T.deleteMessage, danger: true }))) return;
    // 001 §8: a failed delete is silently ignored (offline it waits for the sync)
    await commands.remove(a.local_appointment_id, a.pos_local_trx_id).catch(() => undefined);
    reload();
  };

  const cards: TimelineCard[] = appointments.map((a) => {
    const sale = saleOf((a.pos_local_trx_id && trxById.get(a.pos_local_trx_id)) || (a.pos_trx as Trx | null));
    return {
      id: a.local_appointment_id,
      worker: a.business_commission_worker_id,
      start_time: a.start_time,
      end_time: a.end_time,
      tone: a.conflict ? 'conflict' : a.pending ? 'pending' : undefined,
      content: (
        <AppointmentCardContent
          appointment={a}
          sale={sale}
          onEdit={() => navigate(`/appointment/${a.local_appointment_id}`)}
          onRemove={() => void remove(a)}
        />
      ),
    };
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        <TextInput
          type="date"
          label={T.date}
          value={date}
          onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
          data-testid="appointment-date"
        />
      </Group>
      {conflicts.map((a) => (
        <Alert
          key={a.local_appointment_id}
          color="red"
          title={APPOINTMENT_OWN.conflictTitle}
          data-testid="appointment-conflict"
        >
          <Text size="sm">
            {APPOINTMENT_OWN.conflictYours}: {workerName(a.business_commission_worker_id)},{' '}
            {a.appointment_date} {a.start_time}–{a.end_time} ({a.user_name ?? T.guest})
          </Text>
          <Text size="sm">
            {APPOINTMENT_OWN.conflictTheirs}: {a.conflict}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => navigate(`/appointment/${a.local_appointment_id}`)}
            >
              {T.edit}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void commands.dismiss(a.local_appointment_id)}
            >
              {APPOINTMENT_OWN.conflictDismiss}
            </Button>
          </Group>
        </Alert>
      ))}
      <Timeline
        workers={workers}
        cards={cards}
        pastBefore={date < today ? 24 * 60 : date > today ? 0 : nowMinutes}
        onSlot={onSlot}
        scrollRef={(el) => {
          scroller.current = el;
        }}
      />
    </Stack>
  );
}
