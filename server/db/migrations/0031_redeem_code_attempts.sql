-- Issue 23 item 7: a wrong SMS redeem code is counted like a wrong wallet PIN (attempt-limiter.ts, kind
-- 'redeem_code', subject business_id:customer_id): five wrong codes for one customer within the window are
-- refused until it passes, the right one too.
ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check;
ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
  CHECK (kind IN ('sign_in', 'supervisor_password', 'forgot_password', 'wallet_code', 'redeem_code'));
