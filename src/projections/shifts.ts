import { expensesDigest } from '../domain/shift';
import type { ShiftRecord, StoredEvent } from '../events';
import type { Projection } from './projection';

const shiftIdOf = (event: StoredEvent): string | null =>
  event.type.startsWith('shift.') ? (event.payload as { local_shift_id: string }).local_shift_id : null;

/**
 * (shift, event) → shift (002 §4 Shift). A start makes the active row; expenses change only an active
 * shift; the end (the server's 'success') makes it ended and synced. An event that does not apply (a
 * second start of the same id, an expense after the end) leaves the row as it is.
 */
export function reduceShift(row: ShiftRecord | undefined, event: StoredEvent): ShiftRecord | undefined {
  switch (event.type) {
    case 'shift.started':
    case 'shift.restored': {
      if (row) return row;
      const {
        pos_shift_id = null,
        expenses,
        ...opening
      } = event.payload as typeof event.payload & {
        pos_shift_id?: number;
        expenses?: ShiftRecord['expenses'];
      };
      return {
        ...opening,
        status: 'active',
        pos_shift_id,
        shift_end: null,
        cash_end_actual: null,
        cash_end_expected: null,
        expenses: expenses ?? [],
        // restored from the server: it holds these already
        expenses_sent: expenses ? expensesDigest(expenses) : null,
        trxs: null,
        isSynced: false,
        start_error: null,
        pending_end: null,
        started_seq: event.seq,
        ended_seq: 0,
      };
    }
    case 'shift.startAccepted': {
      if (!row || row.pos_shift_id !== null) return row;
      return { ...row, pos_shift_id: event.payload.pos_shift_id, start_error: null };
    }
    case 'shift.expensesAccepted': {
      if (row?.status !== 'active') return row;
      return { ...row, expenses_sent: event.payload.expenses_digest };
    }
    case 'shift.startRefused': {
      if (row?.status !== 'active' || row.pos_shift_id !== null) return row;
      return { ...row, start_error: event.payload.message };
    }
    case 'shift.endRequested': {
      if (row?.status !== 'active' || row.pending_end) return row;
      const { local_shift_id: _id, ...body } = event.payload;
      return { ...row, pending_end: body };
    }
    case 'shift.endRefused': {
      if (row?.status !== 'active') return row;
      return { ...row, pending_end: null };
    }
    case 'shift.expenseAdded': {
      // an end on its way fixes the expenses it sent
      if (row?.status !== 'active' || row.pending_end) return row;
      const { local_shift_id: _id, ...expense } = event.payload;
      if (row.expenses.some((e) => e.key === expense.key)) return row;
      return { ...row, expenses: [...row.expenses, expense] };
    }
    case 'shift.expenseDeleted': {
      if (row?.status !== 'active' || row.pending_end) return row;
      return { ...row, expenses: row.expenses.filter((e) => e.key !== event.payload.key) };
    }
    case 'shift.ended': {
      if (row?.status !== 'active') return row;
      const p = event.payload;
      return {
        ...row,
        status: 'ended',
        pos_shift_id: p.pos_shift_id,
        start_error: null,
        shift_end: p.shift_end,
        cash_end_actual: p.cash_end_actual,
        cash_end_expected: p.cash_end_expected,
        trxs: p.trxs,
        isSynced: true,
        pending_end: null,
        ended_seq: event.seq,
      };
    }
    default:
      return row;
  }
}

export const shiftsProjection: Projection<ShiftRecord, string> = {
  table: 'shifts',
  keyOf: (row) => row.local_shift_id,
  keysOf: (event) => {
    const id = shiftIdOf(event);
    return id === null ? [] : [id];
  },
  reduce: (row, event) => reduceShift(row, event),
};
