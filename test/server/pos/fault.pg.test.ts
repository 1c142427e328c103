import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { faultSuite } from './fault.suite';

describe.skipIf(requirePg())('sync fault harness on PostgreSQL', () => faultSuite('pg'));
