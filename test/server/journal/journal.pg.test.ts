import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { journalSuite } from './journal.suite';

describe.skipIf(requirePg())('customer journal on PostgreSQL', () => journalSuite('pg'));
