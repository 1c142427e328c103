import { type Now, type WorkerDisplayStatus, workerDisplayStatus } from '../../domain';
import type { SerambiDb, TransactionRecord } from '../../events';

/** One transaction by local_trx_id (the cart). */
export function readTrx(db: SerambiDb, local_trx_id: string): Promise<TransactionRecord | undefined> {
  return db.transactions.get(local_trx_id);
}

/** Open transactions (status 2): what occupies areas and makes workers 'Working'. */
export function listOpen(db: SerambiDb): Promise<TransactionRecord[]> {
  return db.transactions.where('trx_status_id').equals(2).toArray();
}

const areaId = (a: { pos_area_id?: unknown } | null | undefined): number | null =>
  a && a.pos_area_id !== null && a.pos_area_id !== undefined ? Number(a.pos_area_id) : null;

/**
 * pos_area_id of every area used by a line, a package detail or the transaction itself of
 * another open (status 2) transaction: the selector marks them '(OCCUPIED)' (000 §2).
 */
export function occupiedAreaIds(
  openTransactions: readonly TransactionRecord[],
  exceptLocalTrxId?: string | null,
): Set<number> {
  const ids = new Set<number>();
  const add = (a: { pos_area_id?: unknown } | null | undefined) => {
    const id = areaId(a);
    if (id !== null) ids.add(id);
  };
  for (const t of openTransactions) {
    if (t.local_trx_id === exceptLocalTrxId || Number(t.trx_status_id) !== 2) continue;
    add(t.service_area);
    for (const line of t.details) {
      add(line.service_area);
      for (const d of line.pos_item_package_details ?? []) add(d.service_area as { pos_area_id?: unknown });
    }
  }
  return ids;
}

/** Occupied area ids read from the db (excluding the transaction being edited). */
export async function readOccupiedAreaIds(
  db: SerambiDb,
  exceptLocalTrxId?: string | null,
): Promise<Set<number>> {
  return occupiedAreaIds(await listOpen(db), exceptLocalTrxId);
}

/** What workerDisplayStatus needs from the read models: the open transactions and appointments. */
export interface WorkerStatusInputs {
  openTransactions: TransactionRecord[];
  /** Appointments linked to the POS (status-1 transactions carry local_appointment_id). */
  appointments: { business_commission_worker_id?: number | null; start_time: string }[];
}

/**
 * Inputs of the worker display status. Appointment start times come from the caller's
 * appointment list (the appointments issue); the open transactions from the db.
 */
export async function readWorkerStatusInputs(
  db: SerambiDb,
  appointments: WorkerStatusInputs['appointments'] = [],
): Promise<WorkerStatusInputs> {
  return { openTransactions: await listOpen(db), appointments };
}

/** Display status per worker id ('Available' / 'Booked - {time}' / 'Working'). */
export function workerStatuses(
  workerIds: readonly number[],
  inputs: WorkerStatusInputs,
  now: Now,
): Map<number, WorkerDisplayStatus> {
  return new Map(workerIds.map((id) => [id, workerDisplayStatus(id, { now, ...inputs })]));
}
