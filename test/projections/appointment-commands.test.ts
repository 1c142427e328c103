// Appointments on the device (issue 26 offline): a booking made offline is an event on the log, shown at once
// (pending), and sent later exactly once (two passes at once send it once); an edit of it before the sync is
// sent as the create it still is; a refusal on sync (the slot was taken meanwhile) is kept with the server's
// message, not dropped, until the user settles it; a delete takes the linked status-1 transaction with it.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import {
  APPOINTMENT_FORM_MESSAGES,
  defaultStartTime,
  isAppointmentDate,
  slotsOverlap,
  validateAppointmentForm,
} from '../../src/domain/appointment';
import type { LocalAppointment } from '../../src/events';
import { makeEvent } from '../../src/events';
import { createAppointmentCommands, readLocalAppointments } from '../../src/projections/commands/appointment';
import { conflictsOf, mergeDay } from '../../src/ui/features/appointment/data';
import { freshStore } from './helpers';

const appt = (id: string, over: Partial<LocalAppointment> = {}): LocalAppointment => ({
  local_appointment_id: id,
  user_code: null,
  user_name: 'Guest',
  pos_salesType_id: 701,
  business_commission_worker_id: 201,
  appointment_date: '2031-01-01',
  start_time: '10:00',
  end_time: '11:00',
  appointment_notes: null,
  pos_local_trx_id: `trx-${id}`,
  pos_trx: null,
  tags: [],
  ...over,
});
const offline = () => new ApiError({ kind: 'network', status: 0, statusText: '', message: 'offline' });

describe('appointments on the device', () => {
  it('an offline booking shows at once, then the sync sends it once (create, with the later edit)', async () => {
    const store = freshStore();
    let online = false;
    const save = vi.fn(async (a: LocalAppointment, _mode: 'create' | 'update') => {
      if (!online) throw offline();
      return { ...a, tags: [] } as never;
    });
    const commands = createAppointmentCommands({ store, api: { save, remove: vi.fn() }, actor: () => 7 });
    expect((await commands.save(appt('a'), true)).kind).toBe('offline');
    expect((await commands.save(appt('a', { start_time: '10:30' }), false)).kind).toBe('offline');
    const day = mergeDay('2031-01-01', null, await readLocalAppointments(store));
    expect(day.map((d) => [d.local_appointment_id, d.start_time, d.pending])).toEqual([['a', '10:30', true]]);

    online = true;
    save.mockClear();
    const [x, y] = await Promise.all([commands.sendPending(), commands.sendPending()]);
    expect(x.unsent + y.unsent).toBe(0);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toMatchObject({ local_appointment_id: 'a', start_time: '10:30' });
    expect(save.mock.calls[0]?.[1]).toBe('create');
    await commands.sendPending();
    expect(save).toHaveBeenCalledTimes(1);
    // a later edit is an update
    await commands.save(appt('a', { start_time: '11:00', end_time: '12:00' }), false);
    expect(save.mock.calls[1]?.[1]).toBe('update');
  });

  it('a conflict found on sync is kept with the server message until settled, never dropped', async () => {
    const store = freshStore();
    const message = 'Rudi Hartono sudah memiliki appointment pada 2031-01-01 pukul 10:00–11:00 (Budi).';
    let online = false;
    const save = vi.fn(async () => {
      if (!online) throw offline();
      throw new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message });
    });
    const commands = createAppointmentCommands({ store, api: { save, remove: vi.fn() }, actor: () => 7 });
    await commands.save(appt('a'), true);
    online = true;
    expect(await commands.sendPending()).toEqual({ sent: 1, unsent: 0 });
    const [shown] = mergeDay('2031-01-01', [], await readLocalAppointments(store));
    expect(shown).toMatchObject({ local_appointment_id: 'a', conflict: message, pending: false });
    // shown whatever day the calendar is on (the user may be looking at today when the sync finds it)
    expect(mergeDay('2031-01-02', [], await readLocalAppointments(store))).toEqual([]);
    expect(conflictsOf(await readLocalAppointments(store))).toMatchObject([
      { local_appointment_id: 'a', appointment_date: '2031-01-01', conflict: message },
    ]);
    // not sent again by itself (once offline, once refused)
    await commands.sendPending();
    expect(save).toHaveBeenCalledTimes(2);
    await commands.dismiss('a');
    expect(mergeDay('2031-01-01', [], await readLocalAppointments(store))).toEqual([]);
    expect(conflictsOf(await readLocalAppointments(store))).toEqual([]);
  });

  it('a delete removes the appointment and its status-1 transaction from the device, and is sent', async () => {
    const store = freshStore();
    const remove = vi.fn(async () => undefined);
    const commands = createAppointmentCommands({
      store,
      api: { save: vi.fn(async () => ({}) as never), remove },
      actor: () => 7,
    });
    await store.commit([
      makeEvent(
        'appointment.trxLoaded',
        {
          local_appointment_id: 'a',
          start_time: '10:00',
          pos_trx: { local_trx_id: 'trx-a', trx_type: 'NORMAL' } as never,
        },
        { actor: 7 },
      ),
    ]);
    expect((await store.db.transactions.get('trx-a'))?.trx_status_id).toBe(1);
    await commands.save(appt('a'), false);
    expect((await commands.remove('a', 'trx-a')).kind).toBe('sent');
    expect(remove).toHaveBeenCalledWith('a');
    expect(await store.db.transactions.get('trx-a')).toBeUndefined();
    expect(mergeDay('2031-01-01', null, await readLocalAppointments(store))).toEqual([]);
  });
});

describe('appointment rules', () => {
  it('shows every form message at once', () => {
    expect(
      validateAppointmentForm({
        pos_salesType_id: null,
        business_commission_worker_id: null,
        appointment_date: null,
        start_time: null,
        end_time: null,
      }),
    ).toEqual({
      pos_salesType_id: APPOINTMENT_FORM_MESSAGES.salesType,
      business_commission_worker_id: APPOINTMENT_FORM_MESSAGES.worker,
      appointment_date: APPOINTMENT_FORM_MESSAGES.date,
      start_time: APPOINTMENT_FORM_MESSAGES.start,
      end_time: APPOINTMENT_FORM_MESSAGES.end,
    });
  });
  it('defaults the start to the next full hour, or now on the hour', () => {
    expect(defaultStartTime(9, 0)).toBe('09:00');
    expect(defaultStartTime(9, 1)).toBe('10:00');
    expect(defaultStartTime(23, 30)).toBe('23:00');
  });
  it('refuses impossible dates and finds overlaps (touching is fine)', () => {
    expect(isAppointmentDate('2031-02-29')).toBe(false);
    expect(isAppointmentDate('2032-02-29')).toBe(true);
    expect(
      slotsOverlap({ start_time: '10:00', end_time: '11:00' }, { start_time: '10:45', end_time: '11:15' }),
    ).toBe(true);
    expect(
      slotsOverlap({ start_time: '10:00', end_time: '11:00' }, { start_time: '11:00', end_time: '11:15' }),
    ).toBe(false);
  });
});
