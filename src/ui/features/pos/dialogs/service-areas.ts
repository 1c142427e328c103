// The service-area selector's options (000 §2 "Service area selector"): areas grouped by area
// category, uncategorised ones under 'Lainnya' (category 0, 003 §9), and '(OCCUPIED)' for an area
// a line, a package detail or the transaction itself of ANOTHER open transaction uses.
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

/** What occupies an area: a transaction with its lines and package details (only ids are read). */
export interface OccupyingTrx {
  local_trx_id: string;
  trx_status_id?: number | null;
  service_area?: { pos_area_id?: unknown } | null;
  details?: readonly {
    service_area?: { pos_area_id?: unknown } | null;
    pos_item_package_details?: readonly { service_area?: { pos_area_id?: unknown } | null }[] | null;
  }[];
}

const areaId = (a: { pos_area_id?: unknown } | null | undefined): number | null => {
  const n = Number(a?.pos_area_id);
  return a && Number.isFinite(n) && n > 0 ? n : null;
};

/** 000 §4: only status 2 (or empty) transactions are open and occupy service areas. */
const isOpen = (t: OccupyingTrx): boolean =>
  t.trx_status_id === null || t.trx_status_id === undefined || Number(t.trx_status_id) === 2;

/** Area ids used by open transactions other than `currentLocalTrxId`. */
export const occupiedAreaIds = (
  trxs: readonly OccupyingTrx[],
  currentLocalTrxId: string | null,
): Set<number> => {
  const ids = new Set<number>();
  const add = (a: { pos_area_id?: unknown } | null | undefined) => {
    const id = areaId(a);
    if (id !== null) ids.add(id);
  };
  for (const t of trxs) {
    if (t.local_trx_id === currentLocalTrxId || !isOpen(t)) continue;
    add(t.service_area);
    for (const d of t.details ?? []) {
      add(d.service_area);
      for (const p of d.pos_item_package_details ?? []) add(p.service_area);
    }
  }
  return ids;
};

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
