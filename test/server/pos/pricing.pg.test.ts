import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { pricingSuite } from './pricing.suite';

describe.skipIf(requirePg())('server pricing and repeats on PostgreSQL', () => pricingSuite('pg'));
