import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { couponSuite } from './coupon.suite';

// PostgreSQL: two connections really race for the last coupon (the coupon_user row lock decides)
describe.skipIf(requirePg())('the last coupon from two tills on PostgreSQL', () =>
  couponSuite('pg', { race: true }),
);
