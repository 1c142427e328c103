-- One attempt limiter (issue 10 "One schema"): sign-in, the supervisor password (pin-validation) and
-- forgot-password count their attempts in one table, under one advisory lock per kind and address
-- (server/services/attempt-limiter.ts). subject: the lower-cased e-mail (sign_in, forgot_password) or the
-- requesting cashier's business_user_id (supervisor_password).
CREATE TABLE auth_attempts (
  attempt_id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sign_in', 'supervisor_password', 'forgot_password')),
  subject text NOT NULL,
  ip text NOT NULL,
  -- audit: pin-validation's requesting user and outlet, forgot-password's user found (null: none)
  business_user_id integer,
  business_outlet_id integer,
  -- the supervisor whose password matched (pin-validation)
  supervisor_user_id integer,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL
);
-- Every count reads one kind from one address within the window; pruning reads by time.
CREATE INDEX auth_attempts_ip_idx ON auth_attempts (kind, ip, attempted_at);
CREATE INDEX auth_attempts_attempted_at_idx ON auth_attempts (attempted_at);

-- The rows of the last day still count, so they move over (oldest first, keeping each table's order).
INSERT INTO auth_attempts (kind, subject, ip, succeeded, attempted_at)
  SELECT 'sign_in', email, ip, succeeded, attempted_at FROM sign_in_attempts ORDER BY attempt_id;
INSERT INTO auth_attempts
  (kind, subject, ip, business_user_id, business_outlet_id, supervisor_user_id, succeeded, attempted_at)
  SELECT 'supervisor_password', business_user_id::text, ip, business_user_id, business_outlet_id,
    supervisor_user_id, succeeded, attempted_at
  FROM pin_validation_attempts ORDER BY attempt_id;
-- Forgot-password requests were rows of password_reset_requests; it now keeps only the links sent.
INSERT INTO auth_attempts (kind, subject, ip, business_user_id, succeeded, attempted_at)
  SELECT 'forgot_password', email, COALESCE(ip, ''), business_user_id, false, requested_at
  FROM password_reset_requests ORDER BY request_id;
DELETE FROM password_reset_requests WHERE token_hash IS NULL;
DROP INDEX password_reset_requests_ip_idx;

DROP TABLE sign_in_attempts;
DROP TABLE pin_validation_attempts;
