import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { customerSuite } from './customer.suite';

describe.skipIf(requirePg())('cashier lookups (customer) on PostgreSQL', () => customerSuite('pg'));
