-- Issue 25 (001 §2.10, §3 'EMR record (per customer)', §6, §7 'PUT {emr}'): the five medical sub-records of a
-- customer and the audit of every read and write of them.
--  * customer_emr: one row per customer; each of the five lists is a JSON array validated by the shapes of
--    src/domain/emr-records.ts before it is stored (the '{}' the client sends for an empty list is stored []).
--  * emr_access_log: who read, wrote or was refused which record of which customer, when, at which outlet.
--    record is the field written, or '*' for a read of the whole record; customer_id is null when the
--    refused request named no known customer.
CREATE TABLE customer_emr (
  customer_id bigint PRIMARY KEY REFERENCES customers (customer_id),
  business_id integer NOT NULL,
  screening_rawat_jalan jsonb NOT NULL DEFAULT '[]'::jsonb,
  riwayat_alergi jsonb NOT NULL DEFAULT '[]'::jsonb,
  rekam_medis_tubuh jsonb NOT NULL DEFAULT '[]'::jsonb,
  persetujuan_medis jsonb NOT NULL DEFAULT '[]'::jsonb,
  discharge_planning jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL,
  updated_by integer NOT NULL
);

CREATE TABLE emr_access_log (
  emr_access_id bigserial PRIMARY KEY,
  business_id integer NOT NULL,
  business_outlet_id integer,
  business_user_id integer NOT NULL,
  customer_id bigint,
  record text NOT NULL,
  action text NOT NULL CHECK (action IN ('read', 'write', 'refused')),
  item_count integer,
  at timestamptz NOT NULL
);
CREATE INDEX emr_access_log_business_at_idx ON emr_access_log (business_id, at DESC, emr_access_id DESC);
