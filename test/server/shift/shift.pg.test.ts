import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { shiftSuite } from './shift.suite';

describe.skipIf(requirePg())('shift sync on PostgreSQL', () => shiftSuite('pg'));
