import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { specialSuite } from './special.suite';

describe.skipIf(requirePg())('top-up and receivable payment on PostgreSQL', () => specialSuite('pg'));
