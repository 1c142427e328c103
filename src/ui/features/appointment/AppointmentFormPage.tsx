// /appointment/{appointment_id} (001 §2.13, §5, §8): Sales Type (default the first), Worker, Tanggal (default
// today), Waktu Mulai (next full hour, or now on the hour; a start passed in sets end = start + 60 min),
// quick durations 30/60/90/120, Waktu Selesai, Catatan, Tags (TRANSACTION / ALL scopes). Every message at once.
// A new appointment creates its status-1 transaction (an event on the device's log) and opens the cashier;
// an edit is saved with its linked transaction. Offline the save waits on the device for the sync.
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import {
  type AppointmentFormField,
  addMinutesToTime,
  defaultStartTime,
  APPOINTMENT_TIMELINE as TL,
  timeToMinutes,
  validateAppointmentForm,
} from '../../../domain/appointment';
import { APPOINTMENT_OWN, APPOINTMENT_TEXTS as T } from '../../../domain/texts/appointment';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { type LocalAppointment, uuid } from '../../../events';
import { postedTrx } from '../../../machines/posted-trx';
import { appointmentOf } from '../../../projections/commands/appointment';
import { createCashierCommands } from '../../../projections/commands/create';
import { useSessionConfig } from '../../app/use-session-config';
import { notify } from '../../components/feedback';
import { writeCurrentTrx } from '../pos/current-trx';
import { useAppointmentServices } from './data';

const TAG_SCOPES = new Set(['TRANSACTION', 'ALL']);

