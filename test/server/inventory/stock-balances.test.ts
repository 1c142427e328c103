import { describe } from 'vitest';
import { stockBalancesSuite } from './stock-balances.suite';

describe('stock balances on PGlite', () => stockBalancesSuite('pglite'));
