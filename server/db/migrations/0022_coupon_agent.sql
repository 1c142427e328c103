-- Coupons a partner channel ("agent") sold to a customer (issue 14; 000 §2 'Penggunaan Kupon' agent
-- transactions, §3 "Agent transaction", §7 agent coupon transactions; ruling 20: pos_trx_code, agent_code).
-- The coupon itself is one of the customer's coupon_users rows (source 'agent') with its coupon_user_ledger
-- entry, so the cashier fulfils it in a sale by using that coupon: once (the ledger under the row's lock), and
-- a void of that sale makes it usable again (the ledger's reversal). This row is what the agent list shows.
CREATE TABLE coupon_agent_transactions (
  coupon_agent_transaction_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  pos_trx_code text NOT NULL,
  agent_code text NOT NULL,
  trx_id text NOT NULL,
  coupon_user_id bigint NOT NULL REFERENCES coupon_users (coupon_user_id),
  created_at timestamptz NOT NULL,
  CONSTRAINT coupon_agent_transactions_code_key UNIQUE (business_id, pos_trx_code),
  CONSTRAINT coupon_agent_transactions_coupon_user_key UNIQUE (coupon_user_id)
);
CREATE INDEX coupon_agent_transactions_customer_idx ON coupon_agent_transactions (customer_id);