export function AppointmentFormPage() {
  const { appointment_id = 'new' } = useParams<{ appointment_id: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { config } = useSessionConfig();
  const { store, commands, actor } = useAppointmentServices();
  const isNew = appointment_id === 'new';
  const loaded = useLiveQuery(
    async () => (isNew ? null : ((await appointmentOf(store, appointment_id)) ?? false)),
    [store, appointment_id, isNew],
  );
  const existing = loaded || null;

  const now = formatLocalTimestamp(new Date());
  const params = new URLSearchParams(search);
  const passedStart = params.get('start_time');
  const initialStart =
    passedStart && timeToMinutes(passedStart) !== null
      ? passedStart
      : defaultStartTime(Number(now.slice(11, 13)), Number(now.slice(14, 16)));
  const [salesType, setSalesType] = useState<string | null>(
    config?.sales_type[0] ? String(config.sales_type[0].pos_salesType_id) : null,
  );
  const [worker, setWorker] = useState<string | null>(params.get('worker_id'));
  const [date, setDate] = useState(params.get('appointment_date') || now.slice(0, 10));
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(addMinutesToTime(initialStart, TL.defaultDurationMinutes) ?? '');
  const [notes, setNotes] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<AppointmentFormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // an existing appointment: its values as held on the device
  useEffect(() => {
    if (!existing) return;
    setSalesType(String(existing.pos_salesType_id));
    setWorker(String(existing.business_commission_worker_id));
    setDate(existing.appointment_date);
    setStart(existing.start_time);
    setEnd(existing.end_time);
    setNotes(existing.appointment_notes ?? '');
    setTags((existing.tags ?? []).map(String));
  }, [existing]);

  const linkedTrx = useLiveQuery(
    async () =>
      existing?.pos_local_trx_id
        ? ((await store.db.transactions.get(existing.pos_local_trx_id)) ?? null)
        : null,
    [store, existing],
  );
  const hasSale = !!linkedTrx && linkedTrx.trx_status_id === 1;

  const tagOptions = useMemo(
    () =>
      (config?.tags ?? [])
        .filter((t) => TAG_SCOPES.has(String(t.usage_scope ?? '')))
        .map((t) => ({ value: String(t.pos_tag_id), label: t.pos_tag_name })),
    [config],
  );
  const salesTypes = (config?.sales_type ?? []).map((s) => ({
    value: String(s.pos_salesType_id),
    label: s.pos_salesType_name,
  }));
  const workers = (config?.commission_worker ?? []).map((w) => ({
    value: String(w.business_commission_worker_id),
    label: [w.firstname, w.lastname].filter(Boolean).join(' '),
  }));

  const openCashier = (local_trx_id: string, tagIds: number[]) => {
    writeCurrentTrx(local_trx_id);
    navigate(`/pos?next=true${tagIds.length ? `&tags=${tagIds.join(',')}` : ''}`);
  };

  const save = async (then: 'cashier' | 'calendar') => {
    const values = {
      pos_salesType_id: salesType ? Number(salesType) : null,
      business_commission_worker_id: worker ? Number(worker) : null,
      appointment_date: date || null,
      start_time: start || null,
      end_time: end || null,
    };
    const found = validateAppointmentForm(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0 || !config) return;
    setBusy(true);
    try {
      const tagIds = tags.map(Number);
      const local_appointment_id = existing ? existing.local_appointment_id : uuid();
      const trxId =
        existing?.pos_local_trx_id && hasSale
          ? existing.pos_local_trx_id
          : (existing?.pos_local_trx_id ?? uuid());
      const appointment: LocalAppointment = {
        local_appointment_id,
        user_code: existing?.user_code ?? null,
        user_name: existing?.user_name ?? T.guest,
        pos_salesType_id: Number(salesType),
        business_commission_worker_id: Number(worker),
        appointment_date: date,
        start_time: start,
        end_time: end,
        appointment_notes: notes.trim() || null,
        pos_local_trx_id: trxId,
        pos_trx: existing?.pos_trx ?? null,
        tags: tagIds,
        tag_names: tagOptions
          .filter((o) => tags.includes(o.value))
          .map((o) => ({ pos_tag_id: Number(o.value), pos_tag_name: o.label })),
      };
      const cashier = createCashierCommands({ store, getConfig: () => config, actor: () => actor });
      if (hasSale && linkedTrx) {
        // issue 26: an edit updates the linked sale (sales type, tags), an event on the log; the appointment
        // is sent with the sale as it now stands
        const sameTags = [...(linkedTrx.tags ?? [])].map(Number).sort().join() === [...tagIds].sort().join();
        if (Number(linkedTrx.pos_salesType_id) !== Number(salesType) || !sameTags) {
          const edited = await cashier.editAppointmentSale({
            local_trx_id: linkedTrx.local_trx_id,
            pos_salesType_id: Number(salesType),
            tags: tagIds,
          });
          if (!edited.ok) throw new Error(edited.message);
        }
        const row = await store.db.transactions.get(linkedTrx.local_trx_id);
        if (row) appointment.pos_trx = postedTrx(row);
      }
      // the status-1 transaction of a new appointment (or one this device does not hold): 001 §4
      if (!hasSale) {
        const started = await cashier.startTransaction({
          trx_type: 'NORMAL',
          pos_salesType_id: Number(salesType),
          tags: tagIds,
          appointment: { local_trx_id: trxId, local_appointment_id },
        });
        if (!started.ok) throw new Error(started.message);
      }
      const outcome = await commands.save(appointment, !existing);
      if (outcome.kind === 'conflict') {
        // refused online (a double booking): nothing of it stays on the device
        if (!existing) await commands.dismiss(local_appointment_id);
        setRefusal(outcome.message);
        return;
      }
      if (outcome.kind === 'offline') notify('info', APPOINTMENT_OWN.offlineSaved);
      if (!existing) notify('success', T.created);
      else notify('success', hasSale ? T.updated : T.updatedNoSale);
      if (then === 'cashier') openCashier(trxId, tagIds);
      else navigate('/appointment');
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const setDuration = (minutes: number) => {
    const e = addMinutesToTime(start, minutes);
    if (e) setEnd(e);
  };

  if (loaded === false) return <Alert color="red">{APPOINTMENT_OWN.notFound}</Alert>;
  return (
    <Stack gap="md" maw={640}>
      <Group>
        <Button variant="subtle" onClick={() => navigate('/appointment')} aria-label={T.backToCalendar}>
          ←
        </Button>
        <Title order={1} size="h2">
          {T.title}
        </Title>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Select
            label={T.salesType}
            data={salesTypes}
            value={salesType}
            onChange={setSalesType}
            error={errors.pos_salesType_id}
            allowDeselect={false}
          />
          <Select
            label={T.worker}
            data={workers}
            value={worker}
            onChange={setWorker}
            error={errors.business_commission_worker_id}
            searchable
          />
          <TextInput
            type="date"
            label={T.date}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.appointment_date}
          />
          <TextInput
            type="time"
            step={TL.slotMinutes * 60}
            label={T.start}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={errors.start_time}
          />
          <Group gap="xs">
            {TL.quickDurations.map((m) => (
              <Button key={m} size="xs" variant="light" onClick={() => setDuration(m)}>
                {APPOINTMENT_OWN.minutes(m)}
              </Button>
            ))}
          </Group>
          <TextInput
            type="time"
            step={TL.slotMinutes * 60}
            label={T.end}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={errors.end_time}
          />
          <Textarea
            label={T.notes}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          {tagOptions.length > 0 && (
            <MultiSelect label={T.tags} data={tagOptions} value={tags} onChange={setTags} clearable />
          )}
          {refusal && (
            <Alert color="red" data-testid="appointment-refusal">
              {refusal}
            </Alert>
          )}
          <Group gap="xs">
            {hasSale ? (
              <>
                <Button loading={busy} onClick={() => void save('calendar')}>
                  {T.saveData}
                </Button>
                <Button
                  variant="light"
                  disabled={busy}
                  onClick={() => linkedTrx && openCashier(linkedTrx.local_trx_id, tags.map(Number))}
                >
                  {T.editSales}
                </Button>
              </>
            ) : (
              <Button loading={busy} onClick={() => void save('cashier')}>
                {T.saveAndDetails}
              </Button>
            )}
            <Button variant="default" disabled={busy} onClick={() => navigate('/appointment')}>
              {T.backToCalendar}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
