-- A reset link is single use: the request it came from records when it was used.
ALTER TABLE password_reset_requests ADD COLUMN used_at timestamptz;
CREATE INDEX password_reset_requests_token_idx ON password_reset_requests (token_hash)
  WHERE token_hash IS NOT NULL;
-- Rate limits count per client address (sign-in and forgot-password) within a window.
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip, requested_at);
CREATE INDEX password_reset_requests_user_idx ON password_reset_requests (business_user_id, requested_at);
CREATE INDEX sign_in_attempts_ip_idx ON sign_in_attempts (ip, attempted_at);
