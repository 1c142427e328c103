-- Issue 25, the national health-record exchange (SATUSEHAT).

-- The activity outbox: an activity with an ICD-10 diagnosis at an outlet in medical-record mode is sent as one
-- Encounter + Condition bundle. A sender claims a row (sync_claim + sync_claimed_until, taken with
-- FOR UPDATE SKIP LOCKED) before sending, so two server instances never send one twice; a failure records
-- sync_error and waits until sync_next_at (backoff); synced_at is set once, by the claim's holder.
ALTER TABLE customer_activities
  ADD COLUMN sync_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN sync_next_at timestamptz,
  ADD COLUMN sync_claim text,
  ADD COLUMN sync_claimed_until timestamptz,
  ADD COLUMN sync_error text,
  ADD COLUMN satusehat_encounter_id text;
CREATE INDEX customer_activities_unsynced_idx ON customer_activities (created_at)
  WHERE synced_at IS NULL AND skri IS NOT NULL;

-- EMR setup (spec 001 §2.14, ruling 11): the organization structure and locations, stored and editable.
-- satusehat_* = the exchange's id (initialization reads the organizations; a location is created there).
CREATE TABLE emr_organizations (
  emr_organization_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  organization_name text NOT NULL,
  parent_emr_organization_id bigint REFERENCES emr_organizations (emr_organization_id) ON DELETE SET NULL,
  satusehat_organization_id text,
  is_active smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX emr_organizations_business_idx ON emr_organizations (business_id);

CREATE TABLE emr_locations (
  emr_location_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  location_name text NOT NULL,
  parent_emr_location_id bigint REFERENCES emr_locations (emr_location_id) ON DELETE SET NULL,
  emr_organization_id bigint REFERENCES emr_organizations (emr_organization_id) ON DELETE SET NULL,
  satusehat_location_id text,
  is_active smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX emr_locations_business_idx ON emr_locations (business_id);
