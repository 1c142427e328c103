import { sql } from 'drizzle-orm';
import type { PosTrxVoidResponse } from '../../../src/api/contract/pos';
import { isVoided, voidAllowedFor } from '../../../src/domain/flags';
import { TRX_STATUS } from '../../../src/domain/model/common';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { transaction } from '../../db/retry';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { formatLocalDateTime } from '../../lib/clock';
import { forbidden, invalid } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { reverseSaleLedgers } from '../ledgers';
import type { AuthContext } from '../sessions';
import { reverseRedeemUse } from './redeem';
import { checkVoidKeepsBalances } from './void-balances';

interface VoidHead {
  pos_sales_trx_head_id: string | number;
  local_trx_id: string;
  trx_id: string;
  trx_status_id: number;
  void_reason: string | null;
  voided_at: Date | string | null;
  outlet_void_allowed: string | null;
  group_void_allowed: number;
  password_hash: string;
  works_there: boolean;
}

const answer = (
  h: Pick<VoidHead, 'pos_sales_trx_head_id' | 'local_trx_id' | 'trx_id'>,
  reason: string,
  at: Date,
) =>
  ({
    pos_sales_trx_head_id: Number(h.pos_sales_trx_head_id),
    local_trx_id: h.local_trx_id,
    trx_id: h.trx_id,
    trx_status_id: TRX_STATUS.VOID,
    void_reason: reason,
    voided_at: formatLocalDateTime(at),
  }) satisfies PosTrxVoidResponse;

/**
 * Voids a stored sale (000 §4 Void; ruling 13): a sale of one of the user's outlets whose is_void_allowed
 * AND the group's is 1 (else 403),
 * the signed-in cashier's own password ('Password salah.'), then status 4 with reason, actor and time, and
 * a reversing entry for every ledger entry of the sale. A second void answers the first void's record and
 * writes nothing (the head row is locked, so two voids at once reverse once).
 */
export async function voidSale(
  deps: AppDeps,
  auth: AuthContext,
  headId: number,
  input: { password: string; reason: string },
): Promise<PosTrxVoidResponse> {
  const db = deps.database.db;
  const [h] = rows<VoidHead>(
    await db.execute(sql`
      SELECT h.pos_sales_trx_head_id, h.local_trx_id, h.trx_id, h.trx_status_id, h.void_reason, h.voided_at,
        o.settings->>'is_void_allowed' AS outlet_void_allowed, g.is_void_allowed AS group_void_allowed,
        u.password_hash,
        EXISTS (SELECT 1 FROM business_user_outlets bo
                WHERE bo.business_user_id = u.business_user_id AND bo.business_outlet_id = h.business_outlet_id)
          AS works_there
      FROM pos_sales_trx_heads h
      JOIN outlets o ON o.business_outlet_id = h.business_outlet_id
      JOIN business_users u ON u.business_user_id = ${auth.business_user_id}
      JOIN user_groups g ON g.business_user_group_id = u.business_user_group_id
      WHERE h.pos_sales_trx_head_id = ${headId} AND h.business_id = ${auth.business_id}`),
  );
  if (!h) throw invalid(POS_MESSAGES.trxNotFound, 'pos_sales_trx_head_id');
  // only where the user works, and where both the outlet and the user's group allow voids
  if (!h.works_there || voidAllowedFor(h.outlet_void_allowed, h.group_void_allowed) !== 1) throw forbidden();
  if (!(await verifyPassword(h.password_hash, input.password)))
    throw invalid(POS_MESSAGES.wrongPassword, 'password');
  const now = deps.clock.now();
  return transaction(db, async (tx) => {
    const [locked] = rows<Pick<VoidHead, 'trx_status_id' | 'void_reason' | 'voided_at'>>(
      await tx.execute(sql`
        SELECT trx_status_id, void_reason, voided_at FROM pos_sales_trx_heads
        WHERE pos_sales_trx_head_id = ${headId} FOR UPDATE`),
    );
    // status 4 already (canVoid's status ≠ 4): the first void's record answers, nothing is written again
    if (isVoided(locked)) return answer(h, locked.void_reason ?? '', new Date(locked.voided_at ?? now));
    // nothing the customer already consumed is taken back (pos/void-balances.ts)
    await checkVoidKeepsBalances(tx, h.local_trx_id);
    await reverseSaleLedgers(tx, h.local_trx_id, now);
    await reverseRedeemUse(tx, h.local_trx_id);
    await tx.execute(sql`
      UPDATE pos_sales_trx_heads
      SET trx_status_id = ${TRX_STATUS.VOID}, void_reason = ${input.reason}, voided_by = ${auth.business_user_id},
        voided_at = ${now.toISOString()}::timestamptz,
        trx = trx || jsonb_build_object('trx_status_id', ${TRX_STATUS.VOID}::int)
      WHERE pos_sales_trx_head_id = ${headId}`);
    return answer(h, input.reason, now);
  });
}
