-- Secrets at rest (issue 11 item 7). The wallet PIN ('Kode Receh', receh_code) a device sends with a sale
-- is checked and never stored: take it out of the copies already kept. (The customers' PIN hashes are
-- wrapped in argon2id by server/services/wallet-code.ts at start-up: SQL cannot compute argon2.)
UPDATE pos_sales_trx_heads SET trx = trx - 'receh_code' WHERE trx ? 'receh_code';
UPDATE pos_sales_trx_archives SET trx = trx - 'receh_code' WHERE trx ? 'receh_code';
UPDATE sign_out_trxs SET trx = trx - 'receh_code' WHERE trx ? 'receh_code';
