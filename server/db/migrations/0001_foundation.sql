-- Foundation: brand, outlets, users and groups, sessions, sign-in attempts, sign-outs, password resets,
-- e-mail outbox, appointments, catalogue, customers and the append-only ledgers (ruling 13).
-- Money and quantities are numeric; every balance is a SUM over a ledger, never a stored column.

CREATE TABLE businesses (
  business_id integer PRIMARY KEY,
  brand_name text NOT NULL,
  business_slug text NOT NULL UNIQUE,
  brand_logo text,
  currency_code text NOT NULL DEFAULT 'IDR',
  qty_decimal_length integer NOT NULL DEFAULT 0,
  -- brand-level configuration: subscription_rules, business_wallet, payment_method_global, loyalty rules …
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);

CREATE TABLE outlets (
  business_outlet_id integer PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  outlet_name text NOT NULL,
  outlet_address text,
  outlet_phone text,
  -- every outlet-level flag, print, commission and tax setting of the user data (000 §3)
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX outlets_business_idx ON outlets (business_id);

CREATE TABLE user_groups (
  business_user_group_id integer PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  group_name text NOT NULL,
  auth_role_accesses jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- ANDed with the outlet's is_void_allowed in the user data
  is_void_allowed smallint NOT NULL DEFAULT 1
);

CREATE TABLE business_users (
  business_user_id integer PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  email text NOT NULL,
  password_hash text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL DEFAULT '',
  phone text,
  business_user_group_id integer NOT NULL REFERENCES user_groups (business_user_group_id),
  is_supervisor boolean NOT NULL DEFAULT false,
  health_worker jsonb,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX business_users_email_uq ON business_users (lower(email));

CREATE TABLE business_user_outlets (
  business_user_id integer NOT NULL REFERENCES business_users (business_user_id),
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  PRIMARY KEY (business_user_id, business_outlet_id)
);

CREATE TABLE sessions (
  session_id bigserial PRIMARY KEY,
  client_key_hash text NOT NULL UNIQUE,
  login_token_hash text NOT NULL UNIQUE,
  business_user_id integer NOT NULL REFERENCES business_users (business_user_id),
  outlet_id integer REFERENCES outlets (business_outlet_id),
  ip text,
  app_version text,
  app_build text,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (business_user_id);

-- Rate limiting lives in the database so every server instance shares it.
CREATE TABLE sign_in_attempts (
  attempt_id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX sign_in_attempts_lookup_idx ON sign_in_attempts (email, ip, attempted_at);

CREATE TABLE sign_outs (
  sign_out_id bigserial PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES sessions (session_id),
  business_user_id integer NOT NULL,
  outlet_id integer,
  settlement smallint NOT NULL,
  configs jsonb,
  received_at timestamptz NOT NULL
);

-- Every transaction a sign-out carried, keyed by the device's local_trx_id: a repeat replaces the stored
-- document with the newer one and keeps when it first arrived.
CREATE TABLE sign_out_trxs (
  local_trx_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deleted', 'pending')),
  sign_out_id bigint NOT NULL REFERENCES sign_outs (sign_out_id),
  business_user_id integer NOT NULL,
  outlet_id integer,
  trx jsonb NOT NULL,
  first_received_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (local_trx_id, kind)
);

CREATE TABLE password_reset_requests (
  request_id bigserial PRIMARY KEY,
  email text NOT NULL,
  business_user_id integer REFERENCES business_users (business_user_id),
  subscription_user_type_status text NOT NULL,
  token_hash text,
  ip text,
  requested_at timestamptz NOT NULL,
  expires_at timestamptz
);

CREATE TABLE email_outbox (
  email_id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX email_outbox_status_idx ON email_outbox (status, created_at);

CREATE TABLE appointments (
  appointment_id bigserial PRIMARY KEY,
  local_appointment_id text NOT NULL UNIQUE,
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  business_user_id integer REFERENCES business_users (business_user_id),
  user_code text,
  user_name text,
  pos_sales_type_id integer,
  business_commission_worker_id integer,
  appointment_date date,
  start_time text,
  end_time text,
  appointment_notes text,
  pos_local_trx_id text,
  pos_trx jsonb,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'booked',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX appointments_outlet_date_idx ON appointments (business_outlet_id, appointment_date);

-- Catalogue entities as documents: brand-level ones have business_outlet_id 0, outlet-scoped ones (payment
-- methods, sales types, areas, charges …) carry their outlet. kind is the user-data key (pos_items, coupons …).
CREATE TABLE catalogue_entities (
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL DEFAULT 0,
  kind text NOT NULL,
  entity_id text NOT NULL,
  -- brand-level entities sold in some outlets only (items, workers); NULL = every outlet
  outlet_ids integer[],
  sort_order integer NOT NULL DEFAULT 0,
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, business_outlet_id, kind, entity_id)
);

CREATE TABLE customers (
  customer_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  user_code text NOT NULL,
  user_name text NOT NULL,
  user_phone text,
  user_email text,
  user_ref text,
  user_birth_date date,
  user_gender smallint CHECK (user_gender IN (1, 2)),
  user_notes text,
  nik text,
  user_email_notification smallint NOT NULL DEFAULT 0,
  is_signed_up smallint NOT NULL DEFAULT 1,
  extra jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (business_id, user_code)
);
CREATE INDEX customers_phone_idx ON customers (business_id, user_phone);
CREATE INDEX customers_email_idx ON customers (business_id, lower(user_email));
CREATE INDEX customers_nik_idx ON customers (business_id, nik);

-- Memberships: each start or extension is a new row (ruling 19); the current one is the latest valid row.
CREATE TABLE customer_memberships (
  customer_membership_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  business_membership_id integer NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_until timestamptz,
  source text NOT NULL,
  ref_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_memberships_customer_idx ON customer_memberships (customer_id, valid_until);

-- Ledgers (ruling 13): append-only; a void adds reversing entries. entry_type 'opening' carries the balance
-- a customer had when loaded. ref_local_trx_id + entry_type make ingest idempotent.
CREATE TABLE point_ledger (
  entry_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  entry_type text NOT NULL,
  points numeric(18, 2) NOT NULL,
  reward_name text,
  ref_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX point_ledger_customer_idx ON point_ledger (customer_id);
CREATE UNIQUE INDEX point_ledger_ref_uq ON point_ledger (ref_local_trx_id, entry_type, customer_id)
  WHERE ref_local_trx_id IS NOT NULL;

CREATE TABLE wallet_ledger (
  entry_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  entry_type text NOT NULL,
  amount numeric(18, 2) NOT NULL,
  ref_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX wallet_ledger_customer_idx ON wallet_ledger (customer_id);
CREATE UNIQUE INDEX wallet_ledger_ref_uq ON wallet_ledger (ref_local_trx_id, entry_type, customer_id)
  WHERE ref_local_trx_id IS NOT NULL;

-- A coupon issued to a customer; how many remain is the SUM of its ledger.
CREATE TABLE coupon_users (
  coupon_user_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  coupon_id integer NOT NULL,
  start_date date NOT NULL,
  expired_date date NOT NULL,
  source text NOT NULL,
  ref_local_trx_id text,
  coupon_notes text,
  created_at timestamptz NOT NULL
);
CREATE INDEX coupon_users_customer_idx ON coupon_users (customer_id, expired_date);

CREATE TABLE coupon_user_ledger (
  entry_id bigserial PRIMARY KEY,
  coupon_user_id bigint NOT NULL REFERENCES coupon_users (coupon_user_id),
  entry_type text NOT NULL,
  qty integer NOT NULL,
  ref_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX coupon_user_ledger_coupon_idx ON coupon_user_ledger (coupon_user_id);
CREATE UNIQUE INDEX coupon_user_ledger_ref_uq ON coupon_user_ledger (ref_local_trx_id, entry_type, coupon_user_id)
  WHERE ref_local_trx_id IS NOT NULL;

CREATE TABLE receivables (
  account_receivable_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  business_outlet_id integer,
  local_trx_id text NOT NULL UNIQUE,
  trx_id text,
  trx_time timestamptz NOT NULL,
  payment_method_reference text,
  created_at timestamptz NOT NULL
);
CREATE INDEX receivables_customer_idx ON receivables (customer_id);

CREATE TABLE receivable_ledger (
  entry_id bigserial PRIMARY KEY,
  account_receivable_id bigint NOT NULL REFERENCES receivables (account_receivable_id),
  entry_type text NOT NULL,
  amount numeric(18, 2) NOT NULL,
  ref_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX receivable_ledger_ar_idx ON receivable_ledger (account_receivable_id);
CREATE UNIQUE INDEX receivable_ledger_ref_uq ON receivable_ledger (ref_local_trx_id, entry_type, account_receivable_id)
  WHERE ref_local_trx_id IS NOT NULL;

-- Stock: locations per outlet, vendors per brand, and the stock ledger (ruling 14 extends it with sales).
CREATE TABLE storage_locations (
  inv_sloc_id integer PRIMARY KEY,
  business_outlet_id integer NOT NULL REFERENCES outlets (business_outlet_id),
  location_name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  doc jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX storage_locations_outlet_idx ON storage_locations (business_outlet_id);

CREATE TABLE vendors (
  inv_vendor_id integer PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  vendor_name text NOT NULL,
  vendor_last_name text NOT NULL DEFAULT '',
  doc jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE stock_ledger (
  entry_id bigserial PRIMARY KEY,
  inv_sloc_id integer NOT NULL REFERENCES storage_locations (inv_sloc_id),
  pos_item_id integer NOT NULL,
  pos_item_variant_id integer NOT NULL,
  entry_type text NOT NULL,
  -- good and bad quantity deltas: drv_qty / drv_bad_qty are their sums
  qty numeric(18, 4) NOT NULL,
  bad_qty numeric(18, 4) NOT NULL DEFAULT 0,
  unit_cost numeric(18, 2),
  inv_vendor_id integer REFERENCES vendors (inv_vendor_id),
  ref_local_trx_id text,
  notes text,
  created_at timestamptz NOT NULL
);
CREATE INDEX stock_ledger_item_idx ON stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id);
