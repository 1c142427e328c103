import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { redeemSuite } from './redeem.suite';

// PostgreSQL: the concurrent last-points race and concurrent duplicates take real locks here
describe.skipIf(requirePg())('redeem in a sale on PostgreSQL', () => redeemSuite('pg'));
