// The catalogue, cart and item dialogs on the live cashier page: PosPorts from usePos(), the
// dialogs engineer's authorization modal and service-area selector, and worker display status
// from the open transactions and the appointments booked (000 §4 "Worker display status").
import { useMemo, useRef } from 'react';
import { workerDisplayLabel } from '../../../../domain';
import { AUTHORIZATION_TITLES } from '../../../../domain/texts/cashier';
import { workerStatuses } from '../../../../projections/selectors';
import { lightConfirm } from '../../../components/light-dialog';
import { bookingsAt, useBookings } from '../bookings';
import { usePos } from '../context';
import { ServiceAreaSelect, useDialogs } from '../dialogs';
import { useOpenTransactions } from '../open-trx';
import type { PosPorts } from './ports';

const serviceArea: PosPorts['serviceArea'] = (value, onChange, label) => (
  <ServiceAreaSelect value={value} onChange={onChange} label={label ?? null} zIndex={1000} />
);

const AVAILABLE = workerDisplayLabel({ kind: 'available' });
/** The catalogue and the cart never show a worker label. */
const noWorkerStatus = () => AVAILABLE;

/**
 * Worker labels (000 §4 "Worker display status") from the page's open transactions and bookings, derived only
 * while a dialog is open (active): closed, the last labels are kept, so a modal opens with them and
 * never flashes 'available'. The same function while every label stays the same: an open item
 * modal re-renders only when a worker's label changes.
 */
export function useWorkerStatus(active: boolean): (id: number) => string {
  const { config, now } = usePos();
  const open = useOpenTransactions();
  const bookings = useBookings();
  const last = useRef<{ key: string; fn: (id: number) => string } | null>(null);
  if (active || !last.current) {
    const at = now();
    const statuses = workerStatuses(
      config.commission_worker.map((w) => w.business_commission_worker_id),
      { openTransactions: [...(open ?? [])], appointments: bookingsAt(bookings, at) },
      at,
    );
    const labels = new Map([...statuses].map(([id, st]) => [id, workerDisplayLabel(st)]));
    const key = [...labels].map(([id, label]) => `${id}:${label}`).join('|');
    if (last.current?.key !== key) last.current = { key, fn: (id) => labels.get(id) ?? AVAILABLE };
  }
  return last.current.fn;
}

/** The cashier page's ports; workerStatus from useWorkerStatus (the item dialogs only). */
export function usePosPorts({
  workerStatus = noWorkerStatus,
}: {
  workerStatus?: (id: number) => string;
} = {}): PosPorts {
  const pos = usePos();
  const dialogs = useDialogs();
  const { config, now } = pos;
  return useMemo<PosPorts>(
    () => ({
      config,
      isTablet: pos.isTablet,
      separators: pos.separators,
      trx: pos.trx,
      commands: pos.commands,
      notify: (kind, message) => pos.notify(kind, message),
      // The item dialogs' and the cart's questions (the missing worker, a line's removal): the light
      // confirm, no Mantine modal on the tap path (issue 28).
      confirm: lightConfirm,
      authorize: (kind) =>
        dialogs.authorize({
          kind,
          title: kind === 'qty-reduction' ? AUTHORIZATION_TITLES.changeQty : AUTHORIZATION_TITLES.deleteItem,
        }),
      serviceArea,
      workerStatus,
      host: pos.host,
      now,
    }),
    [config, pos, dialogs.authorize, workerStatus, now],
  );
}
