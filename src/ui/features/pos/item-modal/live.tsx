// The catalogue, cart and item dialogs on the live cashier page: PosPorts from usePos(), the
// dialogs engineer's authorization modal and service-area selector, and worker display status
// from the open transactions (000 §4 "Worker display status").
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { workerDisplayLabel } from '../../../../domain';
import type { TransactionRecord } from '../../../../events';
import { getStore } from '../../../../projections';
import { listOpen, workerStatuses } from '../../../../projections/selectors';
import { usePos } from '../context';
import { AUTHORIZATION_TITLES, ServiceAreaSelect, useDialogs } from '../dialogs';
import type { PosPorts } from './ports';

/** Appointment start times are not on the device yet (appointments issue): 'Booked' waits for them. */
const NO_APPOINTMENTS: { business_commission_worker_id?: number | null; start_time: string }[] = [];

const NO_OPEN: TransactionRecord[] = [];

const serviceArea: PosPorts['serviceArea'] = (value, onChange, label) => (
  <ServiceAreaSelect value={value} onChange={onChange} label={label ?? null} zIndex={1000} />
);

/**
 * withWorkerStatus = false (the catalogue, the cart): no live query of the open transactions,
 * which every commit would re-run for a worker label these parts never show.
 */
export function usePosPorts({ withWorkerStatus = true }: { withWorkerStatus?: boolean } = {}): PosPorts {
  const pos = usePos();
  const dialogs = useDialogs();
  const open = useLiveQuery(() => (withWorkerStatus ? listOpen(getStore().db) : NO_OPEN), [withWorkerStatus]);
  const { config, now } = pos;
  const statuses = useMemo(
    () =>
      workerStatuses(
        config.commission_worker.map((w) => w.business_commission_worker_id),
        { openTransactions: open ?? [], appointments: NO_APPOINTMENTS },
        now(),
      ),
    [config.commission_worker, open, now],
  );
  // The same function while every label stays the same: an open item modal re-renders only when
  // a worker's label changes, not on every commit that re-reads the open transactions.
  const labelKey = [...statuses].map(([id, st]) => `${id}:${workerDisplayLabel(st)}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labelKey stands for statuses' labels
  const workerStatus = useMemo(() => {
    const labels = new Map([...statuses].map(([id, st]) => [id, workerDisplayLabel(st)]));
    return (id: number) => labels.get(id) ?? workerDisplayLabel({ kind: 'available' });
  }, [labelKey]);
  return useMemo<PosPorts>(
    () => ({
      config,
      isTablet: pos.isTablet,
      separators: pos.separators,
      trx: pos.trx,
      commands: pos.commands,
      notify: (kind, message) => pos.notify(kind, message),
      confirm: (o) => pos.confirm({ title: o.title, message: o.message }),
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
