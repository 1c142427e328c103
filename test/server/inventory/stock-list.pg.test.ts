import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { stockListSuite } from './stock-list.suite';

describe.skipIf(requirePg())('stock list on PostgreSQL', () => stockListSuite('pg'));
