-- Issue 5: receipts. The public receipt token of a sale, the SMS outbox, e-mail bodies in HTML, and the
-- history of worker edits after the sale (post-edit).

-- One token per sale, created lazily (the first send or view asks for it). 32 random bytes, base64url:
-- the token is the only key of the public receipt, so it is unguessable and names exactly one sale.
CREATE TABLE receipt_tokens (
  local_trx_id text PRIMARY KEY REFERENCES pos_sales_trx_heads (local_trx_id),
  receipt_token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- 'stored': no transport is configured (the demo); the message stays here, readable, and is not retried.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
  CHECK (status IN ('queued', 'sent', 'failed', 'stored'));
-- body stays the plain-text part; a receipt also carries its HTML part
ALTER TABLE email_outbox ADD COLUMN html_body text;
ALTER TABLE email_outbox ADD COLUMN local_trx_id text;

CREATE TABLE sms_outbox (
  sms_id bigserial PRIMARY KEY,
  to_phone text NOT NULL,
  message text NOT NULL,
  local_trx_id text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'stored')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX sms_outbox_status_idx ON sms_outbox (status, created_at);

-- Post-edit (000 §4): each accepted edit session once, with the transaction before and after it.
CREATE TABLE trx_edits (
  trx_edit_id bigserial PRIMARY KEY,
  edit_session_id text NOT NULL UNIQUE,
  local_trx_id text NOT NULL REFERENCES pos_sales_trx_heads (local_trx_id),
  business_user_id integer NOT NULL REFERENCES business_users (business_user_id),
  session_id bigint,
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  edited_at timestamptz NOT NULL
);
CREATE INDEX trx_edits_trx_idx ON trx_edits (local_trx_id, edited_at);
