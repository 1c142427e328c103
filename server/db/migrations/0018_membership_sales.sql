-- Issue 14, membership sales (ruling 19): a sale's period is one customer_memberships row (source
-- 'membership_sale', ref_local_trx_id = the sale); a void appends its reversal row (source
-- 'membership_sale_void', same period), never edits or deletes. One row of each per sale: a repeat or a
-- concurrent twin of the sale can never write a second period.
CREATE UNIQUE INDEX customer_memberships_ref_uq ON customer_memberships (ref_local_trx_id, source)
  WHERE ref_local_trx_id IS NOT NULL;

-- The wallet PIN ('Kode Receh', ruling 15) is counted like the other secrets (attempt-limiter.ts):
-- five wrong PINs for one customer within the window are refused until it passes.
ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check;
ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
  CHECK (kind IN ('sign_in', 'supervisor_password', 'forgot_password', 'wallet_code'));
