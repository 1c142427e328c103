-- Issue 27 (the report benches): the worker activity reports computed each line's worker figures in Node from
-- every line of the period (bench/reports.bench.ts, a month of one outlet at 1,000,000 sales: 82,000 lines, 2–4 s
-- of Node CPU in building objects, big.js and garbage collection, plus the lines' worker documents sent over the
-- wire). Each line's figures per worker are a pure function of the line's own columns, so they are now kept
-- beside it as a generated column: computed by PostgreSQL whenever the line is written or its workers are edited
-- (receipt-edit sets worker_doc), so they can never disagree with the line. The reports sum them in SQL.
--
-- worker_parts = [{o, w, g, d, n, c}, ...] in src/domain/worker-report.ts's order: o the part's place, w the
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
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v IS NULL OR jsonb_typeof(v) = 'null' OR v = '""'::jsonb THEN NULL
    WHEN report_js_number(v) > 0 THEN report_js_number(v) END
  FROM (SELECT CASE WHEN jsonb_typeof(w) = 'object' THEN w -> 'business_commission_worker_id' ELSE w END AS v) x
$$;

-- A JSON value's elements that are objects, with their place (1-based); none unless it is an array.
CREATE FUNCTION report_objects(v jsonb) RETURNS TABLE (e jsonb, i bigint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT x.e, row_number() OVER (ORDER BY x.i)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END) WITH ORDINALITY x(e, i)
  WHERE jsonb_typeof(x.e) = 'object'
$$;

-- lineWorkerShares: (place, worker, share in percent as float8, earns).
CREATE FUNCTION report_line_shares(doc jsonb) RETURNS TABLE (o bigint, w float8, share float8, earns boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH details AS (SELECT e AS d, i FROM report_objects(doc -> 'pos_item_package_details')),
  staffed AS (
    SELECT d, i, count(*) OVER () AS n FROM details
    WHERE report_js_number(d -> 'no_commission') IS DISTINCT FROM 1
      AND (report_worker_id(d -> 'business_commission_worker') IS NOT NULL
        OR (jsonb_typeof(d -> 'commission_workers') = 'array' AND jsonb_array_length(d -> 'commission_workers') > 0))),
  line_earns AS (
    SELECT report_js_number(CASE WHEN jsonb_typeof(doc -> 'itemMeta') = 'object' THEN doc -> 'itemMeta' -> 'no_commission' END)
      IS DISTINCT FROM 1 AS earns),
  own AS (SELECT e, i FROM report_objects(doc -> 'commission_workers')),
  raw AS (
    -- a package: its staffed details share the line evenly; a detail's multi list splits its part
    SELECT st.i * 1000000 + s.i AS o, report_worker_id(s.e -> 'commission_worker') AS w,
      ((100::float8 / st.n) * report_js_number(s.e -> 'percentage')) / 100 AS share, true AS earns
    FROM staffed st CROSS JOIN LATERAL report_objects(st.d -> 'commission_workers') s
    UNION ALL
    SELECT st.i * 1000000, report_worker_id(st.d -> 'business_commission_worker'), 100::float8 / st.n, true
    FROM staffed st WHERE NOT EXISTS (SELECT 1 FROM report_objects(st.d -> 'commission_workers'))
    -- no package details: the line's multi list, else its single worker
    UNION ALL
    SELECT own.i, report_worker_id(own.e -> 'commission_worker'), report_js_number(own.e -> 'percentage'), le.earns
    FROM own, line_earns le WHERE NOT EXISTS (SELECT 1 FROM details)
    UNION ALL
    SELECT 0, coalesce(report_worker_id(doc -> 'commission_worker'), report_worker_id(doc -> 'business_commission_worker_id')),
      100, le.earns
    FROM line_earns le WHERE NOT EXISTS (SELECT 1 FROM details) AND NOT EXISTS (SELECT 1 FROM own)
    -- each seller at its percentage
    UNION ALL
    SELECT 1000000000000 + s.i, report_worker_id(s.e), report_js_number(s.e -> 'percentage'), true
    FROM report_objects(doc -> 'item_sellers') s)
  SELECT o, w, share, earns FROM raw
  WHERE w IS NOT NULL AND share IS NOT NULL AND share > 0 AND share < 'Infinity'::float8
$$;

-- lineWorkerFigures: each worker's figures on a line, as a JSON array in the parts' order.
CREATE FUNCTION report_worker_parts(doc jsonb, qty numeric, gross numeric, discount numeric, line_total numeric,
  global_share numeric) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET extra_float_digits = 1 AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'o', s.o, 'w', s.w,
      'g', round(coalesce(gross, 0) * s.sh * 0.01, 0),
      'd', round((coalesce(discount, 0) + coalesce(global_share, 0)) * s.sh * 0.01, 0),
      'n', round((coalesce(line_total, 0) - coalesce(global_share, 0)) * s.sh * 0.01, 0),
      'c', CASE WHEN NOT s.earns THEN 0
        WHEN v.pct > 0 THEN round((coalesce(line_total, 0) - coalesce(global_share, 0)) * v.pct * 0.01 * s.sh * 0.01, 0)
        ELSE round(v.cv * coalesce(qty, 0) * s.sh * 0.01, 0) END)
    ORDER BY s.o), '[]'::jsonb)
  FROM (SELECT o, w, share::text::numeric AS sh, earns FROM report_line_shares(doc)) s,
    (SELECT coalesce(report_js_number(x -> 'commission_percentage')::text::numeric, 0) AS pct,
        coalesce(report_js_number(x -> 'commission_value')::text::numeric, 0) AS cv
     FROM (SELECT CASE WHEN jsonb_typeof(doc -> 'itemMeta' -> 'pos_item_variants' -> 0) = 'object'
       THEN doc -> 'itemMeta' -> 'pos_item_variants' -> 0 ELSE '{}'::jsonb END AS x) y) v
$$;

ALTER TABLE pos_sales_trx_details ADD COLUMN worker_parts jsonb GENERATED ALWAYS AS (
  CASE WHEN worker_doc IS NOT NULL
    THEN report_worker_parts(worker_doc, qty, gross_total, discount_total, line_total, global_discount_share) END
) STORED;
