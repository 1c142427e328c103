-- Issue 12: the cashier settlement (GET cashier/pos/settlement) reads one outlet's completed sales in a
-- period, of one cashier (group_by=user) or all (group_by=outlet). The outlet-and-time index of 0003
-- serves the outlet; this one serves a cashier's settlement without reading the other cashiers' sales.
-- Lines and payments are read by pos_sales_trx_head_id (their indexes in 0003).
CREATE INDEX pos_sales_trx_heads_settlement_idx
  ON pos_sales_trx_heads (business_outlet_id, business_user_id, trx_time)
  WHERE trx_status_id = 3;
