-- Stock list wire format (issue 13, Speed: 50,000 rows ≤ 500 ms). GET outlet-stock now answers each row as
-- a JSON array (a tuple, src/api/contract/stock-list-wire.ts) instead of an object: no key names repeated
-- 50,000 times (9.6 MB of text became about 4 MB), so the database writes, Node passes and the compressor
-- reads less than half. stock_variants.json_head keeps the tuple's head — every text of the variant and its
-- unit id: '[id,"item_type","category_name","sku","item_name","variant_name","inv_unit_id"' — and the list
-- appends the two figures and the closing bracket. Same triggers as migration 0016; the stored heads are
-- rebuilt here.
CREATE OR REPLACE FUNCTION stock_variants_of(brand integer, entity text, outlets integer[], doc json)
RETURNS TABLE (
  business_id integer, entity_id text, variant_ord integer, pos_item_variant_id integer, item_type text,
  category_name text, sku text, item_name text, variant_name text, inv_unit_id text, outlet_ids integer[],
  json_head text
) LANGUAGE sql IMMUTABLE AS $$
  SELECT $1, $2, v.ord::int, (v.e->>'pos_item_variant_id')::int, $4->>'item_nature', $4->>'category_name',
    v.e->>'sku', $4->>'item_name', v.e->>'variant_name', v.e->>'inv_unit_id', $3,
    '[' || ((v.e->>'pos_item_variant_id')::int)::text
      || ',' || coalesce(to_json($4->>'item_nature')::text, 'null')
      || ',' || coalesce(to_json($4->>'category_name')::text, 'null')
      || ',' || coalesce(to_json(v.e->>'sku')::text, 'null')
      || ',' || coalesce(to_json($4->>'item_name')::text, 'null')
      || ',' || coalesce(to_json(v.e->>'variant_name')::text, 'null')
      || ',' || coalesce(to_json(v.e->>'inv_unit_id')::text, 'null')
  FROM json_array_elements(CASE WHEN json_typeof($4->'pos_item_variants') = 'array'
    THEN $4->'pos_item_variants' ELSE '[]'::json END) WITH ORDINALITY AS v(e, ord)
  WHERE $4->>'item_nature' = 'RETAIL' AND (v.e->>'pos_item_variant_id') ~ '^\s*-?[0-9]{1,9}\s*$'
$$;

DELETE FROM stock_variants;
INSERT INTO stock_variants
SELECT f.* FROM catalogue_entities c,
  LATERAL stock_variants_of(c.business_id, c.entity_id, c.outlet_ids, c.doc) f
WHERE c.business_outlet_id = 0 AND c.kind = 'pos_items';
