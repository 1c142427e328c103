-- Member activation (issue 24; 001 §2.8, §7 membership activation {pos_trx_code, …}): the Purchase No. the
-- cashier typed is kept on the period the activation wrote (null for a sale's period or when none was given).
ALTER TABLE customer_memberships ADD COLUMN pos_trx_code text;
