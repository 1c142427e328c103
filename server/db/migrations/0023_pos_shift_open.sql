-- Ruling 26 (issue 22), issue 23 item 8: a shift is a record the server keeps from its start. A started shift
-- is a row without shift_end (open); its end fills shift_end, the counted cash and both summaries.
-- cash_end_actual stays NULL when the cash was not counted (issue 23 item 11: never assumed 0).
-- One open shift per cashier and outlet, kept by the database itself (two tabs, two devices, a race).
ALTER TABLE pos_shifts ALTER COLUMN shift_end DROP NOT NULL;
ALTER TABLE pos_shifts ALTER COLUMN cash_end_actual DROP NOT NULL;
ALTER TABLE pos_shifts ALTER COLUMN cash_end_expected DROP NOT NULL;
ALTER TABLE pos_shifts ALTER COLUMN device_trxs DROP NOT NULL;
ALTER TABLE pos_shifts ALTER COLUMN server_trxs DROP NOT NULL;
CREATE UNIQUE INDEX pos_shifts_one_open ON pos_shifts (business_id, business_outlet_id, business_user_id)
  WHERE shift_end IS NULL;
