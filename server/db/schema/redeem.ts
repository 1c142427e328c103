// Drizzle mirror of migrations/0019_reward_redeem.sql (the SQL file is the source of truth).
import { bigint, bigserial, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const rewardRedeemCodes = pgTable(
  'reward_redeem_codes',
  {
    reward_redeem_code_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    scancode: text().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    reward_redemption_item_id: integer().notNull(),
    qty: integer().notNull().default(1),
    expires_at: ts('expires_at'),
    used_local_trx_id: text(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [unique('reward_redeem_codes_scancode_key').on(t.business_id, t.scancode)],
);

export const rewardRedeemSms = pgTable('reward_redeem_sms', {
  reward_redeem_sms_id: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  customer_id: bigint({ mode: 'number' }).notNull(),
  reward_redemption_item_id: integer().notNull(),
  to_phone: text().notNull(),
  code_hash: text().notNull(),
  expires_at: ts('expires_at').notNull(),
  last_sent_at: ts('last_sent_at').notNull(),
  send_count: integer().notNull().default(1),
  used_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const rewardAgentTransactions = pgTable(
  'reward_agent_transactions',
  {
    reward_agent_transaction_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    pos_trx_code: text().notNull(),
    agent_code: text().notNull(),
    trx_id: text().notNull(),
    reward_redemption_item_id: integer().notNull(),
    fulfilled_local_trx_id: text(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [unique('reward_agent_transactions_code_key').on(t.business_id, t.pos_trx_code)],
);

/** Drizzle mirror of migrations/0022_coupon_agent.sql: an agent's coupon sale (the coupon is a coupon_users row). */
export const couponAgentTransactions = pgTable(
  'coupon_agent_transactions',
  {
    coupon_agent_transaction_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    pos_trx_code: text().notNull(),
    agent_code: text().notNull(),
    trx_id: text().notNull(),
    coupon_user_id: bigint({ mode: 'number' }).notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    unique('coupon_agent_transactions_code_key').on(t.business_id, t.pos_trx_code),
    unique('coupon_agent_transactions_coupon_user_key').on(t.coupon_user_id),
  ],
);
