import { eq, sql } from 'drizzle-orm';
import type { ReceivedTrx } from '../../src/api/contract/session';
import { transaction } from '../db/retry';
import { sessions, signOuts, signOutTrxs } from '../db/schema';
import type { AppDeps } from '../deps';
import type { AuthContext } from './sessions';

export interface SignOutInput {
  settlement: 0 | 1;
  configs: unknown;
  deletedTrxs: ReceivedTrx[];
  pendingTrxs: ReceivedTrx[];
}

/** Last copy wins when a list names one local_trx_id twice (the device sends one row per id). */
/**
 * One copy per local_trx_id (the last one sent), in local_trx_id order: two sign-outs carrying the same
 * transactions lock their rows in one order, never in opposite orders (docs/architecture.md, "Lock order").
 */
function byLocalId(trxs: ReceivedTrx[]): ReceivedTrx[] {
  return [...new Map(trxs.map((t) => [t.local_trx_id, t])).values()].sort((x, y) =>
    x.local_trx_id < y.local_trx_id ? -1 : x.local_trx_id > y.local_trx_id ? 1 : 0,
  );
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
      trx: t,
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
