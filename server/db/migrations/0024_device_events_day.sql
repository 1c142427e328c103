-- Issue 15 (speed): the auditor's day reads an outlet's transaction events of one WIB day in the order
-- (event_at, device_id, chain_n). This partial index holds exactly those rows in that order, so the read is one
-- index range scan with no sort; it replaces device_events_outlet_day_idx, which had no other reader (one index
-- fewer for every uploaded event to maintain).
CREATE INDEX device_events_outlet_day_trx_idx
  ON device_events (business_id, business_outlet_id, event_at, device_id, chain_n)
  WHERE local_trx_id IS NOT NULL;
DROP INDEX device_events_outlet_day_idx;
