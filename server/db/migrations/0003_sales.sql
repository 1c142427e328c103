-- Issue 4: POS sales as received from the devices (submit and sync), their lines and payments, the
-- per-outlet trx_id counter, saved (archived) transactions, and indexes the sale ledgers need.
-- local_trx_id (the device's uuid) is the idempotency key: a repeat never inserts a second sale.

CREATE TABLE pos_sales_trx_heads (
  pos_sales_trx_head_id bigserial PRIMARY KEY,
  local_trx_id text NOT NULL UNIQUE,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  business_user_id integer NOT NULL REFERENCES business_users (business_user_id),
  session_id bigint,
  -- human-readable, unique per outlet: {outlet code}-{YYYYMMDD}-{NNNN}
  trx_id text NOT NULL,
  trx_type text NOT NULL,
  -- 3 completed, 4 void
  trx_status_id smallint NOT NULL,
  is_offline smallint NOT NULL DEFAULT 0,
  customer_id bigint REFERENCES customers (customer_id),
  user_code text,
  order_no integer,
  local_shift_id text,
  trx_time timestamptz NOT NULL,
  local_sync_time text,
  drv_gross_total numeric(18, 2) NOT NULL,
  drv_subtotal numeric(18, 2) NOT NULL,
  drv_total_discount_nominal numeric(18, 2) NOT NULL,
  drv_total_service_charge numeric(18, 2) NOT NULL,
  drv_total_additional_charge numeric(18, 2) NOT NULL,
  drv_tax numeric(18, 2) NOT NULL,
  drv_grand_total numeric(18, 2) NOT NULL,
  drv_qty numeric(18, 4) NOT NULL,
  -- the wallet balance after this sale (the answer's deposit_balance); null without a customer
  deposit_balance numeric(18, 2),
  -- the whole transaction as validated
  trx jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  void_reason text,
  voided_by integer REFERENCES business_users (business_user_id),
  voided_at timestamptz,
  UNIQUE (business_outlet_id, trx_id)
);
CREATE INDEX pos_sales_trx_heads_outlet_time_idx ON pos_sales_trx_heads (business_outlet_id, trx_time);
CREATE INDEX pos_sales_trx_heads_customer_idx ON pos_sales_trx_heads (customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE pos_sales_trx_details (
  pos_sales_trx_detail_id bigserial PRIMARY KEY,
  pos_sales_trx_head_id bigint NOT NULL REFERENCES pos_sales_trx_heads (pos_sales_trx_head_id),
  local_trx_detail_id text NOT NULL,
  line_no integer NOT NULL,
  pos_item_id integer NOT NULL,
  pos_item_variant_id integer NOT NULL,
  item_name text,
  variant_name text,
  item_nature text,
  is_package smallint NOT NULL DEFAULT 0,
  is_custom smallint NOT NULL DEFAULT 0,
  qty numeric(18, 4) NOT NULL,
  -- the server's own pricing of the line (src/domain priceTransaction)
  unit_price numeric(18, 2) NOT NULL,
  gross_total numeric(18, 2) NOT NULL,
  discount_total numeric(18, 2) NOT NULL,
  line_total numeric(18, 2) NOT NULL,
  global_discount_share numeric(18, 2) NOT NULL,
  service_charge numeric(18, 2) NOT NULL,
  additional_charge numeric(18, 2) NOT NULL,
  item_discount_type text,
  -- the line itself is trxs.details[line_no - 1] of the head's trx document
  business_commission_worker_id integer
);
CREATE INDEX pos_sales_trx_details_head_idx ON pos_sales_trx_details (pos_sales_trx_head_id);

CREATE TABLE pos_sales_trx_payments (
  pos_sales_trx_payment_id bigserial PRIMARY KEY,
  pos_sales_trx_head_id bigint NOT NULL REFERENCES pos_sales_trx_heads (pos_sales_trx_head_id),
  local_payment_id text NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN ('NORMAL', 'DEPOSIT', 'CREDIT')),
  payment_method_name text NOT NULL,
  table_name text NOT NULL,
  table_id integer NOT NULL,
  payment_amount numeric(18, 2) NOT NULL,
  payment_charge numeric(18, 2) NOT NULL DEFAULT 0,
  payment_ref text
);
CREATE INDEX pos_sales_trx_payments_head_idx ON pos_sales_trx_payments (pos_sales_trx_head_id);

-- The last number given per outlet and day; incremented in the sale's own database transaction, so a
-- rolled-back sale gives its number back and two instances never hand out the same one.
CREATE TABLE pos_trx_id_counters (
  business_outlet_id integer NOT NULL,
  trx_date text NOT NULL,
  last_no integer NOT NULL,
  PRIMARY KEY (business_outlet_id, trx_date)
);

-- Saved (archived) pending transactions. A download marks the row (first downloading session kept, so a
-- retried download from that session gets the same answer) and takes it off the list.
CREATE TABLE pos_sales_trx_archives (
  pos_sales_trx_archive_id bigserial PRIMARY KEY,
  local_trx_id text NOT NULL,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  business_user_id integer NOT NULL REFERENCES business_users (business_user_id),
  trx jsonb NOT NULL,
  saved_at timestamptz NOT NULL,
  downloaded_at timestamptz,
  downloaded_session_id bigint,
  deleted_at timestamptz
);
-- one live saved copy per transaction: saving again replaces it
CREATE UNIQUE INDEX pos_sales_trx_archives_live_uq ON pos_sales_trx_archives (local_trx_id)
  WHERE downloaded_at IS NULL AND deleted_at IS NULL;
CREATE INDEX pos_sales_trx_archives_outlet_idx ON pos_sales_trx_archives (business_outlet_id, saved_at);

-- Stock entries are read back per transaction (inventory-out, void); the other ledgers' unique indexes
-- already lead with ref_local_trx_id.
CREATE INDEX stock_ledger_ref_idx ON stock_ledger (ref_local_trx_id) WHERE ref_local_trx_id IS NOT NULL;
