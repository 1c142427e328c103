import { eq, sql } from 'drizzle-orm';
import type { ReceivedTrx } from '../../src/api/contract/session';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { transaction } from '../db/retry';
import { sessions, signOuts, signOutTrxs } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { Tx } from './ledgers';
import type { AuthContext } from './sessions';

export interface SignOutInput {
  settlement: 0 | 1;
  configs: unknown;
  deletedTrxs: ReceivedTrx[];
  pendingTrxs: ReceivedTrx[];
}

/**
 * Last copy wins when a list names one local_trx_id twice (the device sends one row per id): one copy per
 * local_trx_id, in local_trx_id order: two sign-outs carrying the same
 * transactions lock their rows in one order, never in opposite orders (docs/architecture.md, "Lock order").
 */
function byLocalId(trxs: ReceivedTrx[]): ReceivedTrx[] {
  return [...new Map(trxs.map((t) => [t.local_trx_id, t])).values()].sort((x, y) =>
    x.local_trx_id < y.local_trx_id ? -1 : x.local_trx_id > y.local_trx_id ? 1 : 0,
  );
}

/**
 * A stored copy belongs to the outlet (and brand) that sent it first: the same outlet's cashiers may send it
 * again (a cashier switch on one device carries the same pending transactions), another outlet or brand
 * may not replace it (issue 11; docs/decisions.md). Refused with the field of the first such copy.
 */
async function refuseForeignCopies(tx: Pick<Tx, 'execute'>, auth: AuthContext, input: SignOutInput) {
  const ids = [...input.deletedTrxs, ...input.pendingTrxs].map((t) => t.local_trx_id);
  if (ids.length === 0) return;
  const foreign = (
    (await tx.execute(sql`
      SELECT DISTINCT t.local_trx_id FROM sign_out_trxs t
      JOIN business_users u ON u.business_user_id = t.business_user_id
      WHERE t.local_trx_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND (t.outlet_id IS DISTINCT FROM ${auth.outlet_id}::int OR u.business_id <> ${auth.business_id})`)) as unknown as {
      rows?: { local_trx_id: string }[];
    }
  ).rows;
  const taken = new Set((foreign ?? []).map((r) => r.local_trx_id));
  if (taken.size === 0) return;
  for (const list of ['deletedTrxs', 'pendingTrxs'] as const) {
    const i = input[list].findIndex((t) => taken.has(t.local_trx_id));
    if (i >= 0) throw invalid(POS_MESSAGES.trxOfAnotherOutlet, `${list}.${i}.local_trx_id`);
  }
}

/**
 * Stores what the device sent and revokes the session, in one transaction. Transactions are keyed by
 * local_trx_id: a later sign-out carrying the same one replaces the stored copy (no duplicates).
 */
export async function signOut(deps: AppDeps, auth: AuthContext, input: SignOutInput) {
  const now = deps.clock.now();
  const deleted = byLocalId(input.deletedTrxs);
  const pending = byLocalId(input.pendingTrxs);
  await transaction(deps.database.db, async (tx) => {
    await refuseForeignCopies(tx, auth, input);
    const [so] = await tx
      .insert(signOuts)
      .values({
        session_id: auth.session_id,
        business_user_id: auth.business_user_id,
        outlet_id: auth.outlet_id,
        settlement: input.settlement,
        configs: input.configs ?? null,
        received_at: now,
      })
      .returning({ sign_out_id: signOuts.sign_out_id });
    const rows = [
      ...deleted.map((t) => ({ t, kind: 'deleted' as const })),
      ...pending.map((t) => ({ t, kind: 'pending' as const })),
    ].map(({ t, kind }) => ({
      local_trx_id: t.local_trx_id,
      kind,
      sign_out_id: so.sign_out_id,
      business_user_id: auth.business_user_id,
      outlet_id: auth.outlet_id,
      trx: { ...t, receh_code: undefined }, // the wallet PIN is never stored (issue 11)
      first_received_at: now,
      received_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(signOutTrxs)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [signOutTrxs.local_trx_id, signOutTrxs.kind],
          set: {
            trx: sql`excluded.trx`,
            sign_out_id: sql`excluded.sign_out_id`,
            business_user_id: sql`excluded.business_user_id`,
            outlet_id: sql`excluded.outlet_id`,
            received_at: sql`excluded.received_at`,
          },
          // never another outlet's copy, even one stored between the check above and this statement
          setWhere: sql`${signOutTrxs.outlet_id} IS NOT DISTINCT FROM excluded.outlet_id`,
        });
    }
    await tx.update(sessions).set({ revoked_at: now }).where(eq(sessions.session_id, auth.session_id));
  });
  return {
    settlement: input.settlement,
    deleted_trx_count: deleted.length,
    pending_trx_count: pending.length,
  };
}
