-- Shift management (issue 12, 002 §3 Shift, §7 POST cashier/pos-shift). One row per shift, unique per
-- local_shift_id: a repeat (two tabs, a retry after a lost answer) finds the row and writes nothing.
-- device_trxs is the summary the device sent; server_trxs is the server's own (shiftTotals over its stored
-- sales of that cashier and outlet between shift_start and shift_end). Times are the outlet's local
-- "YYYY-MM-DD HH:mm:ss" (WIB), as the device and the stored sales write them.
CREATE TABLE pos_shifts (
  pos_shift_id bigserial PRIMARY KEY,
  local_shift_id text NOT NULL,
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  business_user_id integer NOT NULL,
  session_id bigint,
  shift_start text NOT NULL,
  shift_end text NOT NULL,
  cash_start numeric(18, 2) NOT NULL CHECK (cash_start >= 0),
  cash_end_actual numeric(18, 2) NOT NULL CHECK (cash_end_actual >= 0),
  cash_end_expected numeric(18, 2) NOT NULL,
  cashier_name text,
  outlet_name text,
  device_trxs jsonb NOT NULL,
  server_trxs jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT pos_shifts_local_shift_id_key UNIQUE (local_shift_id)
);
CREATE INDEX pos_shifts_outlet_user_idx ON pos_shifts (business_outlet_id, business_user_id, shift_end);

CREATE TABLE pos_shift_expenses (
  pos_shift_expense_id bigserial PRIMARY KEY,
  pos_shift_id bigint NOT NULL REFERENCES pos_shifts (pos_shift_id),
  expense_key text NOT NULL,
  expense_title text NOT NULL,
  expense_amount numeric(18, 2) NOT NULL CHECK (expense_amount > 0),
  CONSTRAINT pos_shift_expenses_key UNIQUE (pos_shift_id, expense_key)
);
