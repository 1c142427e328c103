-- Issue 27 (the report benches, bench/reports.bench.ts): the reports read a sale's customer name and a line's
-- workers from the sale's whole document (pos_sales_trx_heads.trx, a few KB, compressed out of line), once per
-- line. Over a year of one busy outlet that decompressed and sorted gigabytes (EXPLAIN ANALYZE: 6 s for 20,000
-- lines, the sort spilling to disk). Both are now kept beside the row:
-- - heads.customer_name: the sale's customer's name as sold (generated from the document, so it cannot differ);
-- - details.worker_doc: the line's worker part of the document, what src/domain/worker-report.ts reads (workers,
--   shares, sellers, package details, no_commission and the variant's commission), written with the line by the
--   sale's statement (server/services/pos/sale-writer.ts) through line_worker_doc, and filled here for the lines
--   stored before;
-- - details.variant_cost: the sold variant's cost (the omzet recap's cost line), the same way.
ALTER TABLE pos_sales_trx_heads
  ADD COLUMN customer_name text GENERATED ALWAYS AS (trx -> 'customer' ->> 'user_name') STORED;

CREATE FUNCTION line_worker_doc(line jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'commission_worker', line -> 'commission_worker',
    'business_commission_worker_id', line -> 'business_commission_worker_id',
    'commission_workers', line -> 'commission_workers',
    'item_sellers', line -> 'item_sellers',
    'pos_item_package_details', line -> 'pos_item_package_details',
    'itemMeta', jsonb_build_object(
      'no_commission', line -> 'itemMeta' -> 'no_commission',
      'pos_item_variants', jsonb_build_array(jsonb_build_object(
        'commission_percentage', line -> 'itemMeta' -> 'pos_item_variants' -> 0 -> 'commission_percentage',
        'commission_value', line -> 'itemMeta' -> 'pos_item_variants' -> 0 -> 'commission_value')))))
$$;

CREATE FUNCTION line_variant_cost(line jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(NULLIF(line -> 'itemMeta' -> 'pos_item_variants' -> 0 ->> 'variant_cost', '')::numeric, 0)
$$;

ALTER TABLE pos_sales_trx_details ADD COLUMN worker_doc jsonb, ADD COLUMN variant_cost numeric;
UPDATE pos_sales_trx_details d
SET worker_doc = line_worker_doc(h.trx -> 'details' -> (d.line_no - 1)),
  variant_cost = line_variant_cost(h.trx -> 'details' -> (d.line_no - 1))
FROM pos_sales_trx_heads h WHERE h.pos_sales_trx_head_id = d.pos_sales_trx_head_id;
