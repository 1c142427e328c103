-- Issue 12: transaction history (002 §2.9, §7). The search text of a sale — trx_id, the short id (last 6 of
-- local_trx_id), order_no, customer name, trx_label and notes, lower case, joined by U+001F so no term
-- matches across two fields — is a generated column, so every writer (ingest, void, post-edit) keeps it
-- right without code, and it needs no pg_trgm (PGlite has none). src/domain/history.ts historySearchText
-- is the same rule in TypeScript.
ALTER TABLE pos_sales_trx_heads ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(
    trx_id || E'\x1f' || right(local_trx_id, 6) || E'\x1f' || coalesce(order_no::text, '') || E'\x1f'
    || coalesce(trx -> 'customer' ->> 'user_name', '') || E'\x1f' || coalesce(trx ->> 'trx_label', '')
    || E'\x1f' || coalesce(trx ->> 'trx_notes', '')
  )
) STORED;

-- One page of an outlet's day, newest first, read from the index alone (the count, the offset walk and
-- the search filter): the rows of the page are then fetched by id.
CREATE INDEX pos_sales_trx_heads_history_idx
  ON pos_sales_trx_heads (business_outlet_id, trx_time DESC, pos_sales_trx_head_id DESC)
  INCLUDE (search_text);
