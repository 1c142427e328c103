import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { inventorySuite } from './inventory.suite';

describe.skipIf(requirePg())('inventory on PostgreSQL', () => inventorySuite('pg'));
