-- A sale's workers (line worker, commission shares, sellers, package items' workers) must be commission
-- workers the outlet has had (server/services/pos-sale-workers.ts). Their changes are kept in the catalogue's
-- history too, so an offline sale naming a worker who has since left the outlet is still judged on what was.

INSERT INTO catalogue_history (business_id, business_outlet_id, kind, entity_id, outlet_ids, doc, changed_at)
SELECT business_id, business_outlet_id, kind, entity_id, outlet_ids, doc, updated_at
FROM catalogue_entities
WHERE kind = 'commission_worker'
ORDER BY business_id, sort_order, entity_id;

DROP TRIGGER catalogue_history_insert_update ON catalogue_entities;
DROP TRIGGER catalogue_history_delete ON catalogue_entities;
CREATE TRIGGER catalogue_history_insert_update AFTER INSERT OR UPDATE ON catalogue_entities
  FOR EACH ROW WHEN (NEW.kind IN ('pos_items', 'pos_item_discounts', 'commission_worker'))
  EXECUTE FUNCTION catalogue_history_record();
CREATE TRIGGER catalogue_history_delete AFTER DELETE ON catalogue_entities
  FOR EACH ROW WHEN (OLD.kind IN ('pos_items', 'pos_item_discounts', 'commission_worker'))
  EXECUTE FUNCTION catalogue_history_record();
