// @vitest-environment jsdom
// 'Booked - {time}' (000 §4 "Worker display status"): the appointments loaded at sign-in
// (appointment.trxLoaded) book their worker while the device holds them as appointments; the item
// modal's worker select shows it.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PosConfig,
  type PosTransaction,
  posConfigSchema,
  posItemSchema,
  posTransactionSchema,
} from '../../src/domain';
import { type AppointmentLink, makeEvent, type TransactionRecord } from '../../src/events';
import {
  type AppointmentBooking,
  BookingsProvider,
  bookingsAt,
  foldBookings,
  readBookings,
} from '../../src/ui/features/pos/bookings';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import { useWorkerStatus } from '../../src/ui/features/pos/item-modal/live';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { OpenTrxProvider } from '../../src/ui/features/pos/open-trx';
import { harness, ok } from '../projections/commands/fixtures';
import { cleanup, flush, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const link = (id: string, worker: number | null, start_time: string, extra = {}): AppointmentLink =>
  ({
    local_appointment_id: id,
    business_commission_worker_id: worker,
    start_time,
    ...extra,
  }) as AppointmentLink;

describe('bookings from the appointment loads', () => {
  it('keeps the latest load of each appointment still held as one, with a worker and a start time', () => {
    const loads = [
      link('a1', 5, '2026-11-22 09:00:00'),
      link('a2', 6, '2026-11-22 11:00:00'),
      link('a1', 5, '2026-11-22 14:00:00'), // a reload moved it
      link('a3', null, '2026-11-22 15:00:00'), // no worker
      link('a4', 7, ''), // no time
      link('a5', 8, '2026-11-22 16:00:00'), // checked out or deleted here
    ];
    expect(foldBookings(loads, new Set(['a1', 'a2', 'a3', 'a4']))).toEqual([
      {
        local_appointment_id: 'a1',
        business_commission_worker_id: 5,
        start_time: '2026-11-22 14:00:00',
        appointment_date: null,
      },
      {
        local_appointment_id: 'a2',
        business_commission_worker_id: 6,
        start_time: '2026-11-22 11:00:00',
        appointment_date: null,
      },
    ]);
  });

  it('a bare start time is on the appointment date, else today; an unreadable one books nothing', () => {
    const bookings: AppointmentBooking[] = [
      {
        local_appointment_id: 'a',
        business_commission_worker_id: 5,
        start_time: '10:30',
        appointment_date: '2026-11-23',
      },
      {
        local_appointment_id: 'b',
        business_commission_worker_id: 6,
        start_time: '14:00:00',
        appointment_date: null,
      },
      {
        local_appointment_id: 'c',
        business_commission_worker_id: 7,
        start_time: '2026-11-22 16:00',
        appointment_date: null,
      },
      {
        local_appointment_id: 'd',
        business_commission_worker_id: 8,
        start_time: 'nanti sore',
        appointment_date: null,
      },
    ];
    expect(bookingsAt(bookings, '2026-11-22 10:00:00')).toEqual([
      { business_commission_worker_id: 5, start_time: '2026-11-23 10:30' },
      { business_commission_worker_id: 6, start_time: '2026-11-22 14:00:00' },
      { business_commission_worker_id: 7, start_time: '2026-11-22 16:00' },
    ]);
  });

  it('reads the loads from the event log; a checked-out appointment no longer books', async () => {
    const h = harness();
    const trx = (id: string) =>
      posTransactionSchema.parse({
        local_trx_id: id,
        trx_local_start_time: '2026-11-22 08:00:00',
        details: [],
      });
    const loaded = (appt: string, trxId: string, worker: number, start: string) =>
      makeEvent(
        'appointment.trxLoaded',
        {
          local_appointment_id: appt,
          business_commission_worker_id: worker,
          start_time: start,
          pos_trx: trx(trxId),
        },
        { actor: 7, trxId },
      );
    await h.store.commit([
      loaded('appt-1', 'trx-a1', 5, '2026-11-22 14:00:00'),
      loaded('appt-2', 'trx-a2', 6, '2026-11-22 15:00:00'),
    ]);
    expect(
      (await readBookings(h.store.db)).map((b) => [b.local_appointment_id, b.business_commission_worker_id]),
    ).toEqual([
      ['appt-1', 5],
      ['appt-2', 6],
    ]);
    ok(await h.commands.checkoutAppointment('trx-a2'));
    expect((await readBookings(h.store.db)).map((b) => b.local_appointment_id)).toEqual(['appt-1']);
  });
});

const item = posItemSchema.parse({
  pos_item_id: 7,
  item_name: 'Creambath',
  pos_item_variants: [{ pos_item_variant_id: 71, variant_name: 'Pendek', variant_price: 100000 }],
});
const config: PosConfig = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 1,
  cashier_name: 'Kasir',
  brand_name: 'B',
  pos_items: [item],
  is_pos_commission_scheme: 1,
  commission_worker: [
    { business_commission_worker_id: 5, firstname: 'Sari' },
    { business_commission_worker_id: 6, firstname: 'Dewi' },
  ],
});
const line = { local_trx_detail_id: 'd1', pos_item_id: 7, pos_item_variant_id: 71, qty: 1, itemMeta: item };
const trx: PosTransaction = posTransactionSchema.parse({
  local_trx_id: 't1',
  trx_local_start_time: '2026-11-22 10:00:00',
  details: [line],
});
const pos = { config, now: () => '2026-11-22 10:00:00' } as unknown as PosContextValue;

