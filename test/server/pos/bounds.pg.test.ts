import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { boundsSuite } from './bounds.suite';

describe.skipIf(requirePg())('impossible times and numbers in sales on PostgreSQL', () => boundsSuite('pg'));
