// The receipt's optional second page (000 §2: pos_print_order_detail): the order detail without
// prices or payments, grouped per pos_print_order_detail_type — CATEGORY (by the
// order_print_out_section entries and their categories) or WORKER.
import type { PosConfig, TrxDetail } from '../model';
import { type LineWording, type ReceiptItem, receiptItem } from './lines';

export interface ReceiptGroup {
  title: string;
  items: ReceiptItem[];
}

/** Lines no section or worker claims print under this heading. */
export const OTHER_GROUP = 'Lainnya';

const push = (groups: Map<string, ReceiptItem[]>, title: string, item: ReceiptItem) => {
  const list = groups.get(title);
  if (list) list.push(item);
  else groups.set(title, [item]);
};

const sectionCategoryIds = (section: {
  pos_item_categories: readonly Record<string, unknown>[];
}): Set<number> => new Set(section.pos_item_categories.map((c) => Number(c.pos_item_category_id)));

/** The order-detail groups of a transaction's lines (order of sections, then first-seen workers). */
export const orderSlips = (
  details: readonly TrxDetail[],
  config: Pick<Partial<PosConfig>, 'pos_print_order_detail_type' | 'order_print_out_section'>,
  wording: LineWording,
): ReceiptGroup[] => {
  const items = details.map((d) => receiptItem(d, undefined, { ...wording, prices: false, workers: true }));
  const groups = new Map<string, ReceiptItem[]>();
  if (config.pos_print_order_detail_type === 'WORKER') {
    for (const item of items) {
      if (item.workers.length === 0) push(groups, OTHER_GROUP, item);
      for (const w of item.workers) push(groups, w, item);
    }
  } else {
    const sections = (config.order_print_out_section ?? []).map((s) => ({
      title: s.pos_order_print_out_section_name,
      ids: sectionCategoryIds(s),
    }));
    for (const s of sections) groups.set(s.title, []);
    for (const item of items) {
      const hits = sections.filter((s) => item.category_id !== null && s.ids.has(item.category_id));
      if (hits.length === 0) push(groups, OTHER_GROUP, item);
      for (const s of hits) push(groups, s.title, item);
    }
  }
  // The 'Lainnya' group last; sections with nothing to make are not printed.
  const other = groups.get(OTHER_GROUP);
  groups.delete(OTHER_GROUP);
  if (other) groups.set(OTHER_GROUP, other);
  return [...groups].filter(([, list]) => list.length > 0).map(([title, list]) => ({ title, items: list }));
};
