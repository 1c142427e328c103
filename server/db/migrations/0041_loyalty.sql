-- Issue 24 (001 §2.3–2.6, §7; rulings 13, 17, 18, 20): the loyalty screens' own records.
--
-- A loyalty transaction ('Pemberian Poin'): one row per device local_trx_id (the key that makes an offline
-- award sent again, or sent from two tabs, stored once), with the points it earned by the brand's earn rule
-- as a point_ledger entry (entry_type 'loyalty_award', ref_local_trx_id = its local_trx_id).
CREATE TABLE loyalty_trxs (
  loyalty_trx_head_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL,
  business_user_id integer NOT NULL,
  local_trx_id text NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  pos_trx_code text NOT NULL,
  trx_amount numeric(18, 2) NOT NULL,
  points numeric(18, 2) NOT NULL,
  reward_name text,
  trx_time text NOT NULL,
  is_offline integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  CONSTRAINT loyalty_trxs_local_key UNIQUE (business_id, local_trx_id)
);
CREATE INDEX loyalty_trxs_customer_idx ON loyalty_trxs (customer_id);

-- A redeem code or a coupon used outside a sale (/redeem-qr-transaction, /coupon-use-qr): one row per use,
-- then its purchase no. The reward code is spent with used_local_trx_id = 'code-use:{code_use_id}' and its
-- points debited (point_ledger 'redeem' with that ref); a coupon gets its coupon_user_ledger −1 with that ref.
CREATE TABLE code_uses (
  code_use_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  kind text NOT NULL CHECK (kind IN ('reward', 'coupon')),
  scancode text NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  business_outlet_id integer,
  business_user_id integer NOT NULL,
  pos_trx_code text,
  created_at timestamptz NOT NULL
);
CREATE INDEX code_uses_scancode_idx ON code_uses (business_id, kind, scancode);
