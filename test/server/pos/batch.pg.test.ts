import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { batchSuite } from './batch.suite';

describe.skipIf(requirePg())('batch sync on PostgreSQL', () => batchSuite('pg'));
