-- Issue 28: the configuration's catalogue part (16 kinds, 20,000 items: megabytes of JSON) is serialised and
-- compressed once per outlet and catalogue generation, kept here (several server instances share it; none
-- keeps state in memory between requests).

-- A brand's catalogue generation: bumped by any change of any of its catalogue rows (every kind, not only
-- the priced ones catalogue_history follows). Values come from one sequence, so a generation is never
-- reused: a cached entry of an older generation can never match again.
CREATE SEQUENCE catalogue_generation_seq;
CREATE TABLE catalogue_generations (
  business_id integer PRIMARY KEY,
  generation bigint NOT NULL
);
INSERT INTO catalogue_generations (business_id, generation)
SELECT business_id, nextval('catalogue_generation_seq') FROM (SELECT DISTINCT business_id FROM catalogue_entities) b;

-- once per statement (a bulk load of 20,000 items bumps once), for each brand the statement touched
CREATE FUNCTION catalogue_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_generations (business_id, generation)
  SELECT b.business_id, nextval('catalogue_generation_seq') FROM (SELECT DISTINCT business_id FROM changed) b
  ON CONFLICT (business_id) DO UPDATE SET generation = excluded.generation;
  RETURN NULL;
END $$;
CREATE TRIGGER catalogue_generation_insert AFTER INSERT ON catalogue_entities
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();
CREATE TRIGGER catalogue_generation_update AFTER UPDATE ON catalogue_entities
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();
CREATE TRIGGER catalogue_generation_update_old AFTER UPDATE ON catalogue_entities
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();
CREATE TRIGGER catalogue_generation_delete AFTER DELETE ON catalogue_entities
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_bump();

CREATE FUNCTION catalogue_generation_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_generations SET generation = nextval('catalogue_generation_seq');
  RETURN NULL;
END $$;
CREATE TRIGGER catalogue_generation_truncate AFTER TRUNCATE ON catalogue_entities
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_generation_truncate();

-- One entry per outlet: the catalogue part of its configuration at `generation`
-- (`"pos_item_categories":[…],…,"area_category":[…]`) as raw deflate blocks (sync-flushed, not final) that
-- the gzip answer splices between the request's own head and end (an identity answer inflates them: faster
-- than reading megabytes of text from the database); body_bytes and body_crc32 are the text's length and CRC-32.
-- Derived data: deleting any row only costs one rebuild.
CREATE TABLE config_catalogue_cache (
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  generation bigint NOT NULL,
  body_deflate bytea NOT NULL,
  body_bytes integer NOT NULL,
  body_crc32 bigint NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, business_outlet_id)
);
