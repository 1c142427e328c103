-- Issue 24, the member search by name (001 §2.2 Nama; cashier/pos/member-search): each of its conditions
-- walks an index of its own, so 100,000 customers answer a name prefix or a phone in milliseconds
-- (bench/member-search.bench.ts). text_pattern_ops lets a LIKE 'prefix%' use the btree whatever the collation.
CREATE INDEX customers_name_prefix_idx ON customers (business_id, lower(user_name) text_pattern_ops);
CREATE INDEX customers_phone_prefix_idx ON customers (business_id, user_phone_canonical text_pattern_ops);
CREATE INDEX customers_email_prefix_idx ON customers (business_id, lower(user_email) text_pattern_ops);
-- (The NIK lookup uses 0001's customers_nik_idx.)
