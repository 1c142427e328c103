-- Issue 27: the maintenance page's passphrase (/backdoor, ruling 10) is checked by the server and counted like
-- a sign-in (attempt-limiter.ts, kind 'maintenance', subject 'backdoor'): five wrong passphrases from one
-- address within the window are refused until it passes, the right one too.
ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check;
ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
  CHECK (kind IN ('sign_in', 'supervisor_password', 'forgot_password', 'wallet_code', 'redeem_code', 'maintenance'));
