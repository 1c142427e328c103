-- Issue 27 (bench/reports.bench.ts, 1,000,000 sales): the omzet recap over a year of one outlet walked every line of
-- the year (PGlite 4.6 s, PostgreSQL 2.2 s quiet; a month on PGlite 1.0 s). Each sale's row of report_sale_sums
-- (migration 0080) now also keeps the recap's three figures, summed over its lines exactly as the recap sums them:
--   o_service, o_retail: line_total - global_discount_share of its non-RETAIL / RETAIL lines;
--   o_cost: qty × the variant's cost (the line's column, else its document's).
-- Derived, kept by 0080's triggers (the refresh below replaces 0080's with these columns added); the index carries
-- them so the recap's range is an index-only scan. test/server/report/sale-sums.suite.ts holds them equal to the lines.
ALTER TABLE report_sale_sums
  ADD COLUMN o_service numeric NOT NULL DEFAULT 0,
  ADD COLUMN o_retail numeric NOT NULL DEFAULT 0,
  ADD COLUMN o_cost numeric NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION report_sale_sums_refresh(ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_sale_sums WHERE pos_sales_trx_head_id = ANY (ids);
  INSERT INTO report_sale_sums (pos_sales_trx_head_id, business_id, business_outlet_id, trx_time, trx_day, counted,
    n, n_r, qty, qty_r, d_gross, d_disc, d_net, d_gross_r, d_disc_r, d_net_r, d_gross_s, d_disc_s, d_net_s,
    l_unit, l_gross, l_disc, l_net, l_unit_r, l_gross_r, l_disc_r, l_net_r, o_service, o_retail, o_cost)
  SELECT h.pos_sales_trx_head_id, h.business_id, h.business_outlet_id, h.trx_time, report_wib_day(h.trx_time),
    h.trx_status_id = 3 AND h.trx_type = 'NORMAL',
    s.n, s.n_r, s.qty, s.qty_r,
    floor(s.gross), floor(s.disc), floor(s.net), floor(s.gross_r), floor(s.disc_r), floor(s.net_r),
    floor(s.gross - s.gross_r), floor(s.disc - s.disc_r), floor(s.net - s.net_r),
    s.l_unit, s.l_gross, s.l_disc, s.l_net, s.l_unit_r, s.l_gross_r, s.l_disc_r, s.l_net_r,
    s.o_service, s.o_retail, s.o_cost
  FROM pos_sales_trx_heads h
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, count(*) FILTER (WHERE d.item_nature = 'RETAIL')::int AS n_r,
      sum(d.qty) AS qty, coalesce(sum(d.qty) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS qty_r,
      sum(d.gross_total) AS gross, sum(d.discount_total) AS disc, sum(d.line_total) AS net,
      coalesce(sum(d.gross_total) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS gross_r,
      coalesce(sum(d.discount_total) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS disc_r,
      coalesce(sum(d.line_total) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS net_r,
      sum(floor(d.unit_price)) AS l_unit, sum(floor(d.gross_total)) AS l_gross,
      sum(floor(d.discount_total)) AS l_disc, sum(floor(d.line_total)) AS l_net,
      coalesce(sum(floor(d.unit_price)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_unit_r,
      coalesce(sum(floor(d.gross_total)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_gross_r,
      coalesce(sum(floor(d.discount_total)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_disc_r,
      coalesce(sum(floor(d.line_total)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_net_r,
      coalesce(sum(CASE WHEN d.item_nature = 'RETAIL' THEN 0 ELSE d.line_total - d.global_discount_share END), 0)
        AS o_service,
      coalesce(sum(CASE WHEN d.item_nature = 'RETAIL' THEN d.line_total - d.global_discount_share ELSE 0 END), 0)
        AS o_retail,
      coalesce(sum(d.qty * coalesce(d.variant_cost, line_variant_cost(h.trx->'details'->(d.line_no - 1)))), 0)
        AS o_cost
    FROM pos_sales_trx_details d WHERE d.pos_sales_trx_head_id = h.pos_sales_trx_head_id) s
  WHERE h.pos_sales_trx_head_id = ANY (ids) AND s.n > 0;
END $$;

-- the recap's figures also move with the line's share of the global discount and its cost
DROP TRIGGER report_sale_sums_line_updated ON pos_sales_trx_details;
CREATE TRIGGER report_sale_sums_line_updated
  AFTER UPDATE OF pos_sales_trx_head_id, item_nature, qty, unit_price, gross_total, discount_total, line_total,
    global_discount_share, variant_cost
  ON pos_sales_trx_details FOR EACH ROW EXECUTE FUNCTION report_sale_sums_line_changed();

-- the sales stored before
UPDATE report_sale_sums r SET o_service = s.o_service, o_retail = s.o_retail, o_cost = s.o_cost
FROM (
  SELECT d.pos_sales_trx_head_id,
    coalesce(sum(CASE WHEN d.item_nature = 'RETAIL' THEN 0 ELSE d.line_total - d.global_discount_share END), 0)
      AS o_service,
    coalesce(sum(CASE WHEN d.item_nature = 'RETAIL' THEN d.line_total - d.global_discount_share ELSE 0 END), 0)
      AS o_retail,
    coalesce(sum(d.qty * coalesce(d.variant_cost, line_variant_cost(h.trx->'details'->(d.line_no - 1)))), 0)
      AS o_cost
  FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
  GROUP BY d.pos_sales_trx_head_id) s
WHERE r.pos_sales_trx_head_id = s.pos_sales_trx_head_id;

-- one index for both reports' ranges: 0080's columns and the recap's
DROP INDEX report_sale_sums_outlet_day_idx;
CREATE INDEX report_sale_sums_outlet_day_idx ON report_sale_sums (business_outlet_id, trx_day)
  INCLUDE (business_id, n, n_r, qty, qty_r, d_gross, d_disc, d_net, d_gross_r, d_disc_r, d_net_r, d_gross_s,
    d_disc_s, d_net_s, l_unit, l_gross, l_disc, l_net, l_unit_r, l_gross_r, l_disc_r, l_net_r, o_service, o_retail,
    o_cost)
  WHERE counted;
