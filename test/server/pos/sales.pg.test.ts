import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { salesSuite } from './sales.suite';

describe.skipIf(requirePg())('sales ingest on PostgreSQL', () => salesSuite('pg'));
