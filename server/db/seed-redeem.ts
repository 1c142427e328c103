// Loads the demo's redeem data (server/db/demo/redeem.ts) inside the business's seed transaction.
import { sql } from 'drizzle-orm';
import { parseLocalDateTime } from '../lib/clock';
import type { Db } from './create-db';
import type { DemoRedeem } from './demo/redeem';
import { rows } from './rows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export async function loadRedeemDemo(
  tx: Tx,
  businessId: number,
  data: DemoRedeem,
  rewardName: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const idOf = async (userCode: string): Promise<number> => {
    const [r] = rows<{ id: string }>(
      await tx.execute(
        sql`SELECT customer_id AS id FROM customers WHERE business_id = ${businessId} AND user_code = ${userCode}`,
      ),
    );
    if (!r) throw new Error(`demo redeem: unknown customer ${userCode}`);
    return Number(r.id);
  };
  for (const p of data.points)
    await tx.execute(sql`
      INSERT INTO point_ledger (customer_id, entry_type, points, reward_name, created_at)
      VALUES (${await idOf(p.user_code)}, 'opening', ${String(p.points)}::numeric, ${rewardName}, ${at}::timestamptz)`);
  for (const c of data.qr_codes)
    await tx.execute(sql`
      INSERT INTO reward_redeem_codes (business_id, scancode, customer_id, reward_redemption_item_id, qty, expires_at, created_at)
      VALUES (${businessId}, ${c.scancode}, ${await idOf(c.user_code)}, ${c.reward_redemption_item_id}, ${c.qty},
        ${c.expires_at ? parseLocalDateTime(c.expires_at).toISOString() : null}::timestamptz, ${at}::timestamptz)`);
  for (const a of data.agent_transactions)
    await tx.execute(sql`
      INSERT INTO reward_agent_transactions (business_id, customer_id, pos_trx_code, agent_code, trx_id,
        reward_redemption_item_id, created_at)
      VALUES (${businessId}, ${await idOf(a.user_code)}, ${a.pos_trx_code}, ${a.agent_code}, ${a.trx_id},
        ${a.reward_redemption_item_id}, ${at}::timestamptz)`);
  // an agent's coupon: the customer's coupon_users row (source 'agent', one coupon) and the agent's record
  for (const c of data.agent_coupons ?? []) {
    const customerId = await idOf(c.user_code);
    const [cu] = rows<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO coupon_users (customer_id, coupon_id, start_date, expired_date, source, coupon_notes, created_at)
        VALUES (${customerId}, ${c.coupon_id}, ${c.start_date}::date, ${c.expired_date}::date, 'agent',
          ${c.coupon_notes}, ${at}::timestamptz)
        RETURNING coupon_user_id AS id`),
    );
    await tx.execute(sql`
      INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, created_at)
      VALUES (${cu.id}, 'agent_sale', 1, ${at}::timestamptz)`);
    await tx.execute(sql`
      INSERT INTO coupon_agent_transactions (business_id, customer_id, pos_trx_code, agent_code, trx_id,
        coupon_user_id, created_at)
      VALUES (${businessId}, ${customerId}, ${c.pos_trx_code}, ${c.agent_code}, ${c.trx_id}, ${cu.id},
        ${at}::timestamptz)`);
  }
}
