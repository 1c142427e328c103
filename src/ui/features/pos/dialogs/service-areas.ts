// The service-area selector's options (000 §2 "Service area selector"): areas grouped by area
// category, uncategorised ones under 'Lainnya' (category 0, 003 §9), and '(OCCUPIED)' for the ids
// the projections' selector reports (occupiedAreaIds: areas another open transaction uses).
import type { Area, AreaCategory, ServiceArea } from '../../../../domain';

export const OTHER_CATEGORY_ID = 0;
export const OTHER_CATEGORY_NAME = 'Lainnya';
export const OCCUPIED_MARK = '(OCCUPIED)';

export interface AreaOption {
  value: string;
  label: string;
  occupied: boolean;
}
export interface AreaGroup {
  group: string;
  items: AreaOption[];
}

/** Groups in the configuration's category order, 'Lainnya' last; empty groups are left out. */
export const serviceAreaGroups = (
  areas: readonly Area[],
  categories: readonly AreaCategory[],
  occupied: ReadonlySet<number>,
): AreaGroup[] => {
  const known = new Map(categories.map((c) => [Number(c.pos_areaCategory_id), c.areaCategory_name]));
  const byCategory = new Map<number, AreaOption[]>();
  for (const a of areas) {
    const raw = Number(a.pos_areaCategory_id ?? OTHER_CATEGORY_ID);
    const cat = known.has(raw) ? raw : OTHER_CATEGORY_ID;
    const busy = occupied.has(Number(a.pos_area_id));
    const list = byCategory.get(cat) ?? [];
    list.push({
      value: String(a.pos_area_id),
      label: busy ? `${a.area_name} ${OCCUPIED_MARK}` : a.area_name,
      occupied: busy,
    });
    byCategory.set(cat, list);
  }
  const groups: AreaGroup[] = [];
  for (const c of categories) {
    const id = Number(c.pos_areaCategory_id);
    if (id === OTHER_CATEGORY_ID) continue;
    const items = byCategory.get(id);
    if (items?.length) groups.push({ group: c.areaCategory_name, items });
  }
  const other = byCategory.get(OTHER_CATEGORY_ID);
  if (other?.length) groups.push({ group: OTHER_CATEGORY_NAME, items: other });
  return groups;
};

/** The chosen area as stored on a line or a transaction (with its category name for receipts). */
export const toServiceArea = (
  id: string | number | null | undefined,
  areas: readonly Area[],
  categories: readonly AreaCategory[],
): ServiceArea | null => {
  const area = areas.find((a) => String(a.pos_area_id) === String(id ?? ''));
  if (!area) return null;
  const cat = categories.find((c) => Number(c.pos_areaCategory_id) === Number(area.pos_areaCategory_id));
  return {
    ...area,
    pos_areaCategory_id: area.pos_areaCategory_id ?? OTHER_CATEGORY_ID,
    areaCategory_name: cat?.areaCategory_name ?? OTHER_CATEGORY_NAME,
  };
};
