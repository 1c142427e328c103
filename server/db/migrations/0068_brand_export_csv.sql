-- Issue 27 (the brand export's speed, bench/reports.bench.ts): a CSV cell made by the database, so the export's
-- rows reach Node as ready lines instead of row objects (the sale documents are never sent for the CSVs).
-- NULL → empty; a text a spreadsheet would run as a formula (=, +, -, @, tab, CR first, and not a plain number)
-- gets a leading '; a cell with a quote, comma or line break is quoted with its quotes doubled (RFC 4180).
CREATE FUNCTION export_csv_cell(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN w IS NULL THEN ''
    WHEN strpos(w, '"') > 0 OR strpos(w, ',') > 0 OR strpos(w, E'\n') > 0 OR strpos(w, E'\r') > 0
      THEN '"' || replace(w, '"', '""') || '"'
    ELSE w
  END
  FROM (SELECT CASE
    WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r') AND v !~ '^-?[0-9]+(\.[0-9]+)?$' THEN '''' || v
    ELSE v
  END AS w) x
$$;
