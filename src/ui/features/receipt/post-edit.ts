// Post-edit (000 §4 "Post-edit mode", §7 PUT): only the workers of a line and of its package items
// change; the edited line carries the edit session id; the whole transaction goes in input_data.
import type {
  CommissionWorkerShare,
  LineWorker,
  PackageDetail,
  PosTransaction,
  TrxDetail,
} from '../../../domain';
import { uuid } from '../../../events';

export interface WorkerEdit {
  commission_worker: LineWorker | null;
  commission_workers: CommissionWorkerShare[];
  pos_item_package_details: PackageDetail[];
}

/** The line's current worker fields, as the editor starts from them. */
export const workerEditOf = (line: TrxDetail): WorkerEdit => ({
  commission_worker: line.commission_worker ?? null,
  commission_workers: line.commission_workers,
  pos_item_package_details: line.pos_item_package_details,
});

/** The transaction with one line's workers replaced; nothing else changes. */
export const applyWorkerEdit = (
  trx: PosTransaction,
  local_trx_detail_id: string,
  edit: WorkerEdit,
  edit_session_id: string,
): PosTransaction => ({
  ...trx,
  details: trx.details.map((line) =>
    line.local_trx_detail_id === local_trx_detail_id
      ? {
          ...line,
          edit_session_id,
          commission_worker: edit.commission_worker,
          commission_workers: edit.commission_workers,
          business_commission_worker_id:
            edit.commission_worker?.business_commission_worker_id ??
            edit.commission_workers[0]?.commission_worker.business_commission_worker_id ??
            null,
          // Package items keep everything but their workers.
          pos_item_package_details: line.pos_item_package_details.map((d, i) => ({
            ...d,
            business_commission_worker: edit.pos_item_package_details[i]?.business_commission_worker ?? null,
            commission_workers: edit.pos_item_package_details[i]?.commission_workers ?? [],
          })),
        }
      : line,
  ),
});

/** The PUT body: the new edit session and the whole transaction. */
export const postEditBody = (trx: PosTransaction, edit_session_id: string) => ({
  edit_session_id,
  input_data: trx,
});

/** A fresh edit session id each time the page opens (000 §2 "Transaction edit"). */
export const newEditSessionId = (): string => uuid();
