-- Issue 4, the cashier's lookups: phone lookup on one canonical form, the customer journal's activities
-- (001 §3 "Customer activity"), and the supervisor password check's attempts (rate limited like sign-in).

-- '+62 812…', '62812…', '0812…' and '812…' are one number: digits only, a leading 0 becomes 62, anything not
-- starting with 62 gets 62 prefixed. Mirrors canonicalPhone in src/domain/pos/phone.ts (tests hold them equal).
CREATE FUNCTION customer_canonical_phone(p text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d = '' THEN NULL
    WHEN left(d, 2) = '62' THEN d
    WHEN left(d, 1) = '0' THEN '62' || substr(d, 2)
    ELSE '62' || d
  END
  FROM (SELECT regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g') AS d) AS s
$$;
-- Stored, so neither the lookup nor the keyword search computes it per row.
ALTER TABLE customers ADD COLUMN user_phone_canonical text GENERATED ALWAYS AS (customer_canonical_phone(user_phone)) STORED;
CREATE INDEX customers_canonical_phone_idx ON customers (business_id, user_phone_canonical);
CREATE INDEX customers_ref_idx ON customers (business_id, lower(user_ref));
-- The keyword search's haystack: one lower-cased text per customer (name, phone as written and canonical,
-- e-mail, code, reference, separated by chr(1) so no match spans two fields). One LIKE per row instead of
-- five ILIKEs: about 6x faster on PGlite with 20,000 customers.
ALTER TABLE customers ADD COLUMN customer_search_text text GENERATED ALWAYS AS (lower(
  coalesce(user_name, '') || chr(1) || coalesce(user_phone, '') || chr(1) ||
  coalesce(customer_canonical_phone(user_phone), '') || chr(1) || coalesce(user_email, '') || chr(1) ||
  user_code || chr(1) || coalesce(user_ref, ''))) STORED;

-- A journal entry about a customer, written by a business user at an outlet; local_trx_id is the device's
-- uuid (idempotency key). The cashier reads today's entries that carry notes_for_cashier.
CREATE TABLE customer_activities (
  customer_activity_id bigserial PRIMARY KEY,
  local_trx_id text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  business_outlet_id integer REFERENCES outlets (business_outlet_id),
  business_user_id integer REFERENCES business_users (business_user_id),
  activity_notes text,
  notes_for_cashier text,
  pos_area_id integer,
  icd_10_id integer,
  skri text,
  str text,
  soap_subject text,
  soap_object text,
  soap_assessment text,
  soap_planning text,
  -- null = not yet sent to the national health exchange
  synced_at timestamptz,
  modified_by integer REFERENCES business_users (business_user_id),
  modified_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_activities_customer_idx ON customer_activities (customer_id, created_at);

CREATE TABLE customer_activity_photos (
  customer_activity_photo_id bigserial PRIMARY KEY,
  customer_activity_id bigint NOT NULL REFERENCES customer_activities (customer_activity_id),
  photo_url text NOT NULL,
  photo_desc text,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_activity_photos_activity_idx ON customer_activity_photos (customer_activity_id);

-- Supervisor password checks (cashier/pos/pin-validation), counted per requesting user and address like
-- sign_in_attempts, so every server instance shares the count.
CREATE TABLE pin_validation_attempts (
  attempt_id bigserial PRIMARY KEY,
  business_user_id integer NOT NULL,
  business_outlet_id integer,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  -- the supervisor whose password matched (audit)
  supervisor_user_id integer,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX pin_validation_attempts_lookup_idx ON pin_validation_attempts (business_user_id, ip, attempted_at);
