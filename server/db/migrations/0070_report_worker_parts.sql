-- Issue 27 (the report benches): the worker activity reports computed each line's worker figures in Node from
-- every line of the period (bench/reports.bench.ts, a month of one outlet at 1,000,000 sales: 82,000 lines, 2–4 s
-- of Node CPU in building objects, big.js and garbage collection, plus the lines' worker documents sent over the
-- wire). Each line's figures per worker are a pure function of the line's own columns, so they are now kept
-- beside it as a generated column: computed by PostgreSQL whenever the line is written or its workers are edited
-- (receipt-edit sets worker_doc), so they can never disagree with the line. The reports sum them in SQL.
--
-- worker_parts = [{o, w, g, d, n, c}, ...] in src/domain/worker-report.ts's order: o the part's place (1, 2, …), w the
-- worker, g its gross, d its discount, n its net value (= commission base), c its commission. The same rules as
-- lineWorkerShares/lineWorkerFigures (ruling 21, 24; whole rupiah half up, ruling 22), held equal to them by
-- test/server/report/worker-parts.suite.ts. JavaScript's Number() and its float shares are mimicked: a share is
-- computed in float8 and read as its shortest decimal, as big.js reads a JS number.

-- Number(v ?? 0) of a JSON value as JavaScript computes it; NULL stands for NaN (and, unlike JavaScript, for
-- magnitudes of 1e15 and more, which no percentage, id or amount the ingest accepts reaches).
CREATE FUNCTION report_js_number(v jsonb) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL OR jsonb_typeof(v) = 'null' THEN 0::float8
    WHEN jsonb_typeof(v) = 'boolean' THEN CASE WHEN v = 'true'::jsonb THEN 1::float8 ELSE 0::float8 END
    WHEN jsonb_typeof(v) = 'number' THEN
      CASE WHEN abs((v #>> '{}')::numeric) < 1e15 THEN (v #>> '{}')::float8 END
    WHEN jsonb_typeof(v) = 'string' THEN CASE
      WHEN btrim(v #>> '{}', E' \t\n\r') = '' THEN 0::float8
      WHEN btrim(v #>> '{}', E' \t\n\r') ~ '^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,2})?$'
          AND abs(btrim(v #>> '{}', E' \t\n\r')::numeric) < 1e15 THEN btrim(v #>> '{}', E' \t\n\r')::float8
      END
    END
$$;

-- idOf (src/domain/worker-report.ts): a worker object's business_commission_worker_id, or the value itself; a
-- positive finite number, else NULL.
CREATE FUNCTION report_worker_id(w jsonb) RETURNS float8
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  v jsonb := CASE WHEN jsonb_typeof(w) = 'object' THEN w -> 'business_commission_worker_id' ELSE w END;
  n float8;
BEGIN
  IF v IS NULL OR jsonb_typeof(v) = 'null' OR v = '""'::jsonb THEN RETURN NULL; END IF;
  n := report_js_number(v);
  RETURN CASE WHEN n > 0 THEN n END;
END $$;

-- lineWorkerFigures (with lineWorkerShares): each worker's figures on a line, as a JSON array in the domain's
-- order. A share is computed in float8, as JavaScript does, and read as its shortest decimal, as big.js reads it.
CREATE FUNCTION report_worker_parts(doc jsonb, qty numeric, gross numeric, discount numeric, line_total numeric,
  global_share numeric) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET extra_float_digits = 1 AS $$
DECLARE
  arr jsonb := '[]'::jsonb;
  details jsonb[] := '{}';
  shares jsonb[];
  d jsonb;
  e jsonb;
  staffed jsonb[] := '{}';
  part float8;
  line_earns boolean;
  variant jsonb := doc -> 'itemMeta' -> 'pos_item_variants' -> 0;
  pct numeric;
  cv numeric;
  net numeric := coalesce(line_total, 0) - coalesce(global_share, 0);
  disc numeric := coalesce(discount, 0) + coalesce(global_share, 0);
  parts jsonb[] := '{}';   -- [worker, share, earns] in order
  w float8;
  sh numeric;
  o int := 0;
BEGIN
  IF jsonb_typeof(doc -> 'pos_item_package_details') = 'array' THEN
    FOR e IN SELECT x FROM jsonb_array_elements(doc -> 'pos_item_package_details') x LOOP
      IF jsonb_typeof(e) = 'object' THEN details := details || e; END IF;
    END LOOP;
  END IF;
  IF cardinality(details) > 0 THEN
    FOREACH d IN ARRAY details LOOP
      IF report_js_number(d -> 'no_commission') IS DISTINCT FROM 1
        AND (report_worker_id(d -> 'business_commission_worker') IS NOT NULL
          OR (jsonb_typeof(d -> 'commission_workers') = 'array' AND jsonb_array_length(d -> 'commission_workers') > 0))
      THEN staffed := staffed || d; END IF;
    END LOOP;
    FOREACH d IN ARRAY staffed LOOP
      part := 100::float8 / cardinality(staffed);
      shares := '{}';
      IF jsonb_typeof(d -> 'commission_workers') = 'array' THEN
        FOR e IN SELECT x FROM jsonb_array_elements(d -> 'commission_workers') x LOOP
          IF jsonb_typeof(e) = 'object' THEN shares := shares || e; END IF;
        END LOOP;
      END IF;
      IF cardinality(shares) > 0 THEN
        FOREACH e IN ARRAY shares LOOP
          parts := parts || jsonb_build_array(report_worker_id(e -> 'commission_worker'),
            (part * report_js_number(e -> 'percentage')) / 100, true);
        END LOOP;
      ELSE
        parts := parts || jsonb_build_array(report_worker_id(d -> 'business_commission_worker'), part, true);
      END IF;
    END LOOP;
  ELSE
    line_earns := report_js_number(CASE WHEN jsonb_typeof(doc -> 'itemMeta') = 'object'
      THEN doc -> 'itemMeta' -> 'no_commission' END) IS DISTINCT FROM 1;
    shares := '{}';
    IF jsonb_typeof(doc -> 'commission_workers') = 'array' THEN
      FOR e IN SELECT x FROM jsonb_array_elements(doc -> 'commission_workers') x LOOP
        IF jsonb_typeof(e) = 'object' THEN shares := shares || e; END IF;
      END LOOP;
    END IF;
    IF cardinality(shares) > 0 THEN
      FOREACH e IN ARRAY shares LOOP
        parts := parts || jsonb_build_array(report_worker_id(e -> 'commission_worker'),
          report_js_number(e -> 'percentage'), line_earns);
      END LOOP;
    ELSE
      parts := parts || jsonb_build_array(coalesce(report_worker_id(doc -> 'commission_worker'),
        report_worker_id(doc -> 'business_commission_worker_id')), 100, line_earns);
    END IF;
  END IF;
  IF jsonb_typeof(doc -> 'item_sellers') = 'array' THEN
    FOR e IN SELECT x FROM jsonb_array_elements(doc -> 'item_sellers') x LOOP
      IF jsonb_typeof(e) = 'object' THEN
        parts := parts || jsonb_build_array(report_worker_id(e), report_js_number(e -> 'percentage'), true);
      END IF;
    END LOOP;
  END IF;
  IF jsonb_typeof(variant) <> 'object' OR jsonb_typeof(doc -> 'itemMeta') <> 'object' THEN variant := '{}'; END IF;
  pct := coalesce(report_js_number(variant -> 'commission_percentage')::text::numeric, 0);
  cv := coalesce(report_js_number(variant -> 'commission_value')::text::numeric, 0);
  FOREACH e IN ARRAY parts LOOP
    CONTINUE WHEN jsonb_typeof(e -> 0) <> 'number' OR jsonb_typeof(e -> 1) <> 'number';
    w := (e ->> 0)::float8;
    CONTINUE WHEN NOT ((e ->> 1)::float8 > 0);
    sh := (e ->> 1)::float8::text::numeric;
    o := o + 1;
    arr := arr || jsonb_build_object(
      'o', o, 'w', w,
      'g', round(coalesce(gross, 0) * sh * 0.01, 0),
      'd', round(disc * sh * 0.01, 0),
      'n', round(net * sh * 0.01, 0),
      'c', CASE WHEN NOT (e ->> 2)::boolean THEN 0
        WHEN pct > 0 THEN round(net * pct * 0.01 * sh * 0.01, 0)
        ELSE round(cv * coalesce(qty, 0) * sh * 0.01, 0) END);
  END LOOP;
  RETURN arr;
END $$;

ALTER TABLE pos_sales_trx_details ADD COLUMN worker_parts jsonb GENERATED ALWAYS AS (
  CASE WHEN worker_doc IS NOT NULL
    THEN report_worker_parts(worker_doc, qty, gross_total, discount_total, line_total, global_discount_share) END
) STORED;
