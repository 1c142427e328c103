-- Inventory (issue 13, 002 §2.2–2.7, §7; rulings 13, 14). Every inventory write is one row here, unique per
-- (brand, local_trx_id): a repeat with the same body (body_hash) answers `answer` and writes nothing; the
-- same local_trx_id with another body is refused. Its stock movements are stock_ledger rows naming it
-- (inv_trx_id). A transfer out is a head with its items; its stock leaves the source at once (in transit)
-- and arrives when a location of the target's outlet accepts it (accepted_*), once.
CREATE TABLE inventory_trxs (
  inv_trx_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  business_user_id integer NOT NULL,
  local_trx_id text NOT NULL,
  trx_type text NOT NULL,
  body_hash text NOT NULL,
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT inventory_trxs_local_trx_id_key UNIQUE (business_id, local_trx_id)
);

CREATE TABLE inv_stock_trf_heads (
  inv_stock_trf_head_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  inv_trx_id bigint NOT NULL REFERENCES inventory_trxs (inv_trx_id),
  trx_id text NOT NULL,
  source_inv_sloc_id integer NOT NULL REFERENCES storage_locations (inv_sloc_id),
  target_inv_sloc_id integer NOT NULL REFERENCES storage_locations (inv_sloc_id),
  notes text,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_inv_sloc_id integer REFERENCES storage_locations (inv_sloc_id),
  accepted_by integer,
  accept_notes text,
  CONSTRAINT inv_stock_trf_heads_locations CHECK (source_inv_sloc_id <> target_inv_sloc_id)
);
CREATE INDEX inv_stock_trf_heads_incoming_idx ON inv_stock_trf_heads (target_inv_sloc_id) WHERE accepted_at IS NULL;

ALTER TABLE stock_ledger ADD COLUMN inv_trx_id bigint REFERENCES inventory_trxs (inv_trx_id);
-- variant_cogs: the moving average of a variant's stock-in prices reads only its stock-in entries
CREATE INDEX stock_ledger_stock_in_idx ON stock_ledger (pos_item_variant_id) WHERE entry_type = 'from_supplier';
