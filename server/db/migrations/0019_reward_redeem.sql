-- Reward redemption inside a sale (issue 14; 000 §2 redeem dialog, §3, §7; rulings 13, 17, 20). The points a
-- redemption spends are point_ledger entries written with the sale (entry_type 'redeem'); these tables hold
-- the codes the server issues and verifies and the partner channel's ("agent") redemptions.

-- A QR redemption code issued to a customer for a reward (the customer's app shows it; the cashier scans or
-- types it). Spent by one sale, once (used_local_trx_id); its points are debited by that sale.
CREATE TABLE reward_redeem_codes (
  reward_redeem_code_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  scancode text NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  reward_redemption_item_id integer NOT NULL,
  qty integer NOT NULL DEFAULT 1 CHECK (qty > 0),
  expires_at timestamptz,
  used_local_trx_id text,
  created_at timestamptz NOT NULL,
  CONSTRAINT reward_redeem_codes_scancode_key UNIQUE (business_id, scancode)
);

-- An SMS redemption code (ruling 20): sent through sms_outbox, stored as a hash, valid until expires_at,
-- resent at most every 30 s (last_sent_at), spent by one sale once (used_local_trx_id).
CREATE TABLE reward_redeem_sms (
  reward_redeem_sms_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  reward_redemption_item_id integer NOT NULL,
  to_phone text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  last_sent_at timestamptz NOT NULL,
  send_count integer NOT NULL DEFAULT 1,
  used_local_trx_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX reward_redeem_sms_customer_idx ON reward_redeem_sms (customer_id);

-- A redemption a partner channel made for a customer (ruling 20: pos_trx_code, agent_code); its points were
-- spent on the partner's side. The cashier fulfils it in one sale, once (fulfilled_local_trx_id); a void of
-- that sale makes it fulfillable again.
CREATE TABLE reward_agent_transactions (
  reward_agent_transaction_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  pos_trx_code text NOT NULL,
  agent_code text NOT NULL,
  trx_id text NOT NULL,
  reward_redemption_item_id integer NOT NULL,
  fulfilled_local_trx_id text,
  created_at timestamptz NOT NULL,
  CONSTRAINT reward_agent_transactions_code_key UNIQUE (business_id, pos_trx_code)
);
CREATE INDEX reward_agent_transactions_customer_idx ON reward_agent_transactions (customer_id);
