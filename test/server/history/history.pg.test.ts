import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { historySuite } from './history.suite';

describe.skipIf(requirePg())('transaction history on PostgreSQL', () => historySuite('pg'));
