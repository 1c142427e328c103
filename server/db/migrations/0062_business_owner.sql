-- Issue 27: the brand's owner, the one user allowed its full data export (GET cashier/brand-export). Nullable: a
-- brand without a named owner cannot export (docs/decisions.md).
ALTER TABLE businesses ADD COLUMN owner_business_user_id integer REFERENCES business_users (business_user_id);
