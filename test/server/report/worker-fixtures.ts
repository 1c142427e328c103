// A service item that earns commission and two workers of its worker groups (the worker report suites' sales).
import type { ServedConfig } from '../pos/fixtures';

type Doc = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

export function commissionServiceAndWorkers(config: ServedConfig & { commission_worker: Doc[] }) {
  const service = config.pos_items.find(
    (i) =>
      i.item_nature === 'SERVICE' &&
      Number(i.no_commission ?? 0) === 0 &&
      Number(i.is_package ?? 0) === 0 &&
      Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0 &&
      Number(i.pos_item_variants[0]?.commission_percentage ?? 0) > 0,
  );
  const groups = ((service?.pos_item_commission_worker_groups ?? []) as Doc[]).map((g) =>
    n(g.business_commission_worker_group_id),
  );
  const [w1, w2] = config.commission_worker.filter(
    (w) => groups.length === 0 || groups.includes(n(w.business_commission_worker_group_id)),
  );
  if (!service || !w1 || !w2) throw new Error('no service item or workers');
  return { service, w1, w2 };
}
