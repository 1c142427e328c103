import { describe } from 'vitest';
import { customerSuite } from './customer.suite';

describe('cashier lookups (customer) on PGlite', () => customerSuite('pglite'));
