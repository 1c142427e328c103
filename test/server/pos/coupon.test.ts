import { describe } from 'vitest';
import { couponSuite } from './coupon.suite';

describe('coupon sales and coupon use on PGlite', () => couponSuite('pglite'));
