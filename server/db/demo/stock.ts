// Opening stock of retail variants at each outlet's storage locations.
import type { DemoOpeningStock, DemoOutlet, DemoPosItem } from './types';

/** Deterministic quantities; a few variants low or out of stock so stock checks have something to refuse. */
export function openingStock(items: DemoPosItem[], outlets: DemoOutlet[]): DemoOpeningStock[] {
  const out: DemoOpeningStock[] = [];
  for (const item of items) {
    if (item.item_nature !== 'RETAIL') continue;
    for (const outlet of outlets) {
      if (!item.outlet_ids.includes(outlet.business_outlet_id)) continue;
      for (const v of item.pos_item_variants) {
        outlet.storage_locations.forEach((loc, k) => {
          const seed = (v.pos_item_variant_id * 7 + outlet.business_outlet_id * 13) % 41;
          let qty = loc.is_default ? 10 + seed : k === 1 ? Math.floor(seed / 4) : 0;
          // one variant out of stock and one nearly out, at the default location
          if (loc.is_default && v.pos_item_variant_id === 10731) qty = 0;
          if (loc.is_default && v.pos_item_variant_id === 10771) qty = 2;
          out.push({
            inv_sloc_id: loc.inv_sloc_id,
            pos_item_variant_id: v.pos_item_variant_id,
            qty,
            bad_qty: loc.is_default && seed % 5 === 0 ? 1 : 0,
          });
        });
      }
    }
  }
  return out;
}
