-- Catalogue documents are served far more than queried: json keeps the text as written, so the
-- configuration's arrays are concatenated without a jsonb → text conversion (about 2× faster at 20k items).
ALTER TABLE catalogue_entities ALTER COLUMN doc TYPE json USING doc::json;
