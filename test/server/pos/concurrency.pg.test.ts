import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { concurrencySuite } from './concurrency.suite';

describe.skipIf(requirePg())('parallel sales on PostgreSQL', () => concurrencySuite('pg'));
