// Transfer out and transfer in (002 §2.6–2.7, §5): the pure rules of the two screens — which locations
// may be chosen, the list of items to transfer, and the messages of 002 §5 in the order the spec lists them.
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from './texts/inventory';

/** A storage location as the config holds it (002 §3). */
export interface TransferLocation {
  inv_sloc_id: number;
  location_name: string;
}

/**
 * 'Lokasi Stok Tujuan' (002 §2.6): every location of the brand, without the user's own location when the
 * user has exactly one, and never the chosen source (the server refuses the same location anyway:
 * 'Lokasi stok asal dan tujuan tidak boleh sama').
 */
export function transferTargetOptions<T extends TransferLocation>(
  all: readonly T[],
  own: readonly TransferLocation[],
  sourceId: number | null,
): T[] {
  const ownOnly = own.length === 1 ? own[0].inv_sloc_id : null;
  return all.filter((l) => l.inv_sloc_id !== ownOnly && l.inv_sloc_id !== sourceId);
}

/** The chosen target, kept only while it is still one of the options (a new source may remove it). */
export function keptTarget(targetId: number | null, options: readonly TransferLocation[]): number | null {
  return targetId !== null && options.some((o) => o.inv_sloc_id === targetId) ? targetId : null;
}

/** A row of 'Detail Barang Transfer' (002 §3 "Transfer-out list row"). */
export interface TransferOutRow {
  /** The line's own id (002 §4: each item line in a payload gets its own uuid), made when it is added. */
  uuid: string;
  key: number;
  item_name: string;
  qty_now: number;
  qty: number;
  unit_name: string | null;
  inv_unit_id: number | null;
}

/**
 * 'Masukkan ke dalam Daftar' (002 §5 item entry, transfer out): the item already in the list, then a zero
 * (or empty, or not a number) qty. Null when the row may be added.
 */
export function transferLineError(
  list: readonly TransferOutRow[],
  key: number,
  qty: number | null,
): string | null {
  if (list.some((r) => r.key === key)) return M.itemInTransferList;
  if (qty === null || !Number.isFinite(qty) || qty <= 0) return M.qtyZero;
  return null;
}

/** 'Transfer Keluar' (002 §5 inventory submit): source, target, not the same, at least one item. */
export function transferOutError(draft: {
  source_inv_sloc_id: number | null;
  target_inv_sloc_id: number | null;
  items: readonly unknown[];
}): string | null {
  if (draft.source_inv_sloc_id === null) return M.sourceRequired;
  if (draft.target_inv_sloc_id === null) return M.targetRequired;
  if (draft.source_inv_sloc_id === draft.target_inv_sloc_id) return M.sameLocation;
  if (draft.items.length === 0) return M.transferItemsRequired;
  return null;
}

/** The POST transfer-out body without its local_trx_id (002 §7): each line sends its own uuid. */
export function transferOutBody(draft: {
  source_inv_sloc_id: number;
  target_inv_sloc_id: number;
  notes: string;
  items: readonly TransferOutRow[];
}) {
  return {
    source_inv_sloc_id: draft.source_inv_sloc_id,
    target_inv_sloc_id: draft.target_inv_sloc_id,
    notes: draft.notes.trim() || null,
    items: draft.items.map((r) => ({
      uuid: r.uuid,
      pos_item_variant_id: r.key,
      inv_unit_id: r.inv_unit_id,
      qty: r.qty,
    })),
  };
}

/** 'Transfer Masuk' (002 §5): a receiving location must be chosen. */
export function transferInError(inv_sloc_id: number | null): string | null {
  return inv_sloc_id === null ? M.receivingRequired : null;
}

/** 'Jumlah Barang' of an incoming transfer (002 §2.7): the sum of its detail qty. */
export function transferQtyTotal(transfer: { inv_stock_trf_details: readonly { qty: number }[] }): number {
  // two decimals at most (the business's qty_decimal_length): round away float dust of the sum
  const sum = transfer.inv_stock_trf_details.reduce((s, d) => s + d.qty, 0);
  return Math.round(sum * 1e6) / 1e6;
}

/**
 * 'Lokasi Stok Penerimaan' preselected (ours, 002 §2.7 leaves it open): the transfer's target when it is
 * one of the user's locations, else the user's only location, else none.
 */
export function defaultReceivingLocation(
  own: readonly TransferLocation[],
  target_inv_sloc_id: number,
): number | null {
  if (own.some((l) => l.inv_sloc_id === target_inv_sloc_id)) return target_inv_sloc_id;
  return own.length === 1 ? own[0].inv_sloc_id : null;
}

/**
 * What the screen does with the answer to 'Transfer Masuk' (docs/decisions.md): 'done' shows the success
 * and reloads the list; 'gone' reloads the list with the server's refusal shown (accepted elsewhere or
 * unknown); 'stay' keeps the detail (a refusal to correct, or no answer yet). The server's 'Transfer ini
 * sudah diterima.' after an unanswered attempt of our own is that attempt's success.
 */
export function transferInResult(
  outcome: { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'unknown' },
  ourAttemptUnanswered: boolean,
): 'done' | 'gone' | 'stay' {
  if (outcome.kind === 'done') return 'done';
  if (outcome.kind === 'unknown') return 'stay';
  if (outcome.message === S.transferAccepted) return ourAttemptUnanswered ? 'done' : 'gone';
  return outcome.message === S.transferUnknown ? 'gone' : 'stay';
}
