-- Issue 27 (bench/reports.bench.ts, 1,000,000 sales): the sales daily and detail reports' whole-range totals
-- (the totals row, the row count and the net per day) walked every line of the range and grouped them per sale
-- (a year of one outlet: 2,000,000 lines, 7–13 s quiet). Each sale's own figures are now kept in one narrow row
-- here, so the totals read one row per sale along the outlet's time index.
--
-- A row is derived, never written by a service: the triggers below rebuild a sale's row from its head and lines
-- whenever a line is inserted, deleted or has an amount/nature changed, and copy the head's status, type, time
-- and outlet when those change (a void). test/server/report/sale-sums.suite.ts holds the rows equal to the old
-- computation over the lines after every path that writes a sale (ingest, void, receipt edit, payments).
--
-- Per sale, for all lines, the RETAIL ones (_r) and the others (SERVICE: all less RETAIL, exact sums):
--   n lines; qty; d_* the floor of the sale's summed gross/discount/net (the daily report's row, floored);
--   l_* the sum of each line's floored unit price/gross/discount/net (the detail report's totals row).
CREATE TABLE report_sale_sums (
  pos_sales_trx_head_id bigint PRIMARY KEY,
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  trx_time timestamptz NOT NULL,
  -- the sale's WIB day (the report's days and its net per day)
  trx_day date NOT NULL,
  -- a completed NORMAL sale (status 3): the ones the sales report counts
  counted boolean NOT NULL,
  n integer NOT NULL,
  n_r integer NOT NULL,
  qty numeric NOT NULL,
  qty_r numeric NOT NULL,
  d_gross numeric NOT NULL,
  d_disc numeric NOT NULL,
  d_net numeric NOT NULL,
  d_gross_r numeric NOT NULL,
  d_disc_r numeric NOT NULL,
  d_net_r numeric NOT NULL,
  d_gross_s numeric NOT NULL,
  d_disc_s numeric NOT NULL,
  d_net_s numeric NOT NULL,
  l_unit numeric NOT NULL,
  l_gross numeric NOT NULL,
  l_disc numeric NOT NULL,
  l_net numeric NOT NULL,
  l_unit_r numeric NOT NULL,
  l_gross_r numeric NOT NULL,
  l_disc_r numeric NOT NULL,
  l_net_r numeric NOT NULL
);

