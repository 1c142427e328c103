// The maintenance page's 'Change Value' (002 §2.23, issue 27): the one command that records corrections of the
// device's transactions. It appends trx.corrected events (the log is never rewritten); src/domain/maintenance.ts
// decides what changed.

import { type CorrectionPlan, planCorrections } from '../../domain/maintenance';
import { type Actor, makeEvent, type PosTransaction } from '../../events';
import type { Store } from '../store';

/** Plans the corrections of the edited JSON against the device's transactions and commits them in one go. */
export async function correctTransactions(
  store: Pick<Store, 'commit' | 'listTransactions'>,
  text: string,
  actor: Actor,
): Promise<CorrectionPlan> {
  const current = (await store.listTransactions()) as unknown as Record<string, unknown>[];
  const plan = planCorrections(text, current);
  if (!plan.ok || plan.corrections.length === 0) return plan;
  await store.commit(
    plan.corrections.map((c) =>
      makeEvent(
        'trx.corrected',
        { trx: c.trx as unknown as PosTransaction, changed: c.changed },
        { actor, trxId: c.local_trx_id },
      ),
    ),
    { durability: 'strict' },
  );
  return plan;
}
