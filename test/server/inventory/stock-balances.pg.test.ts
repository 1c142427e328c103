import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { stockBalancesSuite } from './stock-balances.suite';

describe.skipIf(requirePg())('stock balances on PostgreSQL', () => stockBalancesSuite('pg'));
