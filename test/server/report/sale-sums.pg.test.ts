import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { saleSumsSuite } from './sale-sums.suite';

describe.skipIf(requirePg())('each sale’s report figures on PostgreSQL', () => saleSumsSuite('pg'));
