import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AreaListResponse,
  DiscountListResponse,
  TagListResponse,
} from '../../src/api/contract/customer';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { catalogueEntities } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { AuthContext } from './sessions';

/** The session's outlet; a user with several outlets must choose one first (GET cashier/config?outlet_id=). */
export function sessionOutlet(auth: AuthContext): number {
  if (auth.outlet_id === null) throw invalid(API_MESSAGES.outletNotAllowed, 'outlet_id');
  return auth.outlet_id;
}

/** Catalogue documents of one kind as the outlet sees them (brand-level ones sold there and its own), in order. */
async function outletDocs<T>(deps: AppDeps, auth: AuthContext, kind: string): Promise<T[]> {
  const outletId = sessionOutlet(auth);
  const rows = await deps.database.db
    .select({ doc: catalogueEntities.doc })
    .from(catalogueEntities)
    .where(
      and(
        eq(catalogueEntities.business_id, auth.business_id),
        inArray(catalogueEntities.business_outlet_id, [0, outletId]),
        eq(catalogueEntities.kind, kind),
        sql`(${catalogueEntities.outlet_ids} IS NULL OR ${outletId} = ANY(${catalogueEntities.outlet_ids}))`,
      ),
    )
    .orderBy(asc(catalogueEntities.sort_order), asc(catalogueEntities.entity_id));
  return rows.map((r) => r.doc as T);
}

/** GET cashier/pos/discount: the promos as the user data carries them, read afresh. */
export async function outletDiscounts(deps: AppDeps, auth: AuthContext): Promise<DiscountListResponse> {
  return { pos_item_discounts: await outletDocs(deps, auth, 'pos_item_discounts') };
}

/** GET cashier/pos-tag. */
export async function outletTags(deps: AppDeps, auth: AuthContext): Promise<TagListResponse> {
  return { tags: await outletDocs(deps, auth, 'tags') };
}

/** GET cashier/pos-area: areas and their categories ('Lainnya', id 0, is the client's own group). */
export async function outletAreas(deps: AppDeps, auth: AuthContext): Promise<AreaListResponse> {
  const [area, area_category] = await Promise.all([
    outletDocs<AreaListResponse['area'][number]>(deps, auth, 'area'),
    outletDocs<AreaListResponse['area_category'][number]>(deps, auth, 'area_category'),
  ]);
  return { area, area_category };
}