-- a time's day in WIB (UTC+7, no daylight saving: src/domain/time-wall.ts)
CREATE FUNCTION report_wib_day(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (t AT TIME ZONE 'UTC' + interval '7 hours')::date $$;

-- the sales' rows rebuilt from their heads and lines (a sale without lines has none)
CREATE FUNCTION report_sale_sums_refresh(ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_sale_sums WHERE pos_sales_trx_head_id = ANY (ids);
  INSERT INTO report_sale_sums
  SELECT h.pos_sales_trx_head_id, h.business_id, h.business_outlet_id, h.trx_time, report_wib_day(h.trx_time),
    h.trx_status_id = 3 AND h.trx_type = 'NORMAL',
    s.n, s.n_r, s.qty, s.qty_r,
    floor(s.gross), floor(s.disc), floor(s.net), floor(s.gross_r), floor(s.disc_r), floor(s.net_r),
    floor(s.gross - s.gross_r), floor(s.disc - s.disc_r), floor(s.net - s.net_r),
    s.l_unit, s.l_gross, s.l_disc, s.l_net, s.l_unit_r, s.l_gross_r, s.l_disc_r, s.l_net_r
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
      coalesce(sum(floor(d.line_total)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_net_r
    FROM pos_sales_trx_details d WHERE d.pos_sales_trx_head_id = h.pos_sales_trx_head_id) s
  WHERE h.pos_sales_trx_head_id = ANY (ids) AND s.n > 0;
END $$;

CREATE FUNCTION report_sale_sums_lines_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_sale_sums_refresh(ARRAY(SELECT DISTINCT pos_sales_trx_head_id FROM new_lines));
  RETURN NULL;
END $$;

CREATE FUNCTION report_sale_sums_line_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_sale_sums_refresh(ARRAY[OLD.pos_sales_trx_head_id]);
  ELSE
    PERFORM report_sale_sums_refresh(ARRAY[OLD.pos_sales_trx_head_id, NEW.pos_sales_trx_head_id]);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_sale_sums_head_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM report_sale_sums WHERE pos_sales_trx_head_id = OLD.pos_sales_trx_head_id;
  ELSE
    UPDATE report_sale_sums SET business_id = NEW.business_id, business_outlet_id = NEW.business_outlet_id,
      trx_time = NEW.trx_time, trx_day = report_wib_day(NEW.trx_time), counted = NEW.trx_status_id = 3 AND NEW.trx_type = 'NORMAL'
    WHERE pos_sales_trx_head_id = NEW.pos_sales_trx_head_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_sale_sums_lines_inserted AFTER INSERT ON pos_sales_trx_details
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_sale_sums_lines_inserted();
-- a receipt edit sets the workers only: it fires neither of these
CREATE TRIGGER report_sale_sums_line_updated
  AFTER UPDATE OF pos_sales_trx_head_id, item_nature, qty, unit_price, gross_total, discount_total, line_total
  ON pos_sales_trx_details FOR EACH ROW EXECUTE FUNCTION report_sale_sums_line_changed();
CREATE TRIGGER report_sale_sums_line_deleted AFTER DELETE ON pos_sales_trx_details
  FOR EACH ROW EXECUTE FUNCTION report_sale_sums_line_changed();
CREATE TRIGGER report_sale_sums_head_updated
  AFTER UPDATE OF trx_status_id, trx_type, trx_time, business_outlet_id, business_id ON pos_sales_trx_heads
  FOR EACH ROW EXECUTE FUNCTION report_sale_sums_head_changed();
CREATE TRIGGER report_sale_sums_head_deleted AFTER DELETE ON pos_sales_trx_heads
  FOR EACH ROW EXECUTE FUNCTION report_sale_sums_head_changed();

-- the sales stored before
INSERT INTO report_sale_sums
SELECT h.pos_sales_trx_head_id, h.business_id, h.business_outlet_id, h.trx_time, report_wib_day(h.trx_time),
  h.trx_status_id = 3 AND h.trx_type = 'NORMAL',
  s.n, s.n_r, s.qty, s.qty_r,
  floor(s.gross), floor(s.disc), floor(s.net), floor(s.gross_r), floor(s.disc_r), floor(s.net_r),
  floor(s.gross - s.gross_r), floor(s.disc - s.disc_r), floor(s.net - s.net_r),
  s.l_unit, s.l_gross, s.l_disc, s.l_net, s.l_unit_r, s.l_gross_r, s.l_disc_r, s.l_net_r
FROM pos_sales_trx_heads h
JOIN (
  SELECT d.pos_sales_trx_head_id, count(*)::int AS n, count(*) FILTER (WHERE d.item_nature = 'RETAIL')::int AS n_r,
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
    coalesce(sum(floor(d.line_total)) FILTER (WHERE d.item_nature = 'RETAIL'), 0) AS l_net_r
  FROM pos_sales_trx_details d GROUP BY d.pos_sales_trx_head_id) s
  ON s.pos_sales_trx_head_id = h.pos_sales_trx_head_id
ORDER BY h.pos_sales_trx_head_id;

-- the report's range: one outlet's counted sales day by day, every figure in the index (an index-only scan)
CREATE INDEX report_sale_sums_outlet_day_idx ON report_sale_sums (business_outlet_id, trx_day)
  INCLUDE (business_id, n, n_r, qty, qty_r, d_gross, d_disc, d_net, d_gross_r, d_disc_r, d_net_r, d_gross_s,
    d_disc_s, d_net_s, l_unit, l_gross, l_disc, l_net, l_unit_r, l_gross_r, l_disc_r, l_net_r)
  WHERE counted;
