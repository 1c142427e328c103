import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { listsSuite } from './lists.suite';

describe.skipIf(requirePg())('cashier lookups (lists) on PostgreSQL', () => listsSuite('pg'));
