-- Issue 27 (bench/reports.bench.ts, 1,000,000 sales): worker activity by product over a year of one outlet walked
-- every line of the year through the 1.2 GB lines table (each line with its documents), probed each sale by key and
-- sorted half a million rows by their first appearance (19 s at load 14, 4.4 s quiet). Each worker's part of a line
-- (the line's worker_parts, migration 0070) is now also kept as one narrow row here with what the worker reports
-- read, in an index ordered as the report reads (outlet, time, sale, line, part): a range is an index-only scan.
--
-- Derived, never written by a service: the triggers rebuild a line's rows when a line is inserted, deleted or
-- changed (a receipt edit sets its worker_doc, so its worker_parts), and copy the head's status, type, time and
-- outlet when those change (a void). test/server/report/worker-parts-rows.suite.ts holds the rows equal to the
-- lines' worker_parts after every path that writes a sale.
CREATE TABLE report_worker_parts (
  pos_sales_trx_detail_id bigint NOT NULL,
  o integer NOT NULL,
  pos_sales_trx_head_id bigint NOT NULL,
  line_no integer NOT NULL,
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  trx_time timestamptz NOT NULL,
  -- a completed NORMAL sale (status 3): the ones the worker reports count
  counted boolean NOT NULL,
  retail boolean NOT NULL,
  pos_item_variant_id integer NOT NULL,
  unit_price numeric NOT NULL,
  item_name text NOT NULL,
  qty numeric NOT NULL,
  w float8,
  g numeric,
  d numeric,
  n numeric,
  c numeric,
  PRIMARY KEY (pos_sales_trx_detail_id, o)
);

-- the lines' rows rebuilt from their heads and worker figures (a line's figures as the reports read them)
CREATE FUNCTION report_worker_parts_refresh(ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_worker_parts WHERE pos_sales_trx_detail_id = ANY (ids);
  INSERT INTO report_worker_parts
  SELECT d.pos_sales_trx_detail_id, p.o, h.pos_sales_trx_head_id, d.line_no, h.business_id, h.business_outlet_id,
    h.trx_time, h.trx_status_id = 3 AND h.trx_type = 'NORMAL', d.item_nature IS NOT DISTINCT FROM 'RETAIL',
    coalesce(d.pos_item_variant_id, 0), d.unit_price,
    coalesce(d.item_name, '') || CASE WHEN coalesce(d.variant_name, '') <> '' THEN ' - ' || d.variant_name ELSE '' END,
    d.qty, p.w, p.g, p.d, p.n, p.c
  FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
  CROSS JOIN LATERAL jsonb_to_recordset(coalesce(d.worker_parts, report_worker_parts(
      line_worker_doc(h.trx->'details'->(d.line_no - 1)), d.qty, d.gross_total, d.discount_total, d.line_total,
      d.global_discount_share))) AS p(o int, w float8, g numeric, d numeric, n numeric, c numeric)
  WHERE d.pos_sales_trx_detail_id = ANY (ids);
END $$;

CREATE FUNCTION report_worker_parts_lines_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_worker_parts_refresh(ARRAY(SELECT pos_sales_trx_detail_id FROM new_lines));
  RETURN NULL;
END $$;

CREATE FUNCTION report_worker_parts_line_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM report_worker_parts WHERE pos_sales_trx_detail_id = OLD.pos_sales_trx_detail_id;
  ELSE
    PERFORM report_worker_parts_refresh(ARRAY[OLD.pos_sales_trx_detail_id, NEW.pos_sales_trx_detail_id]);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_worker_parts_head_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM report_worker_parts WHERE pos_sales_trx_head_id = OLD.pos_sales_trx_head_id;
  ELSE
    UPDATE report_worker_parts SET business_id = NEW.business_id, business_outlet_id = NEW.business_outlet_id,
      trx_time = NEW.trx_time, counted = NEW.trx_status_id = 3 AND NEW.trx_type = 'NORMAL'
    WHERE pos_sales_trx_head_id = NEW.pos_sales_trx_head_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_worker_parts_lines_inserted AFTER INSERT ON pos_sales_trx_details
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_worker_parts_lines_inserted();
CREATE TRIGGER report_worker_parts_line_updated
  AFTER UPDATE OF pos_sales_trx_head_id, line_no, worker_doc, item_nature, pos_item_variant_id, item_name,
    variant_name, qty, unit_price, gross_total, discount_total, line_total, global_discount_share
  ON pos_sales_trx_details FOR EACH ROW EXECUTE FUNCTION report_worker_parts_line_changed();
CREATE TRIGGER report_worker_parts_line_deleted AFTER DELETE ON pos_sales_trx_details
  FOR EACH ROW EXECUTE FUNCTION report_worker_parts_line_changed();
CREATE TRIGGER report_worker_parts_head_updated
  AFTER UPDATE OF trx_status_id, trx_type, trx_time, business_outlet_id, business_id ON pos_sales_trx_heads
  FOR EACH ROW EXECUTE FUNCTION report_worker_parts_head_changed();
CREATE TRIGGER report_worker_parts_head_deleted AFTER DELETE ON pos_sales_trx_heads
  FOR EACH ROW EXECUTE FUNCTION report_worker_parts_head_changed();

-- the lines stored before
INSERT INTO report_worker_parts
SELECT d.pos_sales_trx_detail_id, p.o, h.pos_sales_trx_head_id, d.line_no, h.business_id, h.business_outlet_id,
  h.trx_time, h.trx_status_id = 3 AND h.trx_type = 'NORMAL', d.item_nature IS NOT DISTINCT FROM 'RETAIL',
  coalesce(d.pos_item_variant_id, 0), d.unit_price,
  coalesce(d.item_name, '') || CASE WHEN coalesce(d.variant_name, '') <> '' THEN ' - ' || d.variant_name ELSE '' END,
  d.qty, p.w, p.g, p.d, p.n, p.c
FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
CROSS JOIN LATERAL jsonb_to_recordset(coalesce(d.worker_parts, report_worker_parts(
    line_worker_doc(h.trx->'details'->(d.line_no - 1)), d.qty, d.gross_total, d.discount_total, d.line_total,
    d.global_discount_share))) AS p(o int, w float8, g numeric, d numeric, n numeric, c numeric);

-- the reports' range: one outlet's counted parts in the order they are read, every figure in the index
CREATE INDEX report_worker_parts_outlet_time_idx
  ON report_worker_parts (business_outlet_id, trx_time, pos_sales_trx_head_id, line_no, o)
  INCLUDE (business_id, retail, pos_item_variant_id, unit_price, item_name, qty, w, g, d, n, c)
  WHERE counted;
