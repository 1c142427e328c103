// Shift rules (file 002 §4 Shift, §5 Shift and amount inputs): what a start, an expense and an end accept.
// The device's commands and the server's route both run these; the texts are the spec's (and ours where it
// has none, src/domain/texts/shift.ts).
import { MAX_AMOUNT_INPUT } from './money';
import { SHIFT_MESSAGES } from './texts/shift';

export type ShiftRefusal = string | null;

/** The longest expense name we keep (the spec sets none; a bound keeps rows and printouts sane). */
export const EXPENSE_TITLE_MAX = 100;

const isWholeAmount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Number.isInteger(v);

/**
 * A cash amount (starting cash, counted cash at the end): whole rupiah (ruling 22) from 0 to 999,999,999,
 * the amount input's cap (§5). Negative, fractional, non-numbers and absurd values are refused.
 */
export const validateCashAmount = (value: unknown): ShiftRefusal =>
  isWholeAmount(value) && value >= 0 && value <= MAX_AMOUNT_INPUT ? null : SHIFT_MESSAGES.cashInvalid;

/** Starting a shift: refused while one is active (§5), and the starting cash must be a cash amount. */
export const validateShiftStartInput = (hasActiveShift: boolean, cashStart: unknown): ShiftRefusal =>
  hasActiveShift ? SHIFT_MESSAGES.alreadyActive : validateCashAmount(cashStart);

/**
 * An expense (§5): a name ('Nama pengeluaran harus diisi') and an amount ('Jumlah pengeluaran harus diisi');
 * the amount is whole rupiah from 1 to 999,999,999.
 */
export const validateExpenseInput = (title: unknown, amount: unknown): ShiftRefusal => {
  if (typeof title !== 'string' || title.trim() === '') return SHIFT_MESSAGES.expenseNameRequired;
  if (title.trim().length > EXPENSE_TITLE_MAX) return SHIFT_MESSAGES.expenseNameTooLong;
  if (amount === null || amount === undefined || amount === '' || amount === 0)
    return SHIFT_MESSAGES.expenseAmountRequired;
  return isWholeAmount(amount) && amount >= 1 && amount <= MAX_AMOUNT_INPUT
    ? null
    : SHIFT_MESSAGES.expenseAmountInvalid;
};

/** Deleting an expense: it must have a key and be one of the shift's (§5 'Gagal menghapus pengeluaran'). */
export const validateExpenseDelete = (
  key: string | null | undefined,
  expenses: readonly { key: string }[],
): ShiftRefusal => (key && expenses.some((e) => e.key === key) ? null : SHIFT_MESSAGES.expenseDeleteFailed);

/** The expense amount input keeps digits only (§5), capped like every amount input. */
export const expenseAmountDigits = (raw: string): string => {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.length > 9 ? String(MAX_AMOUNT_INPUT) : digits;
};

/** The counted cash minus the expected cash: negative is a shortage, positive a surplus (Moka-style). */
export const cashDifference = (counted: number, expected: number): number => counted - expected;

/** What sign-out reads of a shift on this device (ruling 26). */
export interface OpenShiftFacts {
  status: string;
  outlet_id: number;
  business_user_id: number;
  outlet_name: string | null;
  shift_start: string;
  pos_shift_enforced?: number;
}

/**
 * Ruling 26: the enforced shifts this cashier left open on this device at other outlets, which sign-out
 * names before it clears the device (the current outlet's own enforced shift blocks sign-out: 000 §4).
 */
export const openEnforcedShiftsElsewhere = <T extends OpenShiftFacts>(
  shifts: readonly T[],
  here: { outlet_id: number; business_user_id: number },
): T[] =>
  shifts.filter(
    (s) =>
      s.status === 'active' &&
      s.pos_shift_enforced === 1 &&
      s.business_user_id === here.business_user_id &&
      s.outlet_id !== here.outlet_id,
  );

/** Sign-out's words for those shifts (one sentence each), or null when there are none. */
export const openShiftsElsewhereNotice = (
  shifts: readonly OpenShiftFacts[],
  here: { outlet_id: number; business_user_id: number } | null,
  formatStart: (stamp: string) => string,
): string | null => {
  if (!here) return null;
  const open = openEnforcedShiftsElsewhere(shifts, here);
  if (open.length === 0) return null;
  return open
    .map((s) => SHIFT_MESSAGES.openElsewhere(s.outlet_name ?? `#${s.outlet_id}`, formatStart(s.shift_start)))
    .join(' ');
};
