-- Stock list speed (issue 13, Speed: 50,000 rows ≤ 500 ms). Two tables kept by triggers, so no write path
-- can skip them; the ledger stays the source of truth (ruling 13) and a server test checks the balances
-- against its sums.

-- Good and bad stock per variant per location: the running sums of stock_ledger, added to in the same
-- statement (and so the same transaction) as every ledger insert. One row per (location, variant) ever
-- moved; rows are never deleted (the ledger is append-only).
CREATE TABLE stock_balances (
  inv_sloc_id integer NOT NULL REFERENCES storage_locations (inv_sloc_id),
  pos_item_variant_id integer NOT NULL,
  qty numeric(18, 4) NOT NULL,
  bad_qty numeric(18, 4) NOT NULL,
  PRIMARY KEY (inv_sloc_id, pos_item_variant_id)
);

INSERT INTO stock_balances (inv_sloc_id, pos_item_variant_id, qty, bad_qty)
SELECT inv_sloc_id, pos_item_variant_id, sum(qty), sum(bad_qty)
FROM stock_ledger GROUP BY inv_sloc_id, pos_item_variant_id;

-- One statement adds its rows' sums, in key order (two statements touching the same rows lock them in
-- the same order).
CREATE FUNCTION stock_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_balances AS b (inv_sloc_id, pos_item_variant_id, qty, bad_qty)
  SELECT inv_sloc_id, pos_item_variant_id, sum(qty), sum(bad_qty)
  FROM stock_ledger_new
  GROUP BY inv_sloc_id, pos_item_variant_id
  ORDER BY inv_sloc_id, pos_item_variant_id
  ON CONFLICT (inv_sloc_id, pos_item_variant_id)
    DO UPDATE SET qty = b.qty + excluded.qty, bad_qty = b.bad_qty + excluded.bad_qty;
  RETURN NULL;
END $$;

CREATE TRIGGER stock_ledger_balances AFTER INSERT ON stock_ledger
  REFERENCING NEW TABLE AS stock_ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_add();

-- The ledger is append-only: a change or removal of its rows would leave the balances wrong, so it is refused.
CREATE FUNCTION stock_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_ledger is append-only';
END $$;

CREATE TRIGGER stock_ledger_no_change BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION stock_ledger_append_only();

-- The brand's stock-tracked variants (RETAIL items, ruling 14) flattened out of the catalogue documents,
-- one row per variant of a brand-level item (business_outlet_id 0), in the document's order (variant_ord).
-- Kept by triggers on catalogue_entities; the stock list reads these columns instead of expanding 50,000
-- variants' JSON on every call.
CREATE TABLE stock_variants (
  business_id integer NOT NULL,
  entity_id text NOT NULL,
  variant_ord integer NOT NULL,
  pos_item_variant_id integer NOT NULL,
  item_type text,
  category_name text,
  sku text,
  item_name text,
  variant_name text,
  inv_unit_id text,
  outlet_ids integer[],
  -- the stock list's JSON object of this variant without its figures and closing brace
  -- ('{"pos_item_variant_id":…,"variant_name":…'): the list appends qty, drv_bad_qty and unit_name
  json_head text NOT NULL,
  PRIMARY KEY (business_id, entity_id, variant_ord)
);

-- The rows of catalogue documents: variants of RETAIL brand items whose id is an integer (a variant with any
-- other id cannot move stock).
CREATE FUNCTION stock_variants_of(brand integer, entity text, outlets integer[], doc json)
RETURNS TABLE (
  business_id integer, entity_id text, variant_ord integer, pos_item_variant_id integer, item_type text,
  category_name text, sku text, item_name text, variant_name text, inv_unit_id text, outlet_ids integer[],
  json_head text
) LANGUAGE sql IMMUTABLE AS $$
  SELECT $1, $2, v.ord::int, (v.e->>'pos_item_variant_id')::int, $4->>'item_nature', $4->>'category_name',
    v.e->>'sku', $4->>'item_name', v.e->>'variant_name', v.e->>'inv_unit_id', $3,
    '{"pos_item_variant_id":' || ((v.e->>'pos_item_variant_id')::int)::text
      || ',"item_type":' || coalesce(to_json($4->>'item_nature')::text, 'null')
      || ',"category_name":' || coalesce(to_json($4->>'category_name')::text, 'null')
      || ',"sku":' || coalesce(to_json(v.e->>'sku')::text, 'null')
      || ',"item_name":' || coalesce(to_json($4->>'item_name')::text, 'null')
      || ',"variant_name":' || coalesce(to_json(v.e->>'variant_name')::text, 'null')
  FROM json_array_elements(CASE WHEN json_typeof($4->'pos_item_variants') = 'array'
    THEN $4->'pos_item_variants' ELSE '[]'::json END) WITH ORDINALITY AS v(e, ord)
  WHERE $4->>'item_nature' = 'RETAIL' AND (v.e->>'pos_item_variant_id') ~ '^\s*-?[0-9]{1,9}\s*$'
$$;

INSERT INTO stock_variants
SELECT f.* FROM catalogue_entities c,
  LATERAL stock_variants_of(c.business_id, c.entity_id, c.outlet_ids, c.doc) f
WHERE c.business_outlet_id = 0 AND c.kind = 'pos_items';

CREATE FUNCTION stock_variants_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM stock_variants s USING catalogue_old o
    WHERE o.business_outlet_id = 0 AND o.kind = 'pos_items'
      AND s.business_id = o.business_id AND s.entity_id = o.entity_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO stock_variants
    SELECT f.* FROM catalogue_new c,
      LATERAL stock_variants_of(c.business_id, c.entity_id, c.outlet_ids, c.doc) f
    WHERE c.business_outlet_id = 0 AND c.kind = 'pos_items';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER catalogue_stock_variants_insert AFTER INSERT ON catalogue_entities
  REFERENCING NEW TABLE AS catalogue_new
  FOR EACH STATEMENT EXECUTE FUNCTION stock_variants_sync();
CREATE TRIGGER catalogue_stock_variants_update AFTER UPDATE ON catalogue_entities
  REFERENCING OLD TABLE AS catalogue_old NEW TABLE AS catalogue_new
  FOR EACH STATEMENT EXECUTE FUNCTION stock_variants_sync();
CREATE TRIGGER catalogue_stock_variants_delete AFTER DELETE ON catalogue_entities
  REFERENCING OLD TABLE AS catalogue_old
  FOR EACH STATEMENT EXECUTE FUNCTION stock_variants_sync();
