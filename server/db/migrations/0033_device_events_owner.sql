-- Issue 23 items 1–2, issue 22 item 4: a device's chain belongs to the business that first wrote it, and an
-- event is filed under its sale's outlet.
--  * event ids and chains are per business: another brand's upload under the same device id (or event id) is
--    its own rows and never an anchor, predecessor or duplicate of this business's; the first writer of a device
--    id is kept in device_chains, and a later upload of another business under it marks the device 'claimed'.
--  * upload_outlet_id is the outlet of the uploading session (business_user_id is its user); business_outlet_id
--    becomes the outlet the event is filed under: its sale's outlet when the server holds the sale.
ALTER TABLE device_events ADD COLUMN upload_outlet_id integer;
UPDATE device_events SET upload_outlet_id = business_outlet_id;
UPDATE device_events e SET business_outlet_id = h.business_outlet_id
  FROM pos_sales_trx_heads h
  WHERE h.local_trx_id = e.local_trx_id AND h.business_id = e.business_id
    AND e.business_outlet_id IS DISTINCT FROM h.business_outlet_id;

ALTER TABLE device_events DROP CONSTRAINT device_events_event_id_key;
ALTER TABLE device_events ADD CONSTRAINT device_events_business_event_key UNIQUE (business_id, event_id);
DROP INDEX device_events_chain_idx;
CREATE INDEX device_events_chain_idx ON device_events (business_id, device_id, chain_n);
DROP INDEX device_events_flagged_idx;
CREATE INDEX device_events_flagged_idx ON device_events (business_id, device_id) WHERE cardinality(flags) > 0;

CREATE TABLE device_chains (
  device_id text PRIMARY KEY,
  -- the business (and outlet, user) whose upload first named this device id
  business_id integer NOT NULL,
  business_outlet_id integer,
  business_user_id integer NOT NULL,
  first_at timestamptz NOT NULL,
  -- another business uploaded events under this device id: when first, and how many events in all
  claimed_at timestamptz,
  claimed_events integer NOT NULL DEFAULT 0
);
INSERT INTO device_chains (device_id, business_id, business_outlet_id, business_user_id, first_at)
  SELECT DISTINCT ON (device_id) device_id, business_id, upload_outlet_id, business_user_id, received_at
  FROM device_events WHERE device_id IS NOT NULL
  ORDER BY device_id, received_at, device_event_id;
UPDATE device_chains c SET claimed_at = o.first_at, claimed_events = o.n
  FROM (SELECT e.device_id, min(e.received_at) AS first_at, count(*)::int AS n
        FROM device_events e JOIN device_chains d ON d.device_id = e.device_id AND d.business_id <> e.business_id
        GROUP BY e.device_id) o
  WHERE o.device_id = c.device_id;
