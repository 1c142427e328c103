-- Issue 25 (001 §2.9, §3 'Customer activity (journal)'): the journal's activities, their photos and ICD-10.
--  * customer_activities gains business_id (the customer's business, for lookups by business) and deleted_at
--    (Hapus hides an activity; the row stays so an activity already sent to the national exchange is never lost).
--  * customer_activity_photos: each photo's bytes are stored here as a blob and served by an unguessable URL
--    (photo_url = /cashier/customer-activity/photo/{photo_token}); content_type is the type the server detected
--    from the bytes, never the client's. position keeps the order the author gave.
--  * icd_10: the shipped code list (server/db/data/icd10.csv), loaded by server/services/icd10.ts on first
--    start or first use; icd_10_id is the row's line number in the file (stable across databases).
ALTER TABLE customer_activities
  ADD COLUMN business_id integer,
  ADD COLUMN deleted_at timestamptz;
UPDATE customer_activities a SET business_id = c.business_id FROM customers c WHERE c.customer_id = a.customer_id;
CREATE INDEX customer_activities_outlet_created_idx ON customer_activities (business_outlet_id, created_at)
  WHERE deleted_at IS NULL;

ALTER TABLE customer_activity_photos
  ADD COLUMN photo_token text UNIQUE,
  ADD COLUMN content_type text,
  ADD COLUMN byte_size integer,
  ADD COLUMN bytes bytea,
  ADD COLUMN position integer NOT NULL DEFAULT 0;

CREATE TABLE icd_10 (
  icd_10_id integer PRIMARY KEY,
  skri text NOT NULL UNIQUE,
  str text NOT NULL,
  str_id text NOT NULL
);
