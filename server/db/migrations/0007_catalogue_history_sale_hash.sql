-- Issue 11 (1, 6): the server prices a sale from its own catalogue, as it stood at the catalogue version
-- the device priced with; and a repeat of a local_trx_id must be the same body to get the first answer.

-- Every change of a priced catalogue document (items and promos) is kept: seq is the catalogue version.
-- A brand's version is the highest seq of its rows; the configuration serves it as catalogue_version.
CREATE TABLE catalogue_history (
  seq bigserial PRIMARY KEY,
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  kind text NOT NULL,
  entity_id text NOT NULL,
  outlet_ids integer[],
  -- NULL: the entity was deleted at this version
  doc json,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_history_entity_idx ON catalogue_history (business_id, kind, entity_id, seq);
CREATE INDEX catalogue_history_brand_idx ON catalogue_history (business_id, seq);

INSERT INTO catalogue_history (business_id, business_outlet_id, kind, entity_id, outlet_ids, doc, changed_at)
SELECT business_id, business_outlet_id, kind, entity_id, outlet_ids, doc, updated_at
FROM catalogue_entities
WHERE kind IN ('pos_items', 'pos_item_discounts')
ORDER BY business_id, kind, sort_order, entity_id;

CREATE FUNCTION catalogue_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_history (business_id, business_outlet_id, kind, entity_id, outlet_ids, doc)
    VALUES (OLD.business_id, OLD.business_outlet_id, OLD.kind, OLD.entity_id, OLD.outlet_ids, NULL);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.doc::jsonb = NEW.doc::jsonb AND OLD.outlet_ids IS NOT DISTINCT FROM NEW.outlet_ids THEN
    RETURN NEW;
  END IF;
  INSERT INTO catalogue_history (business_id, business_outlet_id, kind, entity_id, outlet_ids, doc)
  VALUES (NEW.business_id, NEW.business_outlet_id, NEW.kind, NEW.entity_id, NEW.outlet_ids, NEW.doc);
  RETURN NEW;
END $$;

CREATE TRIGGER catalogue_history_insert_update AFTER INSERT OR UPDATE ON catalogue_entities
  FOR EACH ROW WHEN (NEW.kind IN ('pos_items', 'pos_item_discounts'))
  EXECUTE FUNCTION catalogue_history_record();
CREATE TRIGGER catalogue_history_delete AFTER DELETE ON catalogue_entities
  FOR EACH ROW WHEN (OLD.kind IN ('pos_items', 'pos_item_discounts'))
  EXECUTE FUNCTION catalogue_history_record();

-- The versions the configuration served to a brand's devices, and when last: a sale may be priced with
-- one of these (a recent one), never with a version no device of the brand was given.
CREATE TABLE catalogue_versions_served (
  business_id integer NOT NULL,
  catalogue_version bigint NOT NULL,
  first_served_at timestamptz NOT NULL,
  last_served_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, catalogue_version)
);

-- A stored sale's canonical body (sha256 of its canonical JSON, device bookkeeping left out) and the
-- catalogue version it was priced with. NULL body_hash: stored before this migration (totals compared).
ALTER TABLE pos_sales_trx_heads ADD COLUMN body_hash text;
ALTER TABLE pos_sales_trx_heads ADD COLUMN catalogue_version bigint;
