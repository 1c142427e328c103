import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { membershipSuite } from './membership.suite';

// PostgreSQL: the concurrent duplicates really run side by side (row locks, the unique period index).
describe.skipIf(requirePg())('membership sale on PostgreSQL', () => membershipSuite('pg'));
