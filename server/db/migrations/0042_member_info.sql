-- Issue 24 (001 §2.7 member info): customer photos are stored as blobs and served by an unguessable URL
-- (never a data URL in a JSON column); an NFC card's code binds to one customer per business.
--  * customer_photos: one row per uploaded photo; customers.extra->>'user_photo_token' names the current one.
--    content_type is the type the server detected from the bytes (JPEG, PNG, WebP, GIF), never the client's.
--  * customers.extra->>'nfc_code_key' is sha256 of the business and the card's code (the code itself is kept
--    only as the argon2 hash nfc_security_code_hash the cashier compares); unique per business.
CREATE TABLE customer_photos (
  photo_token text PRIMARY KEY,
  business_id integer NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_photos_customer_idx ON customer_photos (customer_id);

CREATE UNIQUE INDEX customers_nfc_code_key_idx ON customers (business_id, (extra ->> 'nfc_code_key'))
  WHERE extra ? 'nfc_code_key';
