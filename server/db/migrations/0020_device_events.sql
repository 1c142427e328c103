-- Issue 15: every device's event log, uploaded before its local data is cleared (sign-out, /purgatory) and
-- kept for the auditor's replay. One row per event, unique by the event's id (a repeated upload stores
-- nothing twice). device_id / chain_n / hash / prev_hash are the event's place in its device's hash chain
-- (src/events/chain.ts; null for events logged before the chain). The server verifies the chain on upload
-- and FLAGS what it finds (altered, gap, broken, reordered) instead of refusing the rest of the upload.
CREATE TABLE device_events (
  device_event_id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  device_id text,
  chain_n bigint,
  hash text,
  prev_hash text,
  event_type text NOT NULL,
  event_at timestamptz NOT NULL,
  local_trx_id text,
  actor_user_id integer,
  -- the event as the device stored it: id, type, v, at, actor, trxId, payload (the hash covers these)
  event jsonb NOT NULL,
  business_id integer NOT NULL,
  business_outlet_id integer,
  -- who uploaded it (the actor, the cashier who caused it, is actor_user_id)
  business_user_id integer NOT NULL,
  received_at timestamptz NOT NULL,
  flags text[] NOT NULL DEFAULT '{}',
  CONSTRAINT device_events_event_id_key UNIQUE (event_id)
);

-- An outlet's day for the auditor, and one transaction's events.
CREATE INDEX device_events_outlet_day_idx ON device_events (business_id, business_outlet_id, event_at);
CREATE INDEX device_events_trx_idx ON device_events (business_id, local_trx_id) WHERE local_trx_id IS NOT NULL;
-- A device's chain in order (the anchor of an upload), and its flagged events (the chain flag per device).
CREATE INDEX device_events_chain_idx ON device_events (device_id, chain_n);
CREATE INDEX device_events_flagged_idx ON device_events (device_id) WHERE cardinality(flags) > 0;
