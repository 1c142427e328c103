-- Point redemption by SMS outside a sale (issue 24; 001 §2.5, §7 validate / save SMS redeem code): the
-- accepted code is one code_uses row of kind 'sms' (its scancode the reward_redeem_sms_id), carrying the
-- purchase no. saved after it, as the QR redeem's 'reward' rows do.
ALTER TABLE code_uses DROP CONSTRAINT code_uses_kind_check;
ALTER TABLE code_uses ADD CONSTRAINT code_uses_kind_check CHECK (kind IN ('reward', 'coupon', 'sms'));
