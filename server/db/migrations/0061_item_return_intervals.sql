-- Issue 27 (002 §2.20, §3 'Treatment reminder row'): the number of days after which a customer is expected back
-- for a treatment (an item of the brand's catalogue). The catalogue documents come from the brand's administration
-- and carry no such field, so the interval is kept beside them, one row per brand item (docs/decisions.md).
CREATE TABLE item_return_intervals (
  business_id integer NOT NULL REFERENCES businesses (business_id),
  pos_item_id integer NOT NULL,
  return_interval_days integer NOT NULL CHECK (return_interval_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, pos_item_id)
);
-- the treatment reminder finds each customer's last treatment of an item (migration 0003 has no such index)
CREATE INDEX pos_sales_trx_details_item_idx ON pos_sales_trx_details (pos_item_id, pos_sales_trx_head_id);
-- the product consumption report reads an outlet's consumption entries of a period
CREATE INDEX stock_ledger_consumption_idx ON stock_ledger (inv_sloc_id, created_at) WHERE entry_type = 'consumption';