function Modal({ store }: { store: ReturnType<typeof createItemModalStore> }) {
  const workerStatus = useWorkerStatus(true);
  const ports: PosPorts = {
    config,
    isTablet: true,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    trx,
    commands: {} as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    authorize: vi.fn(async () => null),
    workerStatus,
    host: '',
    now: pos.now as PosPorts['now'],
  };
  return <ItemDialogs ports={ports} store={store} />;
}

describe("the item modal's worker shows 'Booked - {time}'", () => {
  async function workerField(bookings: AppointmentBooking[], open: TransactionRecord[], worker: number) {
    const store = createItemModalStore();
    render(
      <PosProvider value={pos}>
        <OpenTrxProvider value={open}>
          <BookingsProvider value={bookings}>
            <Modal store={store} />
          </BookingsProvider>
        </OpenTrxProvider>
      </PosProvider>,
    );
    act(() =>
      store.open({
        item,
        line: {
          ...trx.details[0],
          business_commission_worker_id: worker,
          commission_worker: {
            business_commission_worker_id: worker,
            firstname: worker === 5 ? 'Sari' : 'Dewi',
          },
        },
      }),
    );
    // The lower fields come one deferred render after the modal.
    for (let i = 0; i < 5; i++) await flush();
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Worker');
    return (document.getElementById(label?.getAttribute('for') ?? '') as HTMLInputElement | null)?.value;
  }

  const at = (worker: number, start_time: string): AppointmentBooking => ({
    local_appointment_id: `appt-${worker}-${start_time}`,
    business_commission_worker_id: worker,
    start_time,
    appointment_date: '2026-11-22',
  });

  it('the earliest future appointment of the chosen worker', async () => {
    const value = await workerField([at(5, '16:00'), at(5, '14:00'), at(5, '09:00'), at(6, '11:00')], [], 5);
    expect(value).toBe('Sari (Booked - 14:00)');
  });

  it("'Available' with only past appointments; 'Working' wins over a booking", async () => {
    expect(await workerField([at(5, '09:00')], [], 5)).toBe('Sari (Available)');
    cleanup();
    const working = [
      { local_trx_id: 't-9', trx_status_id: 2, details: [{ business_commission_worker_id: 6 }] },
    ] as unknown as TransactionRecord[];
    expect(await workerField([at(6, '11:00')], working, 6)).toBe('Dewi (Working)');
  });
});
